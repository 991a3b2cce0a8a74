import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { api } from '../../../lib/api-client.js';

// The staff endpoints the back office calls (DESIGN §11): svc-billing's bank transfers and
// translator payouts (svc-billing API.md), svc-translators' applications, translators and support
// tickets (svc-translators API.md). Answers carry texts in the request's language, so the
// language is part of every cache key. dedupingInterval 0: other staff change these lists too.
const BILLING = '/api/v1/billing/admin';
const TRANSLATORS = '/api/v1/translators/admin';
export const fetcher = ([url, lang]) => api.get(url, { lang });
export const FRESH = { dedupingInterval: 0 };

/** query is a URL's query string of the given values, empty ones left out ('' when none). */
export function query(values) {
  const q = new URLSearchParams(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  const s = q.toString();
  return s ? `?${s}` : '';
}

// Bank transfers declared by customers (oldest first, at most 200).
export const transfersKey = (lang) => [`${BILLING}/transfers${query({ status: 'declared' })}`, lang];
export const useTransfers = (lang) => useSWR(transfersKey(lang), fetcher, FRESH);
export const confirmTransfer = (id, lang) => api.post(`${BILLING}/transfers/${encodeURIComponent(id)}/confirm`, undefined, { lang });
export const rejectTransfer = (id, reason, lang) => api.post(`${BILLING}/transfers/${encodeURIComponent(id)}/reject`, { reason }, { lang });

// Translator payouts (oldest first, at most 200), by status: requested (the default), paid, rejected.
export const payoutsKey = (lang, status = 'requested') => [`${BILLING}/payouts${query({ status })}`, lang];
export const usePayouts = (lang, status) => useSWR(payoutsKey(lang, status), fetcher, FRESH);
export const markPayoutPaid = (id, lang) => api.post(`${BILLING}/payouts/${encodeURIComponent(id)}/paid`, undefined, { lang });
export const rejectPayout = (id, reason, lang) => api.post(`${BILLING}/payouts/${encodeURIComponent(id)}/reject`, { reason }, { lang });

/**
 * applicationsPageKey is the SWR Infinite key of the applications (newest first, 50 a page) with
 * a status and a search: each page after the first starts before the previous page's last
 * application, and there is none after a page that says it has no more.
 */
export const applicationsPageKey = (lang, { status, q } = {}) => (index, previous) => {
  if (previous && (!previous.more || !previous.applications?.length)) return null;
  const before = previous?.applications.at(-1).id;
  return [`${TRANSLATORS}/applications${query({ status, q: q?.trim(), before })}`, lang];
};
export const useApplicationPages = (lang, filter) => useSWRInfinite(applicationsPageKey(lang, filter), fetcher, { ...FRESH, revalidateFirstPage: true });
export const applicationKey = (id, lang) => [`${TRANSLATORS}/applications/${encodeURIComponent(id)}`, lang];
export const useApplication = (id, lang) => useSWR(applicationKey(id, lang), fetcher, FRESH);
/** cvUrl and portfolioUrl are the applicant's files, downloaded as attachments with the session's cookie. */
export const cvUrl = (id) => `${TRANSLATORS}/applications/${encodeURIComponent(id)}/cv`;
export const portfolioUrl = (id) => `${TRANSLATORS}/applications/${encodeURIComponent(id)}/portfolio`;
export const approveApplication = (id, lang) => api.post(`${TRANSLATORS}/applications/${encodeURIComponent(id)}/approve`, undefined, { lang });
export const rejectApplication = (id, reason, lang) => api.post(`${TRANSLATORS}/applications/${encodeURIComponent(id)}/reject`, { reason }, { lang });

// Translators' profiles, by a search of name or e-mail.
export const translatorsKey = (lang, q) => [`${TRANSLATORS}/translators${query({ q: q?.trim() })}`, lang];
export const useTranslators = (lang, q) => useSWR(translatorsKey(lang, q), fetcher, FRESH);
export const setActiveJobCap = (id, cap, lang) => api.put(`${TRANSLATORS}/translators/${encodeURIComponent(id)}/cap`, { activeJobCap: cap }, { lang });
export const verifySworn = (id, lang) => api.post(`${TRANSLATORS}/translators/${encodeURIComponent(id)}/sworn/verify`, undefined, { lang });

/** ticketsPageKey is the SWR Infinite key of all support tickets with a status (newest activity first, 50 a page). */
export const ticketsPageKey = (lang, status) => (index, previous) => {
  if (previous && (!previous.more || !previous.next)) return null;
  return [`${TRANSLATORS}/tickets${query({ status, before: previous?.next })}`, lang];
};
export const useTicketPages = (lang, status) => useSWRInfinite(ticketsPageKey(lang, status), fetcher, { ...FRESH, revalidateFirstPage: true });
export const ticketKey = (id, lang) => [`${TRANSLATORS}/tickets/${encodeURIComponent(id)}`, lang];
export const useTicket = (id, lang) => useSWR(ticketKey(id, lang), fetcher, FRESH);
export const replyTicket = (id, message, lang) => api.post(`${TRANSLATORS}/tickets/${encodeURIComponent(id)}/messages`, { message }, { lang });
export const closeTicket = (id, lang) => api.post(`${TRANSLATORS}/tickets/${encodeURIComponent(id)}/close`, undefined, { lang });
