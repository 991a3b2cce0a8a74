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
