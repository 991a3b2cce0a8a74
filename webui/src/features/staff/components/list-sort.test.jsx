import { unstable_serialize as infiniteKey } from 'swr/infinite';
import { afterEach, expect, test, vi } from 'vitest';
import { render, text } from '../../../lib/test-render.jsx';
import { blogPageKey, inquiriesPageKey } from '../api/content.js';
import { customersPageKey, usersKey } from '../api/customers.js';
import { balancesPageKey, invoicesPageKey } from '../api/money.js';
import { ordersPageKey, quotesPageKey } from '../api/orders.js';
import { fetcher } from '../../../lib/api-client.js';
import { applicationsPageKey, payoutsPageKey, ticketsPageKey, transfersPageKey, translatorsPageKey } from '../api/staff.js';
import { Applications } from './applications.jsx';
import { Balances } from './balances.jsx';
import { BlogList } from './content.jsx';
import { Customers } from './customers.jsx';
import { Inquiries } from './inquiries.jsx';
import { Invoices } from './invoices.jsx';
import { Orders } from './orders.jsx';
import { Payouts } from './payouts.jsx';
import { Quotes } from './quotes.jsx';
import { Tickets } from './tickets.jsx';
import { Transfers } from './transfers.jsx';
import { Translators } from './translators.jsx';

afterEach(() => vi.unstubAllGlobals());
const TRY = (amount) => ({ amount, currency: 'TRY', decimals: 2 });
const at = '2026-11-20T09:00:00Z';
// The SWR Infinite cache key of a list whose first page is url: a list drawing rows from an
// answer stored under it asked the server exactly that.
const firstPage = (url, lang = 'tr') => infiniteKey(() => [url, lang]);

