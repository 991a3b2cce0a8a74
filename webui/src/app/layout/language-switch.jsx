import { Link, useLocation, useMatches } from 'react-router-dom';
import { LANGUAGES } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { useCommonTexts } from '../../lib/i18n.js';
import { alternatePaths } from '../../lib/seo.js';
import { postAlternates, usePost } from '../../features/blog/api/get-posts.js';

/** usePageAlternates is the current page's path in each language (spec §2 segment mapping). */
export function usePageAlternates() {
  const lang = useLanguage();
  const { pathname } = useLocation();
  const match = useMatches().at(-1);
  const isPost = match?.handle?.screen === 'blogPost';
  const { data: post } = usePost(lang, isPost ? match.params.slug : null);
  const overrides = isPost ? { tr: '/tr/blog', en: '/en/blog', ...postAlternates(post) } : {};
  return alternatePaths(pathname, overrides);
}

/** LanguageSwitch offers the page in each language. */
export function LanguageSwitch() {
  const lang = useLanguage();
  const t = useCommonTexts();
  const paths = usePageAlternates();
  return (
    <ul className="language-switch" aria-label={t('language.label')}>
      {LANGUAGES.map((l) => (
        <li key={l}>
          <Link
            to={paths[l]}
            hrefLang={l}
            lang={l}
            className="language-switch__link"
            aria-current={l === lang ? 'true' : undefined}
            title={t(`language.${l}`)}
          >
            {l.toUpperCase()}
          </Link>
        </li>
      ))}
    </ul>
  );
}
