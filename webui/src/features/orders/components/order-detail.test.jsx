import { expect, test } from 'vitest';
import { render, text } from '../../../lib/test-render.jsx';
import { orderKey } from '../api/orders.js';
import { OrdersProvider } from '../orders-context.jsx';
import { OrderDetail } from './order-detail.jsx';

const order = (extra = {}) => ({
  id: 'o1',
  number: 'O-2026-00007',
  status: 'in_progress',
  displayStatus: 'in_progress',
  service: 'professional-translation',
  sourceLanguage: 'tr',
  targetLanguages: ['en'],
  urgency: 'normal',
  unit: 'word',
  quantity: 400,
  files: [],
  deliveries: [],
  history: [{ status: 'in_progress', at: '2026-11-23T10:00:00Z', note: '' }],
  escalated: false,
  ...extra,
});

const show = (o, lang = 'tr') => render(
    <OrdersProvider currency="TRY">
      <OrderDetail orderId="o1" />
    </OrdersProvider>,
    { path: lang === 'tr' ? '/tr/hesabim/siparislerim/o1' : '/en/account/orders/o1', answers: [[orderKey('o1', lang), o]] });

test('an escalated order still waiting for its translator tells the customer a translator is being arranged', () => {
  const tr = show(order({ escalated: true, escalatedAt: '2026-11-23T14:00:00Z' }));
  expect(tr).toContain('data-testid="escalated"');
  expect(text(tr)).toContain('Çevirmen atanıyor: ekibimiz siparişiniz için uygun bir çevirmen ayarlıyor.');
  expect(tr).toMatch(/role="status" data-testid="escalated"/);
  const en = show(order({ escalated: true }), 'en');
  expect(text(en)).toContain('We are arranging a translator for your order');
  // Not escalated, or no longer waiting (a translator took it): no notice.
  expect(show(order())).not.toContain('data-testid="escalated"');
  expect(show(order({ status: 'assigned', escalated: false, escalatedAt: '2026-11-23T14:00:00Z' }))).not.toContain('data-testid="escalated"');
  expect(show(order({ status: 'delivered', escalated: true }))).not.toContain('data-testid="escalated"');
});
