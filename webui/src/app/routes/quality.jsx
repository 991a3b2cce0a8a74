import { Link } from 'react-router-dom';
import { path } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { defineTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { PageHero } from '../../components/page-hero.jsx';
import { Checklist, Steps } from '../../components/lists.jsx';
import { useCompany } from '../../lib/api/get-company.js';

const texts = {
  tr: {
    title: 'Kalite Güvencesi',
    description: 'ISO 9001:2015 kalite yönetimi, en az 5 yıl deneyimli çevirmenler, 3 aşamalı kalite kontrol ve teslimden sonra 7 gün ücretsiz revizyon.',
    eyebrow: 'Kalite',
    heading: 'Her çeviri üç kez kontrol edilir',
    lead: 'Kalite bir son kontrol değil, bir süreçtir. ISO 9001:2015 sertifikalı kalite yönetim sistemimiz, çevirmen seçiminden teslimden sonraki revizyona kadar her adımı tanımlar.',
    certificate: '{{standard}} sertifika numarası {{number}}, belgelendiren kuruluş: {{issuer}}.',
    stagesTitle: 'Üç aşamalı kalite kontrol',
    stages: [
      { title: 'Çeviri', text: 'Alanında en az 5 yıl deneyimli, hedef dili ana dili olan çevirmen; proje terim listesi ve çeviri belleğiyle çalışır.' },
      { title: 'Redaksiyon', text: 'Bağımsız bir editör çeviriyi kaynakla cümle cümle karşılaştırır: anlam, eksik, terim ve üslup.' },
      { title: 'Son okuma ve teknik kontrol', text: 'Sayılar, tarihler, biçim, yazım ve tutarlılık otomatik araçlar ve bir son okuyucu tarafından kontrol edilir.' },
    ],
    figuresTitle: 'Kalitemizin arkasındakiler',
    figures: [
      ['500+', 'seçilmiş çevirmen'],
      ['5+ yıl', 'asgari deneyim'],
      ['3', 'kontrol aşaması'],
      ['7 gün', 'ücretsiz revizyon'],
    ],
    translatorsTitle: 'Çevirmenlerimizi nasıl seçiyoruz?',
    translators: [
      'Diploma, sertifika ve en az 5 yıllık deneyim belgelenir.',
      'Her aday, çalışmak istediği alanda bir deneme çevirisi yapar; iki editör bağımsız puanlar.',
      'İlk işler kıdemli editör gözetiminde yapılır; her teslim puanlanır.',
      'Düşük puan alan çevirmen yeniden eğitime alınır ya da havuzdan çıkarılır.',
    ],
    revisionTitle: '7 gün içinde ücretsiz revizyon',
    revisionText: 'Teslimden sonraki 7 gün içinde, çeviriye ilişkin her düzeltme isteğinizi ücretsiz yerine getiriyoruz. İsteğinizi müşteri panelinizden ya da destek ekibimize iletebilirsiniz; 7/24 yanıt veriyoruz.',
    confidentialityTitle: 'Gizlilik',
    confidentialityText: 'Tüm çevirmenlerimiz gizlilik sözleşmesi imzalar. Dosyalarınız şifreli olarak aktarılır, yalnızca işinize atanan kişilerce görülür ve KVKK ile GDPR’a uygun olarak saklanır.',
    cta: 'Teklif isteyin',
  },
  en: {
    title: 'Quality Assurance',
    description: 'ISO 9001:2015 quality management, translators with at least 5 years of experience, 3 stages of quality control and a free revision within 7 days.',
    eyebrow: 'Quality',
    heading: 'Every translation is checked three times',
    lead: 'Quality is a process, not a last glance. Our ISO 9001:2015 certified quality management system defines every step, from choosing the translator to the revision after delivery.',
    certificate: '{{standard}} certificate number {{number}}, issued by {{issuer}}.',
    stagesTitle: 'Three stages of quality control',
    stages: [
      { title: 'Translation', text: 'A native speaker of the target language with at least 5 years in the field works with the project glossary and translation memory.' },
      { title: 'Revision', text: 'An independent editor compares the translation with the source sentence by sentence: meaning, omissions, terminology and style.' },
      { title: 'Proofreading and technical check', text: 'Figures, dates, layout, spelling and consistency are checked by automated tools and a final proofreader.' },
    ],
    figuresTitle: 'Behind our quality',
    figures: [
      ['500+', 'vetted translators'],
      ['5+ years', 'minimum experience'],
      ['3', 'quality stages'],
      ['7 days', 'free revision'],
    ],
    translatorsTitle: 'How we choose our translators',
    translators: [
      'Degrees, certificates and at least 5 years of experience are documented.',
      'Every candidate translates a test in their field; two editors score it independently.',
      'First jobs are done under a senior editor’s supervision; every delivery is scored.',
      'Translators with low scores are retrained or leave the pool.',
    ],
    revisionTitle: 'Free revision within 7 days',
    revisionText: 'Within 7 days after delivery we carry out every correction you ask for in the translation, free of charge. Send your request from your customer panel or to our support team; we answer 24/7.',
    confidentialityTitle: 'Confidentiality',
    confidentialityText: 'All of our translators sign a non-disclosure agreement. Your files are transferred encrypted, seen only by the people assigned to your job and kept in line with the GDPR and KVKK.',
    cta: 'Request a quote',
  },
};
const useQualityTexts = defineTexts('quality', texts);

export function Component() {
  const lang = useLanguage();
  const t = useQualityTexts();
  // The certificate is one of the agency's configured facts.
  const { company } = useCompany();
  usePageMeta({ title: t('title'), description: t('description') });
  return (
    <article className="page">
      <PageHero eyebrow={t('eyebrow')} title={t('heading')} lead={t('lead')} />
      {company && <p className="post__meta">{t('certificate', company.iso9001)}</p>}
      <section aria-labelledby="stages-title">
        <h2 id="stages-title">{t('stagesTitle')}</h2>
        <Steps items={t('stages')} />
      </section>
      <section className="section" aria-labelledby="quality-figures-title">
        <h2 id="quality-figures-title">{t('figuresTitle')}</h2>
        <ul className="stats">
          {t('figures').map(([value, label]) => (
            <li key={label}>
              <strong>{value}</strong>
              <span>{label}</span>
            </li>
          ))}
        </ul>
      </section>
      <div className="grid grid--2">
        <section aria-labelledby="translators-title">
          <h2 id="translators-title">{t('translatorsTitle')}</h2>
          <Checklist items={t('translators')} />
        </section>
        <div>
          <section className="card" aria-labelledby="revision-title">
            <h2 id="revision-title">{t('revisionTitle')}</h2>
            <p>{t('revisionText')}</p>
          </section>
          <section className="card section--surface" aria-labelledby="confidentiality-title">
            <h2 id="confidentiality-title">{t('confidentialityTitle')}</h2>
            <p>{t('confidentialityText')}</p>
          </section>
        </div>
      </div>
      <div className="actions">
        <Link className="button" to={path('contact', lang)}>
          {t('cta')}
        </Link>
      </div>
    </article>
  );
}
