import { useMatches } from 'react-router-dom';
import { useLanguage } from '../../lib/language.jsx';
import { defineTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { Loading } from '../../components/loading.jsx';
import { RichText } from '../../components/rich-text.jsx';
import { useLegal } from '../../features/legal/api/get-legal.js';
import { formatDate } from '../../lib/format.js';

const texts = {
  tr: {
    updated: 'Son güncelleme: {{date}}',
    descriptions: {
      privacy: 'LinguaPort gizlilik sözleşmesi: kişisel verilerinizi KVKK ve GDPR kapsamında nasıl işlediğimiz, sakladığımız ve koruduğumuz.',
      terms: 'LinguaPort kullanım koşulları: sitenin ve çeviri hizmetlerinin kullanımı, siparişler, ödemeler, teslim ve sorumluluklar.',
      cookies: 'LinguaPort çerez politikası: sitemizde kullanılan çerezler, amaçları, saklama süreleri ve tercihlerinizi nasıl yönetebileceğiniz.',
      membership: 'LinguaPort üyelik sözleşmesi: müşteri ve tercüman hesaplarının açılması, kullanımı, tarafların hak ve yükümlülükleri.',
    },
  },
  en: {
    updated: 'Last updated: {{date}}',
    descriptions: {
      privacy: 'LinguaPort privacy policy: how we process, store and protect your personal data under the GDPR and the Turkish KVKK law.',
      terms: 'LinguaPort terms of use: using the site and our translation services, orders, payments, delivery and liability.',
      cookies: 'LinguaPort cookie policy: the cookies our site uses, what they are for, how long they are kept and how to manage your choices.',
      membership: 'LinguaPort membership agreement: opening and using customer and translator accounts, and the rights and duties of each party.',
    },
  },
};
const useLegalTexts = defineTexts('legal', texts);

/** Component shows one legal text (handle.doc) from the catalogue. */
export function Component() {
  const lang = useLanguage();
  const t = useLegalTexts();
  const doc = useMatches().at(-1).handle.doc;
  const { data } = useLegal(doc, lang);
  usePageMeta({ title: data?.title, description: t(`descriptions.${doc}`) });

  if (!data) return <Loading variant="detail" />;
  const date = formatDate(lang, data.updated, { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <article className="page page--narrow">
      <header className="page-hero">
        <h1>{data.title}</h1>
        <p className="post__meta">{t('updated', { date })}</p>
      </header>
      <RichText html={data.html} />
    </article>
  );
}
