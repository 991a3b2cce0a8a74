import { afterEach, expect, test, vi } from 'vitest';
import { createRequestOnce } from '../../lib/request-once.js';
import { render, text } from '../../lib/test-render.jsx';
import { applicationsPageKey, confirmTransfer, rejectPayout, ticketsPageKey } from './api/staff.js';
import { reasonBody } from './reason.js';
import { RejectForm } from './components/actions.jsx';
import { TransferRow } from './components/transfers.jsx';
import { ApplicationView } from './components/applications.jsx';
import { TicketThread } from './components/tickets.jsx';

afterEach(() => vi.unstubAllGlobals());
const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const TRY = (amount) => ({ amount, currency: 'TRY', decimals: 2 });

// The dashboard's test lives in dashboard.test.jsx.

test('applications are asked for by status and search, each next page before the page’s next, none after the last page', () => {
  const key = applicationsPageKey('en', { status: 'rejected', q: ' İlkay Şahin ' });
  expect(key(0, null)).toEqual(['/api/v1/translators/admin/applications?status=rejected&q=%C4%B0lkay+%C5%9Eahin', 'en']);
  const page = { applications: [{ id: 'a3' }, { id: 'a2' }], more: true, next: 'a2' };
  expect(key(1, page)).toEqual(['/api/v1/translators/admin/applications?status=rejected&q=%C4%B0lkay+%C5%9Eahin&before=a2', 'en']);
  expect(key(2, { applications: [{ id: 'a1' }], more: false })).toBe(null);
  expect(applicationsPageKey('tr', { status: 'submitted', q: '' })(0, null)[0]).toBe('/api/v1/translators/admin/applications?status=submitted');
  // Tickets page on with the cursor the previous page gave.
  const tickets = ticketsPageKey('tr', { status: 'answered' });
  expect(tickets(0, null)[0]).toBe('/api/v1/translators/admin/tickets?status=answered');
  expect(tickets(1, { tickets: [{ id: 't' }], more: true, next: 'c:9' })[0]).toBe('/api/v1/translators/admin/tickets?status=answered&before=c%3A9');
  expect(tickets(2, { tickets: [], more: false })).toBe(null);
  expect(ticketsPageKey('tr', {})(0, null)[0]).toBe('/api/v1/translators/admin/tickets');
});

test('a rejection needs a reason: an empty one is refused before any request, a given one is sent trimmed', async () => {
  expect(reasonBody('   ')).toEqual({ error: 'reasonRequired' });
  expect(reasonBody('x'.repeat(501))).toEqual({ error: 'reasonTooLong' });
  expect(reasonBody('x'.repeat(1000), 1000)).toEqual({ body: { reason: 'x'.repeat(1000) } });
  expect(reasonBody('  IBAN ad ile eşleşmiyor. ')).toEqual({ body: { reason: 'IBAN ad ile eşleşmiyor.' } });

  const fetch = vi.fn(() => Promise.resolve(json(200, { id: 'po-1', status: 'rejected', amount: TRY(30000), reason: 'IBAN ad ile eşleşmiyor.' })));
  vi.stubGlobal('fetch', fetch);
  await rejectPayout('po-1', reasonBody(' IBAN ad ile eşleşmiyor. ').body.reason, 'tr');
  const [url, init] = fetch.mock.calls[0];
  expect(url).toBe('/api/v1/billing/admin/payouts/po-1/reject');
  expect(init.method).toBe('POST');
  expect(init.headers['Accept-Language']).toBe('tr');
  expect(JSON.parse(init.body)).toEqual({ reason: 'IBAN ad ile eşleşmiyor.' });

  // The open dialog is labelled, its reason required and described.
  const html = render(<RejectForm request={createRequestOnce()} state={{ busy: '' }} send={() => {}} open />, { path: '/tr/yonetim/odemeler' });
  expect(html).toMatch(/role="dialog" aria-labelledby="[^"]+"/);
  expect(html).toMatch(/<textarea[^>]*required=""/);
  expect(text(html)).toContain('Red gerekçesi *');
  expect(text(html)).toContain('Reddi gönder');
});

