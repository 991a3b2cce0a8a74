import { afterEach, expect, test, vi } from 'vitest';
import { render, text } from '../../lib/test-render.jsx';
import { closeTicket, replyToTicket } from './api/tickets.js';
import { checkTicket, submitTicket } from './ticket-form.js';
import { NewTicketForm } from './components/new-ticket-form.jsx';
import { TicketView } from './components/ticket-page.jsx';
import { TicketsListView } from './components/tickets-list.jsx';

afterEach(() => vi.unstubAllGlobals());

const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ticket = (extra = {}) => ({
  id: 'tk-1',
  subject: 'Ödeme gecikti',
  category: 'payment',
  categoryName: { tr: 'Ödeme', en: 'Payment' },
  status: 'answered',
  messages: [
    { id: 'm1', from: 'translator', author: 'Ayşe Çelik', body: 'Ödemem hâlâ gelmedi.\nIBAN doğru.', at: '2026-11-20T09:00:00Z' },
    { id: 'm2', from: 'staff', author: 'Elif', body: 'İnceliyoruz, yarın döneceğiz.', at: '2026-11-20T10:00:00Z' },
  ],
  messageCount: 2,
  createdAt: '2026-11-20T09:00:00Z',
  lastActivity: '2026-11-20T10:00:00Z',
  ...extra,
});

test('a ticket shows its status and its thread with staff and the translator told apart, and while open a reply box and the close button', () => {
  const html = render(<TicketView ticket={ticket()} />, { path: '/tr/hesabim/destek/talepler/tk-1' });
  const messages = html.match(/<li class="thread__message" data-from="(staff|translator)"/g);
  expect(messages).toEqual(['<li class="thread__message" data-from="translator"', '<li class="thread__message" data-from="staff"']);
  expect(text(html)).toContain('Siz');
  expect(text(html)).toContain('Destek ekibi · Elif');
  expect(text(html)).toContain('Ödemem hâlâ gelmedi.');
  expect(html).toContain('data-status="answered">Yanıtlandı</span>');
  expect(text(html)).toContain('Kategori Ödeme');
  expect(html).toContain('data-testid="reply"');
  expect(text(html)).toContain('Talebi kapat');
  expect(html).not.toContain('data-testid="ticket-closed"');
  expect(html).toContain('href="/tr/hesabim/destek"');
});

test('a closed ticket has no reply box and no close button, and says who closed it and how to go on', () => {
  const closed = ticket({ status: 'closed', closedAt: '2026-11-21T08:00:00Z', closedBy: 'staff' });
  const html = render(<TicketView ticket={closed} />, { path: '/en/account/support/tickets/tk-1' });
  expect(html).not.toContain('data-testid="reply"');
  expect(html).not.toContain('data-testid="close-ticket"');
  expect(html).toContain('data-status="closed">Closed</span>');
  expect(text(html)).toContain('Our support team closed this ticket.');
  expect(text(html)).toContain('Support team · Elif');
  expect(text(html)).toContain('Open a new ticket');
  // An open ticket (the translator wrote last) takes replies again.
  expect(render(<TicketView ticket={ticket({ status: 'open' })} />)).toContain('data-testid="reply"');
});

test('the list shows each ticket’s subject, category, status and last activity, linking to its page, and asks for older pages', () => {
  const pages = [{ tickets: [ticket(), ticket({ id: 'tk-2', subject: 'Dosya açılmıyor', category: 'technical', categoryName: undefined, status: 'open', messageCount: 1 })], more: true, next: 'c1' }];
  const html = render(<TicketsListView pages={pages} />, { path: '/en/account/support' });
  expect(html).toContain('href="/en/account/support/tickets/tk-1"');
  expect(html).toContain('href="/en/account/support/tickets/tk-2"');
  expect(text(html)).toContain('Ödeme gecikti Answered Payment');
  // Without the server's name the page names the category itself.
  expect(text(html)).toContain('Dosya açılmıyor Open Technical problem');
  expect(text(html)).toMatch(/Last activity: 20 Nov 2026/);
  expect(text(html)).toContain('1 message');
  expect(html).toContain('data-testid="tickets-older"');
  expect(render(<TicketsListView pages={[{ tickets: [], more: false }]} />)).toContain('Henüz bir destek talebiniz yok.');
});

