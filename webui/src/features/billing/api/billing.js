import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { API_BASE, api, fetcher } from '../../../lib/api-client.js';

// svc-billing's calls for the customer panel (svc-billing API.md): the billing details, the
// invoices and paying them, the balance. Answers carry texts in the request's language, so the
// language is part of every cache key.
const BILLING = '/api/v1/billing';
const id = (v) => encodeURIComponent(v);
const query = (params) => {
  const q = new URLSearchParams(Object.entries(params).filter(([, v]) => v));
  return q.size ? `?${q}` : '';
};
// The payment provider lets a customer pay once per Idempotency-Key; the page makes one per click.
const once = (key) => ({ 'Idempotency-Key': key });

export const profileKey = (lang) => [`${BILLING}/profile`, lang];
export const useProfile = (lang) => useSWR(profileKey(lang), fetcher);
/** saveProfile replaces the caller's details as a whole; a 400 carries each refused field's message. */
export const saveProfile = (details, lang) => api.put(`${BILLING}/profile`, details, { lang });

export const invoicesKey = (lang) => [`${BILLING}/invoices`, lang];
/** orderInvoicesKey is the invoice of one order (GET invoices?orderId=): the order page shows what was invoiced and paid. */
export const orderInvoicesKey = (orderId, lang) => (orderId ? [`${BILLING}/invoices${query({ orderId })}`, lang] : null);
// A short dedupe: the invoice is issued a moment after the approval and paid on other pages, and
// the order page must not show an answer from before. Until it is issued the page asks again
// every two seconds, so an order opened right after its approval shows its invoice when it comes.
export const orderInvoicesPollMs = 2000;
export const useOrderInvoices = (orderId, lang) =>
  useSWR(orderInvoicesKey(orderId, lang), (k) => fetcher(k).then((d) => d?.invoices ?? []), {
    dedupingInterval: 2000,
    refreshInterval: (invoices) => (invoices && invoices.length === 0 ? orderInvoicesPollMs : 0),
  });
export const useInvoices = (lang) => useSWR(invoicesKey(lang), (k) => fetcher(k).then((d) => d?.invoices ?? []));

/**
 * invoiceKey is one invoice; with session (the provider's checkout session the customer returns
 * from) the server asks the provider about that payment before answering.
 */
export const invoiceKey = (invoiceId, lang, session) => (invoiceId ? [`${BILLING}/invoices/${id(invoiceId)}${query({ session })}`, lang] : null);
/**
 * pollOptions are SWR's options for polling every refreshInterval: each poll asks the server,
 * which the app's SWR (a minute of deduping, app/provider.jsx) would otherwise answer from the cache.
 */
export const pollOptions = (refreshInterval) => (refreshInterval ? { refreshInterval, dedupingInterval: 0 } : undefined);
export const useInvoice = (invoiceId, lang, { session, refreshInterval } = {}) => useSWR(invoiceKey(invoiceId, lang, session), fetcher, pollOptions(refreshInterval));

/** invoicePdfUrl downloads the invoice as a PDF in pdfLang (tr or en), whatever the page's language. */
export const invoicePdfUrl = (invoiceId, pdfLang) => `${API_BASE}${BILLING}/invoices/${id(invoiceId)}.pdf?lang=${pdfLang}`;
/** invoiceXmlUrl is the invoice's e-Arşiv document, GİB's UBL-TR XML, or its refund's return document. */
export const invoiceXmlUrl = (invoiceId, { ofReturn = false } = {}) => `${API_BASE}${BILLING}/invoices/${id(invoiceId)}${ofReturn ? '.return' : ''}.xml`;

/**
 * payInvoice pays from the balance ({ method: 'balance' }) or starts a card payment ({ method:
 * 'card', returnUrl }); it answers { invoice, checkoutUrl? }. key is the click's Idempotency-Key.
 */
export const payInvoice = (invoiceId, body, key, lang) => api.post(`${BILLING}/invoices/${id(invoiceId)}/pay`, body, { lang, headers: once(key) });

/**
 * balancePageKey is the SWR Infinite key of the ledger's pages in currency (newest first, 20 a
 * page): each page after the first starts before the previous page's last entry, and there is
 * no page after one that says it has no more. session is a card top-up's return, asked once.
 */
export function balancePageKey(lang, { currency, session } = {}) {
  return (index, previous) => {
    if (previous && (!previous.more || !previous.entries?.length)) return null;
    const before = previous ? previous.entries.at(-1).id : '';
    return [`${BILLING}/balance${query({ currency, before, session: index === 0 ? session : '' })}`, lang];
  };
}
// keepPreviousData: dropping a top-up's session (or switching currency) keeps the page drawn until the next answer.
// dedupingInterval 0: the balance changes behind the page's back (an invoice paid from it on
// another tab, a transfer staff confirmed), so each visit asks again rather than trusting the
// app's minute of deduping; the cached ledger is drawn meanwhile.
export const useBalance = (lang, opts) => useSWRInfinite(balancePageKey(lang, opts), fetcher, { revalidateFirstPage: true, keepPreviousData: true, dedupingInterval: 0 });

/**
 * balanceKey is the balance as the pay buttons read it (the first page of currency's ledger):
 * whether it covers an invoice decides which way of paying is offered first.
 */
export const balanceKey = (lang, currency) => [`${BILLING}/balance${query({ currency })}`, lang];
// A short dedupe: the balance changes on other pages (a top-up, a transfer confirmed), and a
// customer coming back to pay must see what it is now.
export const useBalanceOf = (lang, currency, { enabled = true } = {}) => useSWR(enabled ? balanceKey(lang, currency) : null, fetcher, { dedupingInterval: 2000 });

/** topUp starts a card payment that credits the balance: { checkoutUrl }. */
export const topUp = (amount, returnUrl, key, lang) => api.post(`${BILLING}/balance/top-ups`, { amount, returnUrl }, { lang, headers: once(key) });
/** declareTransfer tells the agency about a bank transfer, credited once staff confirm it. */
export const declareTransfer = (transfer, lang) => api.post(`${BILLING}/balance/transfers`, transfer, { lang });

