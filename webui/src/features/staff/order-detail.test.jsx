import { expect, test } from 'vitest';
import { ApiError } from '../../lib/api-client.js';
import { render, text } from '../../lib/test-render.jsx';
import { staffMembersKey } from './api/audit.js';
import { customerKey, usersKey } from './api/customers.js';
import { invoiceKey } from './api/money.js';
import { eligibleKey, staffOrderKey } from './api/orders.js';
import { StaffOrderDetail, StaffOrderView, invoiceIdOf } from './components/order-detail.jsx';

const TRY = (amount) => ({ amount, currency: 'TRY', decimals: 2 });
const USD = (amount) => ({ amount, currency: 'USD', decimals: 2 });
const none = { candidates: [], excluded: [] };

const order = (extra = {}) => ({
  id: 'o1',
  number: 'O-2026-00007',
  quoteId: 'q1',
  status: 'delivered',
  customerId: 'cust-1',
  translatorId: 'tr-1',
  service: 'professional-translation',
  sourceLanguage: 'tr',
  targetLanguages: ['en', 'de'],
  addOns: [],
  unit: 'word',
  quantity: 400,
  files: [{ id: 'f-src', name: 'sozlesme.docx', counts: { words: 400, characters: 2400, pages: 2 } }],
  deliveries: [{ id: 'f-del', name: 'contract-en.docx', counts: { words: 380 } }],
  lines: [
    { targetLanguage: 'en', quantity: 400, unit: 'word', price: TRY(93500) },
    { targetLanguage: 'de', quantity: 400, unit: 'word', price: TRY(93500) },
  ],
  total: TRY(187000),
  totalUsd: USD(6800),
  createdAt: '2026-11-23T10:00:00Z',
  paidAt: '2026-11-23T11:00:00Z',
  deliveredAt: '2026-11-25T09:00:00Z',
  brief: 'Legal register, please.',
  history: [
    { status: 'awaiting_payment', at: '2026-11-23T10:00:00Z', note: '' },
    { status: 'in_progress', at: '2026-11-23T11:00:00Z', note: '' },
    { status: 'assigned', at: '2026-11-23T12:00:00Z', note: '', step: 'assigned', translatorId: 'tr-1', by: 'staff-1' },
    { status: 'delivered', at: '2026-11-25T09:00:00Z', note: 'Done.' },
  ],
  ...extra,
});

const customer = { id: 'cust-1', fullName: 'Selin Kaya', email: 'selin@example.com', phone: '+90 532 111 22 33', companyName: 'Kaya Hukuk Ltd. Şti.' };
const invoice = {
  id: 'inv-q1',
  number: 'LP-2026-000042',
  status: 'paid',
  currency: 'TRY',
  decimals: 2,
  totals: { net: 187000, vat: 37400, total: 224400 },
};
const names = (id) => ({ 'tr-1': 'Ayşe Yılmaz' })[id] ?? id;

test('the header names the order, its state, the customer with e-mail, phone and company, and the translator', () => {
  for (const [path, words] of [
    ['/tr/yonetim/siparisler/o1', ['O-2026-00007', 'Selin Kaya', 'selin@example.com', '+90 532 111 22 33', 'Kaya Hukuk Ltd. Şti.', 'Ayşe Yılmaz', 'Müşteri', 'Çevirmen']],
    ['/en/admin/orders/o1', ['O-2026-00007', 'Selin Kaya', 'selin@example.com', 'Kaya Hukuk Ltd. Şti.', 'Ayşe Yılmaz', 'Customer', 'Translator']],
  ]) {
    const html = render(<StaffOrderView order={order()} eligibility={none} nameOf={names} customer={customer} invoice={invoice} />, { path });
    for (const w of words) expect(text(html)).toContain(w);
    expect(html).toContain('href="mailto:selin@example.com"');
    expect(html).toContain('href="tel:+905321112233"');
    expect(html).toMatch(/class="status status--order[^"]*"/);
    expect(html).toMatch(/<article[^>]*data-order-id="o1"[^>]*data-status="delivered"/);
  }
  const individual = render(<StaffOrderView order={order()} eligibility={none} customer={{ ...customer, phone: '', companyName: '' }} />, { path: '/en/admin/orders/o1' });
  expect(text(individual)).toContain('No phone');
  expect(text(individual)).toContain('Individual');
});

