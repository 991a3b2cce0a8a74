import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { api } from '../../../lib/api-client.js';
import { FRESH, fetcher, query } from './staff.js';

// svc-catalog's staff endpoints (svc-catalog API.md, "admin"): blog posts, FAQ items,
// testimonials, the marketing figures and the contact and corporate inquiries. Edits carry the
// version they were made on; a stale one answers 409, which the screens offer to reload.
const CATALOG = '/api/v1/catalog/admin';
const id_ = (id) => encodeURIComponent(id);

/** blogKey is one page of posts in a language, by status and a search; page 1 is left out of the URL. */
export const blogKey = (lang, { postLang, status, q, page } = {}) => [
  `${CATALOG}/blog${query({ lang: postLang, status, q: q?.trim(), page: page > 1 ? page : undefined })}`,
  lang,
];
export const useBlog = (lang, filter) => useSWR(blogKey(lang, filter), fetcher, { ...FRESH, keepPreviousData: true });
export const postKey = (id, lang) => [`${CATALOG}/blog/${id_(id)}`, lang];
export const usePost = (id, lang) => useSWR(id ? postKey(id, lang) : null, fetcher, { ...FRESH, revalidateOnFocus: false });
export const createPost = (post, lang) => api.post(`${CATALOG}/blog`, post, { lang });
export const updatePost = (id, post, lang) => api.put(`${CATALOG}/blog/${id_(id)}`, post, { lang });
export const previewMarkdown = (body, lang, signal) => api.post(`${CATALOG}/blog/preview`, { body }, { lang, signal });
export const publishPost = (id, lang) => api.post(`${CATALOG}/blog/${id_(id)}/publish`, undefined, { lang });
export const unpublishPost = (id, lang) => api.post(`${CATALOG}/blog/${id_(id)}/unpublish`, undefined, { lang });
export const deletePost = (id, lang) => api.delete(`${CATALOG}/blog/${id_(id)}`, { lang });

/** pageCount is how many pages a paged answer ({total, pageSize}) has, at least one. */
export const pageCount = (data) => Math.max(1, Math.ceil((data?.total ?? 0) / (data?.pageSize || 1)));

// FAQ items and testimonials: small lists, edited in place.
export const faqKey = (lang) => [`${CATALOG}/faq`, lang];
export const useFaq = (lang) => useSWR(faqKey(lang), fetcher, { ...FRESH, revalidateOnFocus: false });
export const saveFaq = (item, lang) => (item.id ? api.put(`${CATALOG}/faq/${id_(item.id)}`, item, { lang }) : api.post(`${CATALOG}/faq`, item, { lang }));
export const deleteFaq = (id, lang) => api.delete(`${CATALOG}/faq/${id_(id)}`, { lang });
export const testimonialsKey = (lang) => [`${CATALOG}/testimonials`, lang];
export const useTestimonials = (lang) => useSWR(testimonialsKey(lang), fetcher, { ...FRESH, revalidateOnFocus: false });
export const saveTestimonial = (item, lang) =>
  item.id ? api.put(`${CATALOG}/testimonials/${id_(item.id)}`, item, { lang }) : api.post(`${CATALOG}/testimonials`, item, { lang });
export const deleteTestimonial = (id, lang) => api.delete(`${CATALOG}/testimonials/${id_(id)}`, { lang });
/** itemsOf is a list answer's items, whatever the list's field is called ({items}, {faq}, {testimonials} or a bare array). */
export const itemsOf = (data, field) => (Array.isArray(data) ? data : (data?.[field] ?? data?.items ?? []));

// The marketing figures (the public GET stats shape, with its version).
export const figuresKey = (lang) => [`${CATALOG}/figures`, lang];
export const useFigures = (lang) => useSWR(figuresKey(lang), fetcher, { ...FRESH, revalidateOnFocus: false });
export const saveFigures = (figures, lang) => api.put(`${CATALOG}/figures`, figures, { lang });

/**
 * inquiriesPageKey is the SWR Infinite key of the inquiries (newest first) of a kind and status
 * with a search: each page after the first starts before the previous page's last inquiry.
 */
export const inquiriesPageKey = (lang, { kind, status, q } = {}) => (index, previous) => {
  if (previous && (!previous.more || !previous.inquiries?.length)) return null;
  const before = previous?.inquiries.at(-1).id;
  return [`${CATALOG}/inquiries${query({ kind, status, q: q?.trim(), before })}`, lang];
};
export const useInquiryPages = (lang, filter) => useSWRInfinite(inquiriesPageKey(lang, filter), fetcher, { ...FRESH, revalidateFirstPage: true });
export const inquiryKey = (id, lang) => [`${CATALOG}/inquiries/${id_(id)}`, lang];
export const useInquiry = (id, lang) => useSWR(inquiryKey(id, lang), fetcher, FRESH);
export const markHandled = (id, lang) => api.post(`${CATALOG}/inquiries/${id_(id)}/handled`, undefined, { lang });
export const replyInquiry = (id, message, lang) => api.post(`${CATALOG}/inquiries/${id_(id)}/reply`, { message }, { lang });

/** isStale says a save was refused because someone saved the thing since it was loaded (409 stale). */
export const isStale = (error) => error?.status === 409 && error.code === 'stale';
