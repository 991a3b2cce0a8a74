import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LANGUAGES, path, switchLanguage } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { useCommonTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';

/**
 * Component is the 404 page. A path without a language (e.g. /faq) is first sent to the same
 * page in the visitor's language, which is the browser's, else Turkish (spec §2).
 */
export function Component() {
  const lang = useLanguage();
  const t = useCommonTexts();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const hasLanguage = LANGUAGES.includes(pathname.split('/')[1]);
  usePageMeta({ title: t('titles.notFound'), noindex: true });

  useEffect(() => {
    if (!hasLanguage && pathname !== '/') {
      // Segments may be in either language: map them as if the path were in the other one.
      const other = lang === 'tr' ? 'en' : 'tr';
      navigate(switchLanguage(`/${other}${pathname}`, lang) + search, { replace: true });
    }
  }, [hasLanguage, pathname, search, lang, navigate]);

  return (
    <div className="not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <div className="actions">
        <Link className="button" to={`/${lang}`}>
          {t('notFound.home')}
        </Link>
        <Link className="button button--ghost" to={path('services', lang)}>
          {t('notFound.services')}
        </Link>
      </div>
    </div>
  );
}