test('source and delivered files each link to their download, with their counts', () => {
  const html = render(<StaffOrderView order={order()} eligibility={none} invoice={invoice} />, { path: '/tr/yonetim/siparisler/o1' });
  expect(html).toContain('href="/api/v1/orders/files/f-src"');
  expect(html).toContain('href="/api/v1/orders/files/f-del"');
  expect(html).toMatch(/data-kind="source".*sozlesme\.docx/s);
  expect(html).toMatch(/data-kind="delivery".*contract-en\.docx/s);
  expect(text(html)).toContain('400 kelime · 2 sayfa');
  const bare = render(<StaffOrderView order={order({ files: [], deliveries: [] })} eligibility={none} />, { path: '/en/admin/orders/o1' });
  expect(text(bare)).toContain('No source files');
  expect(text(bare)).toContain('Nothing delivered yet.');
  const one = render(<StaffOrderView order={order({ files: [{ id: 'f1', name: 'a.txt', counts: { words: 8, pages: 1 } }] })} eligibility={none} />, { path: '/en/admin/orders/o1' });
  expect(text(one)).toContain('8 words · 1 page');
});

test('the quote shows a line per language and the totals; the invoice its number, net, VAT and total', () => {
  const html = render(<StaffOrderView order={order()} eligibility={none} invoice={invoice} />, { path: '/en/admin/orders/o1' });
  const words = text(html);
  expect(html).toContain('data-language="en"');
  expect(html).toContain('data-language="de"');
  expect(words).toMatch(/Total\s*1,870\.00|1\.870,00|1,870\.00/);
  expect(words).toContain('$68.00');
  expect(html).toContain('href="/en/admin/quotes/q1"');
  expect(html).toContain('href="/api/v1/orders/quotes/q1.pdf?lang=tr"');
  expect(html).toContain('href="/en/admin/invoices/inv-q1"');
  expect(html).toMatch(/data-testid="invoice-number"[^>]*>LP-2026-000042</);
  expect(words).toContain('374.00');
  expect(words).toContain('2,244.00');
  expect(words).toContain('Paid');
  expect(html).toContain('href="/api/v1/billing/invoices/inv-q1.pdf?lang=en"');
});

test('an invoice not issued yet says so; a failed one shows the error inline', () => {
  const missing = new ApiError(404, { error: { code: 'invoice_not_found', message: 'Invoice not found.' } });
  const waiting = render(<StaffOrderView order={order({ status: 'awaiting_payment' })} eligibility={none} invoiceError={missing} />, { path: '/tr/yonetim/siparisler/o1' });
  expect(text(waiting)).toContain('Fatura henüz kesilmedi.');
  const failed = render(<StaffOrderView order={order()} eligibility={none} invoiceError={new ApiError(502, { error: { code: 'upstream', message: 'Billing is down.' } })} />, {
    path: '/en/admin/orders/o1',
  });
  expect(failed).toMatch(/class="field__error"[^>]*>Billing is down\./);
});

test('actions show only where they apply: assign while unassigned, expected date while under way, none once delivered', () => {
  const paid = render(<StaffOrderView order={order({ status: 'in_progress', translatorId: '', deadline: '2026-12-04T15:00:00Z', deliveries: [] })} eligibility={none} />, {
    path: '/en/admin/orders/o1',
  });
  expect(paid).toContain('data-testid="assign"');
  expect(paid).toContain('data-testid="expected-date-form"');
  expect(paid).not.toContain('data-testid="fulfilment"');
  const delivered = render(<StaffOrderView order={order()} eligibility={none} />, { path: '/en/admin/orders/o1' });
  expect(delivered).not.toContain('data-testid="order-actions"');
  expect(delivered).not.toContain('data-testid="assign"');
  const sworn = render(<StaffOrderView order={order({ fulfilment: { steps: [{ step: 'translated', done: true, at: '2026-11-25T09:00:00Z' }, { step: 'shipped', done: false }], next: 'shipped' } })} eligibility={none} />, {
    path: '/en/admin/orders/o1',
  });
  expect(sworn).toContain('data-testid="fulfilment"');
  expect(sworn).toContain('data-next="shipped"');
  const revision = render(<StaffOrderView order={order({ status: 'revision_requested', revisionReason: 'Fix the names.' })} eligibility={none} nameOf={names} />, { path: '/en/admin/orders/o1' });
  expect(revision).toContain('data-testid="order-actions"');
  expect(revision).not.toContain('data-testid="assign"');
});

