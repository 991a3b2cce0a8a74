import { unstable_serialize as infiniteKey } from 'swr/infinite';
import { afterEach, expect, test, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.js';
import { createRequestOnce } from '../../../lib/request-once.js';
import { render, text } from '../../../lib/test-render.jsx';
import { customerKey, customerOrdersKey, customersPageKey, suspendTranslator, usersKey } from '../api/customers.js';
import { invoicesPageKey } from '../api/money.js';
import { CustomerDetail, CustomerOrdersList, Customers } from './customers.jsx';
import { Suspension } from './translators.jsx';

afterEach(() => vi.unstubAllGlobals());
const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const TRY = (amount) => ({ amount, currency: 'TRY', decimals: 2 });

const customer = {
  id: 'cust-1', fullName: 'Ayşe Yılmaz', email: 'ayse@example.com', phone: '+90 532 000 00 00', companyName: 'Örnek A.Ş.', address: 'Kadıköy',
  type: 'customer', language: 'tr', createdAt: '2026-11-01T09:00:00Z', providers: ['google'], emailVerified: true,
};

test('customers are searched and paged on the server; names for ids are asked for once per set', () => {
  const key = customersPageKey('tr', { q: ' İlker ', sort: 'oldest' });
  expect(key(0, null)).toEqual(['/api/v1/auth/admin/customers?q=%C4%B0lker&sort=oldest', 'tr']);
  expect(key(1, { customers: [{ id: 'c2' }, { id: 'c1' }], more: true, next: 'c1' })[0]).toBe('/api/v1/auth/admin/customers?q=%C4%B0lker&sort=oldest&before=c1');
  expect(key(2, { customers: [{ id: 'c0' }], more: false })).toBe(null);
  expect(usersKey(['tr-2', '', 'tr-1', 'tr-2'], 'en')).toEqual(['/api/v1/auth/admin/users?ids=tr-1%2Ctr-2', 'en']);
  expect(usersKey([], 'en')).toBe(null);
  const list = render(<Customers />, { path: '/en/admin/customers', answers: [[infiniteKey(customersPageKey('en', {})), [{ customers: [customer], more: true }]]] });
  expect(list).toContain('href="/en/admin/customers/cust-1"');
  expect(text(list)).toContain('Ayşe Yılmaz ayse@example.com Örnek A.Ş.');
  expect(list).toContain('data-testid="customers-more"');
});

test('a customer’s page shows the profile, orders, invoices and balance', () => {
  const invoice = { id: 'inv-1', number: 'LP-2026-000001', status: 'paid', customerId: 'cust-1', orderNumber: 'O-2026-00001', currency: 'TRY', decimals: 2, totals: { total: 224400 }, issuedAt: '2026-11-02T10:00:00Z', dueAt: '2026-11-09T10:00:00Z' };
  const order = { id: 'o1', number: 'O-2026-00001', status: 'completed', total: TRY(224400), createdAt: '2026-11-02T09:00:00Z' };
  const html = render(<CustomerDetail id="cust-1" />, {
    path: '/tr/yonetim/musteriler/cust-1',
    answers: [
      [customerKey('cust-1', 'tr'), customer],
      [customerOrdersKey('cust-1', 'tr'), { orders: [order], more: false }],
      [infiniteKey(invoicesPageKey('tr', { customer: 'cust-1' })), [{ invoices: [invoice], more: false }]],
    ],
  });
  const words = text(html);
  expect(words).toContain('Telefon +90 532 000 00 00');
  expect(words).toContain('Dil Türkçe');
  expect(words).toContain('Bağlı hesaplar google E-posta doğrulandı Evet');
  expect(html).toContain('href="/tr/yonetim/siparisler/o1"');
  expect(words).toContain('Tamamlandı');
  expect(html).toContain('href="/tr/yonetim/faturalar/inv-1"');
  expect(html).not.toContain('href="/tr/yonetim/musteriler/cust-1"'); // its own invoices need no customer column
  expect(html).toContain('data-testid="balance-panel"');
  expect(customerOrdersKey('cust-1', 'tr')[0]).toBe('/api/v1/orders/admin/orders?customer=cust-1');
});

test('orders that svc-orders cannot give are a clear state, not a broken page', () => {
  const missing = render(<CustomerOrdersList error={new ApiError(404, { error: { code: 'not_found' } })} />, { path: '/en/admin/customers/cust-1' });
  expect(text(missing)).toBe('The orders cannot be shown right now.');
  const none = render(<CustomerOrdersList data={{ orders: [] }} />, { path: '/tr/yonetim/musteriler/cust-1' });
  expect(text(none)).toBe('Kayıt yok.');
});

test('a translator is suspended with a reason and shown as such, with the suspension lifted in one click', async () => {
  const active = { translatorId: 'tr-1', fullName: 'Ayşe', suspended: false };
  const open = render(<Suspension profile={active} open />, { path: '/tr/yonetim/cevirmenler' });
  expect(open).toMatch(/role="dialog" aria-labelledby="[^"]+"/);
  expect(open).toMatch(/<textarea[^>]*required=""/);
  expect(text(open)).toContain('Neden *');
  expect(text(open)).toContain('mevcut işleri kendisinde kalır');
  const suspended = { translatorId: 'tr-1', suspended: true, suspension: { reason: 'Üç teslim kaçırıldı', by: 'staff-1', at: '2026-11-23T10:00:00Z' } };
  const shown = text(render(<Suspension profile={suspended} />, { path: '/en/admin/translators' }));
  expect(shown).toContain('Suspended since 23 Nov 2026, 10:00 – Üç teslim kaçırıldı');
  expect(shown).toContain('Lift the suspension');

  const fetch = vi.fn(() => Promise.resolve(json(200, suspended)));
  vi.stubGlobal('fetch', fetch);
  const request = createRequestOnce();
  const first = request.run('suspend', () => suspendTranslator('tr-1', 'Üç teslim kaçırıldı', 'tr'));
  expect(request.run('suspend', () => suspendTranslator('tr-1', 'x', 'tr'))).toBe(first);
  await first;
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(fetch.mock.calls[0][0]).toBe('/api/v1/translators/admin/translators/tr-1/suspend');
  expect(JSON.parse(fetch.mock.calls[0][1].body)).toEqual({ reason: 'Üç teslim kaçırıldı' });
});
