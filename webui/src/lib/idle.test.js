import { expect, test, vi } from 'vitest';
import { whenIdle } from './idle.js';

test('late widgets wait for idle, at most 3 s', () => {
  const calls = [];
  const win = { requestIdleCallback: (f, opts) => (calls.push(opts), f(), 7), cancelIdleCallback: vi.fn() };
  const fn = vi.fn();
  const cancel = whenIdle(fn, win);
  expect(fn).toHaveBeenCalledOnce();
  expect(calls[0]).toEqual({ timeout: 3000 });
  cancel();
  expect(win.cancelIdleCallback).toHaveBeenCalledWith(7);
});

test('without idle callbacks they start after 1.2 s', () => {
  vi.useFakeTimers();
  try {
    const fn = vi.fn();
    whenIdle(fn, { setTimeout, clearTimeout });
    vi.advanceTimersByTime(1199);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledOnce();
    const later = vi.fn();
    const cancel = whenIdle(later, { setTimeout, clearTimeout });
    cancel();
    vi.advanceTimersByTime(5000);
    expect(later).not.toHaveBeenCalled();
  } finally {
    vi.useRealTimers();
  }
});
