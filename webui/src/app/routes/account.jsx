import { lazy, Suspense } from 'react';
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
import { accountDetailOf } from '../../config/account-paths.js';
import { useCurrency } from '../../features/currency/currency-context.jsx';
import { loadChunk } from '../../lib/lazy-chunk.js';
import { OrdersProvider } from '../../features/orders/orders-context.jsx';
import { OrdersPage, RecentActivity } from '../../features/orders/components/orders-list.jsx';
import { OrderDetail, QuoteDetail } from '../../features/orders/components/order-detail.jsx';
import { FilesPage } from '../../features/orders/components/files-list.jsx';

// The account area under /tr/hesabim/ and /en/account/ (spec §2, §6): signed-in users only, with
// their role's menu. A customer's orders, quotes and files come from the orders feature, composed
// here with the display currency. Sections whose services are still being built say so and what
// to do meanwhile.

// The pricing feature's calculator ships in the home page's chunk, where it is prerendered. The
// overview borrows it from there: importing it here as well would split it into a chunk of its
// own that every home page load then fetches.
const PriceCalculator = lazy(() => loadChunk('home', () => import('./home.jsx')).then((m) => ({ default: m.PriceCalculator })));

const texts = {
  tr: {
    greeting: 'Merhaba, {{name}}!',
    greetingNoName: 'Merhaba!',
    lead: {
      customer: 'Siparişlerinizi, dosyalarınızı ve fatura bilgilerinizi buradan yönetebilirsiniz.',
      translator: 'İşlerinizi, yetkinliklerinizi ve ödeme bilgilerinizi buradan yönetebilirsiniz.',
    },
    shortcuts: 'Hesabınızda',
    calculator: 'Fiyat hesaplayıcı',
    detail: { order: 'Sipariş ayrıntıları', quote: 'Teklif' },
    orderCta: 'Yeni sipariş verin',
    profileLead: 'Siparişleriniz ve faturalarınız için kullandığımız iletişim bilgileriniz.',
    settingsLead: 'Hesabınızın güvenliği: parolanızı buradan değiştirebilirsiniz.',
    passwordTitle: 'Parolayı değiştir',
    soonTitle: 'Çok yakında',
    contact: 'İletişime geçin',
    order: 'Sipariş verin',
    placeholders: {
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
    calculator: 'Price calculator',
    detail: { order: 'Order details', quote: 'Quote' },
    orderCta: 'Place a new order',
    profileLead: 'The contact details we use for your orders and invoices.',
    settingsLead: 'Your account security: change your password here.',
    passwordTitle: 'Change password',
    soonTitle: 'Coming soon',
    contact: 'Contact us',
    order: 'Place an order',
    placeholders: {
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
  const t = useTexts('account', texts);
  const rest = useParams()['*'] ?? '';
  const segments = rest.split('/').filter(Boolean);
  const key = accountSection(lang, segments[0]);
  const allowed = loggedIn && key && menuOf(role).includes(key);
  // /tr/hesabim/siparislerim/{id} and the like: one item of a section.
  const detail = segments.length > 1 ? accountDetailOf(lang, rest) : null;
  usePageMeta({
    title: allowed
      ? [detail && t(`detail.${detail.kind}`), sections(`sections.${key}`), common('titles.account')].filter(Boolean).join(' – ')
      : common('titles.account'),
    noindex: true,
  });

  if (loading) return <Loading />;
  // A visitor signs in first and comes back here (spec §6).
  if (!loggedIn) return <Navigate to={loginPath(lang, pathname + search)} replace />;
  // /tr/hesabim alone, an unknown section or another role's section: the overview.
  if (!allowed) return <Navigate to={accountPath(lang, 'genel-bakis')} replace />;
  // An unknown address below a section: the section itself.
  if (segments.length > 1 && !detail) return <Navigate to={accountPath(lang, key)} replace />;

  return (
    <div className="page account">
      <AccountNav />
      <div className="account__content" data-section={key}>
        <Section section={key} detail={detail} title={sections(`sections.${key}`)} />
      </div>
    </div>
  );
}

function Section({ section, detail, title }) {
  const t = useTexts('account', texts);
  switch (section) {
    case 'genel-bakis':
      return <Overview />;
    case 'siparislerim':
      return (
        <Orders>
          {detail?.kind === 'order' ? (
            <OrderDetail key={detail.id} orderId={detail.id} />
          ) : detail?.kind === 'quote' ? (
            <QuoteDetail key={detail.id} quoteId={detail.id} />
          ) : (
            <>
              <h1>{title}</h1>
              <OrdersPage />
            </>
          )}
        </Orders>
      );
    case 'dosyalarim':
      return (
        <Orders>
          <h1>{title}</h1>
          <FilesPage />
        </Orders>
      );
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
        <>
          <p>
            <Link className="button" to={path('order', lang)}>
              {t('orderCta')}
            </Link>
          </p>
          <section aria-labelledby="account-calculator-title" className="account__block account__calculator">
            <h2 id="account-calculator-title">{t('calculator')}</h2>
            <Suspense fallback={<Loading />}>
              <PriceCalculator key={lang} />
            </Suspense>
          </section>
          <Orders>
            <RecentActivity headingId="account-recent-title" />
          </Orders>
        </>
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

/** Orders gives the orders feature the display currency. */
function Orders({ children }) {
  const { currency } = useCurrency();
  return (
    <OrdersProvider currency={currency}>
      {children}
    </OrdersProvider>
  );
}
