/**
 * follow opens an EventSource on url and calls onEvent(type, data) with each event of the given
 * types, its data parsed as JSON. The browser reconnects by itself after a drop, resuming with
 * Last-Event-ID; but a reconnection refused (a 401 once the access token expired, a 503) closes
 * the EventSource for good, so then onDrop() runs (a call through the API client renews the
 * session) and a new one is opened after reopenMs. Returns the function that closes the stream.
 */
export function follow(url, types, onEvent, Source = globalThis.EventSource, { onDrop, reopenMs = 5000, setTimer = setTimeout, clearTimer = clearTimeout } = {}) {
  if (!Source) return () => {};
  let source = null;
  let timer = null;
  let stopped = false;
  const open = () => {
    source = new Source(url, { withCredentials: true });
    for (const type of types) {
      source.addEventListener(type, (e) => {
        try {
          onEvent(type, JSON.parse(e.data));
        } catch {
          // An event that cannot be read is skipped; the next answer brings the state anyway.
        }
      });
    }
    source.addEventListener('error', () => {
      if (stopped || source.readyState !== Source.CLOSED) return; // the browser retries by itself
      source.close();
      onDrop?.();
      timer = setTimer(() => {
        timer = null;
        if (!stopped) open();
      }, reopenMs);
    });
  };
  open();
  return () => {
    stopped = true;
    if (timer !== null) clearTimer(timer);
    source.close();
  };
}
