// A request that must happen once per intent of the user (a payment, a payout): each intent has
// its own Idempotency-Key, and a second click while the first request is under way joins it, so
// a double click sends one request with one key. Kept free of React so it can be tested.

/**
 * createRequestOnce runs a request once per click intent: while one is under way, another click
 * gets the same request (no second call, no second key), and the page disables its button from
 * the snapshot. send(key) makes the call; a checkoutUrl in its answer sends the browser to the
 * payment provider (redirect), which leaves the page busy until it is gone. The state is
 * { busy, error, result }; subscribe/getSnapshot suit React's useSyncExternalStore.
 */
export function createRequestOnce({ redirect = (url) => window.location.assign(url), newKey = () => crypto.randomUUID() } = {}) {
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
    /** run starts what (a label: 'balance', 'card', 'payout') with send(key), or joins the one under way. */
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
    /** reset forgets a finished request's state (the page came back from the browser's cache). */
    reset() {
      flight = null;
      set({ busy: '', error: null, result: null });
    },
  };
}
