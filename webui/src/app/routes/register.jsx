import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { path } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { defineTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { Checklist } from '../../components/lists.jsx';
import { afterSignIn, safeReturnTo } from '../../features/auth/return-to.js';
import { RegisterForm } from '../../features/auth/components/register-form.jsx';

const texts = {
  tr: {
    title: 'Kayıt Ol',
    description: 'LinguaPort hesabı oluşturun: siparişlerinizi takip edin, dosyalarınızı saklayın, faturalarınıza ve teklif geçmişinize ulaşın.',
    heading: 'LinguaPort hesabı oluşturun',
    benefitsTitle: 'Hesabınızla neler yapabilirsiniz?',
    benefits: ['Siparişlerinizi adım adım takip edin', 'Çevrilmiş dosyalarınızı dilediğiniz zaman indirin', 'Teklif ve faturalarınıza tek yerden ulaşın'],
    haveAccount: 'Zaten hesabınız var mı?',
    login: 'Giriş yapın',
    translator: 'Serbest tercüman olarak çalışmak istiyorsanız',
    translatorLink: 'tercüman başvuru formunu doldurun',
  },
  en: {
    title: 'Sign up',
    description: 'Create a LinguaPort account: track your orders, keep your files, and find your quotes and invoices in one place.',
    heading: 'Create a LinguaPort account',
    benefitsTitle: 'What your account gives you',
    benefits: ['Follow your orders step by step', 'Download your translated files whenever you like', 'Find your quotes and invoices in one place'],
    haveAccount: 'Already have an account?',
    login: 'Log in',
    translator: 'If you would like to work as a freelance translator,',
    translatorLink: 'fill in the translator application',
  },
};
const useRegisterTexts = defineTexts('register', texts);

export function Component() {
  const lang = useLanguage();
  const t = useRegisterTexts();
  usePageMeta({ title: t('title'), description: t('description') });
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo') ?? '');
  const login = path('login', lang) + (returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '');
  return (
    <div className="page auth-page auth-page--wide">
      <h1>{t('heading')}</h1>
      <div className="auth-page__columns">
        <div>
          <RegisterForm onSignedIn={() => navigate(afterSignIn(returnTo, lang), { replace: true })} />
          <p className="auth-page__aside">
            {t('haveAccount')} <Link to={login}>{t('login')}</Link>
          </p>
        </div>
        <aside className="card" aria-labelledby="register-benefits">
          <h2 id="register-benefits">{t('benefitsTitle')}</h2>
          <Checklist items={t('benefits')} />
          <p>
            {t('translator')} <Link to={path('translatorApplication', lang)}>{t('translatorLink')}</Link>.
          </p>
        </aside>
      </div>
    </div>
  );
}
