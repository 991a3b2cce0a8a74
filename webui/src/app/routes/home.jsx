import { Link } from 'react-router-dom';
import { path } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { defineTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { Loading } from '../../components/loading.jsx';
import { useServices } from '../../features/services/api/get-services.js';
import { ServiceCards } from '../../features/services/components/service-cards.jsx';
import { useStats } from '../../features/stats/api/get-stats.js';
import { useTestimonials } from '../../features/testimonials/api/get-testimonials.js';
import { TestimonialList } from '../../features/testimonials/components/testimonial-list.jsx';
import { Checklist, Steps } from '../../components/lists.jsx';
import { useCurrency } from '../../features/currency/currency-context.jsx';
import { PriceCalculator } from '../../features/pricing/components/price-calculator.jsx';
import { formatNumber } from '../../lib/format.js';

const texts = {
  tr: {
    title: 'Profesyonel Çeviri Hizmetleri',
    description: '500+ uzman çevirmenle 50+ dilde profesyonel tercüme, yerelleştirme, redaksiyon ve altyazı. ISO 9001:2015 kalite, 7 gün ücretsiz revizyon, 7/24 destek.',
    eyebrow: 'Profesyonel çeviri ajansı',
    heading: 'Metinleriniz 50+ dilde, aslı kadar doğru.',
    lead: 'Sözleşmeden web sitesine, altyazıdan teknik kılavuza; alanında en az 5 yıl deneyimli çevirmenler, üç aşamalı kalite kontrol ve zamanında teslim.',
    order: 'Sipariş verin',
    services: 'Hizmetleri inceleyin',
    calculatorTitle: 'Anında fiyat',
    figuresTitle: 'Rakamlarla LinguaPort',
    figures: { translators: 'çevirmen', languages: 'dil', clients: 'müşteri', projects: 'proje' },
    servicesTitle: 'Hizmetlerimiz',
    servicesIntro: 'Tek bir metin ya da çok dilli bir proje: her iş, konusunu bilen bir çevirmene ve bağımsız bir editöre gider.',
    more: 'Ayrıntılar',
    howTitle: 'Nasıl çalışır?',
    how: [
      { title: 'Dosyanızı gönderin', text: 'Belgenizi yükleyin ya da bize iletin; hizmeti, dilleri ve teslim süresini seçin.' },
      { title: 'Teklifi onaylayın', text: 'Kelime ya da sayfa sayısına göre hazırlanan teklifi inceleyip onaylayın.' },
      { title: 'Uzmanımız çevirsin', text: 'Alanında deneyimli çevirmen çevirir, bağımsız editör düzeltir, son kontrol yapılır.' },
      { title: 'Teslim alın', text: 'Çeviriniz özgün biçimiyle teslim edilir; 7 gün içinde ücretsiz revizyon hakkınız vardır.' },
    ],
    qualityTitle: 'Kaliteden ödün vermeden',
    quality: [
      'ISO 9001:2015 kalite yönetim sistemi',
      'Her çeviri en az 3 aşamalı kalite kontrolünden geçer',
      'Çevirmenlerimizin en az 5 yıl deneyimi vardır',
      'Terim listeleri ve çeviri belleği ile tutarlı terminoloji',
      'Gizlilik sözleşmesi ve KVKK uyumlu veri güvenliği',
    ],
    deliveryTitle: 'Teslim süreleri',
    delivery: [
      { title: 'Standart belgeler', text: '1-3 iş günü' },
      { title: 'Teknik belgeler', text: '3-5 iş günü' },
      { title: 'Acil siparişler', text: '24 saat içinde' },
    ],
    revisionTitle: '7 gün içinde ücretsiz revizyon',
    revisionText: 'Teslimden sonraki 7 gün içinde istediğiniz düzeltmeleri ücretsiz yapıyoruz.',
    supportTitle: '7/24 destek',
    supportText: 'Proje yöneticilerimize gecenin bir yarısında da ulaşabilirsiniz.',
    testimonialsTitle: 'Müşterilerimiz ne diyor?',
    rating: '5 üzerinden {{count}} yıldız',
    ctaTitle: 'Çevirinizi bugün başlatalım',
    ctaText: 'Birkaç dakikada teklif alın; çeviriniz uzman ellerde, zamanında teslim edilsin.',
    ctaOrder: 'Sipariş verin',
    ctaCorporate: 'Kurumsal çözümler',
  },
  en: {
    title: 'Professional Translation Services',
    description: 'Professional translation, localization, proofreading and subtitles in 50+ languages by 500+ expert translators. ISO 9001:2015, free 7-day revision, 24/7 support.',
    eyebrow: 'Professional translation agency',
    heading: 'Your words in 50+ languages, as precise as the original.',
    lead: 'From contracts to websites, subtitles to technical manuals: translators with at least 5 years in their field, three stages of quality control and on-time delivery.',
    order: 'Place an order',
    services: 'Explore services',
    calculatorTitle: 'Instant price',
    figuresTitle: 'LinguaPort in numbers',
    figures: { translators: 'translators', languages: 'languages', clients: 'clients', projects: 'projects' },
    servicesTitle: 'Our services',
    servicesIntro: 'A single text or a multilingual project: every job goes to a translator who knows the subject and to an independent editor.',
    more: 'Details',
    howTitle: 'How it works',
    how: [
      { title: 'Send your file', text: 'Upload or send us your document and choose the service, languages and turnaround.' },
      { title: 'Approve the quote', text: 'Review the quote, based on word or page count, and approve it.' },
      { title: 'Our expert translates', text: 'An experienced subject translator translates, an independent editor revises, a final check follows.' },
      { title: 'Receive it', text: 'Your translation arrives in its original layout, with a free revision within 7 days.' },
    ],
    qualityTitle: 'Quality without compromise',
    quality: [
      'ISO 9001:2015 quality management system',
      'Every translation passes at least 3 stages of quality control',
      'Our translators have at least 5 years of experience',
      'Consistent terminology with glossaries and translation memory',
      'Non-disclosure agreements and GDPR/KVKK-compliant data security',
    ],
    deliveryTitle: 'Turnaround times',
    delivery: [
      { title: 'Standard documents', text: '1-3 business days' },
      { title: 'Technical documents', text: '3-5 business days' },
      { title: 'Rush orders', text: 'within 24 hours' },
    ],
    revisionTitle: 'Free revision within 7 days',
    revisionText: 'Within 7 days after delivery we make any corrections you ask for, free of charge.',
    supportTitle: '24/7 support',
    supportText: 'Our project managers answer in the middle of the night too.',
    testimonialsTitle: 'What our clients say',
    rating: '{{count}} of 5 stars',
    ctaTitle: 'Let us start your translation today',
    ctaText: 'Get a quote in minutes and have your translation delivered on time by experts.',
    ctaOrder: 'Place an order',
    ctaCorporate: 'Corporate solutions',
  },
};
const useHomeTexts = defineTexts('home', texts);

export function Component() {
  const lang = useLanguage();
  const t = useHomeTexts();
  usePageMeta({ title: t('title'), description: t('description'), home: true });
  const { services } = useServices();
  const { stats } = useStats();
  const { testimonials } = useTestimonials();

  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <div className="hero__inner">
          <div>
            <p className="eyebrow">{t('eyebrow')}</p>
            <h1 id="home-title" className="hero__title">
              {t('heading')}
            </h1>
            <p className="lead">{t('lead')}</p>
            <div className="actions">
              <Link className="button" to={path('order', lang)}>
                {t('order')}
              </Link>
              <Link className="button button--ghost" to={path('services', lang)}>
                {t('services')}
              </Link>
            </div>
          </div>
          <aside className="calculator" aria-labelledby="calculator-title">
            <h2 id="calculator-title">{t('calculatorTitle')}</h2>
            <Calculator />
          </aside>
        </div>
      </section>

      <section className="section" aria-labelledby="figures-title">
        <div className="section__inner">
          <h2 id="figures-title" className="visually-hidden">
            {t('figuresTitle')}
          </h2>
          {stats ? (
            <ul className="stats" data-testid="figures">
              {['translators', 'languages', 'clients', 'projects'].map((k) => (
                <li key={k}>
                  <strong>{formatNumber(lang, stats[k])}+</strong>
                  <span>{t(`figures.${k}`)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <Loading />
          )}
        </div>
      </section>

      <section className="section section--surface" aria-labelledby="services-title">
        <div className="section__inner">
          <h2 id="services-title">{t('servicesTitle')}</h2>
          <p className="section__intro">{t('servicesIntro')}</p>
          {services ? <ServiceCards services={services} lang={lang} more={t('more')} /> : <Loading />}
        </div>
      </section>

      <section className="section" aria-labelledby="how-title">
        <div className="section__inner">
          <h2 id="how-title">{t('howTitle')}</h2>
          <Steps items={t('how')} />
        </div>
      </section>

      <section className="section section--surface" aria-labelledby="quality-title">
        <div className="section__inner grid grid--2">
          <div>
            <h2 id="quality-title">{t('qualityTitle')}</h2>
            <Checklist items={t('quality')} />
          </div>
          <div>
            <h3>{t('deliveryTitle')}</h3>
            <ul className="stats">
              {t('delivery').map((d) => (
                <li key={d.title}>
                  <strong>{d.text}</strong>
                  <span>{d.title}</span>
                </li>
              ))}
            </ul>
            <div className="grid grid--2">
              <div className="card">
                <h3>{t('revisionTitle')}</h3>
                <p>{t('revisionText')}</p>
              </div>
              <div className="card">
                <h3>{t('supportTitle')}</h3>
                <p>{t('supportText')}</p>
              </div>
            </div>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="testimonials-title">
        <div className="section__inner">
          <h2 id="testimonials-title">{t('testimonialsTitle')}</h2>
          {testimonials ? (
            <TestimonialList testimonials={testimonials.slice(0, 6)} lang={lang} ratingLabel={(count) => t('rating', { count })} />
          ) : (
            <Loading />
          )}
        </div>
      </section>

      <section className="cta-band" aria-labelledby="cta-title">
        <h2 id="cta-title">{t('ctaTitle')}</h2>
        <p>{t('ctaText')}</p>
        <div className="cta-band__actions">
          <Link className="button button--light" to={path('order', lang)}>
            {t('ctaOrder')}
          </Link>
          <Link className="button button--ghost button--light" to={path('corporate', lang)}>
            {t('ctaCorporate')}
          </Link>
        </div>
      </section>
    </>
  );
}

/**
 * Calculator is the pricing feature's calculator with the catalogue's services and the header's
 * display currency. The account overview shows it too, from this chunk (see account/overview.jsx).
 */
export function Calculator() {
  const lang = useLanguage();
  const { services } = useServices();
  const { currency } = useCurrency();
  return <PriceCalculator key={lang} services={services} currency={currency} />;
}
