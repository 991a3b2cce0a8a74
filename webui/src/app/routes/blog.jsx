import { Link, useSearchParams } from 'react-router-dom';
import { path } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { defineTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { Loading } from '../../components/loading.jsx';
import { usePosts } from '../../features/blog/api/get-posts.js';
import { PostCard } from '../../features/blog/components/post-card.jsx';
import { PageHero } from '../../components/page-hero.jsx';

const texts = {
  tr: {
    title: 'Çeviri Blogu',
    pageTitle: 'Çeviri Blogu (sayfa {{page}})',
    description: 'Çeviri, yerelleştirme, yeminli tercüme, altyazı ve çeviri fiyatları üzerine LinguaPort uzmanlarından rehber yazılar ve ipuçları.',
    heading: 'Çeviri dünyasından yazılar',
    lead: 'Uzman çevirmen ve editörlerimizden pratik rehberler, sektör bilgisi ve ipuçları.',
    pages: 'Blog sayfaları',
    previous: 'Önceki sayfa',
    next: 'Sonraki sayfa',
    page: 'Sayfa {{page}}',
    empty: 'Bu sayfada yazı yok.',
  },
  en: {
    title: 'Translation Blog',
    pageTitle: 'Translation Blog (page {{page}})',
    description: 'Guides and tips from LinguaPort experts on translation, localization, sworn translation, subtitles and how translation prices work.',
    heading: 'Notes from the world of translation',
    lead: 'Practical guides, industry insight and tips from our expert translators and editors.',
    pages: 'Blog pages',
    previous: 'Previous page',
    next: 'Next page',
    page: 'Page {{page}}',
    empty: 'There are no posts on this page.',
  },
};
const useBlogTexts = defineTexts('blog', texts);

export function Component() {
  const lang = useLanguage();
  const t = useBlogTexts();
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { data } = usePosts(lang, page);
  usePageMeta({ title: page === 1 ? t('title') : t('pageTitle', { page }), description: t('description') });

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const base = path('blog', lang);
  const pageLink = (n) => (n === 1 ? base : `${base}?page=${n}`);
  return (
    <div className="page">
      <PageHero title={t('heading')} lead={t('lead')} />
      {!data ? (
        <Loading variant="list" />
      ) : data.posts.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ul className="grid" role="list" data-testid="post-list">
          {data.posts.map((post) => (
            <li key={post.slug}>
              <PostCard post={post} lang={lang} to={`${base}/${post.slug}`} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={t('pages')}>
          <ul className="pagination">
            {page > 1 && (
              <li>
                <Link to={pageLink(page - 1)} rel="prev" aria-label={t('previous')}>
                  ←
                </Link>
              </li>
            )}
            {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
              <li key={n}>
                <Link to={pageLink(n)} aria-label={t('page', { page: n })} aria-current={n === page ? 'page' : undefined}>
                  {n}
                </Link>
              </li>
            ))}
            {page < pages && (
              <li>
                <Link to={pageLink(page + 1)} rel="next" aria-label={t('next')}>
                  →
                </Link>
              </li>
            )}
          </ul>
        </nav>
      )}
    </div>
  );
}
