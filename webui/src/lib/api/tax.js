import useSWR from 'swr';
import { api, fetcher } from '../api-client.js';

// svc-billing's tax preview (API.md, "Tax"): net, KDV (or the export exemption for a customer
// billed abroad) and the total to be paid for an amount, worked out as the invoice will be. A
// signed-in customer's saved billing details decide Turkey or abroad; `country` previews details
// not saved yet. The calculator, the order wizard, the quote and the order show it.
export const TAX_URL = '/api/v1/billing/tax';

/**
 * taxUrl is the preview's address for a Money in the display currency and its USD figure
 * (Money too, or cents), with the billing country being typed when there is one; null when
 * there is no amount to ask about.
 */
export function taxUrl({ total, totalUsd, country } = {}) {
  if (!total?.currency || !Number.isFinite(total.amount)) return null;
  const q = new URLSearchParams({ amount: String(total.amount), currency: total.currency });
  const usd = typeof totalUsd === 'number' ? totalUsd : totalUsd?.amount;
  if (Number.isFinite(usd)) q.set('amountUsd', String(usd));
  if (country) q.set('country', String(country).toUpperCase());
  return `${TAX_URL}?${q}`;
}

/** taxKey is the SWR key of a preview: the answer's texts and amounts are in the request's language. */
export const taxKey = (what, lang) => {
  const url = taxUrl(what);
  return url ? [url, lang] : null;
};

/** getTax asks for one preview (see taxUrl). */
export const getTax = (what, { lang, signal } = {}) => api.get(taxUrl(what), { lang, signal });

/**
 * useTax is the preview of { total, totalUsd, country } in lang: { data, error, isLoading }.
 * Previews of other countries and amounts keep the last answer drawn until theirs arrives.
 */
export const useTax = (what, lang) => useSWR(taxKey(what, lang), fetcher, { keepPreviousData: true });
