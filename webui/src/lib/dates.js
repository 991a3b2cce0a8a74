// Moments as the page's language writes them (a ticket's last activity, a payout's request).
const locale = (lang) => (lang === 'en' ? 'en-GB' : 'tr-TR');

/** formatMoment is a date with its time (timeStyle short), or '' for a missing or broken value. */
export function formatMoment(lang, value) {
  const d = value ? new Date(value) : null;
  if (!d || Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/**
 * formatIstanbulMoment is a date with its time as read in Turkey (Europe/Istanbul), where the
 * agency and its translators work: a deadline reads the same whatever the reader's clock says.
 */
export function formatIstanbulMoment(lang, value) {
  const d = value ? new Date(value) : null;
  if (!d || Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Istanbul' }).format(d);
}
