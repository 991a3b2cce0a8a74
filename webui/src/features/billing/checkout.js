// What the pages do around the payment provider's checkout (svc-billing API.md, DESIGN §9):
// one Idempotency-Key per click, the address the provider sends the customer back to, and
// reading and cleaning that return. Kept free of React so it can be tested.
import { decimals } from '../../lib/money.js';

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

/**
 * parseAmount reads an amount typed in a currency ("500", "1.250,50", "1250.5") into minor
 * units, or null when it is not one: a comma or a dot before the last one or two digits is the
 * decimal point, any other dot, comma or space groups thousands.
 */
export function parseAmount(text, currency) {
  const digits = decimals(currency);
  const s = String(text ?? '').trim().replace(/\s/g, '');
  const m = s.match(/^(\d{1,3}(?:[.,]?\d{3})*|\d+)(?:[.,](\d{1,2}))?$/);
  if (!m || (m[2] && digits === 0)) return null;
  // One grouping mark throughout, and not the decimal point's: "1.234,5" but not "1,234,5" or "1.234,567".
  const groups = new Set(m[1].match(/[.,]/g) ?? []);
  if (groups.size > 1 || (m[2] && groups.has(s[m[1].length]))) return null;
  const whole = Number(m[1].replace(/[.,]/g, ''));
  const frac = Number((m[2] ?? '').padEnd(digits, '0') || 0);
  const minor = whole * 10 ** digits + frac;
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null;
}

/**
 * createPayment runs a payment request once per click intent: while one is under way, another
 * click gets the same request (no second call, no second key), and the page disables the
 * button from the snapshot. send(key) makes the call; a checkoutUrl in its answer sends the
 * browser to the provider (redirect), which leaves the page busy until it is gone. The state is
 * { busy, error, result }; subscribe/getSnapshot suit React's useSyncExternalStore.
 */
export function createPayment({ redirect = (url) => window.location.assign(url), newKey = () => crypto.randomUUID() } = {}) {
  let state = { busy: '', error: null, result: null };
  let flight = null;
  const listeners = new Set();
  const set = (next) => {
    state = { ...state, ...next };
    for (const l of listeners) l();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    /** run starts what (a label: 'balance', 'card', 'topup') with send(key), or joins the one under way. */
    run(what, send) {
      if (flight) return flight;
      const key = newKey();
      set({ busy: what, error: null, result: null });
      flight = Promise.resolve()
        .then(() => send(key))
        .then(
          (result) => {
            if (result?.checkoutUrl) {
              redirect(result.checkoutUrl);
              return result; // busy until the browser leaves
            }
            flight = null;
            set({ busy: '', result });
            return result;
          },
          (error) => {
            flight = null;
            set({ busy: '', error });
            return null;
          },
        );
      return flight;
    },
    /** reset forgets a finished payment's state (the page came back from the browser's cache). */
    reset() {
      flight = null;
      set({ busy: '', error: null, result: null });
    },
  };
}

/** missingOf is the amount a 409 insufficient_balance says the balance lacks (Money), or null. */
export function missingOf(error) {
  if (error?.status !== 409 || error?.code !== 'insufficient_balance') return null;
  return error.body?.error?.details?.missing ?? null;
}
