import { expect, test } from 'vitest';
import { taxKey } from '../lib/api/tax.js';
import { render, text } from '../lib/test-render.jsx';
import { orderInvoicesKey } from '../features/billing/api/billing.js';
import { orderKey } from '../features/orders/api/orders.js';
import { OrdersProvider } from '../features/orders/orders-context.jsx';
import { OrderDetail } from '../features/orders/components/order-detail.jsx';
import { OrderMoney } from './order-money.jsx';

const TRY = (amount, formatted) => ({ amount, currency: 'TRY', decimals: 2, formatted });
const order = {
  id: 'o1',
  number: 'O-2026-00007',
  quoteId: 'q1',
  status: 'awaiting_payment',
  service: 'professional-translation',
  sourceLanguage: 'tr',
  targetLanguages: ['en'],
  urgency: 'normal',
  unit: 'word',
  quantity: 400,
  files: [],
  deliveries: [],
  history: [],
  total: TRY(250000, '2.500,00 ₺'),
  totalUsd: { amount: 8000, currency: 'USD', decimals: 2 },
};
const tax = { basis: 'profile', inTurkey: false, country: 'DE', vatPercent: 0, vatLabel: 'KDV Kanunu 11/1-a maddesi uyarınca istisna', net: TRY(250000, '2.500,00 ₺'), vat: TRY(0, '0,00 ₺'), total: TRY(250000, '2.500,00 ₺') };
const invoice = { id: 'inv-q1', number: 'LP-2026-000001', status: 'pending', orderId: 'o1', currency: 'TRY', decimals: 2, lines: [], totals: { net: 250000, vat: 0, total: 250000 }, inTurkey: false, vatPercent: 0, dueAt: '2026-11-30T10:00:00Z' };

const show = (invoices) =>
  render(
    <OrdersProvider currency="TRY">
      <OrderDetail orderId="o1" money={(o) => <OrderMoney order={o} />} />
    </OrdersProvider>,
    {
      path: '/tr/hesabim/siparislerim/o1',
      answers: [
        [orderKey('o1', 'tr'), order],
        [orderInvoicesKey('o1', 'tr'), invoices],
        [taxKey({ total: order.total, totalUsd: order.totalUsd }, 'tr'), tax],
      ],
    },
  );

test('before its invoice is issued the order page shows its price with KDV (here the exemption) as it will be invoiced', () => {
  const html = show([]);
  expect(html).toContain('data-testid="order-price"');
  expect(html).toContain('data-testid="price-breakdown"');
  expect(text(html)).toContain('KDV Kanunu 11/1-a maddesi uyarınca istisna 0,00 ₺');
  expect(html).not.toContain('data-testid="order-invoice"');
  // The order's own figure is the net, and says so.
  expect(text(html)).toContain('Ara toplam (KDV hariç) 2.500,00 ₺');
});

test('once invoiced the order page shows the invoice (number, totals, state) instead, linking it', () => {
  const html = show([invoice]);
  expect(html).toContain('data-testid="order-invoice"');
  expect(html).toContain('href="/tr/hesabim/fatura-bilgileri/faturalar/inv-q1"');
  expect(html).not.toContain('data-testid="order-price"');
  expect(text(html)).toContain('Ödeme bekliyor');
});
