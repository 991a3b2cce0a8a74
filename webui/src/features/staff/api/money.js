import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { api, fetcher } from '../../../lib/api-client.js';
import { parseAmount } from '../../../lib/format.js';
import { FRESH, pagedKey, query, usePages } from './staff.js';

// svc-billing's staff money routes (svc-billing/API.md "Staff: invoices, balances, payouts"):
// every invoice filtered and searched by the server, 50 a page; a bank transfer seen to arrive;
// the customers' balances and staff's adjustments; the payouts' bank file.
const BILLING = '/api/v1/billing/admin';
const enc = encodeURIComponent;

/**
 * invoicesPageKey is the invoices by status, past due, customer and the days they were paid
 * (paidFrom, paidTo: YYYY-MM-DD in Istanbul, both included), searched and sorted (newest, oldest,
 * due: pending due soonest first), 50 a page.
 */
export const invoicesPageKey = (lang, { status, pastDue, customer, q, sort, paidFrom, paidTo } = {}) =>
  pagedKey(`${BILLING}/invoices`, lang, { status, pastDue: pastDue ? 'true' : '', customer, q, sort, paidFrom, paidTo });
export const useInvoicePages = (lang, filter) => usePages(invoicesPageKey(lang, filter));
/** invoiceKey is null (nothing to fetch) without an id: an order's page before its quote is known. */
export const invoiceKey = (id, lang) => (id ? [`${BILLING}/invoices/${enc(id)}`, lang] : null);
export const useInvoice = (id, lang) => useSWR(invoiceKey(id, lang), fetcher, FRESH);
/** useOrderInvoice is an order's invoice by its derived id: a 404 (not issued yet) is an answer, not a failure to retry. */
export const useOrderInvoice = (id, lang) => useSWR(invoiceKey(id, lang), fetcher, { ...FRESH, shouldRetryOnError: false });
/** invoicePdfUrl is the invoice as a PDF in lang, through the customer-and-staff route. */
export const invoicePdfUrl = (id, lang) => `/api/v1/billing/invoices/${enc(id)}.pdf${query({ lang })}`;

/** markPaidBody is a received transfer as svc-billing takes it, or { errors } by field (reference 1–140, a day). */
export function markPaidBody(reference, receivedAt) {
  const errors = {};
  const ref = String(reference ?? '').trim();
  if (!ref) errors.reference = 'referenceRequired';
  else if ([...ref].length > 140) errors.reference = 'referenceTooLong';
  const day = String(receivedAt ?? '').trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) errors.receivedAt = 'dateRequired';
  return Object.keys(errors).length ? { errors } : { body: { reference: ref, receivedAt: day } };
}
export const markInvoicePaid = (id, body, lang) => api.post(`${BILLING}/invoices/${enc(id)}/mark-paid`, body, { lang });
export const refundInvoice = (id, lang) => api.post(`${BILLING}/invoices/${enc(id)}/refund`, undefined, { lang });

/** balancesPageKey is the customers' balance accounts, searched by the start of the customer's id, 50 a page (by id: svc-billing takes no sort here). */
export const balancesPageKey = (lang, { q } = {}) => pagedKey(`${BILLING}/balances`, lang, { q });
export const useBalancePages = (lang, filter) => usePages(balancesPageKey(lang, filter));

/** ledgerPageKey is the SWR Infinite key of one customer's balances and a currency's ledger, 20 entries a page. */
export const ledgerPageKey = (customerId, lang, currency) => (index, previous) => {
  if (previous && (!previous.more || !previous.entries?.length)) return null;
  return [`${BILLING}/balances/${enc(customerId)}${query({ currency, before: previous?.entries.at(-1).id })}`, lang];
};
export const useLedgerPages = (customerId, lang, currency) => useSWRInfinite(ledgerPageKey(customerId, lang, currency), fetcher, { ...FRESH, revalidateFirstPage: true });

/**
 * adjustmentBody reads the staff's signed amount, typed in the currency's major units ("250,00",
 * "-75.50", "+10"), into minor units, and the reason (1–500 characters): { body } or { errors }.
 */
export function adjustmentBody(amountText, currency, reason) {
  const errors = {};
  const typed = String(amountText ?? '').trim().replace(/^[−–]/, '-');
  const sign = typed.startsWith('-') ? -1 : 1;
  const minor = parseAmount(typed.replace(/^[+-]/, ''), currency);
  if (minor === null) errors.amount = 'amountInvalid';
  const why = String(reason ?? '').trim();
  if (!why) errors.reason = 'reasonRequired';
  else if ([...why].length > 500) errors.reason = 'reasonTooLong';
  return Object.keys(errors).length ? { errors } : { body: { amount: { amount: sign * minor, currency }, reason: why } };
}
/** adjustBalance sends one adjustment under key, the form submission's Idempotency-Key: a double click adjusts once. */
export const adjustBalance = (customerId, body, key, lang) =>
  api.post(`${BILLING}/balances/${enc(customerId)}/adjustments`, body, { lang, headers: { 'Idempotency-Key': key } });

/** eFaturaKey is a customer's e-Fatura registration ({ customerId, registration: null | { scenario, alias, setBy, setAt } }). */
export const eFaturaKey = (customerId, lang) => (customerId ? [`${BILLING}/customers/${enc(customerId)}/e-fatura`, lang] : null);
/** registerEFatura registers the customer for e-Fatura: { scenario: 'TEMELFATURA' | 'TICARIFATURA', alias: 'urn:mail:…' }. */
export const registerEFatura = (customerId, body, lang) => api.put(`${BILLING}/customers/${enc(customerId)}/e-fatura`, body, { lang });
/** unregisterEFatura makes the customer's next invoices e-Arşiv ones again. */
export const unregisterEFatura = (customerId, lang) => api.delete(`${BILLING}/customers/${enc(customerId)}/e-fatura`, { lang });

/** eDocumentsZipUrl is the accountant's ZIP of the e-Arşiv documents of the days from to to (YYYY-MM-DD, Istanbul), downloaded with the session's cookie. */
export const eDocumentsZipUrl = (from, to) => `${BILLING}/e-documents.zip${query({ from, to })}`;

/** payoutsCsvUrl is the bank file of every payout the list selects (status, search, sort; all its pages), downloaded with the session's cookie. */
export const payoutsCsvUrl = (status = 'requested', { q, sort } = {}) =>
  `${BILLING}/payouts.csv${query({ status, q: q?.trim(), sort: sort === 'newest' ? '' : sort })}`;
