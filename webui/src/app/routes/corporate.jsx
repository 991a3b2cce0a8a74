import { defineTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { PageHero } from '../../components/page-hero.jsx';
import { CardGrid, Checklist } from '../../components/lists.jsx';
import { InquiryForm } from '../../features/inquiries/components/inquiry-form.jsx';

const texts = {
  tr: {
    title: 'Kurumsal Çözümler',
    description: 'Şirketler için özel fiyatlandırma, atanmış proje yöneticisi, terim yönetimi, gizlilik sözleşmesi ve sözleşmeli teslim süreleriyle kurumsal çeviri hizmetleri.',
    eyebrow: 'Kurumsal',
    heading: 'Şirketinizin tüm dil ihtiyaçları için tek ortak',
    lead: 'Hukuk bürolarından üreticilere, e-ticaretten sağlık kuruluşlarına; yüksek hacimli ve düzenli çeviri işlerinizi özel fiyatlarla, tek bir proje yöneticisi üzerinden yönetiyoruz.',
    benefitsTitle: 'Kurumsal müşterilerimize sunduklarımız',
    benefits: [
      { title: 'Özel fiyatlandırma', text: 'Yıllık hacminize göre kelime birim fiyatı, tekrarlanan metinlerde çeviri belleği indirimi ve aylık toplu faturalama.' },
      { title: 'Atanmış proje yöneticisi', text: 'Tüm işleriniz tek bir kişi tarafından takip edilir; size özel çevirmen ekibi oluşturulur.' },
      { title: 'Tutarlı terminoloji', text: 'Şirketinize özel terim listesi, stil kılavuzu ve çeviri belleği; her metin aynı dili konuşur.' },
      { title: 'Gizlilik ve güvenlik', text: 'Gizlilik sözleşmesi (NDA), KVKK ve GDPR uyumlu veri işleme, şifreli dosya aktarımı.' },
      { title: 'Sözleşmeli teslim süreleri', text: 'Hizmet düzeyi sözleşmesiyle garanti edilen teslim süreleri ve 7/24 ulaşılabilir destek.' },
      { title: 'ISO 9001:2015 kalite', text: 'Her çeviri en az 3 aşamalı kalite kontrolünden geçer; teslimden sonra 7 gün ücretsiz revizyon.' },
    ],
    sectorsTitle: 'Çalıştığımız sektörler',
    sectors: ['Hukuk ve finans', 'Sağlık ve ilaç', 'Üretim ve mühendislik', 'Yazılım ve e-ticaret', 'Enerji ve altyapı', 'Turizm ve pazarlama'],
    formTitle: 'Kurumsal teklif isteyin',
    formLead: 'İhtiyacınızı kısaca anlatın; proje yöneticimiz bir iş günü içinde size özel bir teklifle dönsün.',
  },
  en: {
    title: 'Corporate Solutions',
    description: 'Corporate translation services with special pricing, a dedicated project manager, terminology management, NDAs and contracted turnaround times.',
    eyebrow: 'Corporate',
    heading: 'One partner for all of your company’s language needs',
    lead: 'From law firms to manufacturers, e-commerce to healthcare: we handle your high-volume and recurring translation work at special rates, through a single project manager.',
    benefitsTitle: 'What our corporate clients get',
    benefits: [
      { title: 'Special pricing', text: 'Per-word rates based on your annual volume, translation memory discounts on repeated text and monthly consolidated invoicing.' },
      { title: 'A dedicated project manager', text: 'One person follows all of your work and builds a team of translators dedicated to you.' },
      { title: 'Consistent terminology', text: 'A glossary, style guide and translation memory of your own, so every text speaks the same language.' },
      { title: 'Confidentiality and security', text: 'Non-disclosure agreements, GDPR and KVKK compliant data processing and encrypted file transfer.' },
      { title: 'Contracted turnaround times', text: 'Turnaround times guaranteed by a service level agreement and support you can reach 24/7.' },
      { title: 'ISO 9001:2015 quality', text: 'Every translation passes at least 3 stages of quality control, with a free revision within 7 days after delivery.' },
    ],
    sectorsTitle: 'Sectors we work in',
    sectors: ['Legal and finance', 'Healthcare and pharma', 'Manufacturing and engineering', 'Software and e-commerce', 'Energy and infrastructure', 'Tourism and marketing'],
    formTitle: 'Request a corporate quote',
    formLead: 'Tell us briefly what you need; our project manager replies within one business day with a quote made for you.',
  },
};
const useCorporateTexts = defineTexts('corporate', texts);

export function Component() {
  const t = useCorporateTexts();
  usePageMeta({ title: t('title'), description: t('description') });
  return (
    <article className="page">
      <PageHero eyebrow={t('eyebrow')} title={t('heading')} lead={t('lead')} />
      <section aria-labelledby="benefits-title">
        <h2 id="benefits-title">{t('benefitsTitle')}</h2>
        <CardGrid items={t('benefits')} />
      </section>
      <div className="grid grid--2 section">
        <section aria-labelledby="corporate-form-title">
          <h2 id="corporate-form-title">{t('formTitle')}</h2>
          <p>{t('formLead')}</p>
          <InquiryForm kind="corporate" />
        </section>
        <section className="card section--surface" aria-labelledby="sectors-title">
          <h2 id="sectors-title">{t('sectorsTitle')}</h2>
          <Checklist items={t('sectors')} />
        </section>
      </div>
    </article>
  );
}
