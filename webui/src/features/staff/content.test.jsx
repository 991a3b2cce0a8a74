import { afterEach, expect, test, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.js';
import { render, text } from '../../lib/test-render.jsx';
import { blogPageKey, createPost, faqKey, isStale, previewMarkdown, saveFaq, updatePost } from './api/content.js';
import { BlogListView, blogFilter, contentTab, ContentTabs } from './components/content.jsx';
import { createPreviewer, isDirty, PostEditorView, postInput } from './components/blog-editor.jsx';
import { SaveError } from './components/content-save.jsx';
import { FaqItemForm, faqInput } from './components/faq.jsx';
import { testimonialInput } from './components/testimonials.jsx';
import { figuresForm, figuresInput } from './components/figures.jsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const params = (s) => new URLSearchParams(s);

test('the content screen’s tab, and the blog list’s language, status, search and sort, live in the address and reach the server', () => {
  expect(contentTab(params('tab=faq'))).toBe('faq');
  expect(contentTab(params('tab=nope'))).toBe('blog');
  const filter = blogFilter(params('tab=blog&lang=en&status=draft&q=Yeminli&sort=oldest'));
  expect(filter).toEqual({ postLang: 'en', status: 'draft', q: 'Yeminli', sort: 'oldest' });
  const key = blogPageKey('tr', filter);
  expect(key(0, null)).toEqual(['/api/v1/catalog/admin/blog?lang=en&status=draft&q=Yeminli&sort=oldest', 'tr']);
  expect(key(1, { posts: [{ id: 'p9' }], more: true, next: 'p9', total: 41 })[0]).toBe('/api/v1/catalog/admin/blog?lang=en&status=draft&q=Yeminli&sort=oldest&before=p9');
  expect(key(2, { posts: [{ id: 'p1' }], more: false, total: 41 })).toBe(null);
  // Unknown values are dropped rather than sent; newest is the server's own order.
  expect(blogPageKey('en', blogFilter(params('lang=de&status=x&sort=random')))(0, null)[0]).toBe('/api/v1/catalog/admin/blog');

  const tabs = render(<ContentTabs current="testimonials" />, { path: '/en/admin/content?tab=testimonials' });
  expect(tabs).toContain('href="/en/admin/content?tab=faq"');
  expect(tabs).toMatch(/aria-current="page" data-tab="testimonials" href="\/en\/admin\/content\?tab=testimonials"/);
  expect(tabs.match(/aria-current/g)).toHaveLength(1);
  expect(text(render(<ContentTabs current="blog" />, { path: '/tr/yonetim/icerik' }))).toBe('Blog SSS Yorumlar Rakamlar');
});

test('the blog list links each post to its editor, says the total and offers more while there are more, in both languages', () => {
  const data = {
    posts: [{ id: 'p1', lang: 'tr', slug: 'yeminli-tercume', title: 'Yeminli tercüme nedir?', author: 'Ayşe', status: 'published', updatedAt: '2026-11-20T10:00:00Z', date: '2026-11-01T10:00:00Z' }],
    pageSize: 20,
    total: 45,
    more: true,
    next: 'p1',
  };
  const pages = (d) => ({ data: d, size: d.length, setSize: () => {}, isLoading: false, isValidating: false });
  const tr = render(<BlogListView filter={{ postLang: '', status: '', q: '', sort: 'newest' }} pages={pages([data])} onChange={() => {}} />, { path: '/tr/yonetim/icerik' });
  expect(tr).toContain('href="/tr/yonetim/icerik/p1"');
  expect(tr).toContain('href="/tr/yonetim/icerik/new"');
  expect(text(tr)).toContain('Yayında');
  expect(text(tr)).toContain('Toplam 45 yazı');
  expect(tr).toContain('data-testid="blog-more"');
  const en = render(<BlogListView filter={{ postLang: 'en', status: 'draft', q: '', sort: 'oldest' }} pages={pages([{ posts: [], pageSize: 20, total: 0, more: false }])} onChange={() => {}} />, { path: '/en/admin/content' });
  expect(en).not.toContain('blog-more');
  expect(en).toMatch(/<option value="oldest" selected="">Oldest first<\/option>/);
  expect(text(en)).toContain('Nothing to show.');
  expect(en).toMatch(/aria-pressed="true" data-lang="en"/);
  expect(en).toMatch(/aria-pressed="true" data-status="draft"/);
});

test('the Markdown preview is asked for once per pause in typing, and a late answer to older text never replaces the newer one', async () => {
  vi.useFakeTimers();
  const answers = [];
  const send = vi.fn((body, signal) => new Promise((resolve) => answers.push({ body, signal, resolve })));
  const onResult = vi.fn();
  const p = createPreviewer({ send, onResult, delay: 400 });
  p.push('#');
  p.push('# Baş');
  p.push('# Başlık');
  await vi.advanceTimersByTimeAsync(399);
  expect(send).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  expect(send).toHaveBeenCalledTimes(1);
  expect(answers[0].body).toBe('# Başlık');
  // More typing while that render is under way: it is aborted and its answer ignored.
  p.push('# Başlık\n\nMetin');
  expect(answers[0].signal.aborted).toBe(true);
  await vi.advanceTimersByTimeAsync(400);
  answers[1].resolve({ html: '<h1>Başlık</h1><p>Metin</p>' });
  answers[0].resolve({ html: '<h1>Başlık</h1>' });
  await vi.runAllTimersAsync();
  expect(onResult).toHaveBeenCalledTimes(1);
  expect(onResult).toHaveBeenCalledWith({ html: '<h1>Başlık</h1><p>Metin</p>' });

  vi.useRealTimers();
  const fetch = vi.fn(() => Promise.resolve(json(200, { html: '<p>x</p>' })));
  vi.stubGlobal('fetch', fetch);
  expect(await previewMarkdown('x', 'en')).toEqual({ html: '<p>x</p>' });
  expect(fetch.mock.calls[0][0]).toBe('/api/v1/catalog/admin/blog/preview');
  expect(JSON.parse(fetch.mock.calls[0][1].body)).toEqual({ body: 'x' });
});

test('a post is checked before it is sent; a save carries the version it was loaded at', async () => {
  const fields = { lang: 'tr', title: ' Yeminli tercüme ', slug: 'Yeminli Tercume', excerpt: 'Kısa', author: 'Ayşe', cover: '', coverAlt: 'Kapak', translationKey: '', body: '# Merhaba' };
  expect(postInput(fields).errors).toEqual({ slug: 'slugInvalid' });
  expect(postInput({ ...fields, slug: 'yeminli-tercume', body: '  ', coverAlt: '' }).errors).toEqual({ body: 'required', coverAlt: 'required' });
  const { input } = postInput({ ...fields, slug: 'yeminli-tercume' });
  expect(input).toEqual({ lang: 'tr', title: 'Yeminli tercüme', slug: 'yeminli-tercume', excerpt: 'Kısa', author: 'Ayşe', cover: '', coverAlt: 'Kapak', body: '# Merhaba' });

  const fetch = vi.fn(() => Promise.resolve(json(409, { error: { code: 'stale', message: 'Bu yazı siz açtıktan sonra değişti.' } })));
  vi.stubGlobal('fetch', fetch);
  const error = await updatePost('p 1', { ...input, version: 4 }, 'tr').catch((e) => e);
  expect(fetch.mock.calls[0][0]).toBe('/api/v1/catalog/admin/blog/p%201');
  expect(fetch.mock.calls[0][1].method).toBe('PUT');
  expect(JSON.parse(fetch.mock.calls[0][1].body).version).toBe(4);
  expect(isStale(error)).toBe(true);
  fetch.mockImplementation(() => Promise.resolve(json(201, { id: 'p2', status: 'draft', version: 1 })));
  expect(await createPost(input, 'tr')).toMatchObject({ id: 'p2', status: 'draft' });
  expect(fetch.mock.calls[1][0]).toBe('/api/v1/catalog/admin/blog');
});

test('a stale save says someone saved since and offers to reload; other refusals show the server’s words', () => {
  const stale = render(<SaveError error={new ApiError(409, { error: { code: 'stale', message: 'x' } })} reload={() => {}} />, { path: '/tr/yonetim/icerik/p1' });
  expect(text(stale)).toContain('başka biri değiştirdi');
  expect(stale).toContain('data-action="reload"');
  const en = render(<SaveError error={new ApiError(409, { error: { code: 'stale' } })} reload={() => {}} />, { path: '/en/admin/content/p1' });
  expect(text(en)).toContain('Someone changed this after you opened it');
  const taken = render(<SaveError error={new ApiError(409, { error: { code: 'slug_taken', message: 'Bu adres bu dilde kullanılıyor.' } })} reload={() => {}} />, { path: '/tr/yonetim/icerik/p1' });
  expect(text(taken)).toBe('Bu adres bu dilde kullanılıyor.');
  expect(taken).not.toContain('data-action="reload"');
});

test('a published post links to its public page and offers Unpublish; a draft never published offers Publish and Delete', () => {
  const post = { id: 'p1', lang: 'en', slug: 'what-is-sworn-translation', title: 'What is sworn translation?', excerpt: 'e', author: 'A', cover: '', coverAlt: 'c', translationKey: 'yeminli', body: '# Hi', html: '<h1>Hi</h1>', status: 'published', date: '2026-11-01T10:00:00Z', updatedAt: '2026-11-02T10:00:00Z', version: 3 };
  const pub = render(<PostEditorView post={post} />, { path: '/tr/yonetim/icerik/p1' });
  expect(pub).toContain('href="/en/blog/what-is-sworn-translation"');
  expect(pub).toContain('data-action="unpublish"');
  expect(pub).not.toContain('data-action="delete"');
  expect(pub).toContain('<h1>Hi</h1>'); // the preview starts from the saved render
  expect(text(pub)).toContain('Yayından kaldır');
  // Its history is one click away on the audit screen.
  expect(pub).toContain('href="/tr/yonetim/denetim?area=catalog&amp;object=post%3Ap1"');
  const draft = render(<PostEditorView post={{ ...post, status: 'draft', date: null }} />, { path: '/en/admin/content/p1' });
  expect(draft).not.toContain('href="/en/blog/what-is-sworn-translation"');
  expect(draft).toContain('data-action="publish"');
  expect(draft).toContain('data-action="delete"');
  // Unpublished once published: it keeps its date, so it can no longer be deleted.
  expect(render(<PostEditorView post={{ ...post, status: 'draft' }} />, { path: '/en/admin/content/p1' })).not.toContain('data-action="delete"');
  // Publishing acts on the saved post: with edits not saved yet, Publish waits for a save.
  expect(isDirty({ ...post }, post)).toBe(false);
  expect(isDirty({ ...post, title: 'What is sworn translation? (2026)' }, post)).toBe(true);
  expect(isDirty({ ...post, body: '# Hi\n' }, post)).toBe(true);
  const fresh = render(<PostEditorView post={null} />, { path: '/tr/yonetim/icerik/new' });
  expect(fresh).not.toContain('data-action="publish"');
  expect(text(fresh)).toContain('Metin (Markdown) *');
});

test('FAQ items are edited in both languages side by side and saved with their version; the server’s refusals show at their fields', async () => {
  const item = { id: 'f1', category: 'pricing', order: '20', question: { tr: ' Fiyat nasıl? ', en: 'How much?' }, answer: { tr: 'Kelime başına.', en: '' }, version: 2 };
  expect(faqInput(item)).toEqual({ id: 'f1', version: 2, category: 'pricing', order: 20, question: { tr: 'Fiyat nasıl?', en: 'How much?' }, answer: { tr: 'Kelime başına.', en: '' } });
  const fetch = vi.fn(() => Promise.resolve(json(400, { error: { code: 'validation_failed', message: 'Hatalı alanlar var.', fields: { 'answer.en': 'Yanıt gerekli.' } } })));
  vi.stubGlobal('fetch', fetch);
  const error = await saveFaq(faqInput(item), 'tr').catch((e) => e);
  expect(fetch.mock.calls[0][0]).toBe('/api/v1/catalog/admin/faq/f1');
  expect(fetch.mock.calls[0][1].method).toBe('PUT');
  expect(error.fields['answer.en']).toBe('Yanıt gerekli.');
  await saveFaq(faqInput({ ...item, id: undefined }), 'tr').catch(() => {});
  expect(fetch.mock.calls[1][0]).toBe('/api/v1/catalog/admin/faq');
  expect(fetch.mock.calls[1][1].method).toBe('POST');
  expect(faqKey('en')).toEqual(['/api/v1/catalog/admin/faq', 'en']);

  const html = render(<FaqItemForm item={item} />, { path: '/tr/yonetim/icerik?tab=faq' });
  expect(text(html)).toContain('Soru (Türkçe)');
  expect(text(html)).toContain('Soru (İngilizce)');
  expect(text(html)).toContain('Yanıt (İngilizce)');
  expect(html).toContain('data-action="delete"');
  expect(text(render(<FaqItemForm item={item} />, { path: '/en/admin/content?tab=faq' }))).toContain('Answer (Turkish)');
});

test('testimonials and figures are sent as the service takes them, with the version they were loaded at', () => {
  expect(testimonialInput({ id: 't1', version: 5, quote: { tr: ' Harika ', en: 'Great' }, author: ' Ayşe Çelik ', company: '', service: 'Proofreading', sourceLanguage: 'TR', targetLanguage: 'en', rating: '4' })).toEqual({
    id: 't1', version: 5, quote: { tr: 'Harika', en: 'Great' }, author: 'Ayşe Çelik', company: '', service: 'proofreading', sourceLanguage: 'tr', targetLanguage: 'en', rating: 4,
  });
  const figures = { translators: 500, languages: 60, clients: 1200, projects: 25000, quality: '%99', freeRevisionDays: 0, support: '7/24', minTranslatorExperienceYears: 5, qualityControlStages: 3, delivery: { standardBusinessDays: '3-5', technicalBusinessDays: '5-7', rushHours: 24 }, version: 7 };
  const form = figuresForm(figures);
  expect(form['delivery.rushHours']).toBe('24');
  const { version, ...rest } = figures;
  expect(figuresInput(form, version).input).toEqual({ ...rest, version: 7 });
  expect(figuresInput({ ...form, clients: '1.200', 'delivery.rushHours': 'x' }, 7).errors).toEqual({ clients: 'whole', 'delivery.rushHours': 'whole' });
});
