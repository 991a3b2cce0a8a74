import { Link } from 'react-router-dom';
import { path } from '../config/paths.js';
import { useLanguage } from '../lib/language.jsx';
import { defineTexts } from '../lib/i18n.js';
import { Breadcrumbs } from './breadcrumbs.jsx';
import { PageHero } from './page-hero.jsx';

// The top of a service's page (the eight catalogue services, document and technical
// translation): where it sits below Services, its icon, title and lead, and the two ways on,
// ordering it or asking for a quote.
const texts = {
  tr: { services: 'Hizmetler', breadcrumbs: 'Sayfa konumu', quote: 'Teklif isteyin' },
  en: { services: 'Services', breadcrumbs: 'Breadcrumb', quote: 'Request a quote' },
};
const useServiceHeroTexts = defineTexts('service-hero', texts);

/** ServiceHero opens a service's page; the order button (orderLabel) opens the order wizard of orderSlug's service. */
export function ServiceHero({ icon, title, lead, orderSlug, orderLabel }) {
  const lang = useLanguage();
  const t = useServiceHeroTexts();
  return (
    <>
      <Breadcrumbs label={t('breadcrumbs')} parents={[{ to: path('services', lang), name: t('services') }]} current={title} />
      <PageHero icon={icon} title={title} lead={lead}>
        <div className="actions">
          <Link className="button" to={path('order', lang, orderSlug)}>
            {orderLabel}
          </Link>
          <Link className="button button--ghost" to={path('contact', lang)}>
            {t('quote')}
          </Link>
        </div>
      </PageHero>
    </>
  );
}
