import { Link, useSearchParams } from 'react-router-dom';
import { staffPath } from '../../../config/paths.js';
import { formatMoment } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { useBlogPages } from '../api/content.js';
import { query } from '../api/staff.js';
import { useStaffTexts } from '../texts.js';
import { useContentTexts } from '../texts-content.js';
import { ListState, MorePages, SORTS, SearchForm, SortSelect, StatusFilter } from './list-state.jsx';
import '../staff-editors.css';
import { FaqEditor } from './faq.jsx';
import { TestimonialsEditor } from './testimonials.jsx';
import { FiguresEditor } from './figures.jsx';
import '../../../components/section-tabs.css';
import { StatusPill } from '../../../components/status-pill.jsx';
import { DataTable } from '../../../components/data-table.jsx';

export const CONTENT_TABS = ['blog', 'faq', 'testimonials', 'figures'];
const POST_STATUSES = ['draft', 'published'];
const POST_LANGS = ['tr', 'en'];

/** contentTab is the tab ?tab= names, the blog for anything else. */
export const contentTab = (params) => (CONTENT_TABS.includes(params.get('tab')) ? params.get('tab') : 'blog');

/** ContentTabs links the content screen's tabs (?tab=), the current one marked. */
export function ContentTabs({ current }) {
  const lang = useLanguage();
  const t = useContentTexts();
  const base = staffPath(lang, 'icerik');
  return (
    <nav className="section-tabs" aria-label={t('tabs.label')}>
      <ul>
        {CONTENT_TABS.map((tab) => (
          <li key={tab}>
            <Link to={tab === 'blog' ? base : `${base}${query({ tab })}`} className="section-tabs__link" aria-current={tab === current ? 'page' : undefined} data-tab={tab}>
              {t(`tabs.${tab}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Content is the content screen: its tabs and the current tab's editor. */
export function Content() {
  const [params] = useSearchParams();
  const tab = contentTab(params);
  return (
    <>
      <ContentTabs current={tab} />
      {tab === 'blog' && <BlogList />}
      {tab === 'faq' && <FaqEditor />}
      {tab === 'testimonials' && <TestimonialsEditor />}
      {tab === 'figures' && <FiguresEditor />}
    </>
  );
}

/** blogFilter reads the blog list's filter from the address: post language, status, search and sort. */
export function blogFilter(params) {
  const pick = (name, allowed, otherwise = '') => (allowed.includes(params.get(name)) ? params.get(name) : otherwise);
  return { postLang: pick('lang', POST_LANGS), status: pick('status', POST_STATUSES), q: (params.get('q') ?? '').slice(0, 40), sort: pick('sort', SORTS.default, 'newest') };
}

/** BlogList lists the posts of a language and status with a search and a sort, 20 a page, all kept in the address. */
export function BlogList() {
  const lang = useLanguage();
  const [params, setParams] = useSearchParams();
  const filter = blogFilter(params);
  const pages = useBlogPages(lang, filter);
  const change = (values) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(values)) {
        if (v === '' || v === undefined || (k === 'sort' && v === 'newest')) next.delete(k);
        else next.set(k, String(v));
      }
      return next;
    });
  return <BlogListView filter={filter} pages={pages} onChange={change} />;
}

/** BlogListView draws the blog list for a filter and the pages loaded so far (SWR Infinite's answer); onChange({lang|status|q|sort}) moves the filter. */
export function BlogListView({ filter, pages, onChange }) {
  const lang = useLanguage();
  const t = useContentTexts();
  const ts = useStaffTexts();
  const { data, error, isLoading, isValidating, size, setSize, mutate } = pages;
  const posts = (data ?? []).flatMap((p) => p?.posts ?? []);
  const more = data?.at(-1)?.more;
  const total = data?.[0]?.total;
  return (
    <>
      <p>
        <Link className="button button--small" to={staffPath(lang, 'icerik', 'new')} data-action="new-post">
          {t('blog.new')}
        </Link>
      </p>
      <div className="filters" role="group" aria-label={t('blog.language')}>
        {['', ...POST_LANGS].map((l) => (
          <button key={l || 'all'} type="button" aria-pressed={filter.postLang === l} onClick={() => onChange({ lang: l })} data-lang={l || 'all'}>
            {l ? t(`languages.${l}`) : ts('common.all')}
          </button>
        ))}
      </div>
      <StatusFilter statuses={POST_STATUSES} value={filter.status} onChange={(status) => onChange({ status })} allowAll texts={(s) => t(`blog.statuses.${s}`)} />
      <SortSelect value={filter.sort} onChange={(sort) => onChange({ sort })} />
      <SearchForm label={t('blog.searchLabel')} value={filter.q} onSearch={(q) => onChange({ q })} maxLength={40} />
      <ListState loading={isLoading && !data} error={error} empty={!isLoading && !error && posts.length === 0} retry={mutate} />
      {posts.length > 0 && total !== undefined && <p className="field__hint">{t('blog.total', { count: total, total })}</p>}
      {posts.length > 0 && (
        <DataTable rows="boxed">
          <thead>
            <tr>
              {['title', 'language', 'status', 'author', 'updated', 'date'].map((k) => (
                <th key={k} scope="col">{t(`blog.${k}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {posts.map((p) => (
              <tr key={p.id} data-post-id={p.id}>
                <td data-label={t('blog.title')}>
                  <Link to={staffPath(lang, 'icerik', p.id)}>{p.title}</Link>
                  <br />
                  <span className="staff-mono">{p.slug}</span>
                </td>
                <td data-label={t('blog.language')}>{t(`languages.${p.lang}`)}</td>
                <td data-label={t('blog.status')}>
                  <StatusPill domain="post" status={p.status} label={t(`blog.statuses.${p.status}`)} />
                </td>
                <td data-label={t('blog.author')}>{p.author}</td>
                <td data-label={t('blog.updated')}>{formatMoment(lang, p.updatedAt)}</td>
                <td data-label={t('blog.date')}>{formatMoment(lang, p.date)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <MorePages pages={{ size, setSize, isValidating }} more={more} testid="blog-more" />
    </>
  );
}
