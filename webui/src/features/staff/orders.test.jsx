import { afterEach, expect, test, vi } from 'vitest';
import { render, text } from '../../lib/test-render.jsx';
import { staffMembersKey } from './api/audit.js';
import { usersKey } from './api/customers.js';
import { assignOrder, fulfilmentBody, ordersPageKey, quotesPageKey, recordStep } from './api/orders.js';
import { CustomerLink, Orders, OrdersTable } from './components/orders.jsx';
import { StaffOrderView } from './components/order-detail.jsx';
import { FulfilmentPanel, fulfilmentProblems } from './components/fulfilment.jsx';
import { StaffQuoteView, revisionBody } from './components/quotes.jsx';

afterEach(() => vi.unstubAllGlobals());
const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const TRY = (amount) => ({ amount, currency: 'TRY', decimals: 2 });

const staff = (lang) => [
  staffMembersKey(lang),
  { users: [{ id: 'staff-1', name: 'Deniz Arslan', email: 'd@x', role: 'admin' }, { id: 'staff-2', name: 'Elif Şahin', email: 'e@x', role: 'admin' }] },
];

const order = (extra = {}) => ({
  id: 'o1',
  number: 'O-2026-00007',
  status: 'in_progress',
  customerId: 'cust-1',
  translatorId: '',
  service: 'professional-translation',
  sourceLanguage: 'tr',
  targetLanguages: ['en'],
  addOns: [],
  total: TRY(187000),
  createdAt: '2026-11-23T10:00:00Z',
  history: [{ status: 'awaiting_payment', at: '2026-11-23T10:00:00Z', note: '' }],
  ...extra,
});

test('orders are asked for by status, search and sort, each next page from the cursor, none after the last', () => {
  const key = ordersPageKey('tr', { status: 'in_progress', q: ' O-2026-00007 ', sort: 'deadline' });
  expect(key(0, null)).toEqual(['/api/v1/orders/admin/orders?status=in_progress&q=O-2026-00007&sort=deadline', 'tr']);
  expect(key(1, { orders: [{ id: 'o9' }], more: true, next: 'o9' })[0]).toBe('/api/v1/orders/admin/orders?status=in_progress&q=O-2026-00007&sort=deadline&before=o9');
  expect(key(2, { orders: [{ id: 'o1' }], more: false })).toBe(null);
  expect(ordersPageKey('en', { sort: 'created' })(0, null)[0]).toBe('/api/v1/orders/admin/orders');
  expect(quotesPageKey('en', { status: 'pending', q: 'cust-1' })(1, { quotes: [], more: true, next: 'q2' })[0]).toBe('/api/v1/orders/admin/quotes?status=pending&q=cust-1&before=q2');
});

test('the list takes its filters from the address, so the dashboard links straight to the escalated jobs', () => {
  const tr = render(<Orders />, { path: '/tr/yonetim/siparisler?status=escalated&sort=deadline&q=O-2026-00007' });
  expect(tr).toMatch(/aria-pressed="true" data-status="escalated"/);
  expect(tr).toMatch(/<option value="deadline" selected="">/);
  expect(tr).toContain('value="O-2026-00007"');
  const plain = render(<Orders />, { path: '/en/admin/orders' });
  expect(plain).toMatch(/aria-pressed="true" data-status="all"/);
});

test('the list names each customer, asking svc-auth once for all the rows', () => {
  const rows = [order(), order({ id: 'o2', customerId: 'cust-2' })];
  const html = render(<OrdersTable orders={rows} />, {
    path: '/tr/yonetim/siparisler',
    answers: [[usersKey(['cust-1', 'cust-2'], 'tr'), { users: [{ id: 'cust-1', name: 'Selin Kaya' }, { id: 'cust-2', name: 'Emre Demir' }] }]],
  });
  expect(text(html)).toContain('Selin Kaya');
  expect(text(html)).toContain('Emre Demir');
});

