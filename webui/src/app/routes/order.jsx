import { Link, useParams } from 'react-router';
import { path } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { useTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { Loading } from '../../components/loading.jsx';
import { Icon } from '../../components/icon.jsx';
import { PageHero } from '../../components/page-hero.jsx';
import { useServices } from '../../features/services/api/get-services.js';
import { InquiryForm } from '../../features/inquiries/components/inquiry-form.jsx';

// The order wizard (files, counts, live price, quote) arrives with svc-orders; until then the
// order page lets the visitor pick a service and request a quote for it.
const texts = {
  tr: {
    title: 'Sipariş',
    serviceTitle: 'Sipariş: {{service}}',
    description: 'Çeviri siparişi verin: hizmeti seçin, ihtiyacınızı anlatın, teklifinizi alın.',
    heading: 'Sipariş verin',
    lead: 'Hizmeti seçin ve ihtiyacınızı anlatın; proje yöneticimiz kısa sürede size teklif göndersin.',
    pick: 'Hizmet seçin',
    unknown: 'Bu adreste bir hizmet bulunamadı; lütfen listeden seçin.',
    chosen: 'Seçilen hizmet',
    soon: 'Dosya yükleyip anında fiyat alacağınız çevrim içi sipariş sihirbazı çok yakında burada. Normal teslim 3-5 gün, acil teslim 1-2 gün sürer; belirtilen fiyatlar tahminidir.',
    formTitle: 'Teklif isteyin',
    message: 'Merhaba, {{service}} hizmeti için teklif almak istiyorum.\n\n',
    formHint: 'Kaynak ve hedef dilleri, yaklaşık kelime ya da sayfa sayısını ve normal mi acil mi teslim istediğinizi yazın.',
  },
  en: {
    title: 'Order',
    serviceTitle: 'Order: {{service}}',
    description: 'Order a translation: choose the service, tell us what you need and get your quote.',
    heading: 'Place an order',
    lead: 'Choose the service and tell us what you need; our project manager will send you a quote shortly.',
    pick: 'Choose a service',
    unknown: 'There is no service at this address; please choose one from the list.',
    chosen: 'Chosen service',
    soon: 'The online order wizard, where you upload files and get an instant price, is coming here very soon. Normal delivery takes 3-5 days, urgent delivery 1-2 days; stated prices are estimates.',
    formTitle: 'Request a quote',
    message: 'Hello, I would like a quote for {{service}}.\n\n',
    formHint: 'Tell us the source and target languages, the approximate word or page count and whether you need normal or urgent delivery.',
  },
};

export function Component() {
  const lang = useLanguage();
  const t = useTexts('order', texts);
  const slug = useParams()['*']?.split('/')[0] ?? '';
  const { services } = useServices();
  const service = slug ? services?.find((s) => s.slug[lang] === slug) : undefined;
  usePageMeta({
    title: service ? t('serviceTitle', { service: service.title[lang] }) : t('title'),
    description: t('description'),
    noindex: true,
  });

  return (
    <div className="page">
      <PageHero title={service ? t('serviceTitle', { service: service.title[lang] }) : t('heading')} lead={t('lead')} />
      <p className="notice">{t('soon')}</p>
      {!services ? (
        <Loading />
      ) : (
        <div className="grid grid--2 section">
          <nav aria-labelledby="order-pick-title">
            <h2 id="order-pick-title">{t('pick')}</h2>
            {slug && !service && (
              <p className="form__error" role="alert">
                {t('unknown')}
              </p>
            )}
            <ul className="order-services" role="list">
              {services.map((s) => (
                <li key={s.id}>
                  <Link
                    to={path('order', lang, s.slug[lang])}
                    className="order-services__item"
                    aria-current={s.id === service?.id ? 'page' : undefined}
                    data-service={s.id}
                  >
                    <Icon name={s.icon} />
                    {s.title[lang]}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {service && (
            <section aria-labelledby="order-form-title">
              <p className="eyebrow">{t('chosen')}</p>
              <p>{service.summary[lang]}</p>
              <h2 id="order-form-title">{t('formTitle')}</h2>
              <p>{t('formHint')}</p>
              <InquiryForm key={service.id} kind="contact" initialMessage={t('message', { service: service.title[lang] })} />
            </section>
          )}
        </div>
      )}
    </div>
  );
}
