import { Navigate } from 'react-router';
import { path } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { useTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';

// Account pages need a signed-in user, which arrives with svc-auth (the accounts issue); a
// visitor is sent to the login page.
export function Component() {
  const lang = useLanguage();
  const t = useTexts();
  usePageMeta({ title: t('titles.account'), noindex: true });
  return <Navigate to={path('login', lang)} replace />;
}
