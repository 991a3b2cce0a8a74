// Moments as the page's language writes them (a ticket's last activity, a payout's request).
const locale = (lang) => (lang === 'en' ? 'en-GB' : 'tr-TR');

/** formatMoment is a date with its time (timeStyle short), or '' for a missing or broken value. */
export function formatMoment(lang, value) {
  const d = value ? new Date(value) : null;
  if (!d || Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}
