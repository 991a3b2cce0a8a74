import { afterEach, expect, test, vi } from 'vitest';
import { render, text } from '../../lib/test-render.jsx';
import { chatEventsUrl, sendChat, startChat } from './api.js';
import { lastSeq, loadStored, mergeMessages, saveStored, STORAGE_KEY } from './chat-state.js';
import { ChatView, emailNeeded, noticeOf, VisitorChat } from './visitor-chat.jsx';

afterEach(() => vi.unstubAllGlobals());
const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

test('messages from answers and the stream are shown once each, in their order', () => {
  const a = { id: 'a', seq: 1, text: 'Merhaba' };
  const b = { id: 'b', seq: 2, text: 'Buyrun' };
  const c = { id: 'c', seq: 3, text: 'Fiyat?' };
  const merged = mergeMessages([a, c], [b, c, undefined]);
  expect(merged.map((m) => m.id)).toEqual(['a', 'b', 'c']);
  expect(lastSeq(merged)).toBe(3);
  expect(lastSeq([])).toBe(0);
});

test('the visitor’s conversation is kept in storage, and unreadable storage is none', () => {
  const items = new Map();
  const storage = { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => items.set(k, v), removeItem: (k) => items.delete(k) };
  expect(loadStored(storage)).toBe(null);
  saveStored({ id: 'c1', token: 'secret' }, storage);
  expect(loadStored(storage)).toEqual({ id: 'c1', token: 'secret' });
  items.set(STORAGE_KEY, '{not json');
  expect(loadStored(storage)).toBe(null);
  saveStored(null, storage);
  expect(items.has(STORAGE_KEY)).toBe(false);
  expect(loadStored({ getItem: () => { throw new Error('denied'); } })).toBe(null);
});

test('a send carries its idempotency key, a visitor’s token and the page’s language', async () => {
  const fetch = vi.fn(() => Promise.resolve(json(201, { message: { id: 'm' } })));
  vi.stubGlobal('fetch', fetch);
  await startChat({ name: 'Zeynep', email: '', text: 'Merhaba', language: 'tr' }, 'k-1', 'tr');
  let [url, init] = fetch.mock.calls[0];
  expect(url).toBe('/api/v1/catalog/chat/conversations');
  expect(init.headers['Idempotency-Key']).toBe('k-1');
  expect(init.headers['Accept-Language']).toBe('tr');
  expect(JSON.parse(init.body)).toEqual({ name: 'Zeynep', email: '', text: 'Merhaba', language: 'tr' });
  await sendChat('c 1', 'secret', { text: 'Bir şey daha', email: '' }, 'k-2', 'en');
  [url, init] = fetch.mock.calls[1];
  expect(url).toBe('/api/v1/catalog/chat/conversations/c%201/messages');
  expect(init.headers['X-Chat-Token']).toBe('secret');
  expect(init.headers['Idempotency-Key']).toBe('k-2');
  expect(JSON.parse(init.body)).toEqual({ text: 'Bir şey daha' });
  expect(chatEventsUrl('c1', 'a b', 4)).toBe('/api/v1/catalog/chat/conversations/c1/events?token=a+b&after=4');
  expect(chatEventsUrl('c1')).toBe('/api/v1/catalog/chat/conversations/c1/events');
});

test('the corner asks a visitor for their name, an optional e-mail and the message, in each language', () => {
  const tr = text(render(<VisitorChat storage={null} Source={null} />, { path: '/tr' }));
  expect(tr).toContain('Bağlanıyor…');
  expect(tr).toContain('Adınız');
  expect(tr).toContain('E-posta adresiniz (isteğe bağlı)');
  expect(tr).toContain('Mesajınız');
  expect(tr).toContain('Görüşmeyi başlat');
  const en = text(render(<VisitorChat storage={null} Source={null} />, { path: '/en' }));
  expect(en).toContain('Your e-mail address (optional)');
  expect(en).toContain('Start the conversation');
});


test('a signed-in customer is not asked for their name or address', () => {
  const html = text(render(<VisitorChat user={{ fullName: 'Can Demir', type: 'customer' }} storage={null} Source={null} />, { path: '/tr' }));
  expect(html).not.toContain('Adınız');
  expect(html).not.toContain('E-posta');
  expect(html).toContain('Mesajınız');
});

const noop = () => {};

