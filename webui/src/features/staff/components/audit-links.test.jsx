import { expect, test } from 'vitest';
import { render } from '../../../lib/test-render.jsx';
import { customerKey } from '../api/customers.js';
import { ApplicationView } from './applications.jsx';
import { AuditLink } from './audit-link.jsx';
import { PostEditorView } from './blog-editor.jsx';
import { CustomerDetail } from './customers.jsx';
import { InquiryView } from './inquiries.jsx';
import { InvoiceView } from './invoices.jsx';
import { StaffOrderView } from './order-detail.jsx';
import { PayoutRow } from './payouts.jsx';
import { StaffQuoteView } from './quotes.jsx';
import { TicketThread } from './tickets.jsx';
import { TransferRow } from './transfers.jsx';
import { TranslatorRow } from './translators.jsx';

const TRY = (amount) => ({ amount, currency: 'TRY', decimals: 2 });
const at = '2026-11-20T09:00:00Z';
const row = (node) => (
  <table>
    <tbody>{node}</tbody>
  </table>
);

/** auditLinks are the audit links of a page: the path and the area and object its query names. */
function auditLinks(html) {
  return [...html.matchAll(/<a [^>]*data-audit="[^"]*"[^>]*>/g)].map(([tag]) => {
    const href = tag.match(/href="([^"]*)"/)[1].replaceAll('&amp;', '&');
    const url = new URL(href, 'https://linguaport.example');
    return { path: url.pathname, area: url.searchParams.get('area'), object: url.searchParams.get('object') };
  });
}

// Each staff screen with a thing on it, the service that records staff's changes of that thing
// (its audit area) and the object as that service names it (svc-*/api/audit.go).
const screens = [
  ['order', 'orders', 'order:o-1', <StaffOrderView key="o" order={{ id: 'o-1', number: 'O-2026-00001', status: 'in_progress', customerId: 'c-1', service: 'standard', sourceLanguage: 'tr', targetLanguages: ['en'], total: TRY(1000), createdAt: at, history: [] }} />],
  ['quote', 'orders', 'quote:q-1', <StaffQuoteView key="q" quote={{ id: 'q-1', number: 'Q-2026-00001', status: 'pending', customerId: 'c-1', total: TRY(1000), version: 1, createdAt: at, expiresAt: at }} />],
  ['invoice', 'billing', 'invoice:inv-1', <InvoiceView key="i" invoice={{ id: 'inv-1', number: 'LP-2026-000001', status: 'paid', customerId: 'c-1', currency: 'TRY', decimals: 2, lines: [], totals: { net: 0, vat: 0, total: 0 }, issuedAt: at, dueAt: at }} />],
  ['transfer', 'billing', 'transfer:trf-1', row(<TransferRow transfer={{ id: 'trf-1', customerId: 'c-1', amount: TRY(5000), sender: 'Ayşe', date: '2026-11-19', reference: 'ref', declaredAt: at }} />)],
  ['payout', 'billing', 'payout:po-1', row(<PayoutRow payout={{ id: 'po-1', translatorId: 't-1', translatorName: 'Deniz', status: 'requested', amount: TRY(5000), iban: 'TR00', holder: 'Deniz', requestedAt: at }} />)],
  ['application', 'translators', 'application:app-1', <ApplicationView key="a" application={{ id: 'app-1', firstName: 'Deniz', lastName: 'Kaya', email: 'd@example.com', status: 'submitted', submittedAt: at }} />],
  ['translator', 'translators', 'translator:t-1', row(<TranslatorRow profile={{ translatorId: 't-1', fullName: 'Deniz Kaya', email: 'd@example.com', activeJobCap: 3 }} />)],
  ['ticket', 'translators', 'ticket:tk-1', <TicketThread key="t" ticket={{ id: 'tk-1', subject: 'Ödeme', translatorName: 'Deniz', category: 'payment', status: 'open', messages: [] }} />],
  ['blog post', 'catalog', 'post:p-1', <PostEditorView key="p" post={{ id: 'p-1', lang: 'tr', slug: 'yazi', title: 'Yazı', status: 'draft', body: '', html: '<p></p>', updatedAt: at, version: 1 }} />],
  ['inquiry', 'catalog', 'inquiry:inq-1', <InquiryView key="n" inquiry={{ id: 'inq-1', kind: 'contact', status: 'new', name: 'Ali', email: 'ali@example.com', language: 'tr', message: 'Merhaba', createdAt: at }} />],
];

test.each(screens)('the %s screen links to its history in the %s audit as %s', (_, area, object, node) => {
  for (const [lang, path] of [['tr', '/tr/yonetim/denetim'], ['en', '/en/admin/audit']]) {
    const links = auditLinks(render(node, { path: lang === 'tr' ? '/tr/yonetim' : '/en/admin' }));
    expect(links).toEqual([{ path, area, object }]);
  }
});

test('a customer’s page links to the history of their balance and of their e-Fatura registration, which staff change in billing', () => {
  const customer = { id: 'c-1', fullName: 'Ayşe Yılmaz', email: 'ayse@example.com', type: 'customer', createdAt: at };
  const html = render(<CustomerDetail id="c-1" />, { path: '/en/admin/customers/c-1', answers: [[customerKey('c-1', 'en'), customer]] });
  expect(auditLinks(html)).toEqual([
    { path: '/en/admin/audit', area: 'billing', object: 'balance:c-1' },
    { path: '/en/admin/audit', area: 'billing', object: 'customer:c-1' },
  ]);
});

test('without the audit screen or an id there is no link', () => {
  expect(render(<AuditLink area="orders" kind="order" id="o-1" sections={['siparisler']} />)).toBe('');
  expect(render(<AuditLink area="orders" kind="order" id="" />)).toBe('');
  expect(render(<AuditLink area="orders" kind="order" id="o 1/2" />, { path: '/tr/yonetim' })).toContain('object=order%3Ao+1%2F2');
});
