// What the pages do around the payment provider's checkout (svc-billing API.md, DESIGN §9):
// one Idempotency-Key per click, the address the provider sends the customer back to, and
// reading and cleaning that return. Kept free of React so it can be tested.

// After a paid checkout the invoice is polled until it is paid: the provider's webhook or the
// return page's own question settles it within seconds, and after this long the page stops
// asking and says so.
export const RETURN_POLL_MS = 1500;
export const RETURN_WATCH_MS = 30_000;

/**
 * readReturn reads the provider's return from a query string: { checkout: 'done', session } after
 * paying, { checkout: 'cancelled' } after cancelling, else null.
 */
export function readReturn(search) {
  const q = new URLSearchParams(search);
  const checkout = q.get('checkout');
  if (checkout === 'done' && q.get('session')) return { checkout, session: q.get('session') };
  if (checkout === 'cancelled') return { checkout };
  return null;
}

/** withoutReturn is the query string without the provider's parameters, so a reload starts afresh. */
export function withoutReturn(search) {
  const q = new URLSearchParams(search);
  q.delete('checkout');
  q.delete('session');
  return q.size ? `?${q}` : '';
}

/** returnUrl is the absolute address of a page of this site, where the provider sends the customer back. */
export const returnUrl = (pathname, origin = globalThis.location?.origin ?? '') => `${origin}${pathname}`;

/**
 * returnRefresh is SWR's refreshInterval while the page waits for a paid checkout that began at
 * startedAt: poll while the invoice is pending and the watch lasts, then stop.
 */
export function returnRefresh(startedAt, now = Date.now) {
  // No answer yet counts as pending: the first one is still on its way.
  return (invoice) => ((!invoice || invoice.status === 'pending') && now() - startedAt < RETURN_WATCH_MS ? RETURN_POLL_MS : 0);
}

/** watchOver: the return page has its answer (paid, or anything but pending) or waited long enough. */
export const watchOver = (invoice, startedAt, now = Date.now()) => !!invoice && (invoice.status !== 'pending' || now - startedAt >= RETURN_WATCH_MS);

// parseAmount reads a typed amount into minor units (src/lib/format.js).
export { parseAmount } from '../../lib/format.js';
// createPayment is the shared once-per-click request (src/lib/request-once.js).
export { createRequestOnce as createPayment } from '../../lib/request-once.js';

/** missingOf is the amount a 409 insufficient_balance says the balance lacks (Money), or null. */
export function missingOf(error) {
  if (error?.status !== 409 || error?.code !== 'insufficient_balance') return null;
  return error.body?.error?.details?.missing ?? null;
}

/**
 * shortfallOf is how much the balance lacks to pay invoice (Money in the invoice's currency), or
 * null when it covers it or is not known yet. balances is the balance answer's list (one Money a
 * currency; a currency never held counts as zero).
 */
export function shortfallOf(invoice, balances) {
  if (!invoice || !Array.isArray(balances)) return null;
  const total = invoice.totals?.total;
  if (!Number.isFinite(total)) return null;
  const held = balances.find((b) => b.currency === invoice.currency)?.amount ?? 0;
  return held >= total ? null : { amount: total - held, currency: invoice.currency, decimals: invoice.decimals };
}
