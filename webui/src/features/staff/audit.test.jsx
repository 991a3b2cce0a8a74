import { expect, test } from 'vitest';
import { render, text } from '../../lib/test-render.jsx';
import { auditPageKey, auditPath, objectFilter, objectLabel, pickerItems, pickerKeys, splitObject, staffMembersKey } from './api/audit.js';
import { entryLines, lineText, rateText } from './audit-words.js';
import { Audit, AuditEntries, auditFilter, objectLink } from './components/audit.jsx';
import { textsIn } from '../../lib/i18n.js';
import { AUDIT_NS } from './texts-audit.js';

const names = { proofreading: { tr: 'Redaksiyon ve Düzelti', en: 'Proofreading' }, 'professional-translation': { tr: 'Profesyonel Tercüme', en: 'Professional Translation' } };
const languages = { tr: { tr: 'Türkçe', en: 'Turkish' }, ku: { tr: 'Kürtçe', en: 'Kurdish' }, en: { tr: 'İngilizce', en: 'English' } };
const people = { 'tr-1': 'Ayşe Tercüman', 'tr-2': 'Mehmet Çevirmen', 'staff-1': 'Selin Kaya' };
const ctx = (lang, extra = {}) => ({
  lang,
  t: textsIn(lang, AUDIT_NS),
  serviceName: (id) => names[id]?.[lang] ?? id,
  langName: (c) => languages[c]?.[lang] ?? c,
  userName: (id) => people[id] ?? id,
  historyText: (h) => `${h.status}${h.step ? ` (${h.step})` : ''}`,
  ...extra,
});
const lines = (entry, lang, extra) => entryLines(entry, ctx(lang, extra)).map(lineText);

const services = (proofreading, minimum = 1500) => [
  { service: 'professional-translation', unit: 'word', baseRate: 850, minimum: 2500 },
  { service: 'proofreading', unit: 'word', baseRate: proofreading, minimum },
];
const tiers = { tr: 1, en: 1, de: 1, ku: 3 };
const priceEntry = { id: 'p1', action: 'price_list.update', object: { kind: 'price_list', id: 'current' }, before: { services: services(800) }, after: { services: services(900) } };

test('a price change reads in words: the service, its tier 1 pair, the unit and the rates as money in the page’s language', () => {
  expect(lines(priceEntry, 'tr', { tiers })).toEqual(['Redaksiyon ve Düzelti EN→TR fiyatı (1. grup çiftler), kelime başına: 0,08 $ → 0,09 $']);
  expect(lines(priceEntry, 'en', { tiers })).toEqual(['Price of Proofreading EN→TR (tier 1 pairs), per word: $0.08 → $0.09']);
  // Without the tiers the pair is not named.
  expect(lines(priceEntry, 'en')).toEqual(['Price of Proofreading (tier 1 pairs), per word: $0.08 → $0.09']);
  expect(rateText('tr', 850)).toBe('0,085 $');
  expect(rateText('en', 60000)).toBe('$6.00');
});

test('a language pair’s own rate reads as the pair’s price; one taken away reads as its tier’s price again', () => {
  const pair = (rate) => ({ service: 'proofreading', source: 'en', target: 'tr', rate });
  const entry = { ...priceEntry, before: { services: services(800), pairRates: [pair(800)] }, after: { services: services(800), pairRates: [pair(900)] } };
  expect(lines(entry, 'tr')).toEqual(['Redaksiyon ve Düzelti EN→TR fiyatı, kelime başına: 0,08 $ → 0,09 $']);
  expect(lines(entry, 'en')).toEqual(['Price of Proofreading EN→TR, per word: $0.08 → $0.09']);
  const removed = { ...entry, after: { services: services(800), pairRates: [] } };
  expect(lines(removed, 'en')).toEqual(['Price of Proofreading EN→TR, per word: $0.08 → its tier\'s price']);
  // As the audit stores it: only the changed field, the unit from the list as it is now.
  const stored = { ...priceEntry, before: { pairRates: [pair(800)] }, after: { pairRates: [pair(900)] } };
  expect(lines(stored, 'tr', { services: services(800) })).toEqual(['Redaksiyon ve Düzelti EN→TR fiyatı, kelime başına: 0,08 $ → 0,09 $']);
  expect(lines(stored, 'en')).toEqual(['Price of Proofreading EN→TR: $0.08 → $0.09']);
  // An unchanged own rate says nothing.
  expect(lines({ ...entry, after: entry.before }, 'en')).toEqual([]);
});

