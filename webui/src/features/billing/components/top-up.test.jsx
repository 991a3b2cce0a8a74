import { unstable_serialize as infiniteKey } from 'swr/infinite';
import { afterEach, expect, test, vi } from 'vitest';
import { balancePageKey } from '../api/billing.js';
import { createPayment } from '../checkout.js';
import { render, text } from '../test-render.jsx';
import { topUpRequest } from './balance-forms.jsx';
import { BalancePage, topUpOutcome } from './balance-page.jsx';

afterEach(() => vi.unstubAllGlobals());

const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const money = (amount, currency = 'TRY') => ({ amount, currency, decimals: 2 });
const PAGE = '/tr/hesabim/fatura-bilgileri/bakiye';

test('a typed top-up is one request with one Idempotency-Key however often it is clicked, and the browser goes to the checkout', async () => {
  let answer;
  const fetch = vi.fn(() => new Promise((resolve) => (answer = resolve)));
  vi.stubGlobal('fetch', fetch);
  const redirect = vi.fn();
  const payment = createPayment({ redirect });
  const click = () => {
    const request = topUpRequest('1.250,50', 'USD', PAGE, 'tr', 'https://linguaport.example');
    expect(request.error).toBeUndefined();
    return payment.run('topup', request.send);
  };
  const first = click();
  const second = click(); // the double click's second
  expect(second).toBe(first);
  await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  const [url, init] = fetch.mock.calls[0];
  expect(url).toBe('/api/v1/billing/balance/top-ups');
  expect(init.method).toBe('POST');
  expect(init.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  expect(init.headers['Accept-Language']).toBe('tr');
  // The provider returns to this page showing the topped-up currency's ledger, where the credit shows.
  expect(JSON.parse(init.body)).toEqual({ amount: { amount: 125050, currency: 'USD' }, returnUrl: `https://linguaport.example${PAGE}?currency=USD` });

  answer(json(200, { checkoutUrl: 'https://checkout.example/cs_9' }));
  await first;
  expect(redirect).toHaveBeenCalledTimes(1);
  expect(redirect).toHaveBeenCalledWith('https://checkout.example/cs_9');
  // Busy until the browser leaves: a further click sends nothing.
  expect(payment.getSnapshot().busy).toBe('topup');
  await click();
  expect(fetch).toHaveBeenCalledTimes(1);
});

test('an amount that is not one is refused before anything is sent', () => {
  for (const typed of ['', '0', 'abc', '-5']) {
    expect(topUpRequest(typed, 'TRY', PAGE, 'tr')).toEqual({ error: 'topUp.amountInvalid' });
  }
});

test('back from the provider the page says done when the ledger holds that session’s credit, else pending', () => {
  const credited = { balances: [money(125050, 'USD')], currency: 'USD', entries: [{ id: 'e1', kind: 'credit', amount: money(125050, 'USD'), reason: 'topup', reference: 'cs_9', balanceAfter: money(125050, 'USD'), at: '2026-11-24T07:00:00.000Z' }], more: false };
  const waiting = { balances: [], currency: 'USD', entries: [], more: false };
  expect(topUpOutcome(credited, 'cs_9')).toBe('topUpDone');
  expect(topUpOutcome(credited, 'cs_other')).toBe('topUpPending');
  expect(topUpOutcome(waiting, 'cs_9')).toBe('topUpPending');
  expect(topUpOutcome(credited, '')).toBe('');
  expect(topUpOutcome(undefined, 'cs_9')).toBe('');

  // The page asks the balance with the session (the server settles it with the provider first) and draws the answer.
  const path = `${PAGE}?currency=USD&checkout=done&session=cs_9`;
  const key = (session) => balancePageKey('tr', { currency: 'USD', session })(0, null);
  expect(key('cs_9')).toEqual(['/api/v1/billing/balance?currency=USD&session=cs_9', 'tr']);
  const done = render(<BalancePage />, { path, answers: [[infiniteKey(balancePageKey('tr', { currency: 'USD', session: 'cs_9' })), [credited]]] });
  expect(done).toContain('data-testid="checkout-topUpDone"');
  expect(text(done)).toContain('Bakiye yüklemeniz alındı');
  const pending = render(<BalancePage />, { path: path.replace('/tr/hesabim', '/en/account').replace('fatura-bilgileri/bakiye', 'billing-info/balance'), answers: [[infiniteKey(balancePageKey('en', { currency: 'USD', session: 'cs_9' })), [waiting]]] });
  expect(pending).toContain('data-testid="checkout-topUpPending"');
  expect(text(pending)).toContain('Your top-up is not confirmed yet');
  const cancelled = render(<BalancePage />, { path: `${PAGE}?checkout=cancelled`, answers: [[infiniteKey(balancePageKey('tr', {})), [waiting]]] });
  expect(cancelled).toContain('data-testid="checkout-topUpCancelled"');
});
