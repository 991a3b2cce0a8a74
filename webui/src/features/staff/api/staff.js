import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { api, fetcher } from '../../../lib/api-client.js';

// The staff endpoints the back office calls (DESIGN §11): svc-billing's bank transfers and
// translator payouts (svc-billing API.md), svc-translators' applications, translators and support
// tickets (svc-translators API.md). Answers carry texts in the request's language, so the
// language is part of every cache key. dedupingInterval 0: other staff change these lists too.
const BILLING = '/api/v1/billing/admin';
const TRANSLATORS = '/api/v1/translators/admin';
export const FRESH = { dedupingInterval: 0 };

/** query is a URL's query string of the given values, empty ones left out ('' when none). */
export function query(values) {
  const q = new URLSearchParams(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * pagedKey is the SWR Infinite key of a staff list as every service serves it (the staff list
 * contract): the filter's values in the query (q trimmed, sort left out when it is the server's
 * default), each next page before= the previous page's next, none after a page without more.
 */
export const pagedKey = (path, lang, { q, sort, ...filter } = {}, defaultSort = 'newest') => (index, previous) => {
  if (previous && (!previous.more || !previous.next)) return null;
  return [`${path}${query({ ...filter, q: q?.trim(), sort: sort === defaultSort ? '' : sort, before: previous?.next })}`, lang];
};
/** usePages is SWR Infinite over a pagedKey, asking the first page again on each visit (other staff change the lists too). */
export const usePages = (key) => useSWRInfinite(key, fetcher, { ...FRESH, revalidateFirstPage: true });

/** transfersPageKey is the bank transfers customers declared, by status (declared: waiting for staff), searched and sorted, 50 a page. */
export const transfersPageKey = (lang, { status = 'declared', q, sort } = {}) => pagedKey(`${BILLING}/transfers`, lang, { status, q, sort });
export const useTransferPages = (lang, filter) => usePages(transfersPageKey(lang, filter));
export const confirmTransfer = (id, lang) => api.post(`${BILLING}/transfers/${encodeURIComponent(id)}/confirm`, undefined, { lang });
export const rejectTransfer = (id, reason, lang) => api.post(`${BILLING}/transfers/${encodeURIComponent(id)}/reject`, { reason }, { lang });

/** payoutsPageKey is the translators' payouts by status (requested, paid, rejected), searched and sorted, 50 a page. */
export const payoutsPageKey = (lang, { status = 'requested', q, sort } = {}) => pagedKey(`${BILLING}/payouts`, lang, { status, q, sort });
export const usePayoutPages = (lang, filter) => usePages(payoutsPageKey(lang, filter));
export const markPayoutPaid = (id, lang) => api.post(`${BILLING}/payouts/${encodeURIComponent(id)}/paid`, undefined, { lang });
export const rejectPayout = (id, reason, lang) => api.post(`${BILLING}/payouts/${encodeURIComponent(id)}/reject`, { reason }, { lang });

/** applicationsPageKey is the applications by status, searched and sorted, 50 a page. */
export const applicationsPageKey = (lang, { status, q, sort } = {}) => pagedKey(`${TRANSLATORS}/applications`, lang, { status, q, sort });
export const useApplicationPages = (lang, filter) => usePages(applicationsPageKey(lang, filter));
export const applicationKey = (id, lang) => [`${TRANSLATORS}/applications/${encodeURIComponent(id)}`, lang];
export const useApplication = (id, lang) => useSWR(applicationKey(id, lang), fetcher, FRESH);
/** cvUrl and portfolioUrl are the applicant's files, downloaded as attachments with the session's cookie. */
export const cvUrl = (id) => `${TRANSLATORS}/applications/${encodeURIComponent(id)}/cv`;
export const portfolioUrl = (id) => `${TRANSLATORS}/applications/${encodeURIComponent(id)}/portfolio`;
export const approveApplication = (id, lang) => api.post(`${TRANSLATORS}/applications/${encodeURIComponent(id)}/approve`, undefined, { lang });
export const rejectApplication = (id, reason, lang) => api.post(`${TRANSLATORS}/applications/${encodeURIComponent(id)}/reject`, { reason }, { lang });

/**
 * translatorsPageKey is the translators' profiles, searched by name or e-mail, filtered by
 * suspension (suspended: 'true' | 'false') and sworn status (sworn: 'verified' | 'pending'), sorted, 50 a page.
 */
export const translatorsPageKey = (lang, { suspended, sworn, q, sort } = {}) => pagedKey(`${TRANSLATORS}/translators`, lang, { suspended, sworn, q, sort });
export const useTranslatorPages = (lang, filter) => usePages(translatorsPageKey(lang, filter));
export const setActiveJobCap = (id, cap, lang) => api.put(`${TRANSLATORS}/translators/${encodeURIComponent(id)}/cap`, { activeJobCap: cap }, { lang });
export const verifySworn = (id, lang) => api.post(`${TRANSLATORS}/translators/${encodeURIComponent(id)}/sworn/verify`, undefined, { lang });

/** ticketsPageKey is all support tickets by status, searched and sorted (newest: latest activity first), 50 a page. */
export const ticketsPageKey = (lang, { status, q, sort } = {}) => pagedKey(`${TRANSLATORS}/tickets`, lang, { status, q, sort });
export const useTicketPages = (lang, filter) => usePages(ticketsPageKey(lang, filter));
export const ticketKey = (id, lang) => [`${TRANSLATORS}/tickets/${encodeURIComponent(id)}`, lang];
export const useTicket = (id, lang) => useSWR(ticketKey(id, lang), fetcher, FRESH);
export const replyTicket = (id, message, lang) => api.post(`${TRANSLATORS}/tickets/${encodeURIComponent(id)}/messages`, { message }, { lang });
export const closeTicket = (id, lang) => api.post(`${TRANSLATORS}/tickets/${encodeURIComponent(id)}/close`, undefined, { lang });

/** privacyPageKey is the KVKK requests by state ('' for every state), newest first, 50 a page (svc-auth). */
export const privacyPageKey = (lang, { state } = {}) => pagedKey('/api/v1/auth/admin/privacy/requests', lang, { state });
export const usePrivacyPages = (lang, filter) => usePages(privacyPageKey(lang, filter));
