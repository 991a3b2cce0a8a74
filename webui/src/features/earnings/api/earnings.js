import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { api, fetcher } from '../../../lib/api-client.js';

// svc-billing's calls for the translator's earnings (svc-billing API.md "Translator earnings"):
// the balance with its ledger, the payouts, requesting one. Answers carry texts in the request's
// language (refusals), so the language is part of every cache key.
const EARNINGS = '/api/v1/billing/earnings';

/** earningsKey is the first page of the earnings: the balance, the threshold and the newest 20 entries. */
export const earningsKey = (lang) => [EARNINGS, lang];

/**
 * earningsPageKey is the SWR Infinite key of the ledger's pages (newest first, 20 a page): each
 * page after the first starts before the previous page's last entry, and there is no page after
 * one that says it has no more.
 */
export const earningsPageKey = (lang) => (index, previous) => {
  if (previous && (!previous.more || !previous.entries?.length)) return null;
  return previous ? [`${EARNINGS}?before=${encodeURIComponent(previous.entries.at(-1).id)}`, lang] : earningsKey(lang);
};
// dedupingInterval 0: earnings change behind the page's back (a completed order, staff paying a payout).
export const useEarningsPages = (lang) => useSWRInfinite(earningsPageKey(lang), fetcher, { revalidateFirstPage: true, dedupingInterval: 0 });
/** useEarnings is the first page alone (the overview's balance). */
export const useEarnings = (lang) => useSWR(earningsKey(lang), fetcher, { dedupingInterval: 0 });

export const payoutsKey = (lang) => [`${EARNINGS}/payouts`, lang];
export const usePayouts = (lang) => useSWR(payoutsKey(lang), (k) => fetcher(k).then((d) => d?.payouts ?? []), { dedupingInterval: 0 });

/**
 * requestPayout asks for a payout to one of the translator's bank accounts: body { bankAccountId,
 * amount? } (without amount the whole balance), key the click's Idempotency-Key; 201 Payout.
 */
export const requestPayout = (body, key, lang) => api.post(`${EARNINGS}/payouts`, body, { lang, headers: { 'Idempotency-Key': key } });
