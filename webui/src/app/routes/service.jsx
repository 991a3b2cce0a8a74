import { Link, useMatches } from 'react-router-dom';
import { path, SERVICE_SCREENS } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { defineTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { serviceLd } from '../../lib/seo.js';
import { Loading } from '../../components/loading.jsx';
import { Icon } from '../../components/icon.jsx';
import { ServiceHero } from '../../components/service-hero.jsx';
import { RichText } from '../../components/rich-text.jsx';
import { useServices } from '../../features/services/api/get-services.js';
import { Checklist } from '../../components/lists.jsx';

const texts = {
  tr: {
    features: 'Hizmete dahil olanlar',
    order: 'Bu hizmeti sipariş edin',
    guarantees: ['En az 5 yıl deneyimli çevirmenler', '3 aşamalı kalite kontrol', 'Teslimden sonra 7 gün ücretsiz revizyon', '7/24 destek'],
    guaranteesTitle: 'Her siparişte',
    others: 'Diğer hizmetlerimiz',
    notFound: 'Bu hizmet bulunamadı.',
  },
  en: {
    features: 'What is included',
    order: 'Order this service',
    guarantees: ['Translators with at least 5 years of experience', '3 stages of quality control', 'Free revision within 7 days after delivery', '24/7 support'],
    guaranteesTitle: 'With every order',
    others: 'Our other services',
    notFound: 'This service was not found.',
  },
};
const useServiceTexts = defineTexts('service', texts);

/** Component is the page of one of the eight catalogue services (handle.serviceId). */
export function Component() {
  const lang = useLanguage();
  const t = useServiceTexts();
  const serviceId = useMatches().at(-1).handle.serviceId;
  const { services } = useServices();
  const service = services?.find((s) => s.id === serviceId);
  const pagePath = service ? path(SERVICE_SCREENS[service.id], lang) : '';
  usePageMeta({
    title: service?.title[lang],
    description: service?.summary[lang],
    jsonLd: service && serviceLd({ name: service.title[lang], description: service.summary[lang], serviceType: service.title.en, path: pagePath, lang }),
  });

  if (!services) return <Loading variant="detail" />;
  if (!service) return <p className="page">{t('notFound')}</p>;
  return (
    <article className="page">
      <ServiceHero icon={service.icon} title={service.title[lang]} lead={service.summary[lang]} orderSlug={service.slug[lang]} orderLabel={t('order')} />
      <div className="grid grid--2">
        <RichText html={service.descriptionHtml[lang]} />
        <aside>
          <section className="card" aria-labelledby="features-title">
            <h2 id="features-title">{t('features')}</h2>
            <Checklist items={service.features[lang]} />
          </section>
          <section className="card section--surface" aria-labelledby="guarantees-title">
            <h2 id="guarantees-title">{t('guaranteesTitle')}</h2>
            <Checklist items={t('guarantees')} />
          </section>
        </aside>
      </div>
      <section className="section" aria-labelledby="others-title">
        <h2 id="others-title">{t('others')}</h2>
        <ul className="grid" role="list">
          {services
            .filter((s) => s.id !== service.id)
            .map((s) => (
              <li key={s.id}>
                <Link className="card" to={path(SERVICE_SCREENS[s.id], lang)}>
                  <span className="card__icon">
                    <Icon name={s.icon} />
                  </span>
                  <h3>{s.title[lang]}</h3>
                </Link>
              </li>
            ))}
        </ul>
      </section>
    </article>
  );
}

