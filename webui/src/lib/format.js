// Money, numbers and dates as the page's language writes them: the one place the web UI turns
// a figure into text. Turkish pages use tr-TR, English pages en-GB (day before month, "4 December
// 2026"). Money is the number in that locale with the currency's sign placed by hand, the same as
// the services' formatted amounts (internal/money.Format), so en-GB writes "$36.72" and "¥1,235"
// where Intl's own currency style would write "US$36.72" and "JP¥1,235"; plain numbers are the
// same in en-GB and en-US, so the figures the site showed in en-US read as before.

import { intlOf } from './intl-cache.js';

/** localeOf is the BCP 47 locale the site formats lang's pages in: tr-TR or en-GB. */
export const localeOf = (lang) => (lang === 'en' ? 'en-GB' : 'tr-TR');

/** formatNumber writes n with the language's grouping and decimal mark (Intl options in opts), '' when n is not a number. */
export function formatNumber(lang, n, opts) {
  return Number.isFinite(n) ? intlOf(Intl.NumberFormat, localeOf(lang), opts).format(n) : '';
}

/** pluralForm is i18next's plural suffix for n in lang ("one" or "other"), for texts picked without i18next. */
export const pluralForm = (lang, n) => intlOf(Intl.PluralRules, localeOf(lang)).select(n);

/** formatFileSize is a file size in B, KB or MB (1 KB = 1024 bytes, as file managers show it), '' for none. */
export function formatFileSize(lang, bytes) {
  if (!Number.isFinite(bytes)) return '';
  const nf = (digits, n) => formatNumber(lang, n, { maximumFractionDigits: digits });
  if (bytes < 1024) return `${nf(0, bytes)} B`;
  if (bytes < 1024 * 1024) return `${nf(0, Math.ceil(bytes / 1024))} KB`;
  return `${nf(1, bytes / (1024 * 1024))} MB`;
}

/**
 * asDate reads what the API sends as a time: a Date, an ISO moment, or a calendar day
 * "YYYY-MM-DD" (UTC midnight, so the day never moves with the reader's time zone); null when
 * it is missing or broken.
 */
function asDate(value) {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const isDay = (value) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * formatDate writes a moment or a calendar day with the Intl options in opts (dateStyle medium
 * when none); a calendar day "YYYY-MM-DD" shown without a time is formatted in UTC, the day it
 * names. '' for a
 * missing or broken value.
 */
export function formatDate(lang, value, opts = { dateStyle: 'medium' }) {
  const d = asDate(value);
  if (!d) return '';
  const day = isDay(value) && !opts.timeZone && !opts.timeStyle && opts.hour === undefined;
  return intlOf(Intl.DateTimeFormat, localeOf(lang), day ? { ...opts, timeZone: 'UTC' } : opts).format(d);
}

/** formatMoment is a date with its time (timeStyle short), or '' for a missing or broken value. */
export const formatMoment = (lang, value) => formatDate(lang, value, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * formatIstanbulMoment is a date with its time as read in Turkey (Europe/Istanbul), where the
 * agency and its translators work: a deadline reads the same whatever the reader's clock says.
 */
export const formatIstanbulMoment = (lang, value) => formatDate(lang, value, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Istanbul' });

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
  const number = formatNumber(lang, Math.abs(minor) / 10 ** digits, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: 'always' });
  return withCurrency(lang, number, code, minor < 0);
}

/**
 * withCurrency places the currency's sign (or its code) beside a number already written in the
 * page's language, where formatMoney puts it: after it in Turkish ("0,0893 $", "12 B ₺"), before
 * it in English ("$0.10625", "₺12K"); negative puts the minus first. It is for figures that are
 * not plain amounts (rates of eight decimals, a chart's compact ticks), so they read like the
 * site's money.
 */
export function withCurrency(lang, number, code, negative = false) {
  const minus = negative ? '-' : '';
  const sign = SIGNS[code] ?? code;
  if (lang !== 'en') return `${minus}${number} ${sign}`;
  return sign === code ? `${minus}${code} ${number}` : `${minus}${sign}${number}`;
}

/**
 * formatPercent writes a percentage (in hundredths of a percent, as the API keeps them) with the
 * language's sign placement: "%5" and "%12,5" in Turkish, "5%" and "12.5%" in English; signed
 * adds "+" before a rise ("+%5", "+5%"), and a fall always has its "-".
 */
export function formatPercent(lang, hundredths, { signed = false } = {}) {
  const number = formatNumber(lang, Math.abs(hundredths) / 100, { maximumFractionDigits: 2 });
  const sign = hundredths < 0 ? '-' : signed ? '+' : '';
  return lang === 'en' ? `${sign}${number}%` : `${sign}%${number}`;
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
