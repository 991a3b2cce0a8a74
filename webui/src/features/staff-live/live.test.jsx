import { expect, test } from 'vitest';
import { render, text } from '../../lib/test-render.jsx';
import { LiveBadge, LiveNotices, LiveProvider } from './components/live.jsx';
import { countText, noticePath, onlyCategories, sectionCount, sectionOf, totalCount, TOASTS, TOAST_MS, unexpired, withNotice, withToast } from './live-state.js';

const counts = { orders: 2, revisions: 1, escalations: 0, transfers: 100, applications: 0, tickets: 3, chats: 1 };

test('each menu entry counts its categories, the title all of them; 100 reads 99+', () => {
  expect(sectionCount(counts, 'siparisler')).toBe(3);
  expect(sectionCount(counts, 'havaleler')).toBe(100);
  expect(sectionCount(counts, 'icerik')).toBe(0);
  expect(sectionCount(undefined, 'talepler')).toBe(0);
  expect(totalCount(counts)).toBe(107);
  expect(countText(3)).toBe('3');
  expect(countText(99)).toBe('99');
  expect(countText(100)).toBe('99+');
  expect(sectionOf('escalations')).toBe('siparisler');
  expect(sectionOf('chats')).toBe('canli-destek');
  expect(sectionOf('nope')).toBe(undefined);
});

test('a notice leads to its thing in the page language', () => {
  expect(noticePath('tr', { category: 'orders', ref: 'o1' })).toBe('/tr/yonetim/siparisler/o1');
  expect(noticePath('en', { category: 'escalations', ref: 'o1' })).toBe('/en/admin/orders/o1');
  expect(noticePath('en', { category: 'chats', ref: 'c 1' })).toBe('/en/admin/live-chat/c%201');
  expect(noticePath('tr', { category: 'applications', ref: 'a1' })).toBe('/tr/yonetim/basvurular/a1');
  expect(noticePath('en', { category: 'tickets', ref: 't1' })).toBe('/en/admin/tickets/t1');
  // Transfers have no page of their own: their list, searched for it.
  expect(noticePath('tr', { category: 'transfers', ref: 'trf-1' })).toBe('/tr/yonetim/havaleler?q=trf-1');
  expect(noticePath('en', { category: 'unknown', ref: 'x' })).toBe('/en/admin');
});

test('counts follow the stream: the server count, else one more for a new notice', () => {
  const n = { id: 'n1', category: 'orders', ref: 'o1' };
  expect(withNotice({ orders: 2 }, n, { orders: 5 }, true)).toEqual({ orders: 5 });
  expect(withNotice({ orders: 2 }, n, {}, true)).toEqual({ orders: 3 });
  expect(withNotice({ orders: 2 }, n, {}, false)).toEqual({ orders: 2 });
  expect(withNotice({}, { ...n, category: 'chats' }, undefined, true)).toEqual({ chats: 1 });
  expect(onlyCategories({ orders: 2, chats: 4 }, { orders: 0, revisions: 0, chats: 9 }, ['orders', 'revisions'])).toEqual({ orders: 0, revisions: 0, chats: 4 });
  expect(onlyCategories({ orders: 2 }, undefined, ['orders'])).toEqual({ orders: 2 });
});

test('notices show newest first, one per thing, a few at a time, for a while', () => {
  let ts = [];
  ts = withToast(ts, { id: 'a', category: 'chats', ref: 'c1' }, 0);
  ts = withToast(ts, { id: 'b', category: 'orders', ref: 'o1' }, 1);
  ts = withToast(ts, { id: 'c', category: 'chats', ref: 'c1' }, 2); // the same visitor again
  expect(ts.map((n) => n.id)).toEqual(['c', 'b']);
  for (const id of ['d', 'e', 'f']) ts = withToast(ts, { id, category: 'tickets', ref: id }, 3);
  expect(ts.map((n) => n.id)).toEqual(['f', 'e', 'd']);
  expect(ts).toHaveLength(TOASTS);
  expect(unexpired(ts, 3 + TOAST_MS - 1)).toHaveLength(3);
  expect(unexpired(ts, 3 + TOAST_MS)).toHaveLength(0);
});

const notices = [
  { id: 'paid-o1', category: 'orders', ref: 'o1', title: { tr: 'Yeni ödenmiş sipariş: O-2026-00001', en: 'New paid order: O-2026-00001' }, shownAt: 0 },
  { id: 'trf', category: 'transfers', ref: 'trf-1', title: { tr: 'Havale bildirildi: 10,00 ₺', en: 'Bank transfer declared: ₺10.00' }, shownAt: 0 },
];

test('the badges and the notices, in each language', () => {
  const page = (path) =>
    render(
      <LiveProvider section="siparisler" Source={null} initialCounts={counts} initialToasts={notices}>
        <LiveBadge section="siparisler" />
        <LiveBadge section="havaleler" />
        <LiveBadge section="basvurular" />
        <LiveNotices />
      </LiveProvider>,
      { path },
    );
  const tr = page('/tr/yonetim/siparisler');
  expect(tr).toMatch(/data-testid="live-count" data-section="siparisler" aria-label="3 yeni">3</);
  expect(tr).toMatch(/data-section="havaleler" aria-label="99\+ yeni">99\+</);
  expect(tr).not.toContain('data-section="basvurular"');
  expect(tr).toMatch(/role="status" aria-live="polite" aria-label="Canlı bildirimler"/);
  expect(tr).toContain('href="/tr/yonetim/siparisler/o1"');
  expect(tr).toContain('href="/tr/yonetim/havaleler?q=trf-1"');
  expect(text(tr)).toContain('Yeni ödenmiş sipariş: O-2026-00001');
  expect(tr).toContain('aria-label="Bildirimi kapat"');
  const en = page('/en/admin/orders');
  expect(en).toMatch(/aria-label="3 new">3</);
  expect(text(en)).toContain('Bank transfer declared: ₺10.00');
  expect(en).toContain('href="/en/admin/orders/o1"');
  expect(en).toContain('aria-label="Dismiss the notice"');
  // No notices: the live region is there, empty, for screen readers to follow.
  const empty = render(<LiveProvider section="dashboard" Source={null}><LiveNotices /></LiveProvider>, { path: '/en/admin' });
  expect(empty).toMatch(/<div class="live-notices" role="status"[^>]*data-connected="false"><\/div>/);
});
