import { expect, test } from 'vitest';
import { balancePageKey } from '../api/billing.js';
import { render, text } from '../test-render.jsx';
import { Ledger } from './balance-page.jsx';

const money = (amount, currency = 'TRY') => ({ amount, currency, decimals: 2 });
const entry = (n, over = {}) => ({ id: `e${n}`, kind: 'credit', amount: money(1000), reason: 'transfer', reference: `trf-${n}`, balanceAfter: money(1000 * n), at: '2026-11-23T10:00:00.000Z', ...over });

test('the ledger pages: each page starts before the last entry of the previous one, and stops when there are no more', () => {
  const key = balancePageKey('tr', { currency: 'USD' });
  const first = { entries: Array.from({ length: 20 }, (_, i) => entry(40 - i)), more: true };
  const second = { entries: Array.from({ length: 20 }, (_, i) => entry(20 - i)), more: false };
  expect(key(0, null)).toEqual(['/api/v1/billing/balance?currency=USD', 'tr']);
  expect(key(1, first)).toEqual(['/api/v1/billing/balance?currency=USD&before=e21', 'tr']);
  expect(key(2, second)).toBe(null);
  expect(key(1, { entries: [], more: true })).toBe(null);
  // The server's default currency when none is chosen; a top-up's session only on the first page.
  const back = balancePageKey('en', { session: 'cs_7' });
  expect(back(0, null)).toEqual(['/api/v1/billing/balance?session=cs_7', 'en']);
  expect(back(1, first)).toEqual(['/api/v1/billing/balance?before=e21', 'en']);
});

test('the ledger shows every page loaded, signed amounts and worded reasons, and offers older entries only while there are more', () => {
  const pages = [
    { entries: [entry(3, { kind: 'debit', reason: 'invoice', reference: 'inv-q1', label: 'LP-2026-000007', amount: money(112200), balanceAfter: money(37800) }), entry(2, { reason: 'topup', reference: 'cs_1' })], more: true },
  ];
  const tr = render(<Ledger pages={pages} currency="TRY" />, { path: '/tr/hesabim/fatura-bilgileri/bakiye' });
  const words = text(tr).replace(/\u00a0/g, ' ');
  expect(words).toContain('−1.122,00 ₺');
  expect(words).toContain('+10,00 ₺');
  expect(words).toContain('Fatura ödemesi');
  expect(words).toContain('Kartla bakiye yükleme');
  expect(tr).toContain('href="/tr/hesabim/fatura-bilgileri/faturalar/inv-q1"');
  // The invoice by its number (the entry's label), not its internal id; an entry without a label shows its reference.
  expect(words).toContain('LP-2026-000007');
  expect(words).not.toContain('inv-q1');
  expect(words).toContain('cs_1');
  expect(tr).toContain('data-testid="ledger-older"');

  const all = [...pages, { entries: [entry(1)], more: false }];
  const en = render(<Ledger pages={all} currency="TRY" />, { path: '/en/account/billing-info/balance' });
  expect([...en.matchAll(/data-entry-id="([^"]+)"/g)].map((m) => m[1])).toEqual(['e3', 'e2', 'e1']);
  expect(en).not.toContain('ledger-older');
  expect(text(en)).toContain('Bank transfer');
});