test('with nobody online the corner says so and, before a conversation, asks for a required e-mail address', () => {
  expect(emailNeeded(null, false, '')).toBe(true);
  expect(emailNeeded(null, null, '')).toBe(false); // still asking whether staff are online
  expect(emailNeeded(null, true, '')).toBe(false);
  expect(emailNeeded({ id: 'c1' }, false, '')).toBe(false); // the service says after a send whether it lacks one
  const tr = render(<ChatView online={false} needEmail={emailNeeded(null, false, '')} onSubmit={noop} />, { path: '/tr' });
  expect(tr).toContain('data-online="false"');
  expect(text(tr)).toContain('Şu anda çevrimiçi temsilcimiz yok');
  expect(text(tr)).toContain('E-posta adresiniz');
  expect(text(tr)).not.toContain('isteğe bağlı');
  expect(tr).toMatch(/<input[^>]*type="email"[^>]*required=""/);
  const en = text(render(<ChatView online={false} needEmail onSubmit={noop} />, { path: '/en' }));
  expect(en).toContain('Nobody is online right now. Leave your message');
  const online = render(<ChatView online needEmail={emailNeeded(null, true, '')} onSubmit={noop} />, { path: '/en' });
  expect(text(online)).toContain('Our team is online');
  expect(text(online)).toContain('Your e-mail address (optional)');
  expect(online).not.toMatch(/<input[^>]*type="email"[^>]*required=""/);
});

test('after a send the service’s answer decides the notice: an e-mail address is needed, or the message went on as an inquiry', () => {
  expect(noticeOf({ staffOnline: true })).toBe('');
  expect(noticeOf({ staffOnline: false, needEmail: true })).toBe('needEmail');
  expect(noticeOf({ staffOnline: false, inquiry: true })).toBe('inquirySent');
  const conv = { id: 'c1', token: 'secret' };
  const messages = [{ id: 'm1', seq: 1, from: 'visitor', text: 'Fiyat?', at: '2026-11-24T07:00:00Z' }];

  // needEmail on an open conversation: the address is asked for again, now required.
  const need = render(<ChatView conv={conv} online={false} messages={messages} notice="needEmail" needEmail={emailNeeded(conv, false, 'needEmail')} onSubmit={noop} />, { path: '/tr' });
  expect(need).toContain('data-notice="needEmail"');
  expect(text(need)).toContain('Size yanıt verebilmemiz için e-posta adresinizi yazın.');
  expect(need).toMatch(/<input[^>]*type="email"[^>]*required=""/);
  expect(text(need)).toContain('Fiyat?');
  expect(text(need)).not.toContain('Adınız'); // the conversation has its name already

  const sent = render(<ChatView conv={conv} online={false} messages={messages} notice="inquirySent" needEmail={emailNeeded(conv, false, 'inquirySent')} onSubmit={noop} />, { path: '/en' });
  expect(sent).toContain('data-notice="inquirySent"');
  expect(text(sent)).toContain('we have taken your message as a contact request and will answer by e-mail');
  expect(sent).not.toContain('type="email"');
});

test('a signed-in customer picks among their kept conversations, the open one chosen, and can start a new one', () => {
  const mine = [
    { id: 'c2', lastMessage: 'Teslim ne zaman?', lastMessageAt: '2026-11-23T10:00:00Z' },
    { id: 'c1', lastMessage: 'Teşekkürler', lastMessageAt: '2026-11-20T10:00:00Z' },
  ];
  const user = { fullName: 'Can Demir', type: 'customer' };
  const html = render(<ChatView user={user} conv={{ id: 'c1' }} mine={mine} online onSubmit={noop} />, { path: '/tr' });
  expect(text(html)).toContain('Görüşmeleriniz');
  expect([...html.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1])).toEqual(['c2', 'c1', '']);
  expect(html).toContain('<option value="c1" selected="">');
  expect(text(html)).toContain('20 Kas 2026 10:00 – Teşekkürler');
  expect(text(html)).toContain('Yeni görüşme');
  expect(text(html)).not.toContain('Adınız');
  // With one kept conversation there is nothing to choose: it is simply open.
  expect(render(<ChatView user={user} conv={{ id: 'c2' }} mine={mine.slice(0, 1)} online onSubmit={noop} />, { path: '/tr' })).not.toContain('Görüşmeleriniz');
});

test('staff’s replies are signed as the team in the page’s language, never with an account’s name', () => {
  const messages = [
    { id: 'm1', seq: 1, from: 'visitor', text: 'Hello', at: '2026-11-24T09:00:00Z' },
    // An answer from before the service stopped sending staff names to visitors.
    { id: 'm2', seq: 2, from: 'staff', author: 'LinguaPort Yönetici', text: 'Hi!', at: '2026-11-24T09:01:00Z' },
  ];
  const en = text(render(<ChatView conv={{ id: 'c1' }} online messages={messages} />, { path: '/en' }));
  expect(en).toContain('LinguaPort support ·');
  expect(en).toContain('You ·');
  expect(en).not.toContain('Yönetici');
  const tr = text(render(<ChatView conv={{ id: 'c1' }} online messages={messages} />, { path: '/tr' }));
  expect(tr).toContain('LinguaPort destek ·');
  expect(tr).not.toContain('Yönetici');
});
