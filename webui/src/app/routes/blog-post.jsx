import { Link, useParams } from 'react-router-dom';
import { path } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { defineTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { absoluteUrl } from '../../lib/seo.js';
import { Loading } from '../../components/loading.jsx';
import { RichText } from '../../components/rich-text.jsx';
import { postAlternates, usePost } from '../../features/blog/api/get-posts.js';
import { formatPostDate } from '../../features/blog/format-date.js';

const texts = {
  tr: { blog: 'Blog', breadcrumbs: 'Sayfa konumu', notFound: 'Bu yazı bulunamadı.', back: 'Tüm yazılar', cta: 'Çeviriniz için teklif alın', ctaText: 'Yazıda anlatılanları sizin projenize uygulayalım.', ctaButton: 'Bize ulaşın' },
  en: { blog: 'Blog', breadcrumbs: 'Breadcrumb', notFound: 'This post was not found.', back: 'All posts', cta: 'Get a quote for your translation', ctaText: 'Let us apply what this post describes to your project.', ctaButton: 'Contact us' },
};
const useBlogPostTexts = defineTexts('blog-post', texts);

export function Component() {
  const lang = useLanguage();
  const t = useBlogPostTexts();
  const { slug } = useParams();
  const { data: post, error } = usePost(lang, slug);
  usePageMeta({
    title: post?.title ?? (error ? t('notFound') : undefined),
    description: post?.excerpt,
    alternates: post ? postAlternates(post) : undefined,
    noindex: Boolean(error),
    jsonLd: post && {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.excerpt,
      datePublished: post.date,
      author: { '@type': 'Person', name: post.author },
      image: absoluteUrl(post.cover),
      inLanguage: lang,
      mainEntityOfPage: absoluteUrl(`${path('blog', lang)}/${post.slug}`),
      publisher: { '@type': 'Organization', name: 'LinguaPort', logo: { '@type': 'ImageObject', url: absoluteUrl('/favicon.svg') } },
    },
  });

  if (error)
    return (
      <div className="page page--narrow">
        <h1>{t('notFound')}</h1>
        <Link to={path('blog', lang)}>{t('back')}</Link>
      </div>
    );
  if (!post) return <Loading variant="detail" />;
  return (
    <article className="page page--narrow">
      <nav className="breadcrumbs" aria-label={t('breadcrumbs')}>
        <ol>
          <li>
            <Link to={path('blog', lang)}>{t('blog')}</Link>
          </li>
          <li aria-current="page">{post.title}</li>
        </ol>
      </nav>
      <header>
        <h1>{post.title}</h1>
        <p className="post__meta">
          <time dateTime={post.date}>{formatPostDate(post.date, lang)}</time> · {post.author}
        </p>
      </header>
      <img className="post__cover" src={post.cover} alt={post.coverAlt} width="1280" height="720" decoding="async" />
      <RichText html={post.html} />
      <aside className="cta-band" aria-labelledby="post-cta">
        <h2 id="post-cta">{t('cta')}</h2>
        <p>{t('ctaText')}</p>
        <div className="cta-band__actions">
          <Link className="button button--light" to={path('contact', lang)}>
            {t('ctaButton')}
          </Link>
        </div>
      </aside>
    </article>
  );
}
