// Numbers, sizes and dates as people of the page's language write them.
import { formatDate as formatDay, formatFileSize, formatNumber } from '../../lib/format.js';

export { formatNumber };

/** formatSize is a file size in KB or MB (1 KB = 1024 bytes, as file managers show it). */
export const formatSize = formatFileSize;

/** formatDate is a date (with the time when withTime), or '' for a missing or broken value. */
export const formatDate = (lang, value, { withTime = false } = {}) => formatDay(lang, value, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
