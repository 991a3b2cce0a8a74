import { afterEach, expect, test, vi } from 'vitest';
import { payInvoice, pollOptions } from './api/billing.js';
import { RETURN_POLL_MS, RETURN_WATCH_MS, createPayment, missingOf, parseAmount, readReturn, returnRefresh, watchOver, withoutReturn } from './checkout.js';
import { PayError } from './components/pay-buttons.jsx';
import { render, text } from './test-render.jsx';

afterEach(() => vi.unstubAllGlobals());

const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

test('a double click on Pay sends one request with one Idempotency-Key, and the page is busy meanwhile', async () => {
  let answer;
  const fetch = vi.fn(() => new Promise((resolve) => (answer = resolve)));
  vi.stubGlobal('fetch', fetch);
  const payment = createPayment({ redirect: vi.fn() });
  const send = (key) => payInvoice('inv-q1', { method: 'balance' }, key, 'tr');
  const first = payment.run('balance', send);
  const second = payment.run('balance', send); // the second click of a double click
  expect(second).toBe(first);
  await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  expect(payment.getSnapshot().busy).toBe('balance');
  const [url, init] = fetch.mock.calls[0];
  expect(url).toBe('/api/v1/billing/invoices/inv-q1/pay');
  expect(init.method).toBe('POST');
  expect(JSON.parse(init.body)).toEqual({ method: 'balance' });
  const key = init.headers['Idempotency-Key'];
  expect(key).toMatch(/^[0-9a-f-]{36}$/);

  answer(json(200, { invoice: { id: 'inv-q1', status: 'paid' } }));
  await first;
  expect(payment.getSnapshot()).toMatchObject({ busy: '', error: null, result: { invoice: { status: 'paid' } } });
  // The next click is a new intent: a new key.
  fetch.mockImplementation(() => Promise.resolve(json(200, { invoice: { id: 'inv-q1', status: 'paid' } })));
  await payment.run('balance', send);
  expect(fetch).toHaveBeenCalledTimes(2);
  expect(fetch.mock.calls[1][1].headers['Idempotency-Key']).not.toBe(key);
});

test('a card payment goes to the checkout URL and stays busy, so a further click sends nothing', async () => {
  const fetch = vi.fn(() => Promise.resolve(json(200, { invoice: { id: 'inv-q1', status: 'pending' }, checkoutUrl: 'https://checkout.example/cs_1' })));
  vi.stubGlobal('fetch', fetch);
  const redirect = vi.fn();
  const payment = createPayment({ redirect });
  const body = { method: 'card', returnUrl: 'https://linguaport.example/en/account/billing-info/invoices/inv-q1' };
  await payment.run('card', (key) => payInvoice('inv-q1', body, key, 'en'));
  expect(redirect).toHaveBeenCalledWith('https://checkout.example/cs_1');
  expect(JSON.parse(fetch.mock.calls[0][1].body)).toEqual(body);
  expect(payment.getSnapshot().busy).toBe('card');
  payment.run('card', (key) => payInvoice('inv-q1', body, key, 'en'));
  expect(fetch).toHaveBeenCalledTimes(1);
});

test('409 insufficient_balance shows the server message, the missing amount and the way to top up', async () => {
  const refusal = { error: { code: 'insufficient_balance', message: 'Bakiyeniz bu faturayı ödemeye yetmiyor.', details: { missing: { amount: 125050, currency: 'TRY', decimals: 2 } } } };
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json(409, refusal))));
  const payment = createPayment({ redirect: vi.fn() });
  await payment.run('balance', (key) => payInvoice('inv-q1', { method: 'balance' }, key, 'tr'));
  const { busy, error } = payment.getSnapshot();
  expect(busy).toBe('');
  expect(missingOf(error)).toEqual({ amount: 125050, currency: 'TRY', decimals: 2 });

  const tr = render(<PayError error={error} />, { path: '/tr/hesabim/fatura-bilgileri/faturalar' });
  expect(text(tr)).toContain('Bakiyeniz bu faturayı ödemeye yetmiyor.');
  expect(text(tr).replace(/\s/g, ' ')).toContain('Eksik tutar: 1.250,50 ₺');
  expect(tr).toContain('href="/tr/hesabim/fatura-bilgileri/bakiye?currency=TRY#top-up"');
  expect(tr).toContain('role="alert"');
  // English words it in English.
  const en = render(<PayError error={error} />, { path: '/en/account/billing-info/invoices' });
  expect(en).toContain('href="/en/account/billing-info/balance?currency=TRY#top-up"');
  expect(text(en)).toContain('Missing: ₺1,250.50');
  // Other refusals show no amount.
  expect(missingOf({ status: 409, code: 'invoice_refunded', body: {} })).toBe(null);
});

