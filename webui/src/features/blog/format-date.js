import { formatDate } from '../../lib/format.js';

/** formatPostDate shows a post's date as "3 Kasım 2026" / "3 November 2026", in UTC so the
 * prerendered page and the browser agree. */
export function formatPostDate(iso, lang) {
  return formatDate(lang, iso, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
