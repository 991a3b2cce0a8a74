import { Link, useMatches } from 'react-router';
import { path, SERVICE_SCREENS } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { useTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { absoluteUrl } from '../../lib/seo.js';
import { Loading } from '../../components/loading.jsx';
import { Icon } from '../../components/icon.jsx';
import { RichText } from '../../components/rich-text.jsx';
import { useServices } from '../../features/services/api/get-services.js';

const texts = {
  tr: {
    services: 'Hizmetler',
    breadcrumbs: 'Sayfa konumu',
    features: 'Hizmete dahil olanlar',
    order: 'Bu hizmeti sipariş edin',
    quote: 'Teklif isteyin',
    guarantees: ['En az 5 yıl deneyimli çevirmenler', '3 aşamalı kalite kontrol', 'Teslimden sonra 7 gün ücretsiz revizyon', '7/24 destek'],
    guaranteesTitle: 'Her siparişte',
    others: 'Diğer hizmetlerimiz',
    notFound: 'Bu hizmet bulunamadı.',
  },
  en: {
    services: 'Services',
    breadcrumbs: 'Breadcrumb',
    features: 'What is included',
    order: 'Order this service',
    quote: 'Request a quote',
    guarantees: ['Translators with at least 5 years of experience', '3 stages of quality control', 'Free revision within 7 days after delivery', '24/7 support'],
    guaranteesTitle: 'With every order',
    others: 'Our other services',
    notFound: 'This service was not found.',
  },
};

/** Component is the page of one of the eight catalogue services (handle.serviceId). */
export function Component() {
  const lang = useLanguage();
  const t = useTexts('service', texts);
  const serviceId = useMatches().at(-1).handle.serviceId;
  const { services } = useServices();
  const service = services?.find((s) => s.id === serviceId);
  const pagePath = service ? path(SERVICE_SCREENS[service.id], lang) : '';
  usePageMeta({
    title: service?.title[lang],
    description: service?.summary[lang],
    jsonLd: service && {
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: service.title[lang],
      description: service.summary[lang],
      serviceType: service.title.en,
      url: absoluteUrl(pagePath),
      provider: { '@type': 'Organization', name: 'LinguaPort', url: absoluteUrl(`/${lang}`) },
      areaServed: 'Worldwide',
      availableLanguage: ['tr', 'en'],
    },
  });

  if (!services) return <Loading />;
  if (!service) return <p className="page">{t('notFound')}</p>;
  return (
    <article className="page">
      <nav className="breadcrumbs" aria-label={t('breadcrumbs')}>
        <ol>
          <li>
            <Link to={path('services', lang)}>{t('services')}</Link>
          </li>
          <li aria-current="page">{service.title[lang]}</li>
        </ol>
      </nav>
      <header className="page-hero">
        <span className="card__icon">
          <Icon name={service.icon} />
        </span>
        <h1>{service.title[lang]}</h1>
        <p className="page-hero__lead">{service.summary[lang]}</p>
        <div className="actions">
          <Link className="button" to={`${path('order', lang)}/${service.slug[lang]}`}>
            {t('order')}
          </Link>
          <Link className="button button--ghost" to={path('contact', lang)}>
            {t('quote')}
          </Link>
        </div>
      </header>
      <div className="grid grid--2">
        <RichText html={service.descriptionHtml[lang]} />
        <aside>
          <section className="card" aria-labelledby="features-title">
            <h2 id="features-title">{t('features')}</h2>
            <ul className="checklist">
              {service.features[lang].map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          </section>
          <section className="card section--surface" aria-labelledby="guarantees-title">
            <h2 id="guarantees-title">{t('guaranteesTitle')}</h2>
            <ul className="checklist">
              {t('guarantees').map((g) => (
                <li key={g}>{g}</li>
              ))}
            </ul>
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

