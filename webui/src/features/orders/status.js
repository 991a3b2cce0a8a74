// The states of quotes and orders (svc-orders API.md) and how the customer reads them.

export const QUOTE_STATUSES = ['pending', 'approved', 'rejected', 'expired', 'cancelled'];
export const ORDER_STATUSES = ['awaiting_payment', 'in_progress', 'assigned', 'delivered', 'revision_requested', 'completed'];
// Spec §4: the customer sees an order in progress, or completed once the work can be downloaded.
export const DISPLAY_STATUSES = ['in_progress', 'completed'];

export const statusTexts = {
  tr: {
    quote: { pending: 'Onay bekliyor', approved: 'Onaylandı', rejected: 'Reddedildi', expired: 'Süresi doldu', cancelled: 'İptal edildi' },
    order: {
      awaiting_payment: 'Ödeme bekleniyor',
      in_progress: 'Devam ediyor',
      assigned: 'Çevirmene atandı',
      delivered: 'Teslim edildi',
      revision_requested: 'Düzeltme istendi',
      completed: 'Tamamlandı',
    },
    display: { in_progress: 'Devam ediyor', completed: 'Tamamlandı' },
  },
  en: {
    quote: { pending: 'Awaiting approval', approved: 'Approved', rejected: 'Rejected', expired: 'Expired', cancelled: 'Cancelled' },
    order: {
      awaiting_payment: 'Awaiting payment',
      in_progress: 'In progress',
      assigned: 'Assigned to a translator',
      delivered: 'Delivered',
      revision_requested: 'Revision requested',
      completed: 'Completed',
    },
    display: { in_progress: 'In progress', completed: 'Completed' },
  },
};

/**
 * statusLabel is the text of a status of kind quote, order or display in lang. A status this
 * page does not know yet (a newer server) is shown as sent rather than hidden.
 */
export function statusLabel(lang, kind, status) {
  return statusTexts[lang === 'en' ? 'en' : 'tr'][kind]?.[status] ?? String(status ?? '');
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

/** displayStatusOf is what spec §4 shows for an order: the server's displayStatus, else derived from its state. */
export function displayStatusOf(order) {
  if (DISPLAY_STATUSES.includes(order?.displayStatus)) return order.displayStatus;
  return order?.status === 'delivered' || order?.status === 'completed' ? 'completed' : 'in_progress';
}
