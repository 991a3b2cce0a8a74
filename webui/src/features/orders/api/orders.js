import useSWR from 'swr';
import { API_BASE, api, fetcher } from '../../../lib/api-client.js';

// svc-orders' calls for the wizard and the customer panel (API.md). Answers carry money
// formatted for the request's language, so the language is part of every cache key.
const ORDERS = '/api/v1/orders';
const id = (v) => encodeURIComponent(v);

// The price list and the estimate are shared with the home calculator: src/lib/api/.
export const createQuote = (body, lang) => api.post(`${ORDERS}/quotes`, body, { lang });
/**
 * approveQuote approves the price version the customer saw (409 price_changed when staff revised
 * it since) with their acceptance of the contract read ({ digest, consents }: 422
 * contract_not_accepted for a box left unticked, 409 contract_changed when the text is no longer
 * the one that applies); it answers { quote, order }, and approving again the same order.
 */
export const approveQuote = (quoteId, lang, version, contract) =>
  api.post(`${ORDERS}/quotes/${id(quoteId)}/approve`, { ...(version ? { version } : {}), ...(contract ? { contract } : {}) }, { lang });
export const rejectQuote = (quoteId, reason, lang) => api.post(`${ORDERS}/quotes/${id(quoteId)}/reject`, reason ? { reason } : {}, { lang });
export const completeOrder = (orderId, lang) => api.post(`${ORDERS}/orders/${id(orderId)}/complete`, undefined, { lang });
export const requestRevision = (orderId, reason, lang) => api.post(`${ORDERS}/orders/${id(orderId)}/revision`, { reason }, { lang });

export const quotesKey = (lang) => [`${ORDERS}/quotes`, lang];
export const ordersKey = (lang) => [`${ORDERS}/orders`, lang];
export const contractKey = (quoteId, lang) => (quoteId ? [`${ORDERS}/quotes/${id(quoteId)}/contract`, lang] : null);
export const quoteKey = (quoteId, lang) => (quoteId ? [`${ORDERS}/quotes/${id(quoteId)}`, lang] : null);
export const orderKey = (orderId, lang) => (orderId ? [`${ORDERS}/orders/${id(orderId)}`, lang] : null);

export const useQuotes = (lang) => useSWR(quotesKey(lang), (k) => fetcher(k).then((d) => d?.quotes ?? []));
export const useOrders = (lang) => useSWR(ordersKey(lang), (k) => fetcher(k).then((d) => d?.orders ?? []));
export const useFiles = (lang) => useSWR([`${ORDERS}/files`, lang], (k) => fetcher(k).then((d) => d?.files ?? []));
export const useQuote = (quoteId, lang) => useSWR(quoteKey(quoteId, lang), fetcher);
export const useOrder = (orderId, lang) => useSWR(orderKey(orderId, lang), fetcher);
/** useContract is the contract the customer accepts by approving the quote now; read afresh each time it is shown. */
export const useContract = (quoteId, lang) => useSWR(contractKey(quoteId, lang), fetcher, { revalidateOnMount: true, revalidateOnFocus: false });

/** contractPdfUrl downloads the contract kept with an order, in the language it was accepted in. */
export const contractPdfUrl = (orderId) => `${API_BASE}${ORDERS}/orders/${id(orderId)}/contract.pdf`;

/** quotePdfUrl downloads a quote as a PDF in pdfLang (tr or en), whatever the page's language. */
export const quotePdfUrl = (quoteId, pdfLang) => `${API_BASE}${ORDERS}/quotes/${id(quoteId)}.pdf?lang=${pdfLang}`;

/**
 * fileUrl downloads a file (Content-Disposition: attachment). A visitor proves the file is
 * theirs with the upload token; a signed-in customer's cookie does that.
 */
export function fileUrl(fileId, uploadToken = '') {
  const url = `${API_BASE}${ORDERS}/files/${id(fileId)}`;
  return uploadToken ? `${url}?uploadToken=${encodeURIComponent(uploadToken)}` : url;
}
