// Money as the site shows it: integer minor units of a currency, formatted for the page's
// language. The currency feature (the header's display currency) and the billing feature
// (invoices, balances) both format with this.

/** decimals: 0 for JPY, 2 for every other currency (spec §9). */
export function decimals(code) {
  return code === 'JPY' ? 0 : 2;
}

/**
 * formatMoney shows an amount in minor units, e.g. 123456 TRY → "₺1.234,56" in Turkish. digits
 * is the currency's number of decimals when the server says it (a Money's `decimals`).
 */
export function formatMoney(minor, code, lang, digits = decimals(code)) {
  return new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'tr-TR', {
    style: 'currency',
    currency: code,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits);
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
