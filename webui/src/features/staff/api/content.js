import useSWR from 'swr';
import { api, fetcher } from '../../../lib/api-client.js';
import { FRESH, pagedKey, usePages } from './staff.js';

// svc-catalog's staff endpoints (svc-catalog API.md, "admin"): blog posts, FAQ items,
// testimonials, the marketing figures and the contact and corporate inquiries. Edits carry the
// version they were made on; a stale one answers 409, which the screens offer to reload.
const CATALOG = '/api/v1/catalog/admin';
const id_ = (id) => encodeURIComponent(id);

/** blogPageKey is the posts of a language (postLang) and status, searched and sorted by their last change, 20 a page. */
export const blogPageKey = (lang, { postLang, status, q, sort } = {}) => pagedKey(`${CATALOG}/blog`, lang, { lang: postLang, status, q, sort });
export const useBlogPages = (lang, filter) => usePages(blogPageKey(lang, filter));
export const postKey = (id, lang) => [`${CATALOG}/blog/${id_(id)}`, lang];
export const usePost = (id, lang) => useSWR(id ? postKey(id, lang) : null, fetcher, { ...FRESH, revalidateOnFocus: false });
export const createPost = (post, lang) => api.post(`${CATALOG}/blog`, post, { lang });
export const updatePost = (id, post, lang) => api.put(`${CATALOG}/blog/${id_(id)}`, post, { lang });
export const previewMarkdown = (body, lang, signal) => api.post(`${CATALOG}/blog/preview`, { body }, { lang, signal });
export const publishPost = (id, lang) => api.post(`${CATALOG}/blog/${id_(id)}/publish`, undefined, { lang });
export const unpublishPost = (id, lang) => api.post(`${CATALOG}/blog/${id_(id)}/unpublish`, undefined, { lang });
export const deletePost = (id, lang) => api.delete(`${CATALOG}/blog/${id_(id)}`, { lang });

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

/** inquiriesPageKey is the contact and corporate inquiries by kind and status, searched and sorted, 50 a page. */
export const inquiriesPageKey = (lang, { kind, status, q, sort } = {}) => pagedKey(`${CATALOG}/inquiries`, lang, { kind, status, q, sort });
export const useInquiryPages = (lang, filter) => usePages(inquiriesPageKey(lang, filter));
export const inquiryKey = (id, lang) => [`${CATALOG}/inquiries/${id_(id)}`, lang];
export const useInquiry = (id, lang) => useSWR(inquiryKey(id, lang), fetcher, FRESH);
export const markHandled = (id, lang) => api.post(`${CATALOG}/inquiries/${id_(id)}/handled`, undefined, { lang });
export const replyInquiry = (id, message, lang) => api.post(`${CATALOG}/inquiries/${id_(id)}/reply`, { message }, { lang });

/** isStale says a save was refused because someone saved the thing since it was loaded (409 stale). */
export const isStale = (error) => error?.status === 409 && error.code === 'stale';
