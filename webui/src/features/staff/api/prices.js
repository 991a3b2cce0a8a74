import useSWR, { mutate as mutateGlobal } from 'swr';
import { api, fetcher } from '../../../lib/api-client.js';
import { pricesUrl } from '../../../lib/api/get-prices.js';
import { formatNumber, parseAmount } from '../../../lib/format.js';
import { FRESH } from './staff.js';

// svc-orders' price list (svc-orders/pricing/pricing.go, API.md "Price list"). Staff read it at
// the public address, where their answer also carries the translators' rates and is never
// cached, and save the whole list at admin/prices. Units: base rates, per-unit add-ons and
// translators' rates in USD centi-cents (850 = $0.085), minimums and per-target add-ons in USD
// cents, multipliers in basis points (10,000 = ×1); pairRates, the language pairs' own rates, in
// centi-cents per unit (API.md).
export const ADMIN_PRICES = '/api/v1/orders/admin/prices';
export const pricesKey = (lang) => [pricesUrl, lang];
export const useStaffPrices = (lang) => useSWR(pricesKey(lang), fetcher, { ...FRESH, revalidateOnFocus: false });

/** savePrices replaces the price list; the pages' public copy (usePrices) is asked for again. */
export async function savePrices(list, lang) {
  const saved = await api.put(ADMIN_PRICES, list, { lang });
  mutateGlobal(pricesUrl);
  return saved;
}

export const UNITS = ['word', 'page', 'minute'];
export const URGENCIES = ['normal', 'urgent'];
// Digits after the point each kind of figure is shown and typed with.
export const CENTI_CENTS = 4; // dollars with four decimals: 0.085
export const CENTS = 2; // dollars with two decimals: 25.00
export const BASIS_POINTS = 4; // a multiplier: 1.25

/** decimalText shows an integer of minor units with digits decimals (at least two) in the page's language; '' for none. */
export function decimalText(value, digits, lang) {
  if (value === undefined || value === null || value === '') return '';
  return formatNumber(lang, Number(value) / 10 ** digits, { minimumFractionDigits: Math.min(2, digits), maximumFractionDigits: digits, useGrouping: false });
}

/**
 * parseDecimal reads a typed figure ("0,085", "25", "1.250,50") into integer minor units of
 * digits decimals, 0 included; null when it is not one. Cents go through money.js's parseAmount.
 */
export function parseDecimal(text, digits) {
  const s = String(text ?? '').trim().replace(/\s/g, '');
  if (/^0+(?:[.,]0*)?$/.test(s)) return 0;
  if (digits === CENTS) return parseAmount(s, 'USD');
  const m = s.match(/^(\d+)(?:[.,](\d+))?$/);
  if (!m || (m[2] ?? '').length > digits) return null;
  const minor = Number(m[1]) * 10 ** digits + Number((m[2] ?? '').padEnd(digits, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}
