import { Link, useOutletContext } from 'react-router';
import { path } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { useTexts } from '../../../lib/i18n.js';

// The sections whose services are still being built (the translator's support requests): what
// the section will hold, that it is coming soon, and what to do meanwhile.
const texts = {
  tr: {
    soonTitle: 'Çok yakında',
    contact: 'İletişime geçin',
    order: 'Sipariş verin',
    placeholders: {
      destek: {
        lead: 'Proje yöneticilerimize buradan destek talebi açıp yanıtlarını takip edebileceksiniz.',
        soon: 'Destek talepleri çok yakında bu sayfada. Destek ekibimize 7/24 info@linguaport.com adresinden ya da +90 212 555 01 42 numarasından ulaşabilirsiniz.',
        actions: ['contact'],
      },
    },
  },
  en: {
    soonTitle: 'Coming soon',
    contact: 'Contact us',
    order: 'Place an order',
    placeholders: {
      destek: {
        lead: 'You will open support requests to our project managers here and follow their answers.',
        soon: 'Support requests arrive on this page very soon. Our support team is there for you 24/7 at info@linguaport.com or +90 212 555 01 42.',
        actions: ['contact'],
      },
    },
  },
};

export function Component() {
  const { section, title } = useOutletContext();
  const lang = useLanguage();
  const t = useTexts('account-coming-soon', texts);
  const actions = t(`placeholders.${section}.actions`);
  return (
    <>
      <h1>{title}</h1>
      <p className="lead">{t(`placeholders.${section}.lead`)}</p>
      <section className="notice" aria-labelledby="account-soon-title" data-testid="coming-soon">
        <h2 id="account-soon-title">{t('soonTitle')}</h2>
        <p>{t(`placeholders.${section}.soon`)}</p>
      </section>
      <div className="actions">
        {/* each action is a screen of paths.js with a text of the same name */}
        {actions.map((screen, i) => (
          <Link key={screen} className={i === 0 ? 'button' : 'button button--ghost'} to={path(screen, lang)}>
            {t(screen)}
          </Link>
        ))}
      </div>
    </>
  );
}
