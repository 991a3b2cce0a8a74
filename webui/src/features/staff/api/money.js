import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { api } from '../../../lib/api-client.js';
import { parseAmount } from '../../../lib/money.js';
import { FRESH, fetcher, query } from './staff.js';

// svc-billing's staff money routes (svc-billing/API.md "Staff: invoices, balances, payouts"):
// every invoice filtered and searched by the server, 50 a page; a bank transfer seen to arrive;
// the customers' balances and staff's adjustments; the payouts' bank file.
const BILLING = '/api/v1/billing/admin';
const enc = encodeURIComponent;

/** invoicesPageKey is the SWR Infinite key of the invoices: each next page before the previous page's last invoice, none after the last. */
export const invoicesPageKey = (lang, { status, pastDue, customer, q } = {}) => (index, previous) => {
  if (previous && (!previous.more || !previous.invoices?.length)) return null;
  const before = previous?.invoices.at(-1).id;
  return [`${BILLING}/invoices${query({ status, pastDue: pastDue ? 'true' : '', customer, q: q?.trim(), before })}`, lang];
};
export const useInvoicePages = (lang, filter) => useSWRInfinite(invoicesPageKey(lang, filter), fetcher, { ...FRESH, revalidateFirstPage: true });
export const invoiceKey = (id, lang) => [`${BILLING}/invoices/${enc(id)}`, lang];
export const useInvoice = (id, lang) => useSWR(invoiceKey(id, lang), fetcher, FRESH);
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

/** balancesPageKey is the SWR Infinite key of the customers' balance accounts (by customer id, 50 a page). */
export const balancesPageKey = (lang, q) => (index, previous) => {
  if (previous && (!previous.more || !previous.accounts?.length)) return null;
  return [`${BILLING}/balances${query({ q: q?.trim(), before: previous?.accounts.at(-1).customerId })}`, lang];
};
export const useBalancePages = (lang, q) => useSWRInfinite(balancesPageKey(lang, q), fetcher, { ...FRESH, revalidateFirstPage: true });

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

/** payoutsCsvUrl is the bank file of the payouts in status, downloaded with the session's cookie. */
export const payoutsCsvUrl = (status = 'requested') => `${BILLING}/payouts.csv${query({ status })}`;