test('every figure of the price list is one line: minimums, translators’ rates, units, services added and removed, tiers, multipliers, urgencies, add-ons', () => {
  const before = {
    services: [...services(350, 1500), { service: 'transcription', unit: 'minute', baseRate: 15000, minimum: 1500 }],
    languageTiers: { tr: 1, en: 1, ku: 3 },
    tierMultipliers: { 1: 10000, 2: 12500, 3: 15000 },
    urgencies: { normal: { multiplier: 10000, window: { minDays: 3, maxDays: 5 } }, urgent: { multiplier: 15000, window: { minDays: 1, maxDays: 2 } } },
    addOns: [
      { id: 'sworn', name: { tr: 'Yeminli tercüme', en: 'Sworn translation' }, perUnit: 150, services: ['professional-translation'] },
      { id: 'notary', name: { tr: 'Noter onayı', en: 'Notary certification' }, perTarget: 2500 },
    ],
  };
  const after = {
    services: [
      { service: 'professional-translation', unit: 'word', baseRate: 850, minimum: 2500, translatorRate: 500 },
      { service: 'proofreading', unit: 'page', baseRate: 350, minimum: 2000 },
      { service: 'paraphrasing', unit: 'word', baseRate: 500, minimum: 1500 },
    ],
    languageTiers: { tr: 1, en: 1, ku: 2, de: 1 },
    tierMultipliers: { 1: 10000, 2: 13000, 3: 15000 },
    urgencies: { normal: { multiplier: 10000, window: { minDays: 3, maxDays: 5 } }, urgent: { multiplier: 16000, window: { minDays: 1, maxDays: 3 } } },
    addOns: [
      { id: 'sworn', name: { tr: 'Yeminli tercüme', en: 'Sworn translation' }, perUnit: 200, translatorPerUnit: 120, services: ['professional-translation', 'proofreading'] },
      { id: 'notary', name: { tr: 'Noter onayı', en: 'Notary certification' }, perTarget: 3000 },
    ],
  };
  const e = { object: { kind: 'price_list', id: 'current' }, before, after };
  expect(lines(e, 'en')).toEqual([
    'Translator’s rate for Professional Translation, per word: the default share → $0.05',
    'Minimum charge of Proofreading, per target language: $15.00 → $20.00',
    'Unit of Proofreading: word → page',
    'paraphrasing added: $0.05 per word, minimum $15.00',
    'transcription removed: $1.50 / minute',
    'Tier of de: not priced → tier 1',
    'Tier of Kurdish: tier 3 → tier 2',
    'Multiplier of tier 2 pairs: ×1.25 → ×1.3',
    'Multiplier of urgent delivery: ×1.5 → ×1.6',
    'Delivery time of urgent delivery: 1–2 business days → 1–3 business days',
    'Price of Sworn translation, per unit: $0.015 → $0.02',
    'Translator’s rate for Sworn translation, per unit: the default share → $0.012',
    'Services Sworn translation applies to: Professional Translation → Professional Translation, Proofreading',
    'Price of Notary certification, per target language: $25.00 → $30.00',
  ]);
  const tr = lines(e, 'tr');
  expect(tr).toContain('Redaksiyon ve Düzelti en düşük ücreti, hedef dil başına: 15,00 $ → 20,00 $');
  expect(tr).toContain('Kürtçe dil grubu: 3. grup → 2. grup');
  expect(tr).toContain('2. grup çiftlerin çarpanı: ×1,25 → ×1,3');
  expect(tr).toContain('Acil teslimin süresi: 1–2 iş günü → 1–3 iş günü');
  expect(tr).toContain('Noter onayı fiyatı, hedef dil başına: 25,00 $ → 30,00 $');
});

