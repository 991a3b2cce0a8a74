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

test('a sworn, notarised order shows its paper steps, their times and the tracking number once shipped', () => {
  const fulfilment = {
    steps: [
      { step: 'translated', done: true, at: '2026-11-23T10:00:00Z' },
      { step: 'at_notary', done: true, at: '2026-11-24T10:00:00Z' },
      { step: 'notarised', done: false, at: null },
      { step: 'shipped', done: false, at: null },
    ],
    next: 'notarised',
  };
  const tr = show(order({ status: 'delivered', addOns: ['sworn', 'notary'], fulfilment }));
  expect(text(tr)).toContain('Yeminli tercüme, noter ve apostil adımları');
  expect(text(tr)).toContain('Noterde');
  expect(tr).toMatch(/data-step="at_notary" data-done="true"/);
  expect(tr).toMatch(/data-step="notarised" data-done="false"/);
  expect(text(tr)).toContain('Bekleniyor');
  expect(tr).not.toContain('data-testid="tracking-number"');
  const shipped = {
    steps: fulfilment.steps.map((s) => ({ ...s, done: true, at: '2026-11-25T10:00:00Z' })),
    next: '',
    courier: 'Yurtiçi Kargo',
    trackingNumber: 'YK123456',
  };
  const en = show(order({ status: 'completed', fulfilment: shipped }), 'en');
  expect(text(en)).toContain('Sworn translation, notary and apostille steps');
  expect(text(en)).toContain('Shipped');
  expect(text(en)).toContain('Tracking number');
  expect(text(en)).toContain('YK123456');
  expect(text(en)).toContain('Yurtiçi Kargo');
  // An order without paper work has no such section.
  expect(show(order())).not.toContain('data-testid="fulfilment"');
});

test('the contract accepted with the order is named with its moment and downloads as a PDF; an older order without one shows nothing', () => {
  const contract = { kind: 'consumer', version: '2026-11-30', lang: 'tr', acceptedAt: '2026-11-30T09:15:00Z' };
  const tr = show(order({ contract }));
  expect(text(tr)).toMatch(/Sözleşme .*tarihinde kabul ettiniz\. Sözleşmeyi indir \(PDF\)/);
  expect(tr).toMatch(/href="\/api\/v1\/orders\/orders\/o1\/contract\.pdf" download="" data-pdf="contract"/);
  expect(text(show(order({ contract }), 'en'))).toContain('Download the contract (PDF)');
  expect(show(order())).not.toContain('data-testid="order-contract"');
});
