import { Link } from 'react-router-dom';
import { path } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { defineTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { PageHero } from '../../components/page-hero.jsx';
import { CardGrid, Checklist, Steps } from '../../components/lists.jsx';
import { ApplicationForm } from '../../features/translators/components/application-form.jsx';

// How joining works, what the application asks for, and the application form itself (spec §3,
// translator application), sent to svc-translators. The page is prerendered with the form empty.
const texts = {
  tr: {
    title: 'Tercüman Başvurusu',
    description: 'LinguaPort’ta serbest tercüman olarak çalışın: başvuru koşulları, deneme çevirisi, iş havuzu, ödeme ve başvuruda istenen bilgiler.',
    eyebrow: 'Serbest tercümanlar için',
    heading: 'LinguaPort çevirmen ağına katılın',
    lead: '50+ dilde 500’ü aşkın çevirmenle çalışıyoruz. Alanınızda deneyimliyseniz, iş havuzumuzdan size uygun işleri seçin, kendi takviminizle çalışın ve kazancınızı düzenli alın.',
    whyTitle: 'Neden LinguaPort?',
    why: [
      { title: 'Düzenli iş', text: 'Dil çiftinize ve uzmanlık alanınıza uygun işler iş havuzunda sizi bekler; istediğinizi alırsınız.' },
      { title: 'Zamanında ödeme', text: 'Tamamlanan işlerin kazancı hesabınızda görünür ve banka hesabınıza düzenli aktarılır.' },
      { title: 'Esnek çalışma', text: 'Tatil modunu açarak istediğiniz dönemde iş almayı durdurabilirsiniz.' },
      { title: 'Gelişim', text: 'Editörlerimizin geri bildirimleri ve terim listeleriyle her projede daha iyi çeviri.' },
    ],
    requirementsTitle: 'Aradığımız nitelikler',
    requirements: [
      'Çevirmenlik alanında en az 5 yıl deneyim',
      'Hedef dilde ana dil düzeyinde yazım becerisi',
      'Dil, çeviri ya da uzmanlık alanında lisans derecesi veya eşdeğer sertifika',
      'Çeviri bellek araçlarını (Trados, memoQ, Smartcat vb.) kullanabilme',
      'Teslim sürelerine ve gizlilik kurallarına bağlılık',
    ],
    stepsTitle: 'Başvuru nasıl ilerler?',
    steps: [
      { title: 'Başvurun', text: 'Başvuru formunu doldurup özgeçmişinizi ve varsa portfolyonuzu ekleyin.' },
      { title: 'Deneme çevirisi', text: 'Alanınızda kısa bir deneme çevirisi yaparsınız; iki editör bağımsız değerlendirir.' },
      { title: 'Profiliniz açılır', text: 'Dil çiftleriniz ve yetkinlikleriniz profilinize işlenir, banka bilgilerinizi eklersiniz.' },
      { title: 'İş almaya başlayın', text: 'İş havuzundan size uygun işleri seçin, teslim edin, kazancınızı takip edin.' },
    ],
    fieldsTitle: 'Başvuruda istenecek bilgiler',
    fields: [
      'Ad, soyad, e-posta ve telefon',
      'Ana diliniz ve çalıştığınız diller',
      'Uzmanlık alanlarınız (örneğin hukuk, tıp, teknik)',
      'Deneyiminiz, eğitiminiz ve sertifikalarınız',
      'Özgeçmiş (CV) ve isteğe bağlı portfolyo',
      'Kullanım koşullarını ve üyelik sözleşmesini kabul',
    ],
    formTitle: 'Başvuru formu',
    formLead: 'Formu doldurun; başvurunuzu inceleyip e-postayla size döneceğiz. * işaretli alanlar zorunludur.',
    questions: 'Sorunuz mu var?',
    contact: 'Bize yazın',
    membership: 'Üyelik sözleşmesini okuyun',
  },
  en: {
    title: 'Freelance Translator Application',
    description: 'Work as a freelance translator with LinguaPort: requirements, the test translation, the job pool, payments and what the application asks for.',
    eyebrow: 'For freelance translators',
    heading: 'Join the LinguaPort translator network',
    lead: 'We work with more than 500 translators in 50+ languages. If you are experienced in your field, pick the jobs that suit you from our pool, work to your own schedule and get paid regularly.',
    whyTitle: 'Why LinguaPort?',
    why: [
      { title: 'Steady work', text: 'Jobs matching your language pairs and specialisations wait for you in the job pool; you take what you want.' },
      { title: 'Paid on time', text: 'Earnings from completed jobs show in your account and are paid out regularly to your bank account.' },
      { title: 'Flexible hours', text: 'Turn on vacation mode to stop receiving work whenever you need a break.' },
      { title: 'Growth', text: 'Feedback from our editors and shared glossaries make every project a better translation.' },
    ],
    requirementsTitle: 'What we look for',
    requirements: [
      'At least 5 years of experience as a translator',
      'Native-level writing in the target language',
      'A degree in languages, translation or your specialist field, or an equivalent certificate',
      'Working knowledge of CAT tools (Trados, memoQ, Smartcat and the like)',
      'Commitment to deadlines and confidentiality',
    ],
    stepsTitle: 'How the application works',
    steps: [
      { title: 'Apply', text: 'Fill in the application form and attach your CV and, if you have one, your portfolio.' },
      { title: 'Test translation', text: 'You translate a short test in your field; two editors assess it independently.' },
      { title: 'Your profile opens', text: 'Your language pairs and competencies are added to your profile and you add your bank details.' },
      { title: 'Start taking jobs', text: 'Pick suitable jobs from the pool, deliver them and follow your earnings.' },
    ],
    fieldsTitle: 'What the application asks for',
    fields: [
      'First name, last name, email and phone',
      'Your native language and working languages',
      'Your specialisations (for example legal, medical, technical)',
      'Your experience, education and certificates',
      'Your CV and, optionally, a portfolio',
      'Acceptance of the terms of use and the membership agreement',
    ],
    formTitle: 'Application form',
    formLead: 'Fill in the form; we review your application and get back to you by email. Fields marked * are required.',
    questions: 'Any questions?',
    contact: 'Write to us',
    membership: 'Read the membership agreement',
  },
};
const useTranslatorApplicationTexts = defineTexts('translatorApplication', texts);

export function Component() {
  const lang = useLanguage();
  const t = useTranslatorApplicationTexts();
  usePageMeta({ title: t('title'), description: t('description') });
  return (
    <article className="page">
      <PageHero eyebrow={t('eyebrow')} title={t('heading')} lead={t('lead')} />
      <section aria-labelledby="why-title">
        <h2 id="why-title">{t('whyTitle')}</h2>
        <CardGrid items={t('why')} />
      </section>
      <section className="section" aria-labelledby="application-steps-title">
        <h2 id="application-steps-title">{t('stepsTitle')}</h2>
        <Steps items={t('steps')} />
      </section>
      <div className="grid grid--2">
        <section aria-labelledby="requirements-title">
          <h2 id="requirements-title">{t('requirementsTitle')}</h2>
          <Checklist items={t('requirements')} />
        </section>
        <section className="card section--surface" aria-labelledby="fields-title">
          <h2 id="fields-title">{t('fieldsTitle')}</h2>
          <Checklist items={t('fields')} />
        </section>
      </div>
      <section className="section" aria-labelledby="application-form-title" id="basvuru">
        <h2 id="application-form-title">{t('formTitle')}</h2>
        <p>{t('formLead')}</p>
        <ApplicationForm />
      </section>
      <div className="notice section">
        <p>{t('questions')}</p>
        <div className="actions">
          <Link className="button" to={path('contact', lang)}>
            {t('contact')}
          </Link>
          <Link className="button button--ghost" to={path('membership', lang)}>
            {t('membership')}
          </Link>
        </div>
      </div>
    </article>
  );
}
