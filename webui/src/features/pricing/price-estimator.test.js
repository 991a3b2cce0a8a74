import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createPriceEstimator } from './price-estimator.js';
import { DEBOUNCE_MS } from '../../lib/estimator.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const values = { service: 'professional-translation', source: 'tr', target: 'en', quantity: '1.000', urgency: 'normal' };

test('estimates are posted with the page language and the display currency', async () => {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ total: { formatted: '72,25 €' } }), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  const states = [];
  const estimator = createPriceEstimator({ lang: 'en', onChange: (s) => states.push(s) });
  estimator.update(values, 'EUR');
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  const [url, init] = fetch.mock.calls[0];
  expect(url).toBe('/api/v1/orders/estimate');
  expect(init.method).toBe('POST');
  expect(init.headers).toMatchObject({ 'Accept-Language': 'en', 'Content-Type': 'application/json' });
  expect(JSON.parse(init.body)).toEqual({
    service: 'professional-translation',
    sourceLanguage: 'tr',
    targetLanguages: ['en'],
    quantity: 1000,
    urgency: 'normal',
    addOns: [],
    currency: 'EUR',
  });
  expect(init.signal).toBeInstanceOf(AbortSignal);
  expect(states.at(-1)).toEqual({ status: 'done', estimate: { total: { formatted: '72,25 €' } } });
});

test("a rejected estimate reports the server's field messages by field", async () => {
  const body = { error: { code: 'validation_failed', message: 'Lütfen işaretli alanları düzeltin.', fields: { targetLanguages: 'Hedef dil, kaynak dille aynı olamaz.' } } };
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status: 400 })));
  const states = [];
  createPriceEstimator({ lang: 'tr', onChange: (s) => states.push(s) }).update({ ...values, target: 'tr' }, 'USD');
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  expect(states.at(-1)).toEqual({ status: 'error', fields: { target: 'Hedef dil, kaynak dille aynı olamaz.' }, message: 'Lütfen işaretli alanları düzeltin.' });
});
