import { expect, test } from 'vitest';
import { render, text } from '../lib/test-render.jsx';
import { LedgerTable, ledgerTotals, signedMoney } from './ledger-table.jsx';

const TRY = (amount) => ({ amount, currency: 'TRY', decimals: 2 });
const entries = [
  { id: 'e3', kind: 'debit', reason: 'invoice', reference: 'inv-1', amount: TRY(112200), balanceAfter: TRY(37800), at: '2026-11-23T10:00:00Z' },
  { id: 'e2', kind: 'credit', reason: 'topup', reference: 'cs_1', amount: TRY(100000), balanceAfter: TRY(150000), at: '2026-11-22T10:00:00Z' },
  { id: 'e1', kind: 'credit', reason: 'transfer', reference: 'trf-1', amount: TRY(50000), balanceAfter: TRY(50000), at: '2026-11-21T10:00:00Z' },
];
const props = (over = {}) => ({
  entries,
  columns: [{ key: 'reason', label: 'Reason', cell: (e) => e.reason }],
  labels: { date: 'Date', amount: 'Amount', balanceAfter: 'Balance after' },
  dateCell: (at) => at.slice(0, 10),
  testid: 'ledger',
  empty: 'No movements yet.',
  ...over,
});

test('totals are summed in integer minor units per currency, credits and debits apart', () => {
  expect(ledgerTotals(entries)).toEqual([{ currency: 'TRY', decimals: 2, credits: 150000, debits: 112200 }]);
  const mixed = [...entries, { id: 'u', kind: 'credit', amount: { amount: 700, currency: 'USD' } }, { id: 'bad', kind: 'credit', amount: { amount: 1.5, currency: 'USD' } }];
  expect(ledgerTotals(mixed).map((t) => [t.currency, t.credits, t.debits])).toEqual([
    ['TRY', 150000, 112200],
    ['USD', 700, 0],
  ]);
  expect(ledgerTotals(undefined)).toEqual([]);
  expect(signedMoney('en', entries[0])).toBe('−₺1,122.00');
});

test('each entry is a row: date, the caller’s columns, the signed amount and the balance after, newest first', () => {
  const html = render(<LedgerTable {...props()} />, { path: '/en/account' });
  const rows = [...html.matchAll(/<tr data-entry-id="(\w+)" data-reason="(\w+)" data-kind="(\w+)">(.*?)<\/tr>/g)].map((m) => [m[1], m[3], text(m[4])]);
  expect(rows).toEqual([
    ['e3', 'debit', '2026-11-23 invoice −₺1,122.00 ₺378.00'],
    ['e2', 'credit', '2026-11-22 topup +₺1,000.00 ₺1,500.00'],
    ['e1', 'credit', '2026-11-21 transfer +₺500.00 ₺500.00'],
  ]);
  expect(html).toContain('data-testid="ledger"');
  expect(html).toContain('data-label="Amount"');
  expect(html).toContain('<time dateTime="2026-11-23T10:00:00Z">');
  expect(html).not.toContain('<tfoot>');
});

test('with totals, a footer sums the entries shown in the page’s language', () => {
  const tr = render(<LedgerTable {...props({ totals: true })} />, { path: '/tr/hesabim' });
  const foot = text(tr.slice(tr.indexOf('<tfoot>'))).replace(/\u00a0/g, ' ');
  expect(foot).toBe('Gösterilen girişlerin toplamı +1.500,00 ₺ Gösterilen çıkışların toplamı −1.122,00 ₺');
  expect(tr).toContain('<tr data-total="TRY" data-sum="credits">');
  // Only credits so far: no "−0" row.
  const earned = render(<LedgerTable {...props({ totals: true, entries: entries.slice(1) })} />, { path: '/en/account' });
  expect(text(earned.slice(earned.indexOf('<tfoot>')))).toBe('Total in (entries shown) +₺1,500.00');
  const en = render(<LedgerTable {...props({ totals: true })} />, { path: '/en/account' });
  expect(text(en.slice(en.indexOf('<tfoot>')))).toBe('Total in (entries shown) +₺1,500.00 Total out (entries shown) −₺1,122.00');
});

test('older entries are offered while there are more; no entries is an empty state', () => {
  const more = render(<LedgerTable {...props({ more: true, olderLabel: 'Older', loadingOlderLabel: 'Loading…', olderTestid: 'ledger-older' })} />, { path: '/en/account' });
  expect(more).toMatch(/<button[^>]*data-testid="ledger-older"[^>]*>Older<\/button>/);
  const loading = render(<LedgerTable {...props({ more: true, loadingOlder: true, olderLabel: 'Older', loadingOlderLabel: 'Loading…' })} />, { path: '/en/account' });
  expect(loading).toMatch(/<button[^>]*disabled=""[^>]*>Loading…<\/button>/);
  const none = render(<LedgerTable {...props({ entries: [] })} />, { path: '/en/account' });
  expect(none).toBe('<div class="empty-state"><p>No movements yet.</p></div>');
});
