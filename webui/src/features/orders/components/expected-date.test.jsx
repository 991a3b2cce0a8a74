import { expect, test } from 'vitest';
import { render, text } from '../../../lib/test-render.jsx';
import { orderKey } from '../api/orders.js';
import { OrdersProvider } from '../orders-context.jsx';
import { DeliveryStep } from './delivery-step.jsx';
import { OrderDetail } from './order-detail.jsx';
import { QuoteCard } from './quote-card.jsx';
import { wizardFields } from './wizard-fields.jsx';

const work = {
  service: 'professional-translation',
  sourceLanguage: 'tr',
  targetLanguages: ['en'],
  urgency: 'normal',
  addOns: [],
  unit: 'word',
  quantity: 400,
  files: [],
  deliveryWindow: { minDays: 3, maxDays: 5 },
};
const at = (lang, tr, en) => ({ path: lang === 'tr' ? tr : en });

test('the wizard shows the expected day beside each urgency once the estimate has answered', () => {
  const step = (lang, expectedDates) =>
    render(
      <DeliveryStep
        fields={wizardFields('w', () => '')}
        draft={{ urgency: 'normal', addOns: [] }}
        onChange={() => {}}
        addOns={[]}
        windows={(u) => (u === 'urgent' ? { minDays: 1, maxDays: 2 } : { minDays: 3, maxDays: 5 })}
        expectedDates={expectedDates}
      />,
      at(lang, '/tr/siparis', '/en/order'),
    );
  const dates = { normal: '2026-12-04', urgent: '2026-12-01' };
  const en = text(step('en', dates));
  expect(en).toContain('Normal (3-5 days) Expected delivery: Fri, 4 December 2026');
  expect(en).toContain('Urgent (1-2 days) Expected delivery: Tue, 1 December 2026');
  expect(text(step('tr', dates))).toContain('Normal (3-5 gün) Tahmini teslim: 4 Aralık 2026 Cuma');
  expect(step('en', undefined)).not.toContain('expected-date');
});

const showQuote = (q, lang = 'tr') =>
  render(
    <OrdersProvider currency="TRY">
      <QuoteCard quote={q} />
    </OrdersProvider>,
    at(lang, '/tr/hesabim/siparislerim', '/en/account/orders'),
  );

test('a pending quote shows the day it would be delivered if ordered today', () => {
  const quote = { ...work, id: 'q1', number: 'Q-2026-00012', status: 'pending', lines: [], total: { amount: 100, currency: 'TRY', decimals: 2 },
    createdAt: '2026-11-23T10:00:00Z', expiresAt: '2099-12-07T10:00:00Z', version: 1, revisions: [], expectedDate: '2026-12-04' };
  expect(text(showQuote(quote, 'en'))).toContain('Expected delivery Fri, 4 December 2026');
  expect(text(showQuote(quote))).toContain('Tahmini teslim 4 Aralık 2026 Cuma');
  // The server gives no day for a quote no longer pending.
  expect(showQuote({ ...quote, status: 'rejected', expectedDate: undefined })).not.toContain('expected-date');
});

const showOrder = (o, lang = 'tr') =>
  render(
    <OrdersProvider currency="TRY">
      <OrderDetail orderId="o1" />
    </OrdersProvider>,
    { ...at(lang, '/tr/hesabim/siparislerim/o1', '/en/account/orders/o1'), answers: [[orderKey('o1', lang), o]] },
  );

test("the customer's order shows its expected day until it is delivered", () => {
  const order = { ...work, id: 'o1', number: 'O-2026-00007', status: 'in_progress', displayStatus: 'in_progress', deliveries: [],
    history: [{ status: 'in_progress', at: '2026-11-28T10:00:00Z', note: '' }], escalated: false,
    paidAt: '2026-11-28T10:00:00Z', deadline: '2026-12-04T15:00:00Z', expectedDate: '2026-12-04' };
  expect(text(showOrder(order, 'en'))).toContain('Expected delivery Fri, 4 December 2026');
  expect(text(showOrder(order))).toContain('Tahmini teslim 4 Aralık 2026 Cuma');
  const delivered = { ...order, status: 'delivered', deliveredAt: '2026-12-03T10:00:00Z' };
  expect(showOrder(delivered)).not.toContain('data-testid="expected-date"');
});