// Every staff list: the screen at an address naming a sort (and filters), the first page it
// must ask for, the answer's rows field, a row, and how the row shows.
const lists = [
  ['orders', <Orders key="o" />, '/tr/yonetim/siparisler?sort=deadline&q=O-1', '/api/v1/orders/admin/orders?q=O-1&sort=deadline', 'orders',
    { id: 'o1', number: 'O-1', status: 'in_progress', customerId: 'c1', service: 'standard', sourceLanguage: 'tr', targetLanguages: ['en'], total: TRY(1000), createdAt: at }, 'data-order-id="o1"', 'deadline'],
  ['orders oldest', <Orders key="o2" />, '/tr/yonetim/siparisler?sort=oldest', '/api/v1/orders/admin/orders?sort=oldest', 'orders',
    { id: 'o1', number: 'O-1', status: 'in_progress', customerId: 'c1', service: 'standard', sourceLanguage: 'tr', targetLanguages: ['en'], total: TRY(1000), createdAt: at }, 'data-order-id="o1"', 'oldest'],
  ['quotes', <Quotes key="q" />, '/tr/yonetim/teklifler?sort=oldest', '/api/v1/orders/admin/quotes?status=pending&sort=oldest', 'quotes',
    { id: 'q1', number: 'Q-1', status: 'pending', customerId: 'c1', total: TRY(1000), createdAt: at, expiresAt: at }, 'data-quote-id="q1"', 'oldest'],
  ['invoices', <Invoices key="i" />, '/tr/yonetim/faturalar?sort=due', '/api/v1/billing/admin/invoices?sort=due', 'invoices',
    { id: 'inv1', number: 'LP-2026-000001', status: 'pending', customerId: 'c1', currency: 'TRY', decimals: 2, totals: { total: 100 }, issuedAt: at, dueAt: at }, 'data-invoice-id="inv1"', 'due'],
  // Transfers and payouts are queues: oldest first unless staff choose otherwise.
  ['transfers', <Transfers key="tr" />, '/tr/yonetim/havaleler?q=Ay%C5%9Fe', '/api/v1/billing/admin/transfers?status=declared&q=Ay%C5%9Fe&sort=oldest', 'transfers',
    { id: 'trf1', customerId: 'c1', amount: TRY(100), sender: 'Ayşe', date: '2026-11-19', reference: 'r', declaredAt: at }, 'data-transfer-id="trf1"', 'oldest'],
  ['payouts', <Payouts key="p" />, '/tr/yonetim/odemeler?status=paid&sort=newest&q=tr-1', '/api/v1/billing/admin/payouts?status=paid&q=tr-1', 'payouts',
    { id: 'po1', translatorId: 't1', translatorName: 'Deniz', status: 'paid', amount: TRY(100), iban: 'TR33', holder: 'Deniz', requestedAt: at }, 'data-payout-id="po1"', 'newest'],
  ['applications', <Applications key="a" />, '/tr/yonetim/basvurular?sort=oldest', '/api/v1/translators/admin/applications?status=submitted&sort=oldest', 'applications',
    { id: 'app1', firstName: 'Deniz', lastName: 'Kaya', email: 'd@example.com', status: 'submitted', submittedAt: at }, 'data-application-id="app1"', 'oldest'],
  ['translators', <Translators key="t" />, '/tr/yonetim/cevirmenler?suspended=true&sworn=pending&sort=oldest&q=deniz', '/api/v1/translators/admin/translators?suspended=true&sworn=pending&q=deniz&sort=oldest', 'translators',
    { translatorId: 't1', fullName: 'Deniz Kaya', email: 'd@example.com', activeJobCap: 3, suspended: true }, 'data-translator-id="t1"', 'oldest'],
  ['tickets', <Tickets key="k" />, '/tr/yonetim/talepler?q=%C3%B6deme&sort=oldest', '/api/v1/translators/admin/tickets?status=open&q=%C3%B6deme&sort=oldest', 'tickets',
    { id: 'tk1', subject: 'Ödeme', translatorName: 'Deniz', category: 'payment', status: 'open', lastActivity: at, messageCount: 1 }, 'data-ticket-id="tk1"', 'oldest'],
  ['customers', <Customers key="c" />, '/tr/yonetim/musteriler?sort=oldest', '/api/v1/auth/admin/customers?sort=oldest', 'customers',
    { id: 'c9', fullName: 'Ayşe Yılmaz', email: 'a@example.com', createdAt: at }, 'data-customer-id="c9"', 'oldest'],
  ['blog posts', <BlogList key="bl" />, '/tr/yonetim/icerik?lang=en&sort=oldest', '/api/v1/catalog/admin/blog?lang=en&sort=oldest', 'posts',
    { id: 'p1', lang: 'en', slug: 's', title: 'T', author: 'A', status: 'draft', updatedAt: at }, 'data-post-id="p1"', 'oldest'],
  ['inquiries', <Inquiries key="n" />, '/tr/yonetim/mesajlar?sort=oldest', '/api/v1/catalog/admin/inquiries?status=open&sort=oldest', 'inquiries',
    { id: 'inq1', kind: 'contact', status: 'open', name: 'Ali', email: 'a@example.com', language: 'tr', createdAt: at }, 'data-inquiry-id="inq1"', 'oldest'],
];

test.each(lists)('the %s list asks the server in the sort and filters of its address, and shows the sort chosen', (_, node, path, url, field, row, marker, sort) => {
  const html = render(node, { path, answers: [[firstPage(url), [{ [field]: [row], more: true, next: 'n1' }]]] });
  expect(html).toContain(marker);
  expect(html).toContain(`<option value="${sort}" selected="">`);
  expect(html).toMatch(/data-testid="[a-z]+-more"/);
});

