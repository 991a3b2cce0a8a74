// Numbers, sizes and dates as people of the page's language write them.
const locale = (lang) => (lang === 'en' ? 'en-GB' : 'tr-TR');

export function formatNumber(lang, n) {
  return Number.isFinite(n) ? new Intl.NumberFormat(locale(lang)).format(n) : '';
}

/** formatSize is a file size in KB or MB (1 KB = 1024 bytes, as file managers show it). */
export function formatSize(lang, bytes) {
  if (!Number.isFinite(bytes)) return '';
  const nf = (digits) => new Intl.NumberFormat(locale(lang), { maximumFractionDigits: digits });
  if (bytes < 1024) return `${nf(0).format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${nf(0).format(Math.ceil(bytes / 1024))} KB`;
  return `${nf(1).format(bytes / (1024 * 1024))} MB`;
}

/** formatDate is a date (with the time when withTime), or '' for a missing or broken value. */
export function formatDate(lang, value, { withTime = false } = {}) {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(locale(lang), withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(d);
}
