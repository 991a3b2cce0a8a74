import { useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { path } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { defineTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { Loading } from '../../components/loading.jsx';
import { Icon } from '../../components/icon.jsx';
import { PageHero } from '../../components/page-hero.jsx';
import { useServices } from '../../features/services/api/get-services.js';
import { useAuth } from '../../features/auth/auth-context.jsx';
import { LoginForm } from '../../features/auth/components/login-form.jsx';
import { RegisterForm } from '../../features/auth/components/register-form.jsx';
import { OAuthButtons } from '../../features/auth/components/oauth-buttons.jsx';
import { OrderWizard } from '../../features/orders/components/order-wizard.jsx';
import { hasProgress, loadDraft } from '../../features/orders/wizard-state.js';
import { OrdersWithCurrency } from '../orders-with-currency.jsx';
import { Notice } from '../../components/notice.jsx';

// The order screen (spec §2): /tr/siparis and /en/order offer the services; /{service slug}
// opens the order wizard for that service. The wizard (orders feature) asks a visitor to sign in
// or register in place; this route composes those forms from the auth feature and the display
// currency, so the features stay apart.
const texts = {
  tr: {
    title: 'Sipariş',
    serviceTitle: 'Sipariş: {{service}}',
    description: 'Çeviri siparişi verin: belgelerinizi yükleyin, fiyatı hemen görün, teklifinizi onaylayın.',
    heading: 'Sipariş verin',
    lead: 'Belgelerinizi yükleyin, fiyatı hemen görün ve teklifinizi onaylayın. Normal teslim 3-5 gün, acil teslim 1-2 gün sürer.',
    pick: 'Hizmet seçin',
    unknown: 'Bu adreste bir hizmet bulunamadı; lütfen listeden seçin.',
    resume: 'Yarım kalan bir siparişiniz var: {{service}}.',
    resumeLink: 'Kaldığınız yerden devam edin',
    tabs: 'Giriş ya da kayıt',
    register: 'Yeni hesap oluşturun',
    login: 'Hesabım var',
  },
  en: {
    title: 'Order',
    serviceTitle: 'Order: {{service}}',
    description: 'Order a translation: upload your documents, see the price at once and approve your quote.',
    heading: 'Place an order',
    lead: 'Upload your documents, see the price at once and approve your quote. Normal delivery takes 3-5 days, urgent delivery 1-2 days.',
    pick: 'Choose a service',
    unknown: 'There is no service at this address; please choose one from the list.',
    resume: 'You have an unfinished order: {{service}}.',
    resumeLink: 'Continue where you left off',
    tabs: 'Log in or sign up',
    register: 'Create an account',
    login: 'I have an account',
  },
};
const useOrderTexts = defineTexts('order', texts);

export function Component() {
  const lang = useLanguage();
  const t = useOrderTexts();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const slug = useParams()['*']?.split('/')[0] ?? '';
  const { services } = useServices();
  const { loading, loggedIn, refresh } = useAuth();
  const service = slug ? services?.find((s) => s.slug[lang] === slug) : undefined;
  usePageMeta({
    title: service ? t('serviceTitle', { service: service.title[lang] }) : t('title'),
    description: t('description'),
    noindex: true,
  });

  return (
    <div className="page order-page">
      <PageHero title={service ? t('serviceTitle', { service: service.title[lang] }) : t('heading')} lead={t('lead')} />
      {!services ? (
        <Loading />
      ) : !service ? (
        <ServiceChooser services={services} unknown={!!slug} />
      ) : (
        <OrdersWithCurrency>
          <OrderWizard
            serviceId={service.id}
            services={services}
            auth={{ loading, loggedIn, refresh }}
            renderSignIn={() => <InlineSignIn returnTo={pathname} />}
            onServiceChange={(id) => {
              const next = services.find((s) => s.id === id);
              if (next) navigate(path('order', lang, next.slug[lang]), { replace: true });
            }}
          />
        </OrdersWithCurrency>
      )}
    </div>
  );
}

function ServiceChooser({ services, unknown }) {
  const lang = useLanguage();
  const t = useOrderTexts();
  // A draft from earlier in this tab (a provider's sign-in, a reload) is offered back.
  const [draft] = useState(() => loadDraft(lang));
  const resume = hasProgress(draft) ? services.find((s) => s.id === draft.service) : undefined;
  return (
    <nav aria-labelledby="order-pick-title" className="section order-chooser">
      {resume && (
        <p className="notice">
          {t('resume', { service: resume.title[lang] })} <Link to={path('order', lang, resume.slug[lang])}>{t('resumeLink')}</Link>
        </p>
      )}
      <h2 id="order-pick-title">{t('pick')}</h2>
      {unknown && (
        <Notice tone="error">
          {t('unknown')}
        </Notice>
      )}
      <ul className="order-services" role="list">
        {services.map((s) => (
          <li key={s.id}>
            <Link to={path('order', lang, s.slug[lang])} className="order-services__item" data-service={s.id}>
              <Icon name={s.icon} />
              <span>
                <strong>{s.title[lang]}</strong>
                <br />
                <span className="order-services__summary">{s.summary[lang]}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const TABS = ['register', 'login'];

/**
 * InlineSignIn offers registering (first: most people ordering are new) or logging in as
 * tabs, without leaving the wizard. A provider's sign-in leaves the page and comes back to
 * returnTo, where the wizard restores its draft.
 */
function InlineSignIn({ returnTo }) {
  const t = useOrderTexts();
  const id = useId();
  const [tab, setTab] = useState('register');
  const tabs = useRef({});
  const onKeyDown = (e) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
    if (!step) return;
    e.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length];
    setTab(next);
    tabs.current[next]?.focus();
  };
  return (
    <div className="inline-auth">
      <div role="tablist" aria-label={t('tabs')} className="inline-auth__tabs">
        {TABS.map((k) => (
          <button
            key={k}
            ref={(el) => {
              tabs.current[k] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-${k}-tab`}
            aria-selected={tab === k}
            aria-controls={`${id}-panel`}
            tabIndex={tab === k ? 0 : -1}
            className="inline-auth__tab"
            onClick={() => setTab(k)}
            onKeyDown={onKeyDown}
            data-tab={k}
          >
            {t(k)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}-tab`} className="inline-auth__panel">
        {tab === 'register' ? (
          <RegisterForm />
        ) : (
          <>
            <LoginForm />
            <OAuthButtons returnTo={returnTo} />
          </>
        )}
      </div>
    </div>
  );
}