test('the return page polls while the invoice is pending, stops once paid, and its cleaned address starts nothing again', async () => {
  const search = '?checkout=done&session=cs_test_1&tab=x';
  const ret = readReturn(search);
  expect(ret).toEqual({ checkout: 'done', session: 'cs_test_1' });

  // What SWR does with refreshInterval: fetch, ask the interval, wait, fetch again while it is not 0.
  const answers = ['pending', 'pending', 'paid'];
  const fetch = vi.fn(() => Promise.resolve(json(200, { id: 'inv-q1', status: answers.shift() ?? 'paid' })));
  vi.stubGlobal('fetch', fetch);
  const { api } = await import('../../lib/api-client.js');
  let clock = 1_000;
  const refresh = returnRefresh(clock, () => clock);
  const seen = [];
  for (;;) {
    const invoice = await api.get(`/api/v1/billing/invoices/inv-q1?session=${ret.session}`, { lang: 'tr' });
    seen.push(invoice.status);
    const wait = refresh(invoice);
    if (!wait) break;
    expect(wait).toBe(RETURN_POLL_MS);
    clock += wait;
    expect(watchOver(invoice, 1_000, clock)).toBe(false);
  }
  expect(seen).toEqual(['pending', 'pending', 'paid']);
  expect(fetch).toHaveBeenCalledTimes(3);
  expect(fetch.mock.calls.every(([url]) => url === '/api/v1/billing/invoices/inv-q1?session=cs_test_1')).toBe(true);
  expect(watchOver({ status: 'paid' }, 1_000, clock)).toBe(true);

  // A still-pending invoice is asked about for 30 s, then the page stops.
  expect(returnRefresh(0, () => RETURN_WATCH_MS - 1)({ status: 'pending' })).toBe(RETURN_POLL_MS);
  expect(returnRefresh(0, () => RETURN_WATCH_MS)({ status: 'pending' })).toBe(0);
  expect(watchOver({ status: 'pending' }, 0, RETURN_WATCH_MS)).toBe(true);
  expect(returnRefresh(0, () => 0)({ status: 'refunded' })).toBe(0);
  expect(returnRefresh(0, () => 0)(undefined)).toBe(RETURN_POLL_MS);
  // Each poll reaches the server: the app dedupes a key's requests for a minute otherwise.
  expect(pollOptions(refresh)).toEqual({ refreshInterval: refresh, dedupingInterval: 0 });
  expect(pollOptions(undefined)).toBe(undefined);

  // The address is cleaned of the provider's parameters only; a reload of it watches nothing.
  expect(withoutReturn(search)).toBe('?tab=x');
  expect(withoutReturn('?checkout=cancelled')).toBe('');
  expect(readReturn(withoutReturn(search))).toBe(null);
  expect(readReturn('?checkout=cancelled')).toEqual({ checkout: 'cancelled' });
  expect(readReturn('?checkout=done')).toBe(null); // no session: nothing to ask about
});

test('amounts typed in either language become minor units', () => {
  expect(parseAmount('500', 'TRY')).toBe(50000);
  expect(parseAmount('1.250,50', 'TRY')).toBe(125050);
  expect(parseAmount('1,250.5', 'USD')).toBe(125050);
  expect(parseAmount('12,5', 'EUR')).toBe(1250);
  expect(parseAmount('1 000', 'TRY')).toBe(100000);
  expect(parseAmount('1500', 'JPY')).toBe(1500);
  expect(parseAmount('1,234', 'TRY')).toBe(123400); // a comma before three digits groups thousands
  for (const bad of ['', '0', 'abc', '-5', '12.345,678', '1,234.567,8', '1.234.5']) expect(parseAmount(bad, 'TRY'), bad).toBe(null);
  expect(parseAmount('12,5', 'JPY')).toBe(null);
});
