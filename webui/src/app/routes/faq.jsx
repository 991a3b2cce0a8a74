import { useState } from 'react';
import { Link } from 'react-router-dom';
import { path } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { defineTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { Loading } from '../../components/loading.jsx';
import { FAQ_CATEGORIES, useFaq } from '../../features/faq/api/get-faq.js';
import { PageHero } from '../../components/page-hero.jsx';

const texts = {
  tr: {
    title: 'Sıkça Sorulan Sorular',
    description: 'Çeviri fiyatları, teslim süreleri, kalite kontrol, dosya formatları ve gizlilik hakkında en çok sorulan sorular ve yanıtları.',
    heading: 'Sıkça sorulan sorular',
    lead: 'Fiyatlandırmadan teslim sürelerine, kaliteden teknik ayrıntılara kadar merak ettikleriniz.',
    filter: 'Kategoriye göre süzün',
    all: 'Tümü',
    categories: { general: 'Genel', pricing: 'Fiyatlandırma', quality: 'Kalite', delivery: 'Teslimat', technical: 'Teknik' },
    count: '{{count}} soru gösteriliyor',
    more: 'Aradığınız yanıtı bulamadınız mı?',
    contact: 'Bize yazın',
  },
  en: {
    title: 'Frequently Asked Questions',
    description: 'Answers to the most common questions about translation prices, turnaround times, quality control, file formats and confidentiality.',
    heading: 'Frequently asked questions',
    lead: 'Everything you may wonder about, from pricing and turnaround times to quality and technical details.',
    filter: 'Filter by category',
    all: 'All',
    categories: { general: 'General', pricing: 'Pricing', quality: 'Quality', delivery: 'Delivery', technical: 'Technical' },
    count_one: 'Showing {{count}} question',
    count_other: 'Showing {{count}} questions',
    more: 'Did not find your answer?',
    contact: 'Write to us',
  },
};
const useFaqTexts = defineTexts('faq', texts);

export function Component() {
  const lang = useLanguage();
  const t = useFaqTexts();
  const { items } = useFaq(lang);
  const [category, setCategory] = useState('');
  usePageMeta({
    title: t('title'),
    description: t('description'),
    jsonLd: items && {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: items.map((it) => ({ '@type': 'Question', name: it.question, acceptedAnswer: { '@type': 'Answer', text: it.answer } })),
    },
  });
  const shown = items?.filter((it) => !category || it.category === category);

  return (
    <article className="page page--narrow">
      <PageHero title={t('heading')} lead={t('lead')} />
      <ul className="filters" aria-label={t('filter')}>
        {['', ...FAQ_CATEGORIES].map((c) => (
          <li key={c || 'all'}>
            <button type="button" aria-pressed={category === c} onClick={() => setCategory(c)} data-category={c || 'all'}>
              {c ? t(`categories.${c}`) : t('all')}
            </button>
          </li>
        ))}
      </ul>
      {shown ? (
        <>
          <p className="visually-hidden" role="status">
            {t('count', { count: shown.length })}
          </p>
          <div className="faq-list" data-testid="faq-list">
            {shown.map((it) => (
              <details key={it.id} className="faq-item" data-category={it.category}>
                <summary>{it.question}</summary>
                <p>{it.answer}</p>
              </details>
            ))}
          </div>
        </>
      ) : (
        <Loading variant="list" />
      )}
      <p className="notice section">
        {t('more')} <Link to={path('contact', lang)}>{t('contact')}</Link>
      </p>
    </article>
  );
}
