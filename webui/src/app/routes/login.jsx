import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { accountPath, path } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { defineTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { useAuth } from '../../features/auth/auth-context.jsx';
import { afterSignIn, safeReturnTo } from '../../features/auth/return-to.js';
import { LoginForm } from '../../features/auth/components/login-form.jsx';
import { OAuthButtons } from '../../features/auth/components/oauth-buttons.jsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.jsx';
import { Notice } from '../../components/notice.jsx';

const texts = {
  tr: {
    title: 'Giriş Yap',
    description: 'LinguaPort müşteri ve tercüman hesabınıza giriş yapın; siparişlerinizi, dosyalarınızı ve faturalarınızı tek yerden yönetin.',
    heading: 'Hesabınıza giriş yapın',
    lead: 'Siparişlerinizi, dosyalarınızı, faturalarınızı ve mesajlarınızı tek yerden takip edin.',
    signedIn: '{{name}} olarak giriş yaptınız.',
    toAccount: 'Hesabınıza gidin',
    oauthError: 'Sosyal hesabınızla giriş tamamlanamadı (hata kodu: {{code}}). Tekrar deneyin ya da e-posta adresiniz ve parolanızla giriş yapın.',
    forgotToggle: 'Parolanızı mı unuttunuz?',
    forgotTitle: 'Parolanızı yenileyin',
    noAccount: 'Henüz hesabınız yok mu?',
    register: 'Hemen kayıt olun',
    translator: 'Serbest tercüman olarak bizimle çalışmak mı istiyorsunuz?',
    translatorLink: 'Tercüman başvurusu yapın',
  },
  en: {
    title: 'Log in',
    description: 'Log in to your LinguaPort customer or translator account and manage your orders, files and invoices in one place.',
    heading: 'Log in to your account',
    lead: 'Follow your orders, files, invoices and messages in one place.',
    signedIn: 'You are signed in as {{name}}.',
    toAccount: 'Go to your account',
    oauthError: 'Signing in with your social account could not be completed (error code: {{code}}). Try again, or log in with your email address and password.',
    forgotToggle: 'Forgot your password?',
    forgotTitle: 'Reset your password',
    noAccount: "Don't have an account yet?",
    register: 'Sign up now',
    translator: 'Would you like to work with us as a freelance translator?',
    translatorLink: 'Apply as a translator',
  },
};
const useLoginTexts = defineTexts('login', texts);

export function Component() {
  const lang = useLanguage();
  const t = useLoginTexts();
  usePageMeta({ title: t('title'), description: t('description') });
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo') ?? '');
  const oauthError = params.get('oauthError');
  const target = afterSignIn(returnTo, lang);
  const { loading, loggedIn, user } = useAuth();
  const forgotId = useId();
  const [forgotOpen, setForgotOpen] = useState(false);
  const withReturn = (p) => (returnTo ? `${p}?returnTo=${encodeURIComponent(returnTo)}` : p);

  return (
    <div className="page page--narrow auth-page">
      <h1>{t('heading')}</h1>
      <p className="lead">{t('lead')}</p>
      {!loading && loggedIn && (
        <p className="notice" role="status">
          {t('signedIn', { name: user.fullName })} <Link to={returnTo ?? accountPath(lang, 'genel-bakis')}>{t('toAccount')}</Link>
        </p>
      )}
      {oauthError && (
        <Notice tone="error" data-testid="oauth-error">
          {t('oauthError', { code: oauthError.slice(0, 60) })}
        </Notice>
      )}
      <LoginForm onSignedIn={(signedIn) => navigate(afterSignIn(returnTo, lang, signedIn), { replace: true })} />
      <p className="auth-page__aside">
        <button type="button" className="link-button" aria-expanded={forgotOpen} aria-controls={forgotId} onClick={() => setForgotOpen((o) => !o)}>
          {t('forgotToggle')}
        </button>
      </p>
      <section id={forgotId} className="auth-page__forgot" aria-labelledby={`${forgotId}-title`} hidden={!forgotOpen}>
        <h2 id={`${forgotId}-title`}>{t('forgotTitle')}</h2>
        {forgotOpen && <ForgotPasswordForm />}
      </section>
      <OAuthButtons returnTo={target} />
      <p className="auth-page__aside">
        {t('noAccount')} <Link to={withReturn(path('register', lang))}>{t('register')}</Link>
      </p>
      <p className="auth-page__aside">
        {t('translator')} <Link to={path('translatorApplication', lang)}>{t('translatorLink')}</Link>
      </p>
    </div>
  );
}
