import { cache, serialize } from 'swr/_internal';
import { expect, test } from 'vitest';
import { render, text } from '../../lib/test-render.jsx';
import { conversationsPageKey, refreshStaffChat, staffThreadKey } from './api/chat.js';
import { ChatThreadView, ConversationTable } from './components/chat.jsx';

test('staff pages go on before the last conversation shown', () => {
  const key = conversationsPageKey('tr', 'closed');
  expect(key(0, null)).toEqual(['/api/v1/catalog/admin/chat/conversations?status=closed', 'tr']);
  expect(key(1, { conversations: [{ id: 'x' }, { id: 'y' }], more: true })[0]).toBe('/api/v1/catalog/admin/chat/conversations?status=closed&before=y');
  expect(key(2, { conversations: [{ id: 'z' }], more: false })).toBe(null);
});

const thread = {
  conversation: { id: 'c1', name: 'Zeynep Kaya', email: 'zeynep@example.com', status: 'open', language: 'tr', unread: 2 },
  messages: [
    { id: 'm1', seq: 1, from: 'visitor', text: 'Yeminli tercüme?', at: '2026-11-24T09:00:00Z' },
    { id: 'm2', seq: 2, from: 'staff', author: 'Ayşe', text: 'Elbette.', at: '2026-11-24T09:01:00Z' },
  ],
};

test('staff see a conversation with its messages, a reply form and Close, in each language', () => {
  const tr = text(render(<ChatThreadView thread={thread} />, { path: '/tr/yonetim/canli-destek/c1' }));
  expect(tr).toContain('Zeynep Kaya');
  expect(tr).toContain('Yeminli tercüme?');
  expect(tr).toContain('Destek (Ayşe)');
  expect(tr).toContain('Yanıtınız');
  expect(tr).toContain('Görüşmeyi kapat');
  const closed = { ...thread, conversation: { ...thread.conversation, status: 'closed' } };
  const en = text(render(<ChatThreadView thread={closed} />, { path: '/en/admin/live-chat/c1' }));
  expect(en).toContain('This conversation is closed');
  expect(en).not.toContain('Close the conversation');
});

test('the list links each conversation and shows its unread count', () => {
  const html = render(<ConversationTable rows={[thread.conversation, { ...thread.conversation, id: 'c2', name: 'Mert', unread: 0 }]} />, { path: '/en/admin/live-chat' });
  expect(html).toContain('href="/en/admin/live-chat/c1"');
  expect(html).toMatch(/data-conversation-id="c1" data-unread="2"/);
});

test('a refresh keeps the thread on screen while it is read again, so a reply being typed stays', async () => {
  const key = staffThreadKey('c1', 'tr');
  // As a mounted useStaffThread leaves it: the answer under its serialized key (with the key
  // itself, _k, as SWR keeps it).
  cache.set(serialize(key)[0], { data: thread, _k: key });
  await refreshStaffChat();
  expect(cache.get(serialize(key)[0])?.data).toEqual(thread);
});
