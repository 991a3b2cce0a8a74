import useSWR from 'swr';
import { api, fetcher } from '../../../lib/api-client.js';
import { FRESH, pagedKey, usePages } from './staff.js';

// svc-orders' staff endpoints (svc-orders/API.md "Staff"): every order and quote 50 a page,
// filtered, searched and sorted by the server; an order's eligible translators, (re)assigning it,
// its paper work's steps, its expected date; a quote's revised price or cancellation.
const ADMIN = '/api/v1/orders/admin';
const enc = encodeURIComponent;

/** ordersPageKey is the orders by status, searched and sorted (created, the server's default, is newest first; deadline; oldest), 50 a page. */
export const ordersPageKey = (lang, { status, q, sort } = {}) => pagedKey(`${ADMIN}/orders`, lang, { status, q, sort }, 'created');
export const useOrderPages = (lang, filter) => usePages(ordersPageKey(lang, filter));
export const staffOrderKey = (id, lang) => [`${ADMIN}/orders/${enc(id)}`, lang];
export const useStaffOrder = (id, lang) => useSWR(staffOrderKey(id, lang), fetcher, FRESH);
export const eligibleKey = (id, lang) => [`${ADMIN}/orders/${enc(id)}/eligible`, lang];
export const useEligible = (id, lang) => useSWR(eligibleKey(id, lang), fetcher, FRESH);

/** assignOrder gives the order to translatorId; from is the translator the staff member saw on it ('' for none), so a race answers 409. */
export const assignOrder = (id, translatorId, from, lang) => api.post(`${ADMIN}/orders/${enc(id)}/assign`, { translatorId, from: from ?? '' }, { lang });

/** fulfilmentBody is a step as svc-orders takes it: shipped carries the courier and tracking number, every step an optional note. */
export function fulfilmentBody(step, { courier = '', trackingNumber = '', note = '' } = {}) {
  const body = { step };
  if (step === 'shipped') Object.assign(body, { courier: courier.trim(), trackingNumber: trackingNumber.trim() });
  if (note.trim()) body.note = note.trim();
  return body;
}
export const recordStep = (id, body, lang) => api.post(`${ADMIN}/orders/${enc(id)}/fulfilment`, body, { lang });

/** expectedDateBody is a new expected date as svc-orders takes it: a "YYYY-MM-DD" day and the note the customer reads, trimmed. */
export const expectedDateBody = (expectedDate, note) => ({ expectedDate: (expectedDate ?? '').trim(), note: (note ?? '').trim() });
/** changeExpectedDate moves a paid order's expected date (in_progress or assigned); svc-orders mails the customer the note. */
export const changeExpectedDate = (id, body, lang) => api.post(`${ADMIN}/orders/${enc(id)}/expected-date`, body, { lang });

/** orderFileUrl downloads one of an order's files, a source or a delivery (svc-orders GET files/{id}: staff may read any). */
export const orderFileUrl = (fileId) => `/api/v1/orders/files/${enc(fileId)}`;
/** contractPdfUrl is the contract the order's customer accepted, as a PDF in the language they accepted it in. */
export const contractPdfUrl = (orderId) => `/api/v1/orders/orders/${enc(orderId)}/contract.pdf`;
/** quotePdfUrl is the order's quote as a PDF in pdfLang (tr or en), whatever the page's language. */
export const quotePdfUrl = (quoteId, pdfLang) => `/api/v1/orders/quotes/${enc(quoteId)}.pdf?lang=${pdfLang}`;

/** quotesPageKey is the quotes by status, searched and sorted, 50 a page. */
export const quotesPageKey = (lang, { status, q, sort } = {}) => pagedKey(`${ADMIN}/quotes`, lang, { status, q, sort });
export const useQuotePages = (lang, filter) => usePages(quotesPageKey(lang, filter));
export const staffQuoteKey = (id, lang) => [`${ADMIN}/quotes/${enc(id)}`, lang];
export const useStaffQuote = (id, lang) => useSWR(staffQuoteKey(id, lang), fetcher, FRESH);
/** reviseQuote gives a pending quote a new total in its own currency (minor units) with a note the customer reads. */
export const reviseQuote = (id, total, note, lang) => api.post(`${ADMIN}/quotes/${enc(id)}/revise`, { total, note }, { lang });
export const cancelQuote = (id, reason, lang) => api.post(`${ADMIN}/quotes/${enc(id)}/cancel`, { reason }, { lang });
