import { afterEach, expect, test, vi } from 'vitest';
import { createRequestOnce } from '../../../lib/request-once.js';
import { render, text } from '../../../lib/test-render.jsx';
import { invoiceKey, invoicesPageKey, markInvoicePaid, markPaidBody } from '../api/money.js';
import { InvoiceDetail, InvoicesTable, InvoiceView, MarkPaidForm, pastDue, RefundButton, turkeyToday } from './invoices.jsx';

afterEach(() => vi.unstubAllGlobals());
const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const invoice = (extra = {}) => ({
  id: 'inv-q1',
  number: 'LP-2026-000007',
  status: 'pending',
  customerId: 'cust-1',
  orderNumber: 'O-2026-00007',
  currency: 'TRY',
  decimals: 2,
  rateMicros: 34_500_000,
  lines: [
    { kind: 'work', description: { tr: 'Türkçe → İngilizce', en: 'Turkish → English' }, quantity: 400, unit: 'word', amount: 187000 },
    { kind: 'vat', description: { tr: 'KDV %20', en: 'VAT 20%' }, ratePercent: 20, amount: 37400 },
  ],
  totals: { net: 187000, vat: 37400, total: 224400 },
  totalsUsd: { net: 5420, vat: 1084, total: 6504 },
  issuedAt: '2026-11-01T10:00:00Z',
  dueAt: '2026-11-08T10:00:00Z',
  ...extra,
});

test('invoices are asked for by status, past due, customer and number, each next page before the last invoice, none after the last', () => {
  const key = invoicesPageKey('tr', { status: 'paid', customer: 'cust-1', q: ' LP-2026-000007 ' });
  expect(key(0, null)).toEqual(['/api/v1/billing/admin/invoices?status=paid&customer=cust-1&q=LP-2026-000007', 'tr']);
  expect(key(1, { invoices: [{ id: 'a' }, { id: 'b' }], more: true, next: 'b' })[0]).toBe('/api/v1/billing/admin/invoices?status=paid&customer=cust-1&q=LP-2026-000007&before=b');
  expect(key(2, { invoices: [{ id: 'c' }], more: false })).toBe(null);
  expect(invoicesPageKey('en', { pastDue: true })(0, null)[0]).toBe('/api/v1/billing/admin/invoices?pastDue=true');
  expect(invoicesPageKey('en')(0, null)[0]).toBe('/api/v1/billing/admin/invoices');
});

test('a received transfer needs a reference of at most 140 characters and a day; it is sent trimmed', () => {
  expect(markPaidBody('  ', '2026-11-22')).toEqual({ errors: { reference: 'referenceRequired' } });
  expect(markPaidBody('x'.repeat(141), '')).toEqual({ errors: { reference: 'referenceTooLong', receivedAt: 'dateRequired' } });
  expect(markPaidBody(' EFT 2026-11-22 Ayşe ', '2026-11-22')).toEqual({ body: { reference: 'EFT 2026-11-22 Ayşe', receivedAt: '2026-11-22' } });
  expect(turkeyToday(new Date('2026-11-23T22:30:00Z'))).toBe('2026-11-24'); // already the 24th in Turkey
});

test('the invoices table links each invoice and its customer, shows money in the page’s language and flags past due ones', () => {
  expect(pastDue(invoice(), Date.parse('2026-11-20T00:00:00Z'))).toBe(true);
  expect(pastDue(invoice({ status: 'paid' }), Date.parse('2026-11-20T00:00:00Z'))).toBe(false);
  const rows = [invoice(), invoice({ id: 'inv-q2', number: 'LP-2026-000008', status: 'paid', dueAt: '2099-01-01T00:00:00Z' })];
  const tr = render(<InvoicesTable invoices={rows} />, { path: '/tr/yonetim/faturalar' });
  expect(tr).toContain('href="/tr/yonetim/faturalar/inv-q1"');
  expect(tr).toContain('href="/tr/yonetim/musteriler/cust-1"');
  expect(text(tr)).toContain('2.244,00 ₺');
  expect(text(tr)).toContain('Vadesi geçti');
  expect(text(tr)).toContain('Ödendi');
  const en = render(<InvoicesTable invoices={rows} showCustomer={false} />, { path: '/en/admin/invoices' });
  expect(en).toContain('href="/en/admin/invoices/inv-q2"');
  expect(en).not.toContain('/en/admin/customers/');
  expect(text(en)).toContain('Past due');
});

