import { afterEach, expect, test, vi } from 'vitest';
import { render, text } from '../../lib/test-render.jsx';
import { chatEventsUrl, sendChat, startChat } from './api.js';
import { lastSeq, loadStored, mergeMessages, saveStored, STORAGE_KEY } from './chat-state.js';
import { VisitorChat } from './visitor-chat.jsx';

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
