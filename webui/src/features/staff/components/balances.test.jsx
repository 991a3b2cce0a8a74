import { unstable_serialize as infiniteKey } from 'swr/infinite';
import { afterEach, expect, test, vi } from 'vitest';
import { createRequestOnce } from '../../../lib/request-once.js';
import { render, text } from '../../../lib/test-render.jsx';
import { payoutsPageKey } from '../api/staff.js';
import { adjustBalance, adjustmentBody, balancesPageKey, ledgerPageKey, payoutsCsvUrl } from '../api/money.js';
import { AdjustForm, BalancePanel, Balances, StaffLedger } from './balances.jsx';
import { Payouts } from './payouts.jsx';

afterEach(() => vi.unstubAllGlobals());
const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const TRY = (amount) => ({ amount, currency: 'TRY', decimals: 2 });

test('an adjustment is a signed amount in major units made minor units, with a required reason', () => {
  expect(adjustmentBody('250,00', 'TRY', ' Gecikme için jest ')).toEqual({ body: { amount: { amount: 25000, currency: 'TRY' }, reason: 'Gecikme için jest' } });
  expect(adjustmentBody('-75.50', 'EUR', 'Yanlış yükleme').body.amount).toEqual({ amount: -7550, currency: 'EUR' });
  expect(adjustmentBody('−1.250,5', 'TRY', 'x').body.amount.amount).toBe(-125050);
  expect(adjustmentBody('+1000', 'JPY', 'x').body.amount).toEqual({ amount: 1000, currency: 'JPY' });
  expect(adjustmentBody('10,5', 'JPY', 'x').errors).toEqual({ amount: 'amountInvalid' });
  expect(adjustmentBody('0', 'TRY', '')).toEqual({ errors: { amount: 'amountInvalid', reason: 'reasonRequired' } });
  expect(adjustmentBody('-', 'TRY', 'x'.repeat(501))).toEqual({ errors: { amount: 'amountInvalid', reason: 'reasonTooLong' } });
});

test('a double submission adjusts once: one request, one Idempotency-Key; the next submission has a new key', async () => {
  const fetch = vi.fn(() => Promise.resolve(json(200, { entry: { id: 'e1', kind: 'credit', amount: TRY(25000) }, balances: [TRY(25000)] })));
  vi.stubGlobal('fetch', fetch);
  const request = createRequestOnce();
  const body = adjustmentBody('250', 'TRY', 'Jest').body;
  const send = (key) => adjustBalance('cust-1', body, key, 'tr');
  const first = request.run('adjust', send);
  expect(request.run('adjust', send)).toBe(first);
  await first;
  expect(fetch).toHaveBeenCalledTimes(1);
  const [url, init] = fetch.mock.calls[0];
  expect(url).toBe('/api/v1/billing/admin/balances/cust-1/adjustments');
  expect(JSON.parse(init.body)).toEqual({ amount: { amount: 25000, currency: 'TRY' }, reason: 'Jest' });
  const key = init.headers['Idempotency-Key'];
  expect(key).toMatch(/^[0-9a-f-]{36}$/);
  await request.run('adjust', send);
  expect(fetch.mock.calls[1][1].headers['Idempotency-Key']).not.toBe(key);
  // The form says what was done.
  const html = render(<AdjustForm customerId="cust-1" request={request} />, { path: '/tr/yonetim/musteriler/cust-1' });
  expect(text(html)).toContain('Bakiye düzeltildi: +250,00 ₺.');
  expect(html).toMatch(/<textarea id="[^"]+-reason" name="reason" rows="2" required=""/);
});

test('a refused debit shows the server’s words with the missing amount', async () => {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json(409, { error: { code: 'insufficient_balance', message: 'Bakiye yetersiz: 30,00 ₺ eksik.' } }))));
  const request = createRequestOnce();
  await request.run('adjust', (key) => adjustBalance('cust-1', adjustmentBody('-80', 'TRY', 'x').body, key, 'tr'));
  const html = render(<AdjustForm customerId="cust-1" request={request} />, { path: '/tr/yonetim/musteriler/cust-1' });
  expect(text(html)).toContain('Bakiye yetersiz: 30,00 ₺ eksik.');
});

