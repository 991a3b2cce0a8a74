// The states of quotes and orders (svc-orders API.md) and how the customer reads them.
import { DISPLAY_STATUSES, ORDER_STATUSES, displayStatusLabel, displayStatusOf, orderStatusLabel } from '../../lib/order-status.js';
import { defineTexts, plainKey, textsIn } from '../../lib/i18n.js';

// The order states and their words are one vocabulary per reader in lib/order-status.js; this
// file keeps the quotes' and reads orders through it as their customer does.
export { DISPLAY_STATUSES, ORDER_STATUSES, displayStatusOf };
export const QUOTE_STATUSES = ['pending', 'approved', 'rejected', 'expired', 'cancelled'];

const QUOTE_NS = 'quote-statuses';
defineTexts(QUOTE_NS, {
  tr: { pending: 'Onay bekliyor', approved: 'Onaylandı', rejected: 'Reddedildi', expired: 'Süresi doldu', cancelled: 'İptal edildi' },
  en: { pending: 'Awaiting approval', approved: 'Approved', rejected: 'Rejected', expired: 'Expired', cancelled: 'Cancelled' },
});

/**
 * statusLabel is the text of a status of kind quote, order (as the customer reads it: a status or
 * the order itself) or display in lang. A quote state this page does not know yet (a newer
 * server) is shown as sent rather than hidden; an order's reads as in progress.
 */
export function statusLabel(lang, kind, status) {
  if (kind === 'order') return status == null ? '' : orderStatusLabel(lang, 'customer', status);
  if (kind === 'display') return displayStatusLabel(lang, status);
  if (kind === 'quote') return textsIn(lang, QUOTE_NS)(plainKey(status), { defaultValue: String(status ?? '') });
  return String(status ?? '');
}

/**
 * quoteStatus is the quote's state as of now: a pending quote past its expiry date can no
 * longer be approved, even if the server has not marked it expired yet.
 */
export function quoteStatus(quote, now = Date.now()) {
  if (quote?.status !== 'pending') return quote?.status;
  const expires = Date.parse(quote.expiresAt);
  return Number.isFinite(expires) && expires <= now ? 'expired' : 'pending';
}

/** sortQuotes puts the quotes waiting for a decision first, otherwise keeping the server's order (newest first). */
export function sortQuotes(quotes, now = Date.now()) {
  return (quotes ?? [])
    .map((q, i) => ({ q, i, pending: quoteStatus(q, now) === 'pending' }))
    .sort((a, b) => Number(b.pending) - Number(a.pending) || a.i - b.i)
    .map(({ q }) => q);
}