test('other things read field by field: statuses, people, money, dates in words; lists that grew read as what was added', () => {
  const assign = {
    object: { kind: 'order', id: 'o-1' },
    before: { status: 'in_progress', translatorId: '', history: [{ status: 'in_progress', at: '2026-11-20T09:00:00Z' }] },
    after: { status: 'assigned', translatorId: 'tr-1', history: [{ status: 'in_progress', at: '2026-11-20T09:00:00Z' }, { status: 'assigned', step: 'assigned', at: '2026-11-21T09:00:00Z' }] },
  };
  expect(lines(assign, 'tr')).toEqual(['Durum: Ödendi, çevirmen bekliyor → Çevirmende', 'Çevirmen: — → Ayşe Tercüman', 'Zaman çizelgesi: eklendi: assigned (assigned)']);
  expect(lines(assign, 'en')).toEqual(['Status: Paid, waiting for a translator → With the translator', 'Translator: — → Ayşe Tercüman', 'Timeline: added: assigned (assigned)']);
  const paid = { object: { kind: 'invoice', id: 'i-1' }, before: { status: 'pending', paidAt: null }, after: { status: 'paid', paidAt: '2026-11-22T10:30:00Z', payment: { method: 'transfer', reference: 'HVL-1', receivedAt: '2026-11-21' } } };
  const en = lines(paid, 'en');
  expect(en[0]).toBe('Status: Awaiting payment → Paid');
  expect(en[1]).toMatch(/^Paid at: — → 22 Nov 2026, \d\d:30$/);
  expect(en[2]).toBe('Payment: — → Method: transfer, Reference: HVL-1, Received on: 21 Nov 2026');
  expect(lines({ object: { kind: 'quote', id: 'q-1' }, before: { total: { amount: 120000, currency: 'TRY', decimals: 2 } }, after: { total: { amount: 99950, currency: 'TRY', decimals: 2 } } }, 'tr')).toEqual(['Toplam: 1.200,00 ₺ → 999,50 ₺']);
  expect(lines({ object: { kind: 'translator', id: 't-1' }, before: { activeJobCap: 5, suspended: false }, after: { activeJobCap: 7, suspended: true } }, 'en')).toEqual(['Active job cap: 5 → 7', 'Suspended: no → yes']);
  expect(lines({ object: { kind: 'ticket', id: 'k-1' }, before: { status: 'open', messages: [{ body: 'Merhaba' }] }, after: { status: 'answered', messages: [{ body: 'Merhaba' }, { body: 'Size nasıl yardımcı olabiliriz?' }] } }, 'tr')).toEqual([
    'Durum: Yanıt bekliyor → Yanıtlandı',
    'Mesajlar: eklendi: “Size nasıl yardımcı olabiliriz?”',
  ]);
  expect(lines({ object: { kind: 'faq', id: 'f-1' }, before: { question: { tr: 'Eski soru', en: 'Old question' } }, after: { question: { tr: 'Yeni soru', en: 'New question' } } }, 'en')).toEqual(['Question: Old question → New question']);
  expect(lines({ object: { kind: 'translator', id: 't-1' }, before: { competencies: { pairs: [{ source: 'en', target: 'tr' }], sworn: { court: 'İstanbul', verified: false } } }, after: { competencies: { pairs: [{ source: 'en', target: 'tr' }], sworn: { court: 'İstanbul', verified: true } } } }, 'tr')).toEqual([
    'Yetkinlikler: Dil çiftleri: EN→TR, Yeminli tercümanlık: Mahkeme: İstanbul, Doğrulandı: hayır → Dil çiftleri: EN→TR, Yeminli tercümanlık: Mahkeme: İstanbul, Doğrulandı: evet',
  ]);
  expect(lines({ object: { kind: 'chat_conversation', id: 'c-1' }, before: null, after: { message: { id: 'm1', seq: 3, from: 'staff', author: 'Selin', text: 'Merhaba, yardımcı olayım.' }, staffOnline: true } }, 'tr')).toEqual([
    'Mesaj: — → “Merhaba, yardımcı olayım.”',
    'Personel çevrimiçi: — → evet',
  ]);
  expect(lines({ object: { kind: 'balance', id: 'c-1' }, before: { balances: [{ amount: 10000, currency: 'TRY' }] }, after: { balances: [{ amount: 15000, currency: 'TRY' }] } }, 'tr')).toEqual(['Bakiye: 100,00 ₺ → 150,00 ₺']);
  const revise = { object: { kind: 'quote', id: 'q-1' }, before: { lines: [{ targetLanguage: 'tr', total: 5000 }, { targetLanguage: 'ku', total: 7000 }] }, after: { lines: [{ targetLanguage: 'tr', total: 4500, adjustment: -500 }, { targetLanguage: 'ku', total: 6300, adjustment: -700 }] } };
  expect(lines(revise, 'en')).toEqual(['Lines: Turkish: $50.00; Kurdish: $70.00 → Turkish: $45.00; Kurdish: $63.00']);
  // A field no words are known for is compact text, never JSON.
  const unknown = lines({ object: { kind: 'widget', id: 'w' }, before: { gizmo: { a: 1 } }, after: { gizmo: { a: 2, b: [1, 2] } } }, 'en');
  expect(unknown).toEqual(['gizmo: a: 1 → a: 2, b: 1, 2']);
  expect(unknown.join('')).not.toMatch(/[{}"]/);
});

test('the entries show who by name, when, the action and the object in words, and the change line by line', () => {
  const entries = [
    { ...priceEntry, actor: { id: 'staff-1', name: 'Selin Kaya' }, at: '2026-11-22T10:00:00Z' },
    { id: 'e2', actor: { id: 'u-7', name: 'Deniz Yılmaz' }, action: 'transfer.reject', object: { kind: 'transfer', id: 'tr-1' }, before: { status: 'declared' }, after: { status: 'rejected', reason: 'Tutar eşleşmiyor' }, at: '2026-11-22T09:00:00Z' },
  ];
  const answers = [[staffMembersKey('tr'), { users: [{ id: 'staff-1', name: 'Selin Kaya (personel)', email: 's@x', role: 'admin' }] }]];
  const tr = render(<AuditEntries entries={entries} area="orders" />, { path: '/tr/yonetim/denetim', answers });
  const t = text(tr);
  expect(t).toContain('Fiyat listesini değiştirdi');
  expect(t).toContain('Selin Kaya (personel)'); // the staff list's name
  expect(t).toContain('Redaksiyon ve Düzelti fiyatı (1. grup çiftler), kelime başına: 0,08 $ → 0,09 $');
  expect(t).toContain('Havaleyi reddetti');
  expect(t).toContain('Durum: Onay bekliyor → Reddedildi');
  expect(t).toContain('Gerekçe: — → Tutar eşleşmiyor');
  expect(tr).toContain('href="/tr/yonetim/denetim?area=orders&amp;actor=staff-1"');
  expect(tr).toContain('href="/tr/yonetim/havaleler"');
  expect(tr).toContain('href="/tr/yonetim/fiyatlar"');
  expect(tr).not.toMatch(/\{&quot;|\{"/); // no JSON
  const en = render(<AuditEntries entries={[{ ...entries[1], action: 'quote.split', object: { kind: 'widget', id: 'w-1' } }]} />, { path: '/en/admin/audit' });
  expect(text(en)).toContain('quote.split'); // an action without words is shown as recorded
  expect(text(en)).toContain('Deniz Yılmaz'); // not in the staff list: the recorded name
  expect(en).not.toContain('<a href="/en/admin/widget');
  expect(objectLink('en', { kind: 'inquiry', id: 'iq 1' })).toBe('/en/admin/inquiries/iq%201');
  expect(objectLink('tr', { kind: 'figures', id: 'current' })).toBe('/tr/yonetim/icerik?tab=figures');
  expect(objectLink('tr', { kind: 'inquiry', id: 'x' }, { details: {}, sections: [] })).toBe(null);
});

test('entries are asked for by object and staff member, each next page before the last entry shown', () => {
  const key = auditPageKey('tr', { area: 'billing', object: ' transfer:tr-1 ', actor: 'u-7' });
  expect(key(0, null)).toEqual(['/api/v1/billing/admin/audit?object=transfer%3Atr-1&actor=u-7', 'tr']);
  expect(key(1, { entries: [{ id: 'e2' }], more: true })[0]).toBe('/api/v1/billing/admin/audit?object=transfer%3Atr-1&actor=u-7&before=e2');
  expect(key(2, { entries: [{ id: 'e2' }], more: false })).toBe(null);
  expect(auditPageKey('en', { area: 'geo' })(0, null)).toBe(null);
  expect(objectFilter('transfer')).toBe('');
  expect(splitObject('post:tr/yeminli-tercume')).toEqual({ kind: 'post', id: 'tr/yeminli-tercume' });
  expect(auditPath('tr', 'catalog', 'inquiry', 'iq-1')).toBe('/tr/yonetim/denetim?area=catalog&object=inquiry%3Aiq-1');
  expect(auditPath('en', 'catalog', 'inquiry', 'iq-1', ['mesajlar'])).toBe(null);
});

test('objects are picked from their screens’ lists, searched by what staff know of them', () => {
  expect(pickerKeys('order', ' LP-2026 ', 'tr')).toEqual([['/api/v1/orders/admin/orders?q=LP-2026', 'tr']]);
  expect(pickerKeys('transfer', 'HVL', 'en').map((k) => k[0])).toEqual([
    '/api/v1/billing/admin/transfers?status=declared&q=HVL',
    '/api/v1/billing/admin/transfers?status=confirmed&q=HVL',
    '/api/v1/billing/admin/transfers?status=rejected&q=HVL',
  ]);
  expect(pickerKeys('faq', 'fiyat', 'tr')).toEqual([['/api/v1/catalog/admin/faq', 'tr']]); // filtered here
  expect(pickerKeys('price_list', '', 'tr')).toEqual([]);
  expect(pickerItems('balance', [{ customers: [{ id: 'c-1', fullName: 'Ayşe Yılmaz', email: 'ayse@example.com' }] }], '', 'tr')).toEqual([{ id: 'c-1', label: 'Ayşe Yılmaz · ayse@example.com' }]);
  expect(pickerItems('translator', [{ translators: [{ translatorId: 't-9', fullName: 'Ali Veli', email: 'a@v' }] }], '', 'tr')).toEqual([{ id: 't-9', label: 'Ali Veli · a@v' }]);
  const faq = [{ items: [{ id: 'f-1', question: { tr: 'Fiyatlar nasıl belirlenir?', en: 'How are prices set?' } }, { id: 'f-2', question: { tr: 'Teslim süresi', en: 'Delivery time' } }] }];
  expect(pickerItems('faq', faq, 'FİYAT', 'tr')).toEqual([{ id: 'f-1', label: 'Fiyatlar nasıl belirlenir?' }]);
  expect(objectLabel('transfer', { sender: 'Ayşe', amount: { amount: 5000, currency: 'TRY' }, date: '2026-11-20' }, 'tr')).toBe('Ayşe · 50,00 ₺ · 2026-11-20');
});

test('the filter reads the address, shows staff members and kinds as lists, and the picked object by its name', () => {
  expect(auditFilter(new URLSearchParams('area=translators&object=ticket:tk-1&actor=u-1'))).toEqual({ area: 'translators', object: 'ticket:tk-1', actor: 'u-1' });
  expect(auditFilter(new URLSearchParams('area=nope&object=bad')).area).toBe('orders');
  expect(auditFilter(new URLSearchParams('object=bad')).object).toBe('');
  const answers = [
    [staffMembersKey('tr'), { users: [{ id: 'staff-1', name: 'Selin Kaya', email: 's@x', role: 'admin' }, { id: 'staff-2', name: 'Mert Demir', email: 'm@x', role: 'admin' }] }],
    [['/api/v1/orders/admin/orders/o-1', 'tr'], { id: 'o-1', number: 'LP-2026-00042' }],
  ];
  const html = render(<Audit />, { path: '/tr/yonetim/denetim?area=orders&object=order%3Ao-1&actor=staff-2', answers });
  expect(html).toMatch(/aria-pressed="true" data-area="orders"/);
  expect(html).toMatch(/<option value="staff-2" selected="">Mert Demir<\/option>/);
  expect(html).toMatch(/<option value="order" selected="">Sipariş<\/option>/);
  expect(text(html)).toContain('Seçili kayıt: Sipariş LP-2026-00042');
  expect(html).not.toMatch(/<input[^>]*name="(object|actor)"/); // no typed ids
  const single = render(<Audit />, { path: '/en/admin/audit?area=orders&object=price_list%3Acurrent' });
  expect(text(single)).toContain('Picked record: The price list');
  expect(html).toMatch(/<label for="[^"]+">Personel<\/label>/);
});
