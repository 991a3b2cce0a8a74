// Live answers to a changing question (a price estimate): ask DEBOUNCE_MS after the last change,
// and show only the answer to the newest question. Free of React and of the API so the home
// calculator and the order wizard share it and it can be tested with fake timers.

export const DEBOUNCE_MS = 300;

/**
 * createEstimator calls request(body, signal) once the updates have paused for delay ms.
 * onChange hears { status: 'pending' } when a new body is waiting, then { status: 'done',
 * estimate } or { status: 'error', error } for the newest body only: an older request still on
 * its way is aborted, and if it answers anyway the answer is dropped. An update with the body
 * already asked for is ignored, unless that request failed. cancel() withdraws the question.
 */
export function createEstimator({ request, onChange, delay = DEBOUNCE_MS, timers = globalThis }) {
  let timer = null;
  let current = 0; // id of the newest body; answers for older ids are stale
  let controller = null;
  let lastKey = null;
  let disposed = false;

  function stop() {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    controller?.abort();
    controller = null;
  }

  function send(id, body) {
    timer = null;
    const c = (controller = new AbortController());
    const settle = (state) => {
      if (disposed || id !== current) return;
      controller = null;
      if (state.status === 'error') lastKey = null; // the same body may be asked again
      onChange(state);
    };
    Promise.resolve()
      .then(() => request(body, c.signal))
      .then(
        (estimate) => settle({ status: 'done', estimate }),
        (error) => settle({ status: 'error', error }),
      );
  }

  return {
    update(body) {
      if (disposed) return;
      const key = JSON.stringify(body);
      if (key === lastKey) return;
      lastKey = key;
      stop();
      const id = ++current;
      onChange({ status: 'pending' });
      timer = timers.setTimeout(() => send(id, body), delay);
    },
    // No question for now (the form lacks something): a request on its way is dropped, and the
    // next update is asked even if it repeats the last body.
    cancel() {
      stop();
      current++;
      lastKey = null;
    },
    dispose() {
      disposed = true;
      stop();
    },
  };
}
