import { localeOf } from './format.js';
import { intlOf } from './intl-cache.js';

// Delivery dates as svc-orders gives them and the page's language writes them. An expected
// delivery date is a calendar day ("2026-12-04", a day in Istanbul, where the agency counts its
// business days): it is shown as that day wherever the reader is, never moved by their time zone.
// A deadline is a moment, shown on Istanbul's clock, the clock it was set on.

export const AGENCY_TIME_ZONE = 'Europe/Istanbul';

/** parseCalendarDate is "YYYY-MM-DD" as a Date at that day's UTC midnight, or null for anything else (31 February included). */
export function parseCalendarDate(value) {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date : null;
}

/**
 * formatCalendarDate is a calendar day with its weekday: "Fri, 4 December 2026", "4 Aralık 2026
 * Cuma"; '' for a missing or broken value.
 */
export function formatCalendarDate(lang, value) {
  const date = parseCalendarDate(value);
  if (!date) return '';
  const weekday = lang === 'en' ? 'short' : 'long';
  return intlOf(Intl.DateTimeFormat, localeOf(lang), { weekday, day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/**
 * formatAgencyTime is a moment on Istanbul's clock with its weekday: "Fri, 4 December 2026 at
 * 18:00", "4 Aralık 2026 Cuma 18:00"; '' for a missing or broken value.
 */
export function formatAgencyTime(lang, value) {
  const d = value ? new Date(value) : null;
  if (!d || Number.isNaN(d.getTime())) return '';
  const weekday = lang === 'en' ? 'short' : 'long';
  return intlOf(Intl.DateTimeFormat, localeOf(lang), {
    weekday,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: AGENCY_TIME_ZONE,
  }).format(d);
}
