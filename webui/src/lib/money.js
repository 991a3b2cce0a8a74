// Money as the site shows it: integer minor units of a currency, formatted for the page's
// language. The currency feature (the header's display currency) and the billing feature
// (invoices, balances) both format with this.

/** decimals: 0 for JPY, 2 for every other currency (spec §9). */
export function decimals(code) {
  return code === 'JPY' ? 0 : 2;
}

// The currencies the site writes with a sign (the header's picker); any other is written with
// its code.
const SIGNS = { TRY: '₺', USD: '$', EUR: '€', GBP: '£', JPY: '¥', CNY: '¥', RUB: '₽' };

/**
 * formatMoney shows an amount in minor units as the whole site writes it, the same as the
 * services' formatted amounts and their mails (internal/money.Format): "1.234,56 ₺" and
 * "36,72 $" in Turkish, "₺1,234.56" and "$36.72" in English, a currency without a sign here with
 * its code ("12,50 CHF", "CHF 12.50"). digits is the currency's number of decimals when the
 * server says it (a Money's `decimals`).
 */
export function formatMoney(minor, code, lang, digits = decimals(code)) {
  const number = new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'tr-TR', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: 'always',
  }).format(Math.abs(minor) / 10 ** digits);
  const minus = minor < 0 ? '-' : '';
  const sign = SIGNS[code] ?? code;
  if (lang !== 'en') return `${minus}${number} ${sign}`;
  return sign === code ? `${minus}${code} ${number}` : `${minus}${sign}${number}`;
}

/**
 * parseAmount reads an amount typed in a currency ("500", "1.250,50", "1250.5") into minor
 * units, or null when it is not one: a comma or a dot before the last one or two digits is the
 * decimal point, any other dot, comma or space groups thousands.
 */
export function parseAmount(text, currency) {
  const digits = decimals(currency);
  const s = String(text ?? '').trim().replace(/\s/g, '');
  const m = s.match(/^(\d{1,3}(?:[.,]?\d{3})*|\d+)(?:[.,](\d{1,2}))?$/);
  if (!m || (m[2] && digits === 0)) return null;
  // One grouping mark throughout, and not the decimal point's: "1.234,5" but not "1,234,5" or "1.234,567".
  const groups = new Set(m[1].match(/[.,]/g) ?? []);
  if (groups.size > 1 || (m[2] && groups.has(s[m[1].length]))) return null;
  const whole = Number(m[1].replace(/[.,]/g, ''));
  const frac = Number((m[2] ?? '').padEnd(digits, '0') || 0);
  const minor = whole * 10 ** digits + frac;
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null;
}

/** moneyText formats a Money of the API ({ amount, currency, decimals? }), or '' when there is none. */
export function moneyText(lang, m) {
  if (!m?.currency || !Number.isFinite(m.amount)) return '';
  return formatMoney(m.amount, m.currency, lang, Number.isInteger(m.decimals) ? m.decimals : undefined);
}
