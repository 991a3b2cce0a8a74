import { expect, test } from 'vitest';
import { displayStatusOf, DISPLAY_STATUSES, ORDER_STATUSES, QUOTE_STATUSES, quoteStatus, sortQuotes, statusLabel } from './status.js';

test('order states read as the customer is told, in both languages', () => {
  const tr = ORDER_STATUSES.map((s) => statusLabel('tr', 'order', s));
  const en = ORDER_STATUSES.map((s) => statusLabel('en', 'order', s));
  expect(tr).toEqual(['Ödeme bekleniyor', 'Ödendi, çevirmen atanıyor', 'Çeviride', 'Teslim edildi, onayınızı bekliyor', 'Düzeltme yapılıyor', 'Tamamlandı']);
  expect(en).toEqual(['Awaiting payment', 'Paid, finding a translator', 'In translation', 'Delivered, waiting for your review', 'Revision in progress', 'Completed']);
});

test("quote states and spec §4's in progress / completed, in both languages", () => {
  expect(QUOTE_STATUSES.map((s) => statusLabel('tr', 'quote', s))).toEqual(['Onay bekliyor', 'Onaylandı', 'Reddedildi', 'Süresi doldu', 'İptal edildi']);
  expect(QUOTE_STATUSES.map((s) => statusLabel('en', 'quote', s))).toEqual(['Awaiting approval', 'Approved', 'Rejected', 'Expired', 'Cancelled']);
  expect(DISPLAY_STATUSES.map((s) => statusLabel('tr', 'display', s))).toEqual(['Devam ediyor', 'Tamamlandı']);
  expect(DISPLAY_STATUSES.map((s) => statusLabel('en', 'display', s))).toEqual(['In progress', 'Completed']);
});

test('an unknown state is shown as sent; an unknown language reads Turkish', () => {
  expect(statusLabel('en', 'order', 'on_hold')).toBe('In progress');
  expect(statusLabel('en', 'invoice', 'paid')).toBe('paid');
  expect(statusLabel('de', 'quote', 'approved')).toBe('Onaylandı');
  expect(statusLabel('en', 'order', undefined)).toBe('');
});

test('spec §4\'s in progress lasts until the order is completed, whatever the server\'s displayStatus says', () => {
  expect(displayStatusOf({ status: 'delivered', displayStatus: 'completed' })).toBe('in_progress');
  expect(displayStatusOf({ status: 'completed' })).toBe('completed');
  for (const s of ['awaiting_payment', 'in_progress', 'assigned', 'delivered', 'revision_requested']) expect(displayStatusOf({ status: s })).toBe('in_progress');
});

const now = Date.parse('2026-05-15T12:00:00Z');
const q = (id, status, expiresAt = '2026-05-20T00:00:00Z') => ({ id, status, expiresAt });

test('a pending quote past its expiry date counts as expired', () => {
  expect(quoteStatus(q('a', 'pending'), now)).toBe('pending');
  expect(quoteStatus(q('a', 'pending', '2026-05-15T12:00:00Z'), now)).toBe('expired');
  expect(quoteStatus(q('a', 'approved', '2026-05-01T00:00:00Z'), now)).toBe('approved');
  expect(quoteStatus(q('a', 'pending', 'never'), now)).toBe('pending');
});

test('quotes waiting for a decision come first, the rest keep the newest-first order', () => {
  const list = [q('1', 'approved'), q('2', 'pending'), q('3', 'rejected'), q('4', 'pending', '2026-05-01T00:00:00Z'), q('5', 'pending'), q('6', 'expired')];
  expect(sortQuotes(list, now).map((x) => x.id)).toEqual(['2', '5', '1', '3', '4', '6']);
  expect(sortQuotes(undefined, now)).toEqual([]);
});
