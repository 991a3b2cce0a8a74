/** formatPostDate shows a post's date as "3 Kasım 2026" / "3 November 2026", in UTC so the
 * prerendered page and the browser agree. */
export function formatPostDate(iso, lang) {
  return new Date(iso).toLocaleDateString(lang === 'en' ? 'en-GB' : 'tr-TR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
