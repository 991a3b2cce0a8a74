import { Link, useOutletContext } from 'react-router';
import { path } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { useTexts } from '../../../lib/i18n.js';

// The sections whose services are still being built (the translator's bank accounts, jobs, job
// pool, vacation mode, support and competencies): what the section will hold, that it is coming
// soon, and what to do meanwhile.
const texts = {
  tr: {
    soonTitle: 'Çok yakında',
    contact: 'İletişime geçin',
    order: 'Sipariş verin',
    placeholders: {
      'banka-hesaplari': {
        lead: 'Ödemelerinizin yapılacağı banka hesaplarını (IBAN) burada ekleyip yöneteceksiniz.',
        soon: 'Banka hesabı yönetimi çok yakında açılıyor. O zamana kadar ödeme bilgileriniz için proje yöneticinizle iletişime geçin.',
        actions: ['contact'],
      },
      'aktif-islerim': {
        lead: 'Üzerinizdeki çeviri işleri, dil çiftleri ve teslim tarihleriyle burada listelenecek; teslimlerinizi de buradan yükleyeceksiniz.',
        soon: 'İş takibi çok yakında bu sayfada. Şimdilik işleriniz proje yöneticiniz tarafından e-postayla iletiliyor.',
        actions: ['contact'],
      },
      'havuzdaki-isler': {
        lead: 'Dil çiftlerinize ve uzmanlık alanlarınıza uyan, henüz atanmamış işleri burada görüp üstlenebileceksiniz.',
        soon: 'İş havuzu çok yakında açılıyor. Yeni işler şimdilik yetkinliklerinize göre size e-postayla öneriliyor.',
        actions: ['contact'],
      },
      'tatil-modu': {
        lead: 'Tatil modunu açtığınızda, belirttiğiniz tarihler arasında size yeni iş atanmayacak ve iş havuzunda görünmeyeceksiniz.',
        soon: 'Tatil modu çok yakında buradan açılıp kapatılabilecek. Şimdilik izin tarihlerinizi proje yöneticinize bildirin.',
        actions: ['contact'],
      },
      destek: {
        lead: 'Proje yöneticilerimize buradan destek talebi açıp yanıtlarını takip edebileceksiniz.',
        soon: 'Destek talepleri çok yakında bu sayfada. Destek ekibimize 7/24 info@linguaport.com adresinden ya da +90 212 555 01 42 numarasından ulaşabilirsiniz.',
        actions: ['contact'],
      },
      yetkinliklerim: {
        lead: 'Çalışma dilleriniz, uzmanlık alanlarınız ve sertifikalarınız burada görünecek; güncellediğinizde size uygun işler de değişecek.',
        soon: 'Yetkinlik düzenleme çok yakında açılıyor. Başvurunuzdaki bilgiler geçerli; değişiklikler için bize yazın.',
        actions: ['contact'],
      },
    },
  },
  en: {
    soonTitle: 'Coming soon',
    contact: 'Contact us',
    order: 'Place an order',
    placeholders: {
      'banka-hesaplari': {
        lead: 'You will add and manage the bank accounts (IBAN) your payments go to here.',
        soon: 'Bank account management opens very soon. Until then, contact your project manager about your payment details.',
        actions: ['contact'],
      },
      'aktif-islerim': {
        lead: 'The translation jobs assigned to you will be listed here with language pairs and deadlines, and you will upload your deliveries here.',
        soon: 'Job tracking arrives on this page very soon. For now, your project manager sends you your jobs by email.',
        actions: ['contact'],
      },
      'havuzdaki-isler': {
        lead: 'Unassigned jobs that match your language pairs and specialisations will be shown here for you to take on.',
        soon: 'The job pool opens very soon. For now, new jobs are offered to you by email according to your competencies.',
        actions: ['contact'],
      },
      'tatil-modu': {
        lead: 'With vacation mode on, you get no new jobs between the dates you choose and do not appear in the job pool.',
        soon: 'You will switch vacation mode on and off here very soon. For now, tell your project manager your days off.',
        actions: ['contact'],
      },
      destek: {
        lead: 'You will open support requests to our project managers here and follow their answers.',
        soon: 'Support requests arrive on this page very soon. Our support team is there for you 24/7 at info@linguaport.com or +90 212 555 01 42.',
        actions: ['contact'],
      },
      yetkinliklerim: {
        lead: 'Your working languages, specialisations and certificates will be shown here; when you update them, the jobs offered to you change too.',
        soon: 'Editing your competencies opens very soon. The details of your application apply; write to us for changes.',
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
