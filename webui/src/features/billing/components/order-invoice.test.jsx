import { expect, test } from 'vitest';
import { orderInvoicesKey } from '../api/billing.js';
import { render, text } from '../test-render.jsx';
import { OrderInvoice } from './order-invoice.jsx';

const invoice = (extra = {}) => ({
  id: 'inv-q1',
  number: 'LP-2026-000001',
  status: 'paid',
  orderId: 'o1',
  currency: 'TRY',
  decimals: 2,
  lines: [
    { kind: 'work', description: { tr: 'Çeviri', en: 'Translation' }, amount: 250000, amountUsd: 8000 },
    { kind: 'vat', description: { tr: 'KDV %20', en: 'VAT 20%' }, ratePercent: 20, amount: 50000, amountUsd: 1600 },
  ],
  totals: { net: 250000, vat: 50000, total: 300000 },
  inTurkey: true,
  issuedAt: '2026-11-23T10:00:00Z',
  dueAt: '2026-11-30T10:00:00Z',
  paidAt: '2026-11-24T09:30:00Z',
  payment: { method: 'card' },
  ...extra,
});

const show = (invoices, lang = 'tr') =>
  render(<OrderInvoice orderId="o1" fallback={<p data-testid="fallback">fallback</p>} />, {
    path: lang === 'tr' ? '/tr/hesabim/siparislerim/o1' : '/en/account/orders/o1',
    answers: [[orderInvoicesKey('o1', lang), invoices]],
  });
const total = (html, k) => text(html.match(new RegExp(`data-total="${k}">(.*?)</div>`))?.[1] ?? '');

test('the order page shows what was invoiced and paid, linking the invoice', () => {
  const html = show([invoice()]);
  expect(html).toContain('data-testid="order-invoice"');
  expect(html).toContain('href="/tr/hesabim/fatura-bilgileri/faturalar/inv-q1"');
  expect(text(html)).toContain('LP-2026-000001');
  expect(total(html, 'net').replace(/\s/g, ' ')).toBe('Net tutar (KDV hariç) 2.500,00 ₺');
  expect(total(html, 'vat').replace(/\s/g, ' ')).toBe('KDV %20 500,00 ₺');
  expect(total(html, 'total').replace(/\s/g, ' ')).toBe('Toplam (KDV dahil) 3.000,00 ₺');
  expect(html).toContain('data-status="paid"');
  expect(text(html)).toMatch(/Ödendi 24 Kas 2026 \d\d:\d\d tarihinde ödendi \(Kart\)/);
  expect(html).not.toContain('data-testid="fallback"');
});

test('a pending invoice says until when; abroad it carries the exemption; English words it in English', () => {
  const en = show([invoice({ status: 'pending', paidAt: undefined, payment: undefined })], 'en');
  expect(text(en)).toContain('Awaiting payment');
  expect(text(en)).toContain('Due by 30 Nov 2026');
  const abroad = invoice({
    inTurkey: false,
    lines: [{ kind: 'vat', description: { tr: 'KDV Kanunu 11/1-a maddesi uyarınca istisna', en: 'Exempt from Turkish VAT (export of services, VAT Law art. 11/1-a)' }, amount: 0 }],
    totals: { net: 250000, vat: 0, total: 250000 },
  });
  const html = show([abroad], 'en');
  expect(total(html, 'vat')).toContain('Exempt from Turkish VAT');
  expect(total(html, 'total')).toMatch(/^Total ₺\d/);
});

test('before the invoice is issued the fallback (the order price with KDV) is shown', () => {
  expect(show([])).toContain('data-testid="fallback"');
});
