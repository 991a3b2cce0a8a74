import { useLanguage } from '../../lib/language.jsx';
import { defineTexts } from '../../lib/i18n.js';
import { useCompany } from '../../lib/api/get-company.js';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { InquiryForm } from '../../features/inquiries/components/inquiry-form.jsx';
import { PageHero } from '../../components/page-hero.jsx';

const texts = {
  tr: {
    title: 'İletişim',
    description: 'LinguaPort ile iletişime geçin: çeviri teklifi, sipariş ve destek için formu doldurun, e-posta gönderin ya da 7/24 bizi arayın.',
    heading: 'Bize ulaşın',
    lead: 'Sorunuzu ya da projenizi anlatın; bir iş günü içinde, acil işlerde birkaç saat içinde dönüyoruz.',
    formTitle: 'Mesaj gönderin',
    reachTitle: 'Diğer yollar',
    email: 'E-posta',
    phone: 'Telefon (7/24)',
    address: 'Adres',
    kep: 'KEP adresi',
    company: 'Şirket bilgileri',
    identity: 'MERSİS No: {{mersis}} · {{taxOffice}} V.D. {{taxNumber}}',
    hours: 'Destek ekibimiz haftanın 7 günü, 24 saat hizmetinizde.',
  },
  en: {
    title: 'Contact',
    description: 'Contact LinguaPort: fill in the form for a translation quote, an order or support, send us an email or call us 24/7.',
    heading: 'Get in touch',
    lead: 'Tell us your question or project; we reply within one business day, within hours for urgent work.',
    formTitle: 'Send a message',
    reachTitle: 'Other ways',
    email: 'Email',
    phone: 'Phone (24/7)',
    address: 'Address',
    kep: 'Registered e-mail (KEP)',
    company: 'Company details',
    identity: 'MERSİS no. {{mersis}} · Tax office {{taxOffice}}, tax no. {{taxNumber}}',
    hours: 'Our support team is here for you 24 hours a day, 7 days a week.',
  },
};
const useContactTexts = defineTexts('contact', texts);

export function Component() {
  const t = useContactTexts();
  const lang = useLanguage();
  // The agency's facts, as the footer and the legal texts show them (svc-catalog's GET company).
  const { company } = useCompany();
  usePageMeta({ title: t('title'), description: t('description') });
  return (
    <div className="page">
      <PageHero title={t('heading')} lead={t('lead')} />
      <div className="grid grid--2">
        <section aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">{t('formTitle')}</h2>
          <InquiryForm kind="contact" />
        </section>
        <section className="card" aria-labelledby="contact-reach-title">
          <h2 id="contact-reach-title">{t('reachTitle')}</h2>
          {company && (
            <dl>
              <dt>{t('email')}</dt>
              <dd>
                <a href={`mailto:${company.email.general}`}>{company.email.general}</a>
              </dd>
              <dt>{t('phone')}</dt>
              <dd>
                <a href={company.phoneUri}>{company.phone}</a>
              </dd>
              <dt>{t('address')}</dt>
              <dd>{company.addressLine[lang]}</dd>
              <dt>{t('kep')}</dt>
              <dd>{company.kep}</dd>
              <dt>{t('company')}</dt>
              <dd>
                {company.legalName}
                <br />
                {t('identity', { mersis: company.mersis, taxOffice: company.taxOffice, taxNumber: company.taxNumber })}
              </dd>
            </dl>
          )}
          <p>{t('hours')}</p>
        </section>
      </div>
    </div>
  );
}
