import { expect, test } from 'vitest';
import { render, text } from '../../lib/test-render.jsx';
import { auditPageKey, auditPath, objectFilter } from './api/audit.js';
import { Audit, AuditTable, auditFilter, changes, objectLink, valueText } from './components/audit.jsx';

const entry = {
  id: 'e2',
  actor: { id: 'u-7', name: 'Deniz Yılmaz' },
  action: 'transfer.reject',
  object: { kind: 'transfer', id: 'tr-1' },
  before: { status: 'declared' },
  after: { status: 'rejected', reason: 'Tutar eşleşmiyor' },
  at: '2026-11-22T10:00:00Z',
  requestId: 'r1',
};

test('each area’s entries are asked for by object and staff member, each next page before the last entry shown', () => {
  const key = auditPageKey('tr', { area: 'billing', object: ' transfer:tr-1 ', actor: 'u-7' });
  expect(key(0, null)).toEqual(['/api/v1/billing/admin/audit?object=transfer%3Atr-1&actor=u-7', 'tr']);
  expect(key(1, { entries: [entry], more: true })[0]).toBe('/api/v1/billing/admin/audit?object=transfer%3Atr-1&actor=u-7&before=e2');
  expect(key(2, { entries: [entry], more: false })).toBe(null);
  expect(auditPageKey('en', { area: 'catalog', object: 'not an object' })(0, null)[0]).toBe('/api/v1/catalog/admin/audit');
  expect(auditPageKey('en', { area: 'auth' })(0, null)).toBe(null);
  expect(objectFilter('post:tr/yeminli-tercume')).toBe('post:tr/yeminli-tercume');
  expect(objectFilter('transfer')).toBe('');
  // Detail screens link straight to their object's history.
  expect(auditPath('tr', 'catalog', 'inquiry', 'iq-1')).toBe('/tr/yonetim/denetim?area=catalog&object=inquiry%3Aiq-1');
  expect(auditPath('en', 'catalog', 'inquiry', 'iq-1', ['mesajlar'])).toBe(null);
});

test('an entry reads who, when, the action in words, the object linked to its screen, and each changed field before → after', () => {
  const tr = render(<AuditTable entries={[entry]} area="billing" />, { path: '/tr/yonetim/denetim' });
  expect(tr).toContain('href="/tr/yonetim/denetim?area=billing&amp;actor=u-7"'); // all this staff member did here
  expect(text(tr)).toContain('Deniz Yılmaz');
  expect(text(tr)).toContain('Havaleyi reddetti');
  expect(tr).toContain('href="/tr/yonetim/havaleler"');
  expect(text(tr)).toContain('status: declared → rejected');
  expect(text(tr)).toContain('reason: — → Tutar eşleşmiyor');
  const en = render(<AuditTable entries={[entry, { ...entry, id: 'e1', action: 'quote.revise', object: { kind: 'quote', id: 'q-9' }, before: null, after: null }, { ...entry, id: 'e0', action: 'quote.split', object: { kind: 'widget', id: 'w-1' } }]} />, { path: '/en/admin/audit' });
  expect(text(en)).toContain('Rejected the bank transfer');
  expect(text(en)).toContain('Revised the quote’s price');
  expect(text(en)).toContain('quote.split'); // an action without words is shown as recorded
  expect(en).not.toContain('widget:w-1</a>'); // a kind without a screen: no link
  expect(en).toContain('href="/en/admin/quotes/q-9"'); // the quotes screen exists: the object links to it

  expect(objectLink('en', { kind: 'inquiry', id: 'iq 1' })).toBe('/en/admin/inquiries/iq%201');
  expect(objectLink('tr', { kind: 'post', id: 'tr/yeminli' })).toBe('/tr/yonetim/icerik/tr%2Fyeminli');
  expect(objectLink('tr', { kind: 'figures', id: 'current' })).toBe('/tr/yonetim/icerik?tab=figures');
  expect(objectLink('tr', { kind: 'inquiry', id: 'x' }, { details: {}, sections: [] })).toBe(null);
  expect(valueText('tr', { amount: 50000, currency: 'TRY', decimals: 2 })).toBe('500,00 ₺');
  expect(valueText('en', 5)).toBe('5');
  expect(changes({ before: null, after: { id: 'f1', category: 'pricing' } })).toEqual([
    { field: 'id', before: null, after: 'f1' },
    { field: 'category', before: null, after: 'pricing' },
  ]);
});

test('the audit screen reads its area and object from the address, so a detail screen can link to one object’s history', () => {
  expect(auditFilter(new URLSearchParams('area=translators&object=ticket:tk-1'))).toEqual({ area: 'translators', object: 'ticket:tk-1', actor: '' });
  expect(auditFilter(new URLSearchParams('area=nope')).area).toBe('orders');
  const html = render(<Audit />, { path: '/tr/yonetim/denetim?area=catalog&object=inquiry%3Aiq-1' });
  expect(html).toMatch(/aria-pressed="true" data-area="catalog"/);
  expect(html).toContain('value="inquiry:iq-1"');
  expect(text(html)).toContain('İçerik ve mesajlar');
  expect(text(render(<Audit />, { path: '/en/admin/audit' }))).toContain('Orders and prices');
});