test('the orders list names each page’s translators by their ids, not from the first page of the translators', () => {
  const order = { id: 'o1', number: 'O-1', status: 'assigned', customerId: 'c1', translatorId: 't77', service: 'standard', sourceLanguage: 'tr', targetLanguages: ['en'], total: TRY(1000), createdAt: at };
  const html = render(<Orders />, {
    path: '/tr/yonetim/siparisler',
    answers: [
      [firstPage('/api/v1/orders/admin/orders'), [{ orders: [order], more: false }]],
      [usersKey(['t77'], 'tr'), { users: [{ id: 't77', name: 'Deniz Kaya', role: 'translator' }] }],
    ],
  });
  expect(text(html)).toContain('Deniz Kaya');
});

test('balances have no sort (svc-billing orders them by customer id only) but page and search from the address', () => {
  const html = render(<Balances />, { path: '/tr/yonetim/bakiyeler?q=c&sort=oldest', answers: [[firstPage('/api/v1/billing/admin/balances?q=c'), [{ accounts: [{ customerId: 'c1', balances: [TRY(100)] }], more: true, next: 'c1' }]]] });
  expect(html).toContain('data-customer-id="c1"');
  expect(html).not.toContain('name="sort"');
  expect(html).toContain('data-testid="balances-more"');
});

test('invoices sort by due date only while pending ones are listed, and the payouts’ bank file is the list’s selection', () => {
  const invoice = { id: 'inv1', number: 'LP-2026-000001', status: 'paid', customerId: 'c1', currency: 'TRY', decimals: 2, totals: { total: 100 }, issuedAt: at, dueAt: at };
  const paid = render(<Invoices />, { path: '/tr/yonetim/faturalar?status=paid&sort=due', answers: [[firstPage('/api/v1/billing/admin/invoices?status=paid'), [{ invoices: [invoice], more: false }]]] });
  expect(paid).toContain('data-invoice-id="inv1"');
  expect([...paid.matchAll(/<option value="([a-z]+)"/g)].map((m) => m[1])).toEqual(['newest', 'oldest']);
  const pending = render(<Invoices />, { path: '/tr/yonetim/faturalar?status=pending&sort=due', answers: [[firstPage('/api/v1/billing/admin/invoices?status=pending&sort=due'), [{ invoices: [{ ...invoice, status: 'pending' }], more: false }]]] });
  expect(pending).toContain('data-invoice-id="inv1"');

  const payout = { id: 'po1', translatorId: 'tr-1', translatorName: 'Deniz', status: 'requested', amount: TRY(100), iban: 'TR33', holder: 'Deniz', requestedAt: at };
  const html = render(<Payouts />, { path: '/tr/yonetim/odemeler?q=tr-1', answers: [[firstPage('/api/v1/billing/admin/payouts?status=requested&q=tr-1&sort=oldest'), [{ payouts: [payout], more: false }]]] });
  expect(html).toContain('href="/api/v1/billing/admin/payouts.csv?status=requested&amp;q=tr-1&amp;sort=oldest"');
});

test('a sort the list does not offer is not sent: the list asks in its default order', () => {
  const quote = { id: 'q1', number: 'Q-1', status: 'pending', customerId: 'c1', total: TRY(1000), createdAt: at, expiresAt: at };
  const html = render(<Quotes />, { path: '/tr/yonetim/teklifler?sort=cheapest', answers: [[firstPage('/api/v1/orders/admin/quotes?status=pending'), [{ quotes: [quote], more: false }]]] });
  expect(html).toContain('data-quote-id="q1"');
  expect(html).toContain('<option value="newest" selected="">En yeni önce</option>');
  // Orders offer their own orders, invoices theirs, in both languages.
  const en = render(<Orders />, { path: '/en/admin/orders', answers: [[firstPage('/api/v1/orders/admin/orders', 'en'), [{ orders: [], more: false }]]] });
  expect([...en.matchAll(/<option value="([a-z]+)"/g)].map((m) => m[1])).toEqual(['created', 'deadline', 'oldest']);
  expect(text(en)).toContain('Soonest deadline first');
  const inv = render(<Invoices />, { path: '/en/admin/invoices', answers: [[firstPage('/api/v1/billing/admin/invoices', 'en'), [{ invoices: [], more: false }]]] });
  expect([...inv.matchAll(/<option value="([a-z]+)"/g)].map((m) => m[1])).toEqual(['newest', 'oldest', 'due']);
  expect(text(inv)).toContain('Pending, due soonest first');
});

