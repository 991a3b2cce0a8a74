import { Link } from 'react-router-dom';
import { path } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { defineTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { PageHero } from '../../components/page-hero.jsx';
import { Steps } from '../../components/lists.jsx';

const texts = {
  tr: {
    title: 'Yardım Merkezi',
    description: 'LinguaPort yardım merkezi: sipariş verme, fiyat ve ödeme, teslim ve revizyon, hesap ve dosyalar hakkında adım adım rehber ve destek kanalları.',
    heading: 'Size nasıl yardımcı olabiliriz?',
    lead: 'Sipariş vermekten teslim aldığınız çeviride düzeltme istemeye kadar en sık yapılan işlemlerin adım adım anlatımı.',
    topics: [
      {
        id: 'siparis',
        title: 'Sipariş vermek',
        steps: [
          'Hizmeti seçin ve dosyanızı yükleyin ya da kelime sayısını girin.',
          'Kaynak ve hedef dilleri, normal (3-5 gün) ya da acil (1-2 gün) teslimi seçin.',
          'Çevirmene iletmek istediğiniz notları yazın ve teklifi oluşturun.',
          'Teklifi onayladığınızda siparişiniz oluşur ve ödeme adımına geçersiniz.',
        ],
      },
      {
        id: 'fiyat',
        title: 'Fiyat ve ödeme',
        steps: [
          'Fiyat; hizmete, dil çiftine, kelime ya da sayfa sayısına ve aciliyete göre hesaplanır.',
          'Hesaplayıcının gösterdiği fiyat tahminidir; kesin fiyat dosyanız sayıldıktan sonra teklifte yer alır.',
          'Fiyatları sağ üstteki para birimi seçiciyle istediğiniz para biriminde görebilirsiniz.',
          'Kurumsal müşteriler için aylık toplu faturalama mümkündür.',
        ],
      },
      {
        id: 'teslim',
        title: 'Teslim ve revizyon',
        steps: [
          'Standart belgeler 1-3, teknik belgeler 3-5 iş gününde; acil siparişler 24 saat içinde teslim edilir.',
          'Siparişiniz tamamlandığında e-posta alırsınız ve dosyayı müşteri panelinizden indirirsiniz.',
          'Teslimden sonraki 7 gün içinde ücretsiz revizyon isteyebilirsiniz.',
        ],
      },
      {
        id: 'hesap',
        title: 'Hesap ve dosyalar',
        steps: [
          'Hesabım sayfasında kişisel bilgilerinizi, fatura bilgilerinizi ve parolanızı güncelleyebilirsiniz.',
          'Yüklediğiniz ve teslim aldığınız tüm dosyalar Dosyalarım bölümünde durur.',
          'Parolanızı unuttuysanız giriş sayfasından sıfırlama bağlantısı isteyebilirsiniz.',
        ],
      },
    ],
    contactTitle: 'Hâlâ yardıma mı ihtiyacınız var?',
    contactText: 'Destek ekibimiz 7/24 hizmetinizde. Sıkça sorulan sorulara göz atın ya da bize doğrudan yazın.',
    faq: 'Sıkça sorulan sorular',
    contact: 'Destek ekibine yazın',
    topicsLabel: 'Yardım konuları',
  },
  en: {
    title: 'Help Centre',
    description: 'LinguaPort help centre: step-by-step guides to ordering, prices and payment, delivery and revisions, your account and files, and how to reach support.',
    heading: 'How can we help you?',
    lead: 'Step-by-step guides to the most common tasks, from placing an order to asking for a correction in a translation you received.',
    topics: [
      {
        id: 'order',
        title: 'Placing an order',
        steps: [
          'Choose the service and upload your file or enter the word count.',
          'Choose the source and target languages and normal (3-5 days) or urgent (1-2 days) delivery.',
          'Write any notes for the translator and create the quote.',
          'Once you approve the quote your order is created and you move on to payment.',
        ],
      },
      {
        id: 'pricing',
        title: 'Prices and payment',
        steps: [
          'The price depends on the service, the language pair, the word or page count and the urgency.',
          'The calculator’s price is an estimate; the exact price is in the quote once your file has been counted.',
          'Use the currency selector at the top right to see prices in the currency you prefer.',
          'Corporate clients can be invoiced monthly.',
        ],
      },
      {
        id: 'delivery',
        title: 'Delivery and revisions',
        steps: [
          'Standard documents take 1-3 business days, technical ones 3-5; rush orders are delivered within 24 hours.',
          'When your order is complete you get an email and download the file from your customer panel.',
          'You can ask for a free revision within 7 days after delivery.',
        ],
      },
      {
        id: 'account',
        title: 'Account and files',
        steps: [
          'On your account page you can update your personal details, billing details and password.',
          'All files you uploaded and received are kept under My files.',
          'If you forgot your password, ask for a reset link on the login page.',
        ],
      },
    ],
    contactTitle: 'Still need help?',
    contactText: 'Our support team is here 24/7. Browse the frequently asked questions or write to us directly.',
    faq: 'Frequently asked questions',
    contact: 'Write to support',
    topicsLabel: 'Help topics',
  },
};
const useHelpTexts = defineTexts('help', texts);

export function Component() {
  const lang = useLanguage();
  const t = useHelpTexts();
  usePageMeta({ title: t('title'), description: t('description') });
  const topics = t('topics');
  return (
    <article className="page">
      <PageHero title={t('heading')} lead={t('lead')} />
      <nav aria-label={t('topicsLabel')}>
        <ul className="filters">
          {topics.map((topic) => (
            <li key={topic.id}>
              <a href={`#${topic.id}`}>{topic.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid grid--2">
        {topics.map((topic) => (
          <section key={topic.id} id={topic.id} className="card" aria-labelledby={`${topic.id}-title`}>
            <h2 id={`${topic.id}-title`}>{topic.title}</h2>
            <Steps items={topic.steps} />
          </section>
        ))}
      </div>
      <section className="notice section" aria-labelledby="help-contact-title">
        <h2 id="help-contact-title">{t('contactTitle')}</h2>
        <p>{t('contactText')}</p>
        <div className="actions">
          <Link className="button" to={path('faq', lang)}>
            {t('faq')}
          </Link>
          <Link className="button button--ghost" to={path('contact', lang)}>
            {t('contact')}
          </Link>
        </div>
      </section>
    </article>
  );
}
