// Display currency rules of spec §3, §4, §8 and §9, kept free of React so they can be tested
// and used while prerendering.

export const CURRENCY_COOKIE = 'userCurrency';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

// The picker's currencies in order with their symbols; the first is the picker's default (spec §3).
export const PICKER_SYMBOLS = { TRY: '₺', USD: '$', EUR: '€', GBP: '£', JPY: '¥', CNY: '¥', RUB: '₽' };
export const PICKER_CODES = Object.keys(PICKER_SYMBOLS);

/** currencyLabel is what the picker shows for a currency: "₺ TRY", or the code alone. */
export function currencyLabel(code) {
  return PICKER_SYMBOLS[code] ? `${PICKER_SYMBOLS[code]} ${code}` : code;
}
export const FALLBACK_CURRENCY = 'USD';

// Formatting money is shared with the billing feature, so it lives in src/lib.
export { decimals, formatMoney } from '../../lib/format.js';

/** readCookie finds a cookie's value in a document.cookie string. */
export function readCookie(cookieString, name) {
  for (const part of (cookieString ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** currencyCookie is the Set-Cookie string that stores a chosen currency for 365 days (spec §9). */
export function currencyCookie(code) {
  if (!PICKER_CODES.includes(code)) throw new Error(`not a picker currency: ${code}`);
  return `${CURRENCY_COOKIE}=${code}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; Secure; SameSite=Strict`;
}

/**
 * resolveDisplayCurrency: a stored choice wins; otherwise the visitor's country decides through
 * svc-geo; any failure is logged and USD is used (spec §4, §7, §8).
 */
export async function resolveDisplayCurrency({ cookieString, fetchGeoCurrency, log = console }) {
  const stored = readCookie(cookieString, CURRENCY_COOKIE);
  if (PICKER_CODES.includes(stored)) return stored;
  try {
    const { currency } = await fetchGeoCurrency();
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) throw new Error('malformed geo answer');
    return currency;
  } catch (err) {
    log.error('Currency initialisation failed; using USD.', err);
    return FALLBACK_CURRENCY;
  }
}
