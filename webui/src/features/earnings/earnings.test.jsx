import { afterEach, expect, test, vi } from 'vitest';
import { createRequestOnce } from '../../lib/request-once.js';
import { render, text } from '../../lib/test-render.jsx';
import { requestPayout } from './api/earnings.js';
import { missingOf, payoutBody } from './payout.js';
import { EarningsView, entryReference } from './components/earnings-page.jsx';
import { PayoutError, PayoutForm } from './components/payout-form.jsx';

afterEach(() => vi.unstubAllGlobals());

const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const TRY = (amount) => ({ amount, currency: 'TRY', decimals: 2 });
const accounts = [
  { id: 'ba-1', label: 'TR33 •••• 1326 · Ayşe Çelik', isDefault: false },
  { id: 'ba-2', label: 'TR64 •••• 0001 · Ayşe Çelik', isDefault: true },
];

test('a double click on Request payout sends one request with one Idempotency-Key; the next click is a new one', async () => {
  let answer;
  const fetch = vi.fn(() => new Promise((resolve) => (answer = resolve)));
  vi.stubGlobal('fetch', fetch);
  const request = createRequestOnce();
  const { body } = payoutBody('ba-2', '');
  const send = (key) => requestPayout(body, key, 'tr');
  const first = request.run('payout', send);
  const second = request.run('payout', send); // the double click's second click
  expect(second).toBe(first);
  await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  expect(request.getSnapshot().busy).toBe('payout');
  const [url, init] = fetch.mock.calls[0];
  expect(url).toBe('/api/v1/billing/earnings/payouts');
  expect(init.method).toBe('POST');
  expect(JSON.parse(init.body)).toEqual({ bankAccountId: 'ba-2' }); // no amount: the whole balance
  const key = init.headers['Idempotency-Key'];
  expect(key).toMatch(/^[0-9a-f-]{36}$/);
  // While it is under way the form's button is disabled and says so.
  const busy = render(<PayoutForm accounts={accounts} balance={TRY(50000)} request={request} />);
  expect(busy).toMatch(/<button type="submit" class="button" disabled="">Gönderiliyor…<\/button>/);

  answer(json(201, { id: 'po-1', status: 'requested', amount: TRY(50000), iban: 'TR640001000100010001000001', bankAccountId: 'ba-2' }));
  expect(await first).toMatchObject({ id: 'po-1' });
  const done = render(<PayoutForm accounts={accounts} balance={TRY(50000)} request={request} />);
  expect(text(done)).toContain('500,00 ₺ tutarındaki ödeme talebiniz alındı');
  expect(text(done)).toContain('TR•• •••• 0001');

  fetch.mockImplementation(() => Promise.resolve(json(201, { id: 'po-2', status: 'requested', amount: TRY(30000) })));
  await request.run('payout', (k) => requestPayout(payoutBody('ba-1', '300').body, k, 'tr'));
  expect(fetch).toHaveBeenCalledTimes(2);
  expect(fetch.mock.calls[1][1].headers['Idempotency-Key']).not.toBe(key);
  expect(JSON.parse(fetch.mock.calls[1][1].body)).toEqual({ bankAccountId: 'ba-1', amount: { amount: 30000, currency: 'TRY' } });
});

test('409 below_threshold shows the server’s message and the missing amount', async () => {
  const refusal = { error: { code: 'below_threshold', message: 'Ödeme en az 250,00 TRY olmalıdır.', details: { missing: TRY(7550), threshold: TRY(25000) } } };
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json(409, refusal))));
  const request = createRequestOnce();
  await request.run('payout', (key) => requestPayout({ bankAccountId: 'ba-2' }, key, 'tr'));
  const { busy, error } = request.getSnapshot();
  expect(busy).toBe('');
  expect(missingOf(error)).toEqual(TRY(7550));

  const tr = render(<PayoutError error={error} />);
  expect(tr).toContain('role="alert"');
  expect(text(tr)).toContain('Ödeme en az 250,00 TRY olmalıdır.');
  expect(text(tr).replace(/\s/g, ' ')).toContain('Eksik tutar: 75,50 ₺');
  expect(text(render(<PayoutError error={error} />, { path: '/en/account/bank-accounts/earnings' }))).toContain('Missing: ₺75.50');
  // The form shows it above its fields, the button free again.
  const form = render(<PayoutForm accounts={accounts} balance={TRY(17450)} request={request} />);
  expect(text(form)).toContain('Eksik tutar');
  expect(form).not.toContain('disabled=""');
  // Another refusal has no amount.
  expect(missingOf({ status: 404, code: 'bank_account_not_found', body: {} })).toBe(null);
});

test('the form chooses the default account first, and without accounts leads to adding one', () => {
  const html = render(<PayoutForm accounts={accounts} balance={TRY(123456)} />);
  expect(html).toMatch(/<option value="ba-2" selected="">TR64 •••• 0001 · Ayşe Çelik \(varsayılan\)<\/option>/);
  expect(text(html)).toContain('Boş bırakırsanız bakiyenizin tamamı (1.234,56 ₺) talep edilir.');
  const none = render(<PayoutForm accounts={[]} balance={TRY(0)} />, { path: '/en/account/bank-accounts/earnings' });
  expect(none).toContain('href="/en/account/bank-accounts"');
  expect(none).not.toContain('data-testid="payout-form"');
});

