import { Link } from 'react-router-dom';
import { path, SERVICE_SCREENS } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { useCommonTexts } from '../../lib/i18n.js';
import { useCompany } from '../../lib/api/get-company.js';

// The build's year, so a prerendered page and its hydration agree.
const YEAR = import.meta.env?.VITE_BUILD_YEAR ?? '2026';

/**
 * copyrightLine is "© year name. rights": a name that already ends with a full stop
 * ("… Ltd. Şti.") takes no second one.
 */
export const copyrightLine = (year, name, rights) => `© ${year} ${name}${name.endsWith('.') ? '' : '.'} ${rights}`;

/** Footer: every page but the home page (spec §2). */
export function Footer() {
  const lang = useLanguage();
  const t = useCommonTexts();
  // The agency's facts come from its one configuration (svc-catalog's GET company), prerendered
  // with the page, so the footer never disagrees with the invoices and the legal texts.
  const { company } = useCompany();
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
        ['developers', t('footer.developers')],
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
          {company && (
            <>
              <p className="site-footer__iso">{t('footer.iso', { standard: company.iso9001.standard })}</p>
              <address>
                {company.addressLine[lang]}
                <br />
                <a href={`mailto:${company.email.general}`}>{company.email.general}</a> · <a href={company.phoneUri}>{company.phone}</a>
              </address>
            </>
          )}
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
        {copyrightLine(YEAR, company?.legalName ?? 'LinguaPort', t('footer.rights'))}
        {company && (
          <>
            <br />
            {t('footer.identity', { mersis: company.mersis, office: company.registry.office, number: company.registry.number, kep: company.kep })}
          </>
        )}
      </p>
    </footer>
  );
}