test('the orders table links each order to its page, names the translator and flags escalated jobs', () => {
  const rows = [order({ escalated: true }), order({ id: 'o2', number: 'O-2026-00008', status: 'assigned', translatorId: 'tr-1' })];
  const tr = render(<OrdersTable orders={rows} nameOf={(id) => (id === 'tr-1' ? 'Ayşe Yılmaz' : id)} />, { path: '/tr/yonetim/siparisler' });
  expect(tr).toContain('href="/tr/yonetim/siparisler/o1"');
  expect(text(tr)).toContain('Ayşe Yılmaz');
  expect(text(tr)).toContain('Atanmadı');
  expect(text(tr)).toContain('Ödendi, kimse almadı');
  const en = render(<OrdersTable orders={rows} />, { path: '/en/admin/orders' });
  expect(en).toContain('href="/en/admin/orders/o2"');
  expect(text(en)).toContain('Paid, escalated');
  // The customer's page is linked only once the back office has that screen (staffPath refuses an unknown section).
  const plain = render(<CustomerLink id="cust-1" sections={['siparisler']} />, { path: '/tr/yonetim' });
  expect(plain).not.toContain('href');
  expect(text(plain)).toBe('cust-1');
});

test('an order shows its timeline with who assigned whom, and offers only the eligible translators', () => {
  const o = order({
    status: 'assigned',
    translatorId: 'tr-1',
    history: [
      { status: 'in_progress', at: '2026-11-23T10:00:00Z', note: '' },
      { status: 'assigned', at: '2026-11-23T11:00:00Z', note: '', translatorId: 'tr-1', by: 'staff-1' },
      { status: 'assigned', at: '2026-11-23T12:00:00Z', note: 'reassigned', translatorId: 'tr-2', by: 'staff-2' },
    ],
  });
  const names = (id) => ({ 'tr-1': 'Ayşe Yılmaz', 'tr-2': 'Mehmet Öz', 'tr-3': 'Zeynep Kaya' })[id] ?? id;
  const html = render(<StaffOrderView order={o} eligibility={{ candidates: [{ translatorId: 'tr-3', activeJobs: 1, activeJobCap: 3 }], excluded: [] }} nameOf={names} />, {
    path: '/tr/yonetim/siparisler/o1',
    answers: [staff('tr')],
  });
  expect(text(html)).toContain('Başka çevirmene verildi');
  expect(text(html)).toContain('Çevirmen: Mehmet Öz');
  expect(text(html)).toContain('Deniz Arslan tarafından');
  expect(text(html)).toContain('Elif Şahin tarafından');
  expect(text(html)).not.toMatch(/staff-\d/);
  expect(text(html)).toContain('Başka çevirmene ver');
  expect(html).toMatch(/<option value="tr-3">Zeynep Kaya \(1\/3 iş\)<\/option>/);
  expect(html).toContain('href="/tr/yonetim/denetim?area=orders&amp;object=order%3Ao1"');
  const none = render(<StaffOrderView order={order()} eligibility={{ candidates: [], excluded: [{ translatorId: 'tr-9', reason: 'on_vacation' }] }} />, { path: '/en/admin/orders/o1' });
  expect(text(none)).toContain('No translator can take this job right now');
  expect(text(none)).toContain('tr-9: On vacation'); // never an empty list without a reason
  // Nothing to assign once delivered.
  expect(render(<StaffOrderView order={order({ status: 'delivered' })} eligibility={{ candidates: [], excluded: [] }} />, { path: '/en/admin/orders/o1' })).not.toContain('data-testid="assign"');
});

test('assigning sends the translator and the one the page showed; a step sends courier and tracking only when shipped', async () => {
  const fetch = vi.fn(() => Promise.resolve(json(200, order({ status: 'assigned', translatorId: 'tr-3' }))));
  vi.stubGlobal('fetch', fetch);
  await assignOrder('o1', 'tr-3', 'tr-1', 'en');
  let [url, init] = fetch.mock.calls[0];
  expect(url).toBe('/api/v1/orders/admin/orders/o1/assign');
  expect(JSON.parse(init.body)).toEqual({ translatorId: 'tr-3', from: 'tr-1' });
  await recordStep('o1', fulfilmentBody('shipped', { courier: ' Yurtiçi ', trackingNumber: ' YK1 ', note: '' }), 'tr');
  [url, init] = fetch.mock.calls[1];
  expect(url).toBe('/api/v1/orders/admin/orders/o1/fulfilment');
  expect(JSON.parse(init.body)).toEqual({ step: 'shipped', courier: 'Yurtiçi', trackingNumber: 'YK1' });
  expect(fulfilmentBody('at_notary', { courier: 'x', note: ' ok ' })).toEqual({ step: 'at_notary', note: 'ok' });
  expect(fulfilmentProblems('shipped', { courier: '', trackingNumber: ' ' })).toEqual({ courier: 'fulfilment.courierRequired', trackingNumber: 'fulfilment.trackingRequired' });
  expect(fulfilmentProblems('notarised', {})).toEqual({});
});

