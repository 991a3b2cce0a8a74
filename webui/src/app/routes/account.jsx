import { Link, Navigate, useLocation, useParams } from 'react-router';
import { accountPath, path } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { useTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { Loading } from '../../components/loading.jsx';
import { useAuth } from '../../features/auth/auth-context.jsx';
import { loginPath } from '../../features/auth/return-to.js';
import { SECTIONS_NS, accountSection, menuOf, sectionTexts } from '../../features/auth/account-sections.js';
import { AccountNav } from '../../features/auth/components/account-nav.jsx';
import { SystemMessages } from '../../features/auth/components/system-messages.jsx';
import { ProfileForm } from '../../features/auth/components/profile-form.jsx';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form.jsx';

// The account area under /tr/hesabim/ and /en/account/ (spec §2, §6): signed-in users only, with
// their role's menu. Sections whose services are still being built say so and what to do meanwhile.
const texts = {
  tr: {
    greeting: 'Merhaba, {{name}}!',
    greetingNoName: 'Merhaba!',
    lead: {
      customer: 'Siparişlerinizi, dosyalarınızı ve fatura bilgilerinizi buradan yönetebilirsiniz.',
      translator: 'İşlerinizi, yetkinliklerinizi ve ödeme bilgilerinizi buradan yönetebilirsiniz.',
    },
    shortcuts: 'Hesabınızda',
    orderCta: 'Yeni sipariş verin',
    profileLead: 'Siparişleriniz ve faturalarınız için kullandığımız iletişim bilgileriniz.',
    settingsLead: 'Hesabınızın güvenliği: parolanızı buradan değiştirebilirsiniz.',
    passwordTitle: 'Parolayı değiştir',
    soonTitle: 'Çok yakında',
    contact: 'İletişime geçin',
    order: 'Sipariş verin',
    placeholders: {
      siparislerim: {
        lead: 'Verdiğiniz çeviri siparişlerini durumlarıyla (devam ediyor, tamamlandı) burada göreceksiniz; tamamlanan çevirileri de buradan indireceksiniz.',
        soon: 'Çevrim içi sipariş takibi çok yakında bu sayfada. O zamana kadar siparişlerinizin durumunu bize yazarak öğrenebilirsiniz; teslim edilen çeviriler e-postanıza gönderilir.',
        actions: ['order', 'contact'],
      },
      dosyalarim: {
        lead: 'Çeviri için yüklediğiniz belgeler ve size teslim edilen çeviriler burada, siparişlerine göre listelenecek.',
        soon: 'Dosya arşiviniz çok yakında açılıyor. Şimdilik belgelerinizi sipariş ya da iletişim formuyla gönderebilirsiniz.',
        actions: ['order', 'contact'],
      },
      'fatura-bilgileri': {
        lead: 'Fatura adresinizi, vergi dairenizi ve vergi numaranızı burada kaydedeceksiniz; faturalarınız bu bilgilerle kesilecek.',
        soon: 'Fatura bilgileri formu çok yakında burada. Kurumsal fatura için bilgilerinizi şimdilik iletişim formundan gönderebilirsiniz.',
        actions: ['contact'],
      },
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
    greeting: 'Hello, {{name}}!',
    greetingNoName: 'Hello!',
    lead: {
      customer: 'Manage your orders, files and billing details here.',
      translator: 'Manage your jobs, competencies and payment details here.',
    },
    shortcuts: 'In your account',
    orderCta: 'Place a new order',
    profileLead: 'The contact details we use for your orders and invoices.',
    settingsLead: 'Your account security: change your password here.',
    passwordTitle: 'Change password',
    soonTitle: 'Coming soon',
    contact: 'Contact us',
    order: 'Place an order',
    placeholders: {
      siparislerim: {
        lead: 'Your translation orders will be listed here with their state (in progress, completed), and you will download completed translations here.',
        soon: 'Online order tracking arrives on this page very soon. Until then, write to us for the state of your orders; delivered translations are sent to your email.',
        actions: ['order', 'contact'],
      },
      dosyalarim: {
        lead: 'The documents you upload for translation and the translations delivered to you will be listed here by order.',
        soon: 'Your file archive opens very soon. For now, send your documents with the order or contact form.',
        actions: ['order', 'contact'],
      },
      'fatura-bilgileri': {
        lead: 'You will keep your billing address, tax office and tax number here; your invoices will be issued with them.',
        soon: 'The billing details form arrives here very soon. For a company invoice, send your details through the contact form for now.',
        actions: ['contact'],
      },
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
  const lang = useLanguage();
  const common = useTexts();
  const sections = useTexts(SECTIONS_NS, sectionTexts);
  const { loading, loggedIn, role } = useAuth();
  const { pathname, search } = useLocation();
  const segment = (useParams()['*'] ?? '').split('/')[0];
  const key = accountSection(lang, segment);
  const allowed = loggedIn && key && menuOf(role).includes(key);
  usePageMeta({
    title: allowed ? `${sections(`sections.${key}`)} – ${common('titles.account')}` : common('titles.account'),
    noindex: true,
  });

  if (loading) return <Loading />;
  // A visitor signs in first and comes back here (spec §6).
  if (!loggedIn) return <Navigate to={loginPath(lang, pathname + search)} replace />;
  // /tr/hesabim alone, an unknown section or another role's section: the overview.
  if (!allowed) return <Navigate to={accountPath(lang, 'genel-bakis')} replace />;

  return (
    <div className="page account">
      <AccountNav />
      <div className="account__content" data-section={key}>
        <Section section={key} title={sections(`sections.${key}`)} />
      </div>
    </div>
  );
}

function Section({ section, title }) {
  const t = useTexts('account', texts);
  switch (section) {
    case 'genel-bakis':
      return <Overview />;
    case 'kisisel-bilgiler':
      return (
        <>
          <h1>{title}</h1>
          <p className="lead">{t('profileLead')}</p>
          <ProfileForm />
        </>
      );
    case 'ayarlar':
      return (
        <>
          <h1>{title}</h1>
          <p className="lead">{t('settingsLead')}</p>
          <section aria-labelledby="account-password-title" className="account__block">
            <h2 id="account-password-title">{t('passwordTitle')}</h2>
            <ChangePasswordForm />
          </section>
        </>
      );
    default:
      return <Placeholder section={section} title={title} />;
  }
}

function Overview() {
  const lang = useLanguage();
  const t = useTexts('account', texts);
  const sections = useTexts(SECTIONS_NS, sectionTexts);
  const { user, role } = useAuth();
  const name = user?.fullName?.trim();
  return (
    <>
      <h1>{name ? t('greeting', { name }) : t('greetingNoName')}</h1>
      <p className="lead">{t(`lead.${role}`)}</p>
      {role === 'customer' && (
        <p>
          <Link className="button" to={path('order', lang)}>
            {t('orderCta')}
          </Link>
        </p>
      )}
      <SystemMessages headingId="account-messages-title" />
      <section aria-labelledby="account-shortcuts-title" className="account__block">
        <h2 id="account-shortcuts-title">{t('shortcuts')}</h2>
        <ul className="account__shortcuts">
          {menuOf(role)
            .filter((k) => k !== 'genel-bakis')
            .map((k) => (
              <li key={k}>
                <Link to={accountPath(lang, k)}>{sections(`sections.${k}`)}</Link>
              </li>
            ))}
        </ul>
      </section>
    </>
  );
}

function Placeholder({ section, title }) {
  const lang = useLanguage();
  const t = useTexts('account', texts);
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