const staff = (lang) => [staffMembersKey(lang), { users: [{ id: 'staff-1', name: 'Deniz Arslan', email: 'd@x', role: 'admin' }] }];

test('the timeline is the styled one, each entry with who did it, staff by name', () => {
  const html = render(<StaffOrderView order={order()} eligibility={none} nameOf={names} />, { path: '/en/admin/orders/o1', answers: [staff('en')] });
  expect(html).toMatch(/<ol class="timeline" data-testid="staff-order-history">/);
  expect(html.match(/<li[^>]*data-status=/g)).toHaveLength(4);
  expect(text(html)).toContain('Translator: Ayşe Yılmaz');
  expect(text(html)).toContain('by Deniz Arslan');
  expect(text(html)).not.toContain('staff-1');
  expect(html).toContain('data-by="staff-1"');
  const tr = render(<StaffOrderView order={order()} eligibility={none} nameOf={names} />, { path: '/tr/yonetim/siparisler/o1', answers: [staff('tr')] });
  expect(text(tr)).toContain('Deniz Arslan tarafından');
});

test('a staff member the list does not name is named by their account, else in words, never by the bare id', () => {
  const former = order({ history: [{ status: 'assigned', at: '2026-11-23T12:00:00Z', note: '', translatorId: 'tr-1', by: 'staff-9' }] });
  // Still loading: no list yet.
  for (const [path, words] of [
    ['/en/admin/orders/o1', 'by a staff member'],
    ['/tr/yonetim/siparisler/o1', 'bir ekip üyesi tarafından'],
  ]) {
    const html = render(<StaffOrderView order={former} eligibility={none} nameOf={names} />, { path });
    expect(text(html)).toContain(words);
    expect(text(html)).not.toContain('staff-9');
  }
  // No longer staff: their account's name (admin/users), or the words when svc-auth knows no such account.
  const account = render(<StaffOrderView order={former} eligibility={none} nameOf={names} />, {
    path: '/en/admin/orders/o1',
    answers: [staff('en'), [usersKey(['staff-9'], 'en'), { users: [{ id: 'staff-9', name: 'Kerem Aydın', role: 'customer' }] }]],
  });
  expect(text(account)).toContain('by Kerem Aydın');
  const unknown = render(<StaffOrderView order={former} eligibility={none} nameOf={names} />, {
    path: '/tr/yonetim/siparisler/o1',
    answers: [staff('tr'), [usersKey(['staff-9'], 'tr'), { users: [] }]],
  });
  expect(text(unknown)).toContain('bir ekip üyesi tarafından');
  expect(text(unknown)).not.toContain('staff-9');
});

test('the page reads the order, its customer from svc-auth and its invoice by the id svc-billing derives', () => {
  expect(invoiceIdOf('q1')).toBe('inv-q1');
  expect(invoiceIdOf('')).toBe('');
  expect(invoiceKey('', 'tr')).toBe(null);
  expect(customerKey(undefined, 'tr')).toBe(null);
  const html = render(<StaffOrderDetail id="o1" />, {
    path: '/en/admin/orders/o1',
    answers: [
      [staffOrderKey('o1', 'en'), order()],
      [eligibleKey('o1', 'en'), none],
      [customerKey('cust-1', 'en'), customer],
      [invoiceKey('inv-q1', 'en'), invoice],
    ],
  });
  expect(text(html)).toContain('selin@example.com');
  expect(text(html)).toContain('LP-2026-000042');
  expect(html).toContain('href="/en/admin/orders"');
});