test('a pending invoice offers the transfer form, a paid one the refund; the audit is linked only once that screen exists', () => {
  const pending = render(<InvoiceView invoice={invoice()} />, { path: '/tr/yonetim/faturalar/inv-q1' });
  expect(text(pending)).toContain('Havale geldi olarak işaretle');
  expect(pending).toMatch(/<input id="[^"]+-reference" required=""[^>]*name="reference"/);
  expect(pending).toMatch(/type="date" required="" max="(\d{4}-\d{2}-\d{2})" name="receivedAt" value="\1"/);
  expect(text(pending)).toContain('400 kelime');
  expect(text(pending)).toContain('KDV %20');
  expect(text(pending)).toContain('374,00 ₺');
  expect(text(pending)).toContain('65,04 $ · Kur: 1 USD = 34,5 TRY');
  expect(pending).toContain('href="/tr/yonetim/denetim?area=billing&amp;object=invoice%3Ainv-q1"');
  expect(pending).not.toContain('Bakiyeye iade et');

  const paid = invoice({ status: 'paid', payment: { method: 'bank_transfer', reference: 'EFT 1', receivedAt: '2026-11-21T21:00:00Z' }, paidAt: '2026-11-23T10:00:00Z' });
  const en = render(<InvoiceView invoice={paid} sections={['faturalar', 'musteriler']} />, { path: '/en/admin/invoices/inv-q1' });
  expect(text(en)).toContain('Bank transfer · Reference : EFT 1 · Arrived on: 22 Nov 2026');
  expect(text(en)).toContain('Refund to balance');
  expect(en).not.toContain('mark-paid');
  expect(en).not.toContain('data-audit');
  const asking = render(<RefundButton invoice={paid} confirming />, { path: '/en/admin/invoices/inv-q1' });
  expect(text(asking)).toContain('Refund this invoice of ₺2,244.00 to the customer’s balance? Yes, refund Cancel');
});

test('a double click on Mark paid sends one request; the server’s refusal is shown in its words', async () => {
  let answer;
  const fetch = vi.fn(() => new Promise((resolve) => (answer = resolve)));
  vi.stubGlobal('fetch', fetch);
  const request = createRequestOnce();
  const send = () => markInvoicePaid('inv-q1', markPaidBody('EFT 1', '2026-11-22').body, 'tr');
  const first = request.run('mark-paid', send);
  expect(request.run('mark-paid', send)).toBe(first);
  await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  const [url, init] = fetch.mock.calls[0];
  expect(url).toBe('/api/v1/billing/admin/invoices/inv-q1/mark-paid');
  expect(JSON.parse(init.body)).toEqual({ reference: 'EFT 1', receivedAt: '2026-11-22' });
  answer(json(409, { error: { code: 'invoice_not_pending', message: 'Bu fatura ödeme beklemiyor.' } }));
  await first;
  expect(fetch).toHaveBeenCalledTimes(1);
  const refused = render(<MarkPaidForm invoice={invoice()} request={request} />, { path: '/tr/yonetim/faturalar/inv-q1' });
  expect(text(refused)).toContain('Bu fatura ödeme beklemiyor.');
  expect(refused).toMatch(/<button type="submit" class="button button--small">Ödendi olarak işaretle<\/button>/);
});

test('an invoice’s page loads it from the staff route', () => {
  const html = render(<InvoiceDetail id="inv-q1" />, { path: '/tr/yonetim/faturalar/inv-q1', answers: [[invoiceKey('inv-q1', 'tr'), invoice()]] });
  expect(html).toContain('href="/tr/yonetim/faturalar"');
  expect(text(html)).toContain('LP-2026-000007');
  expect(text(html)).toContain('Türkçe → İngilizce');
});

test('a sandbox invoice is badged in the list and its page, and its payment reads as made without charge, never as a code', () => {
  const sandbox = invoice({ id: 'inv-q9', number: 'TST2026000000001', sandbox: true, status: 'paid', customerId: 'sbx_cust-1', payment: { method: 'sandbox', reference: 'card' }, paidAt: '2026-11-23T10:00:00Z' });
  const rows = [sandbox, invoice()];
  const tr = render(<InvoicesTable invoices={rows} />, { path: '/tr/yonetim/faturalar' });
  expect(tr).toMatch(/<tr[^>]*data-invoice-id="inv-q9"[^>]*data-sandbox="true"/);
  expect(tr.match(/data-testid="sandbox-badge"/g)).toHaveLength(1);
  expect(text(tr)).toContain('Deneme (sandbox)');
  expect(tr).toContain('title="Deneme ortamı (sandbox) API anahtarıyla oluşturuldu: gerçek bir iş değildir, ücret alınmadan ödenir."');

  const page = render(<InvoiceView invoice={sandbox} />, { path: '/tr/yonetim/faturalar/inv-q9' });
  expect(page).toContain('data-testid="sandbox-badge"');
  expect(page).toContain('data-method="sandbox"');
  expect(text(page)).toContain('Deneme ortamı (ücretsiz) · Seçilen yöntem: Kartla');
  const en = render(<InvoiceView invoice={sandbox} />, { path: '/en/admin/invoices/inv-q9' });
  expect(text(en)).toContain('Sandbox (no charge) · Method chosen: By card');
  expect(text(en)).toContain('Made with a sandbox API key: not real business, paid without charge.');
  expect(text(en)).not.toMatch(/\bsandbox ·|Reference/);
  // A method this page does not know yet is shown as it came rather than as a missing text's key.
  const other = render(<InvoiceView invoice={invoice({ status: 'paid', payment: { method: 'wallet', reference: 'W-1' } })} />, { path: '/en/admin/invoices/inv-q1' });
  expect(text(other)).toContain('wallet · Reference');
  expect(other).not.toContain('sandbox-badge');
});