test('a new ticket the server refuses shows its messages under their fields', async () => {
  const refusal = { error: { code: 'invalid', message: 'Lütfen alanları kontrol edin.', fields: { subject: 'Konu tek satır olmalıdır.', category: 'Bilinmeyen kategori.' } } };
  const fetch = vi.fn(() => Promise.resolve(json(400, refusal)));
  vi.stubGlobal('fetch', fetch);
  const values = { subject: '  Ödeme  ', category: 'payment', message: ' Merhaba ' };
  expect(checkTicket(values)).toEqual({});
  const result = await submitTicket(values, 'tr', 'fallback');
  expect(result).toEqual({ fields: refusal.error.fields });
  const [url, init] = fetch.mock.calls[0];
  expect(url).toBe('/api/v1/translators/tickets');
  expect(JSON.parse(init.body)).toEqual({ subject: 'Ödeme', category: 'payment', message: 'Merhaba' });
  expect(init.headers['Accept-Language']).toBe('tr');

  const html = render(<NewTicketForm initial={{ values, server: result.fields, message: 'Lütfen işaretli alanları düzeltin.' }} />);
  expect(html).toMatch(/aria-invalid="true" aria-describedby="[^"]*-subject-hint [^"]*-subject-error"/);
  expect(html).toMatch(/class="field__error">Konu tek satır olmalıdır\.</);
  expect(html).toMatch(/<select[^>]*name="category"[^>]*aria-invalid="true"/);
  expect(html).toMatch(/class="field__error">Bilinmeyen kategori\.</);
  expect(html).not.toMatch(/name="message"[^>]*aria-invalid/);
  // The categories are offered in the page's language.
  expect(text(render(<NewTicketForm />, { path: '/en/account/support' }))).toContain('Payment Jobs and delivery Technical problem Account and profile Other');
  expect(text(render(<NewTicketForm />))).toContain('Ödeme İş ve teslimat Teknik sorun Hesap ve profil Diğer');

  // Another refusal is the server's message; no answer at all, the page's own.
  fetch.mockImplementation(() => Promise.resolve(json(429, { error: { code: 'rate_limited', message: 'Çok fazla istek.' } })));
  expect(await submitTicket(values, 'tr', 'fallback')).toEqual({ message: 'Çok fazla istek.' });
  fetch.mockImplementation(() => Promise.reject(new TypeError('offline')));
  expect(await submitTicket(values, 'tr', 'fallback')).toEqual({ message: 'fallback' });
});

test('the form’s own check catches an empty, too short or too long field and a missing category before sending', () => {
  expect(checkTicket({ subject: '', category: '', message: '' })).toEqual({ subject: { code: 'required' }, category: { code: 'required' }, message: { code: 'required' } });
  expect(checkTicket({ subject: 'ab', category: 'nope', message: 'x'.repeat(5001) })).toEqual({ subject: { code: 'tooShort', min: 3 }, category: { code: 'required' }, message: { code: 'tooLong', max: 5000 } });
});

test('a reply and a close go to the ticket’s own routes', async () => {
  const fetch = vi.fn(() => Promise.resolve(json(200, ticket({ status: 'open' }))));
  vi.stubGlobal('fetch', fetch);
  await replyToTicket('tk/1', 'Teşekkürler', 'en');
  await closeTicket('tk/1', 'en');
  expect(fetch.mock.calls.map(([url, init]) => [init.method, url, init.body])).toEqual([
    ['POST', '/api/v1/translators/tickets/tk%2F1/messages', JSON.stringify({ message: 'Teşekkürler' })],
    ['POST', '/api/v1/translators/tickets/tk%2F1/close', undefined],
  ]);
});
