import { Link } from 'react-router';
import { path } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { useTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';

// Signing in arrives with svc-auth (the accounts issue); until then the page says how to reach us.
const texts = {
  tr: {
    title: 'Giriş Yap',
    description: 'LinguaPort müşteri ve tercüman hesabınıza giriş yapın; siparişlerinizi, dosyalarınızı ve faturalarınızı tek yerden yönetin.',
    heading: 'Hesabınıza giriş yapın',
    notice: 'Çevrim içi hesaplar çok yakında açılıyor. Bu sırada siparişleriniz ve sorularınız için bize yazabilirsiniz.',
    contact: 'İletişime geçin',
    register: 'Hesap oluşturma hakkında',
  },
  en: {
    title: 'Log in',
    description: 'Log in to your LinguaPort customer or translator account and manage your orders, files and invoices in one place.',
    heading: 'Log in to your account',
    notice: 'Online accounts open very soon. Meanwhile, write to us about your orders and questions.',
    contact: 'Contact us',
    register: 'About creating an account',
  },
};

export function Component() {
  const lang = useLanguage();
  const t = useTexts('login', texts);
  usePageMeta({ title: t('title'), description: t('description') });
  return (
    <div className="page page--narrow">
      <h1>{t('heading')}</h1>
      <p className="notice">{t('notice')}</p>
      <div className="actions">
        <Link className="button" to={path('contact', lang)}>
          {t('contact')}
        </Link>
        <Link className="button button--ghost" to={path('register', lang)}>
          {t('register')}
        </Link>
      </div>
    </div>
  );
}