test('an amount is read in TRY, and a payout without one asks for the whole balance', () => {
  expect(payoutBody('ba-1', ' 1.250,50 ')).toEqual({ body: { bankAccountId: 'ba-1', amount: { amount: 125050, currency: 'TRY' } } });
  expect(payoutBody('ba-1', '')).toEqual({ body: { bankAccountId: 'ba-1' } });
  expect(payoutBody('ba-1', '12,3,4')).toEqual({ error: 'amountInvalid' });
  expect(payoutBody('ba-1', '0')).toEqual({ error: 'amountInvalid' });
  expect(payoutBody('', '100')).toEqual({ error: 'accountRequired' });
});

test('the earnings page shows the balance, the ledger of earnings, payouts and returned payouts, and the payouts with their status', () => {
  const pages = [
    {
      balance: TRY(45000),
      threshold: TRY(25000),
      entries: [
        { id: 'e3', kind: 'credit', amount: TRY(30000), reason: 'payout_returned', reference: 'po-1', balanceAfter: TRY(45000), at: '2026-11-23T10:00:00Z' },
        { id: 'e2', kind: 'debit', amount: TRY(30000), reason: 'payout', reference: 'po-1', balanceAfter: TRY(15000), at: '2026-11-22T10:00:00Z' },
        { id: 'e1', kind: 'credit', amount: TRY(45000), reason: 'earning', reference: 'ord-7', label: 'O-2026-00007', balanceAfter: TRY(45000), at: '2026-11-21T10:00:00Z' },
      ],
      more: true,
      payouts: [],
    },
  ];
  const payouts = [
    { id: 'po-2', status: 'requested', amount: TRY(25000), iban: 'TR330006100519786457841326', holder: 'Ayşe Çelik', requestedAt: '2026-11-23T11:00:00Z' },
    { id: 'po-1', status: 'rejected', amount: TRY(30000), iban: 'TR330006100519786457841326', holder: 'Ayşe Çelik', requestedAt: '2026-11-22T10:00:00Z', decidedAt: '2026-11-23T10:00:00Z', reason: 'IBAN alıcı adıyla eşleşmiyor.' },
    { id: 'po-0', status: 'paid', amount: TRY(10000), iban: 'TR330006100519786457841326', holder: 'Ayşe Çelik', requestedAt: '2026-11-01T10:00:00Z', decidedAt: '2026-11-02T10:00:00Z' },
  ];
  const html = render(<EarningsView pages={pages} payouts={payouts} accounts={accounts} />, { path: '/tr/hesabim/banka-hesaplari/kazanclar' });
  expect(text(html)).toContain('Bakiyeniz 450,00 ₺');
  expect(text(html)).toContain('En az 250,00 ₺');
  const rows = [...html.matchAll(/<tr data-entry-id="(e\d)" data-reason="(\w+)" data-kind="(\w+)">(.*?)<\/tr>/g)].map((m) => [m[1], m[2], text(m[4])]);
  expect(rows.map((r) => r.slice(0, 2))).toEqual([['e3', 'payout_returned'], ['e2', 'payout'], ['e1', 'earning']]);
  expect(rows[0][2]).toContain('İade edilen ödeme Talep po-1 +300,00 ₺ 450,00 ₺');
  expect(rows[1][2]).toContain('Ödeme talebi Talep po-1 −300,00 ₺ 150,00 ₺');
  expect(rows[2][2]).toContain('Tamamlanan iş Sipariş O-2026-00007 +450,00 ₺ 450,00 ₺');
  expect(text(html)).not.toContain('ord-7');
  expect(html).toContain('data-testid="earnings-older"');
  // Payouts: requested, rejected with its reason, paid.
  expect(text(html)).toContain('250,00 ₺ Talep edildi');
  expect(text(html)).toContain('300,00 ₺ Reddedildi');
  expect(text(html)).toContain('Gerekçe: IBAN alıcı adıyla eşleşmiyor.');
  expect(text(html)).toContain('100,00 ₺ Ödendi');
  expect(html.match(/data-testid="payout-reason"/g)).toHaveLength(1);
  expect(text(html)).toContain('Hesap: TR•• •••• 1326 · Ayşe Çelik');
  // In English, the same in English.
  const en = text(render(<EarningsView pages={pages} payouts={payouts} accounts={accounts} />, { path: '/en/account/bank-accounts/earnings' }));
  expect(en).toContain('Completed job Order O-2026-00007');
  expect(en).toContain('Returned payout');
  expect(en).toContain('Reason: IBAN alıcı adıyla eşleşmiyor.');
});

test('an earning credited before numbers were kept names no internal id', () => {
  const t = (key, { ref } = {}) => `${key} ${ref}`;
  expect(entryReference(t, { reason: 'earning', reference: 'ord-9' })).toBe('');
  expect(entryReference(t, { reason: 'earning', reference: 'ord-9', label: 'O-2026-00009' })).toBe('ledger.refs.earning O-2026-00009');
  expect(entryReference(t, { reason: 'payout', reference: 'po-1' })).toBe('ledger.refs.payout po-1');
});
