import { Link } from 'react-router';
import { path } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { useTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { Checklist } from '../../components/lists.jsx';

// Registration arrives with svc-auth (the accounts issue); until then the page explains accounts.
const texts = {
  tr: {
    title: 'Kayıt Ol',
    description: 'LinguaPort hesabı oluşturun: siparişlerinizi takip edin, dosyalarınızı saklayın, faturalarınıza ve teklif geçmişinize ulaşın.',
    heading: 'LinguaPort hesabı oluşturun',
    benefits: ['Siparişlerinizi adım adım takip edin', 'Çevrilmiş dosyalarınızı dilediğiniz zaman indirin', 'Teklif ve faturalarınıza tek yerden ulaşın'],
    notice: 'Çevrim içi kayıt çok yakında açılıyor. Tercüman olarak çalışmak istiyorsanız başvuru sayfamıza göz atın.',
    translator: 'Tercüman başvurusu',
    contact: 'İletişime geçin',
  },
  en: {
    title: 'Sign up',
    description: 'Create a LinguaPort account: track your orders, keep your files, and find your quotes and invoices in one place.',
    heading: 'Create a LinguaPort account',
    benefits: ['Follow your orders step by step', 'Download your translated files whenever you like', 'Find your quotes and invoices in one place'],
    notice: 'Online sign-up opens very soon. If you would like to work as a translator, see our application page.',
    translator: 'Translator application',
    contact: 'Contact us',
  },
};

export function Component() {
  const lang = useLanguage();
  const t = useTexts('register', texts);
  usePageMeta({ title: t('title'), description: t('description') });
  return (
    <div className="page page--narrow">
      <h1>{t('heading')}</h1>
      <Checklist items={t('benefits')} />
      <p className="notice section">{t('notice')}</p>
      <div className="actions">
        <Link className="button" to={path('translatorApplication', lang)}>
          {t('translator')}
        </Link>
        <Link className="button button--ghost" to={path('contact', lang)}>
          {t('contact')}
        </Link>
      </div>
    </div>
  );
}
