// Late widgets wait for the browser to be idle, at most 3 seconds; without idle callbacks they
// start after 1.2 seconds (spec §9).

export const IDLE_TIMEOUT_MS = 3000;
export const NO_IDLE_DELAY_MS = 1200;

/** whenIdle calls fn once the page is idle; the returned function cancels it. */
export function whenIdle(fn, win = globalThis) {
  if (typeof win.requestIdleCallback === 'function') {
    const id = win.requestIdleCallback(() => fn(), { timeout: IDLE_TIMEOUT_MS });
    return () => win.cancelIdleCallback(id);
  }
  const id = win.setTimeout(fn, NO_IDLE_DELAY_MS);
  return () => win.clearTimeout(id);
}
