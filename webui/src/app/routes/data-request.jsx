import { usePageMeta } from '../../lib/page-meta.jsx';
import { useAuth } from '../../features/auth/auth-context.jsx';
import { DataRequestPage } from '../../features/privacy/components/data-request-page.jsx';
import { usePrivacyTexts } from '../../features/privacy/texts.js';

// A visitor's KVKK request (/tr/kvkk-basvurusu, /en/data-request): the form, and the pages its
// mailed links open (?token= confirms, ?download= downloads). It lives in the browser only: the
// links carry the reader's tokens, never to be indexed.
export function Component() {
  const t = usePrivacyTexts();
  const { loggedIn } = useAuth();
  usePageMeta({ title: t('form.title'), description: t('form.description'), noindex: true });
  return (
    <div className="page page--narrow auth-page" data-testid="data-request">
      <h1>{t('form.title')}</h1>
      <DataRequestPage signedIn={loggedIn} />
    </div>
  );
}
