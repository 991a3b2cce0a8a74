// Money, rates and dates of the billing pages as people of the page's language write them.
import { formatDate, formatNumber, moneyText } from '../../lib/format.js';

/** money formats a Money ({ amount, currency, decimals? }) of the API, or '' when there is none. */
export const money = moneyText;

/** rate formats a rate in millionths (27500000 → "27,50" in Turkish, "27.50" in English). */
export function rate(lang, micros) {
  if (!Number.isFinite(micros)) return '';
  return formatNumber(lang, micros / 1e6, { minimumFractionDigits: 2, maximumFractionDigits: 6 });
}

/** day formats a date (with the time when withTime), or '' for a missing or broken value. */
export const day = (lang, value, { withTime = false } = {}) => formatDate(lang, value, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });

/** sortInvoices puts the invoices waiting for payment first, otherwise keeping the server's order (newest first). */
export function sortInvoices(invoices) {
  return (invoices ?? [])
    .map((inv, i) => ({ inv, i, pending: inv.status === 'pending' }))
    .sort((a, b) => Number(b.pending) - Number(a.pending) || a.i - b.i)
    .map(({ inv }) => inv);
}

/** totalsByCurrency adds up invoices' totals per currency: [{ amount, currency, decimals }]. */
export function totalsByCurrency(invoices) {
  const sums = new Map();
  for (const inv of invoices ?? []) {
    const s = sums.get(inv.currency) ?? { amount: 0, currency: inv.currency, decimals: inv.decimals };
    s.amount += inv.totals?.total ?? 0;
    sums.set(inv.currency, s);
  }
  return [...sums.values()];
}