test('the paper work shows each step done or waiting and asks for courier and tracking number before shipping', () => {
  const fulfilment = {
    steps: [
      { step: 'translated', done: true, at: '2026-11-23T10:00:00Z', by: 'staff-1' },
      { step: 'apostilled', done: true, at: '2026-11-24T10:00:00Z' },
      { step: 'shipped', done: false, at: null },
    ],
    next: 'shipped',
  };
  const tr = render(<FulfilmentPanel order={order({ fulfilment })} />, { path: '/tr/yonetim/siparisler/o1', answers: [staff('tr')] });
  expect(text(tr)).toContain('Sıradaki adım: Kargoya verildi');
  expect(tr).toMatch(/<li data-step="translated"[^>]*>.*<span data-by="staff-1"> · Deniz Arslan<\/span><\/li>/);
  expect(text(tr)).not.toContain('staff-1');
  expect(text(tr)).toContain('Kargo firması');
  expect(text(tr)).toContain('Takip numarası');
  expect(tr).toMatch(/data-step="apostilled" data-done="true"/);
  const done = { ...fulfilment, next: '', steps: fulfilment.steps.map((s) => ({ ...s, done: true, at: '2026-11-25T10:00:00Z' })), courier: 'Aras', trackingNumber: 'AR9' };
  const en = render(<FulfilmentPanel order={order({ fulfilment: done })} />, { path: '/en/admin/orders/o1', answers: [staff('en')] });
  expect(text(en)).toContain('Every step is done.');
  expect(text(en)).toContain('· Deniz Arslan');
  expect(text(en)).toContain('Tracking number: AR9');
  expect(en).not.toContain('data-action="step"');
  // Who did a step, while the staff list loads or when it does not name them: words, not the id.
  const former = { ...done, steps: [{ step: 'translated', done: true, at: '2026-11-23T10:00:00Z', by: 'staff-9' }] };
  for (const [path, words, answers] of [
    ['/en/admin/orders/o1', '· a staff member', []],
    ['/tr/yonetim/siparisler/o1', '· bir ekip üyesi', [staff('tr'), [usersKey(['staff-9'], 'tr'), { users: [] }]]],
  ]) {
    const html = render(<FulfilmentPanel order={order({ fulfilment: former })} />, { path, answers });
    expect(text(html)).toContain(words);
    expect(text(html)).not.toContain('staff-9');
  }
});

test('a pending quote can be revised in its own currency with a note, or cancelled; a cancelled one shows why', () => {
  expect(revisionBody('1.234,57', ' Noter masrafı ', 'TRY')).toEqual({ body: { total: { amount: 123457, currency: 'TRY' }, note: 'Noter masrafı' } });
  expect(revisionBody('abc', '', 'EUR').problems).toEqual({ amount: 'quotes.revise.amountInvalid', note: 'quotes.revise.noteRequired' });
  const q = {
    id: 'q1', number: 'Q-2026-00012', status: 'pending', customerId: 'cust-1', total: TRY(123457), version: 2,
    createdAt: '2026-11-23T10:00:00Z', expiresAt: '2026-12-07T10:00:00Z',
    revisions: [{ version: 2, previous: TRY(187000), total: TRY(123457), note: 'Noter masrafı eklendi.', by: 'staff-1', at: '2026-11-24T10:00:00Z' }],
  };
  const tr = render(<StaffQuoteView quote={q} />, { path: '/tr/yonetim/teklifler/q1', answers: [staff('tr')] });
  expect(text(tr)).toContain('Yeni tutar (TRY)');
  expect(text(tr)).toContain('Sürüm 2:');
  expect(tr).toMatch(/<span data-by="staff-1"> · Deniz Arslan<\/span>/);
  expect(text(tr)).not.toContain('staff-1');
  expect(text(tr)).toContain('Noter masrafı eklendi.');
  expect(tr).toContain('data-action="cancel-open"');
  const cancelled = render(<StaffQuoteView quote={{ ...q, status: 'cancelled', cancelReason: 'Belge okunamıyor.' }} />, { path: '/en/admin/quotes/q1' });
  expect(text(cancelled)).toContain('Cancelled');
  expect(text(cancelled)).toContain('Belge okunamıyor.');
  expect(cancelled).not.toContain('data-testid="revise-form"');
  // Who revised, while the staff list loads or when it does not name them: words, not the id.
  const former = { ...q, revisions: [{ ...q.revisions[0], by: 'staff-9' }] };
  for (const [path, words, answers] of [
    ['/en/admin/quotes/q1', '· a staff member', [staff('en'), [usersKey(['staff-9'], 'en'), { users: [] }]]],
    ['/tr/yonetim/teklifler/q1', '· bir ekip üyesi', []],
  ]) {
    const html = render(<StaffQuoteView quote={former} />, { path, answers });
    expect(text(html)).toContain(words);
    expect(text(html)).not.toContain('staff-9');
  }
});

