import { Link } from 'react-router';
import { path, SERVICE_SCREENS } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { useTexts } from '../../lib/i18n.js';

// The build's year, so a prerendered page and its hydration agree.
const YEAR = import.meta.env?.VITE_BUILD_YEAR ?? '2026';

/** Footer: every page but the home page (spec §2). */
export function Footer() {
  const lang = useLanguage();
  const t = useTexts();
  const columns = [
    {
      title: t('footer.services'),
      links: [
        ...Object.entries(SERVICE_SCREENS).map(([id, screen]) => [screen, t(`nav.serviceNames.${id}`)]),
        ['documentTranslation', t('nav.documentTranslation')],
        ['technicalTranslation', t('nav.technicalTranslation')],
      ],
    },
    {
      title: t('footer.company'),
      links: [
        ['corporate', t('footer.corporate')],
        ['quality', t('footer.quality')],
        ['blog', t('nav.blog')],
        ['translatorApplication', t('footer.translatorApplication')],
      ],
    },
    {
      title: t('footer.support'),
      links: [
        ['help', t('footer.help')],
        ['faq', t('footer.faq')],
        ['contact', t('nav.contact')],
      ],
    },
    {
      title: t('footer.legal'),
      links: [
        ['privacy', t('footer.privacy')],
        ['terms', t('footer.terms')],
        ['cookies', t('footer.cookies')],
        ['membership', t('footer.membership')],
      ],
    },
  ];
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Link to={`/${lang}`} className="wordmark wordmark--light" aria-label={t('nav.home')}>
            <span className="wordmark__dark">Lingua</span>
            <span className="wordmark__accent">Port</span>
          </Link>
          <p>{t('footer.tagline')}</p>
          <p className="site-footer__iso">{t('footer.iso')}</p>
          <address>
            Büyükdere Cad. 185, Şişli, İstanbul
            <br />
            <a href="mailto:info@linguaport.com">info@linguaport.com</a> · <a href="tel:+902125550142">+90 212 555 01 42</a>
          </address>
        </div>
        {columns.map((col) => (
          <nav key={col.title} className="site-footer__column" aria-label={col.title}>
            <h2 className="site-footer__title">{col.title}</h2>
            <ul>
              {col.links.map(([screen, label]) => (
                <li key={screen}>
                  <Link to={path(screen, lang)}>{label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="site-footer__legal">
        © {YEAR} LinguaPort. {t('footer.rights')}
      </p>
    </footer>
  );
}