test('balances and ledgers are paged from the last one shown; the ledger names each reason and the staff’s note', () => {
  expect(balancesPageKey('tr', { q: ' cust- ' })(0, null)).toEqual(['/api/v1/billing/admin/balances?q=cust-', 'tr']);
  expect(balancesPageKey('tr', {})(1, { accounts: [{ customerId: 'c9' }], more: true, next: 'c9' })[0]).toBe('/api/v1/billing/admin/balances?before=c9');
  expect(balancesPageKey('tr', {})(1, { accounts: [{ customerId: 'c9' }], more: false })).toBe(null);
  expect(ledgerPageKey('c 1', 'en', 'EUR')(1, { entries: [{ id: 'adjustment:c 1:k' }], more: true })[0]).toBe('/api/v1/billing/admin/balances/c%201?currency=EUR&before=adjustment%3Ac+1%3Ak');
  const entries = [
    { id: 'e2', kind: 'debit', amount: TRY(2000), reason: 'adjustment', note: 'Mükerrer yükleme', reference: 'staff-1', balanceAfter: TRY(3000), at: '2026-11-23T10:00:00Z' },
    { id: 'e1', kind: 'credit', amount: TRY(5000), reason: 'transfer', reference: 'trf-1', balanceAfter: TRY(5000), at: '2026-11-22T10:00:00Z' },
  ];
  const tr = text(render(<StaffLedger entries={entries} />, { path: '/tr/yonetim/musteriler/c1' }));
  expect(tr).toContain('Borç Personel düzeltmesi – Mükerrer yükleme staff-1 −20,00 ₺ 30,00 ₺');
  expect(tr).toContain('Alacak Havale trf-1 +50,00 ₺ 50,00 ₺');
  const panel = render(<BalancePanel customerId="c1" />, {
    path: '/en/admin/customers/c1',
    answers: [[infiniteKey(ledgerPageKey('c1', 'en', '')), [{ balances: [TRY(3000), { amount: 500, currency: 'JPY', decimals: 0 }], currency: 'TRY', entries, more: false, transfers: [] }]]],
  });
  expect(panel).toMatch(/aria-pressed="true">₺30\.00<\/button>/);
  expect(panel).not.toContain('Loading');
  expect(text(panel)).toContain('¥500');
  expect(text(panel)).toContain('Staff adjustment – Mükerrer yükleme');
  expect(text(panel)).toContain('Adjust the balance');
  const list = render(<Balances />, { path: '/tr/yonetim/bakiyeler', answers: [[infiniteKey(balancesPageKey('tr', {})), [{ accounts: [{ customerId: 'c1', balances: [TRY(3000)] }], more: false }]]] });
  expect(list).toContain('href="/tr/yonetim/musteriler/c1"');
  expect(text(list)).toContain('30,00 ₺');
});

test('the payouts screen offers the bank file of the payouts it lists', () => {
  expect(payoutsCsvUrl('paid')).toBe('/api/v1/billing/admin/payouts.csv?status=paid');
  const payout = { id: 'po-1', translatorId: 'tr-1', translatorName: 'Ayşe Yılmaz', status: 'requested', amount: TRY(30000), iban: 'TR33', holder: 'Ayşe Yılmaz', requestedAt: '2026-11-23T10:00:00Z' };
  const html = render(<Payouts />, { path: '/tr/yonetim/odemeler', answers: [[infiniteKey(payoutsPageKey('tr', { status: 'requested', sort: 'oldest' })), [{ payouts: [payout], more: false }]]] });
  expect(html).toMatch(/<a href="\/api\/v1\/billing\/admin\/payouts\.csv\?status=requested&amp;sort=oldest" download="" [^>]*data-testid="payouts-csv">Banka için CSV indir<\/a>/);
  expect(text(html)).toContain('Ayşe Yılmaz 300,00 ₺');
  const none = render(<Payouts />, { path: '/tr/yonetim/odemeler', answers: [[infiniteKey(payoutsPageKey('tr', { status: 'requested', sort: 'oldest' })), [{ payouts: [], more: false }]]] });
  expect(none).not.toContain('payouts-csv');
});
