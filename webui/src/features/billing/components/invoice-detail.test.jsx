import { expect, test } from 'vitest';
import { invoiceKey, invoicesKey } from '../api/billing.js';
import { render, text } from '../test-render.jsx';
import { InvoiceDetail } from './invoice-detail.jsx';
import { InvoicesList } from './invoices-list.jsx';

const invoice = (over = {}) => ({
  id: 'inv-q1', number: 'LP-2026-000001', year: 2026, status: 'pending', quoteId: 'q1', quoteNumber: 'Q-2026-00001', orderId: 'o1', orderNumber: 'O-2026-00001',
  service: 'professional-translation', currency: 'TRY', decimals: 2, rateMicros: 27500000,
  lines: [
    { kind: 'work', targetLanguage: 'en', description: { tr: 'Profesyonel çeviri, Türkçe → İngilizce', en: 'Professional translation, Turkish → English' }, quantity: 400, unit: 'word', amount: 93500, amountUsd: 3400 },
    { kind: 'vat', description: { tr: 'KDV %20', en: 'VAT 20%' }, ratePercent: 20, amount: 18700, amountUsd: 680 },
  ],
  totals: { net: 93500, vat: 18700, total: 112200 }, totalsUsd: { net: 3400, vat: 680, total: 4080 },
  inTurkey: true, vatPercent: 20, issuedAt: '2026-11-23T10:00:00.000Z',
  details: { type: 'company', companyName: 'Örnek Çeviri A.Ş.', taxOffice: 'Kadıköy', vkn: '4540536920', address: 'Rıhtım Cad. 5', city: 'İstanbul', postcode: '34716', country: 'TR', email: 'muhasebe@example.com.tr' },
  ...over,
});

const page = (lang, search, inv, key = invoiceKey(inv.id, lang)) =>
  render(<InvoiceDetail invoiceId={inv.id} />, { path: `${lang === 'en' ? '/en/account/billing-info/invoices' : '/tr/hesabim/fatura-bilgileri/faturalar'}/${inv.id}${search}`, answers: [[key, inv]] });

test('an invoice shows its lines, VAT, totals in both currencies, the rate in the page language, its details and PDFs', () => {
  const tr = page('tr', '', invoice());
  const words = text(tr).replace(/\u00a0/g, ' ');
  expect(words).toContain('Fatura LP-2026-000001');
  expect(words).toContain('1 USD = 27,50 TRY');
  expect(words).toContain('Profesyonel çeviri, Türkçe → İngilizce');
  expect(words).toContain('400 kelime');
  expect(words).toContain('KDV %20');
  expect(words).toContain('1.122,00 ₺');
  expect(words).toContain('40,80 $');
  expect(words).toContain('Örnek Çeviri A.Ş.');
  expect(words).toContain('4540536920');
  expect(words).toContain('Ödeme bekliyor');
  expect(tr).toContain('href="/api/v1/billing/invoices/inv-q1.pdf?lang=tr"');
  expect(tr).toContain('href="/api/v1/billing/invoices/inv-q1.pdf?lang=en"');
  // Beside them, the e-Arşiv document.
  expect(tr).toContain('href="/api/v1/billing/invoices/inv-q1.xml"');
  expect(tr).toContain('e-Arşiv (XML)');
  expect(tr).not.toContain('.return.xml');
  expect(tr).toContain('data-method="balance"');
  expect(tr).toContain('data-method="card"');

  const en = text(page('en', '', invoice({ status: 'paid', paidAt: '2026-11-23T11:00:00.000Z', payment: { method: 'card', reference: 'cs_1' } })));
  expect(en).toContain('1 USD = 27.50 TRY');
  expect(en).toContain('Paid');
  expect(en).not.toContain('Pay with balance');

  // A refunded invoice also offers its return document.
  const refunded = page('en', '', invoice({ status: 'refunded', returnNumber: 'LPR2026000000001', refundedAt: '2026-11-24T09:00:00.000Z' }));
  expect(refunded).toContain('href="/api/v1/billing/invoices/inv-q1.return.xml"');
  expect(text(refunded)).toContain('Return document (XML)');
});

test('customers abroad see the exemption wording as the VAT line', () => {
  const abroad = invoice({
    inTurkey: false, vatPercent: 0,
    lines: [invoice().lines[0], { kind: 'vat', description: { tr: 'KDV Kanunu 11/1-a maddesi uyarınca istisna', en: 'Exempt from Turkish VAT (export of services, VAT Law art. 11/1-a)' }, ratePercent: 0, amount: 0, amountUsd: 0 }],
  });
  expect(text(page('tr', '', abroad))).toContain('KDV Kanunu 11/1-a maddesi uyarınca istisna');
  expect(text(page('en', '', abroad))).toContain('Exempt from Turkish VAT (export of services, VAT Law art. 11/1-a)');
});

test("the provider's return asks about the session and says so; a cancelled checkout says the invoice still awaits payment", () => {
  // ?checkout=done&session=…: the first answer comes from the session's key (the server settles it).
  const inv = invoice();
  const done = page('en', '?checkout=done&session=cs_test_1', inv, invoiceKey(inv.id, 'en', 'cs_test_1'));
  expect(invoiceKey(inv.id, 'en', 'cs_test_1')[0]).toBe('/api/v1/billing/invoices/inv-q1?session=cs_test_1');
  expect(done).toContain('data-testid="checkout-checking"');
  expect(text(done)).toContain('Confirming your payment…');
  expect(done).not.toContain('data-method='); // no second payment while the first is being checked
  const cancelled = page('tr', '?checkout=cancelled', inv);
  expect(text(cancelled)).toContain('Ödemeyi iptal ettiniz; fatura ödeme bekliyor.');
  expect(cancelled).toContain('data-method="card"');
  // Without the provider's parameters nothing is said.
  expect(page('tr', '', inv)).not.toContain('checkout-');
});

test('the invoices list puts pending invoices first, then the newest, with pay buttons only where pending', () => {
  const list = [
    invoice({ id: 'inv-3', number: 'LP-2026-000003', status: 'paid' }),
    invoice({ id: 'inv-2', number: 'LP-2026-000002', status: 'pending' }),
    invoice({ id: 'inv-1', number: 'LP-2026-000001', status: 'refunded' }),
  ];
  const html = render(<InvoicesList />, { path: '/en/account/billing-info/invoices', answers: [[invoicesKey('en'), list]] });
  expect([...html.matchAll(/data-invoice-id="([^"]+)"/g)].map((m) => m[1])).toEqual(['inv-2', 'inv-3', 'inv-1']);
  expect(html.match(/data-testid="pay"/g)).toHaveLength(1);
  expect(html).toContain('href="/en/account/billing-info/invoices/inv-2"');
  expect(html).toContain('href="/api/v1/billing/invoices/inv-1.pdf?lang=tr"');
  expect(text(html)).toMatch(/Awaiting payment.*Paid.*Refunded/);
});