test('a double click on Confirm sends one request; a refusal shows the server’s words and frees the button', async () => {
  let answer;
  const fetch = vi.fn(() => new Promise((resolve) => (answer = resolve)));
  vi.stubGlobal('fetch', fetch);
  const request = createRequestOnce();
  const send = () => confirmTransfer('trf-1', 'tr');
  const first = request.run('confirm', send);
  const second = request.run('confirm', send);
  expect(second).toBe(first);
  await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  expect(fetch.mock.calls[0][0]).toBe('/api/v1/billing/admin/transfers/trf-1/confirm');
  const transfer = { id: 'trf-1', customerId: 'c-1', amount: TRY(50000), sender: 'Ayşe Çelik', date: '2026-11-20', reference: 'EFT 123', declaredAt: '2026-11-21T09:00:00Z', status: 'declared' };
  const busy = render(<table><tbody><TransferRow transfer={transfer} request={request} /></tbody></table>, { path: '/tr/yonetim/havaleler' });
  expect(busy).toMatch(/<button type="button" class="button button--small" disabled="" aria-busy="true" data-action="confirm">Gönderiliyor…<\/button>/);
  answer(json(409, { error: { code: 'transfer_decided', message: 'Havale zaten reddedildi.' } }));
  await first;
  expect(fetch).toHaveBeenCalledTimes(1);
  const failed = render(<table><tbody><TransferRow transfer={transfer} request={request} /></tbody></table>, { path: '/tr/yonetim/havaleler' });
  expect(text(failed)).toContain('Havale zaten reddedildi.');
  expect(failed).toMatch(/data-action="confirm">Onayla<\/button>/);
  expect(text(failed)).toContain('500,00 ₺');
});

test('an application shows its files to download and, while under review, Approve and Reject; a ticket its thread and reply form', () => {
  const application = { id: 'ap-1', status: 'submitted', firstName: 'İlkay', lastName: 'Şahin', email: 'ilkay@example.com', nativeLanguage: 'tr', workingLanguages: ['en', 'de'], cv: { name: 'ozgecmis.pdf' }, portfolio: { name: 'ornekler.pdf' }, submittedAt: '2026-11-20T10:00:00Z' };
  const html = render(<ApplicationView application={application} />, { path: '/tr/yonetim/basvurular/ap-1' });
  expect(html).toContain('href="/api/v1/translators/admin/applications/ap-1/cv" download=""');
  expect(html).toContain('href="/api/v1/translators/admin/applications/ap-1/portfolio" download=""');
  expect(html).toContain('data-action="approve"');
  expect(html).toContain('data-action="reject-open"');
  const decided = render(<ApplicationView application={{ ...application, status: 'rejected', reason: 'Eksik belge', portfolio: null }} />, { path: '/en/admin/applications/ap-1' });
  expect(decided).not.toContain('data-action="approve"');
  expect(decided).not.toContain('/portfolio"');
  expect(text(decided)).toContain('Reason: Eksik belge');

  const ticket = { id: 'tk-1', subject: 'Ödeme gecikti', translatorName: 'Ayşe Çelik', category: 'payment', categoryName: { tr: 'Ödeme', en: 'Payment' }, status: 'open', messages: [{ id: 'm1', from: 'translator', author: 'Ayşe Çelik', body: 'Ödemem nerede?', at: '2026-11-22T10:00:00Z' }, { id: 'm2', from: 'staff', author: 'Destek', body: 'Bakıyoruz.', at: '2026-11-22T11:00:00Z' }] };
  const thread = render(<TicketThread ticket={ticket} />, { path: '/tr/yonetim/talepler/tk-1' });
  expect(text(thread)).toContain('Ödemem nerede?');
  expect(thread).toContain('staff-thread__message--staff');
  expect(text(thread)).toContain('Yanıtı gönder');
  expect(thread).toContain('data-action="close"');
  const closed = render(<TicketThread ticket={{ ...ticket, status: 'closed' }} />, { path: '/en/admin/tickets/tk-1' });
  expect(closed).not.toContain('<textarea');
  expect(text(closed)).toContain('This ticket is closed');
});