test('an order’s deadline reads on Istanbul’s clock, as its translator reads it, whatever the browser’s zone', () => {
  // 15:00 UTC is 18:00 in Istanbul, the end of the working day the deadline names.
  const html = render(<StaffOrderView order={order({ status: 'assigned', translatorId: 'tr-1', deadline: '2026-12-04T15:00:00Z' })} eligibility={{ candidates: [], excluded: [] }} />, { path: '/en/admin/orders/o1' });
  expect(text(html)).toContain('4 Dec 2026, 18:00');
  const rows = render(<OrdersTable orders={[order({ deadline: '2026-12-04T15:00:00Z' })]} />, { path: '/tr/yonetim/siparisler' });
  expect(text(rows)).toContain('4 Ara 2026 18:00');
});

test('a sandbox order is badged in the list, its title saying what sandbox means, and a live one is not', () => {
  const rows = [order({ sandbox: true, customerId: 'sbx_cust-1' }), order({ id: 'o2', number: 'O-2026-00008' })];
  const tr = render(<OrdersTable orders={rows} />, { path: '/tr/yonetim/siparisler' });
  expect(tr).toMatch(/<tr[^>]*data-order-id="o1"[^>]*data-sandbox="true"/);
  expect(tr.match(/data-testid="sandbox-badge"/g)).toHaveLength(1);
  expect(text(tr)).toContain('Deneme (sandbox)');
  expect(tr).toContain('title="Deneme ortamı (sandbox) API anahtarıyla oluşturuldu: gerçek bir iş değildir, ücret alınmadan ödenir."');
  const en = render(<OrdersTable orders={rows} />, { path: '/en/admin/orders' });
  expect(text(en)).toContain('Sandbox');
  expect(en).toContain('title="Made with a sandbox API key: not real business, paid without charge."');
});

test('a sandbox order’s page says the simulated translator works it instead of offering an assignment or a revision’s reassignment', () => {
  const eligibility = { candidates: [{ translatorId: 'tr-3', activeJobs: 1, activeJobCap: 3 }], excluded: [] };
  const tr = render(<StaffOrderView order={order({ sandbox: true })} eligibility={eligibility} />, { path: '/tr/yonetim/siparisler/o1' });
  expect(tr).not.toContain('data-testid="assign"');
  expect(tr).toContain('data-testid="sandbox-badge"');
  expect(tr).toContain('data-testid="sandbox-note"');
  expect(text(tr)).toContain('Deneme siparişi: işi simüle edilmiş deneme çevirmeni yürütür; gerçek bir çevirmene atanamaz.');
  const revision = order({ sandbox: true, status: 'revision_requested', translatorId: 'sbx_translator' });
  const en = render(<StaffOrderView order={revision} eligibility={eligibility} />, { path: '/en/admin/orders/o1' });
  expect(en).not.toContain('data-action="assign"');
  expect(text(en)).toContain('A sandbox order: the simulated sandbox translator works it; it cannot be given to a real translator.');
  // A live order still offers the choice, with no sandbox words.
  const live = render(<StaffOrderView order={order()} eligibility={eligibility} />, { path: '/en/admin/orders/o1' });
  expect(live).toContain('data-testid="assign"');
  expect(live).not.toContain('sandbox');
});

test('a sandbox quote is badged in its page', () => {
  const quote = { id: 'q1', number: 'Q-2026-00007', status: 'approved', customerId: 'sbx_cust-1', total: TRY(187000), version: 1, createdAt: '2026-11-23T10:00:00Z', expiresAt: '2026-11-30T10:00:00Z', sandbox: true };
  const html = render(<StaffQuoteView quote={quote} />, { path: '/en/admin/quotes/q1' });
  expect(html).toContain('data-testid="sandbox-badge"');
  expect(text(html)).toContain('Made with a sandbox API key: not real business, paid without charge.');
  expect(render(<StaffQuoteView quote={{ ...quote, sandbox: false }} />, { path: '/en/admin/quotes/q1' })).not.toContain('sandbox-badge');
});
