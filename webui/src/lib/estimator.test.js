import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createEstimator, DEBOUNCE_MS } from './estimator.js';

// A request whose answers the test settles by hand, in any order.
function scriptedRequest() {
  const calls = [];
  const request = vi.fn((body, signal) => {
    let resolve, reject;
    const promise = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    calls.push({ body, signal, resolve, reject });
    return promise;
  });
  return { request, calls };
}

function setup() {
  const { request, calls } = scriptedRequest();
  const states = [];
  const estimator = createEstimator({ request, onChange: (s) => states.push(s) });
  return { estimator, request, calls, states, settled: () => states.filter((s) => s.status !== 'pending') };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test('asks about 300 ms after the last change, once, with the newest body', async () => {
  expect(DEBOUNCE_MS).toBe(300);
  const { estimator, request, calls, states } = setup();
  estimator.update({ quantity: 1 });
  await vi.advanceTimersByTimeAsync(200);
  estimator.update({ quantity: 12 });
  await vi.advanceTimersByTimeAsync(200);
  estimator.update({ quantity: 123 });
  await vi.advanceTimersByTimeAsync(299);
  expect(request).not.toHaveBeenCalled();
  expect(states.at(-1)).toEqual({ status: 'pending' });
  await vi.advanceTimersByTimeAsync(1);
  expect(request).toHaveBeenCalledTimes(1);
  expect(calls[0].body).toEqual({ quantity: 123 });
  calls[0].resolve({ total: 123 });
  await vi.advanceTimersByTimeAsync(0);
  expect(states.at(-1)).toEqual({ status: 'done', estimate: { total: 123 } });
});

test('an older answer arriving after a newer one is ignored, and its request aborted', async () => {
  const { estimator, calls, settled } = setup();
  estimator.update({ currency: 'USD' });
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  estimator.update({ currency: 'EUR' });
  expect(calls[0].signal.aborted).toBe(true);
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  expect(calls).toHaveLength(2);
  calls[1].resolve({ total: 'EUR' });
  await vi.advanceTimersByTimeAsync(0);
  calls[0].resolve({ total: 'USD' });
  await vi.advanceTimersByTimeAsync(0);
  expect(settled()).toEqual([{ status: 'done', estimate: { total: 'EUR' } }]);
});

test('an answer for a body changed while it was on its way is dropped, even before the new request starts', async () => {
  const { estimator, calls, states } = setup();
  estimator.update({ urgency: 'normal' });
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  estimator.update({ urgency: 'urgent' });
  calls[0].resolve({ total: 'normal' });
  await vi.advanceTimersByTimeAsync(0);
  expect(states).toEqual([{ status: 'pending' }, { status: 'pending' }]);
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  calls[1].resolve({ total: 'urgent' });
  await vi.advanceTimersByTimeAsync(0);
  expect(states.at(-1)).toEqual({ status: 'done', estimate: { total: 'urgent' } });
});

test('errors reach onChange only for the newest body', async () => {
  const { estimator, calls, settled } = setup();
  estimator.update({ target: 'tr' });
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  estimator.update({ target: 'en' });
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  const failure = new Error('same language');
  calls[0].reject(new Error('stale'));
  calls[1].reject(failure);
  await vi.advanceTimersByTimeAsync(0);
  expect(settled()).toEqual([{ status: 'error', error: failure }]);
});

test('the body already asked for is not asked again, unless its request failed', async () => {
  const { estimator, request, calls } = setup();
  estimator.update({ quantity: 5 });
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  calls[0].resolve({});
  estimator.update({ quantity: 5 });
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  expect(request).toHaveBeenCalledTimes(1);
  estimator.update({ quantity: 6 });
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  calls[1].reject(new TypeError('Failed to fetch'));
  await vi.advanceTimersByTimeAsync(0);
  estimator.update({ quantity: 6 });
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  expect(request).toHaveBeenCalledTimes(3);
});

test('after dispose nothing is asked or reported, and a request on its way is aborted', async () => {
  const { estimator, request, calls, states } = setup();
  estimator.update({ quantity: 1 });
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  estimator.update({ quantity: 2 });
  estimator.dispose();
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS * 2);
  expect(request).toHaveBeenCalledTimes(1);
  expect(calls[0].signal.aborted).toBe(true);
  calls[0].resolve({});
  estimator.update({ quantity: 3 });
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  expect(request).toHaveBeenCalledTimes(1);
  expect(states).toEqual([{ status: 'pending' }, { status: 'pending' }]);
});

test('cancel drops the question on its way and lets the same body be asked again', async () => {
  const { estimator, request, calls, states } = setup();
  estimator.update({ fileIds: ['f1'] });
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  estimator.cancel();
  expect(calls[0].signal.aborted).toBe(true);
  calls[0].resolve({ total: 1 });
  await vi.advanceTimersByTimeAsync(0);
  expect(states).toEqual([{ status: 'pending' }]);
  estimator.update({ fileIds: ['f1'] });
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  expect(request).toHaveBeenCalledTimes(2);
  // Cancelled before its time, a waiting body is never asked.
  estimator.update({ fileIds: ['f2'] });
  estimator.cancel();
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  expect(request).toHaveBeenCalledTimes(2);
});