// Each list's key with a sort and a search: the first page, the page after one with more (before
// its next), none after the last.
const keys = [
  ['orders', ordersPageKey('tr', { status: 'assigned', q: 'x', sort: 'oldest' }), '/api/v1/orders/admin/orders?status=assigned&q=x&sort=oldest'],
  ['quotes', quotesPageKey('tr', { status: 'pending', q: 'x', sort: 'oldest' }), '/api/v1/orders/admin/quotes?status=pending&q=x&sort=oldest'],
  ['invoices', invoicesPageKey('tr', { status: 'pending', q: 'x', sort: 'due' }), '/api/v1/billing/admin/invoices?status=pending&q=x&sort=due'],
  ['balances', balancesPageKey('tr', { q: 'x' }), '/api/v1/billing/admin/balances?q=x'],
  ['transfers', transfersPageKey('tr', { q: 'x', sort: 'oldest' }), '/api/v1/billing/admin/transfers?status=declared&q=x&sort=oldest'],
  ['payouts', payoutsPageKey('tr', { status: 'rejected', q: 'x', sort: 'oldest' }), '/api/v1/billing/admin/payouts?status=rejected&q=x&sort=oldest'],
  ['applications', applicationsPageKey('tr', { status: 'approved', q: 'x', sort: 'oldest' }), '/api/v1/translators/admin/applications?status=approved&q=x&sort=oldest'],
  ['translators', translatorsPageKey('tr', { suspended: 'false', sworn: 'verified', q: 'x', sort: 'oldest' }), '/api/v1/translators/admin/translators?suspended=false&sworn=verified&q=x&sort=oldest'],
  ['tickets', ticketsPageKey('tr', { status: 'closed', q: 'x', sort: 'oldest' }), '/api/v1/translators/admin/tickets?status=closed&q=x&sort=oldest'],
  ['customers', customersPageKey('tr', { q: 'x', sort: 'oldest' }), '/api/v1/auth/admin/customers?q=x&sort=oldest'],
  ['blog posts', blogPageKey('tr', { postLang: 'tr', q: 'x', sort: 'oldest' }), '/api/v1/catalog/admin/blog?lang=tr&q=x&sort=oldest'],
  ['inquiries', inquiriesPageKey('tr', { kind: 'contact', q: 'x', sort: 'oldest' }), '/api/v1/catalog/admin/inquiries?kind=contact&q=x&sort=oldest'],
];

test.each(keys)('the %s list’s next page is before= the page’s next, and there is none after the last', (_, key, url) => {
  expect(key(0, null)).toEqual([url, 'tr']);
  expect(key(1, { more: true, next: 'id 7' })).toEqual([`${url}&before=id+7`, 'tr']);
  expect(key(2, { more: false })).toBe(null);
  expect(key(2, { more: true })).toBe(null); // no cursor, no guess
});

test('the sort reaches the request the list sends', async () => {
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ transfers: [], more: false }), { status: 200, headers: { 'Content-Type': 'application/json' } })));
  vi.stubGlobal('fetch', fetch);
  await fetcher(transfersPageKey('en', { q: ' Ayşe ', sort: 'oldest' })(1, { more: true, next: 'trf-9' }));
  const [requested, init] = fetch.mock.calls[0];
  const sent = new URL(requested, 'https://linguaport.example');
  expect(sent.pathname).toBe('/api/v1/billing/admin/transfers');
  expect(Object.fromEntries(sent.searchParams)).toEqual({ status: 'declared', q: 'Ayşe', sort: 'oldest', before: 'trf-9' });
  expect(init.headers['Accept-Language']).toBe('en');
});
