import { afterEach, expect, test, vi } from 'vitest';
import { createRequestOnce } from '../../lib/request-once.js';
import { render, text } from '../../lib/test-render.jsx';
import { languagesKey } from '../../lib/api/get-languages.js';
import { parseDecimal, savePrices } from './api/prices.js';
import { PriceEditor, serverErrors } from './components/prices.jsx';
import { MAX_PAIR_RATES, bulkChange, diffRows, divRound, filterRows, isChanged, pairRows, parsePercent, percentText, rateText, removeLanguage, removePairRate, rowKey, setPairRate, sortRows } from './price-list.js';

afterEach(() => vi.unstubAllGlobals());
const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// A price list as svc-orders answers staff (pricing.go, pairs.go): rates in USD centi-cents,
// minimums and flat add-ons in cents, multipliers in basis points.
const LIST = {
  services: [
    { service: 'professional-translation', unit: 'word', baseRate: 850, minimum: 2500, translatorRate: 400 },
    { service: 'transcription', unit: 'minute', baseRate: 15000, minimum: 0 },
  ],
  languageTiers: { de: 2, en: 1, ja: 3, tr: 1 },
  tierMultipliers: { 1: 10000, 2: 12500, 3: 15000 },
  urgencies: { normal: { multiplier: 10000, window: { minDays: 3, maxDays: 5 } }, urgent: { multiplier: 15000, window: { minDays: 1, maxDays: 2 } } },
  addOns: [
    { id: 'sworn', name: { tr: 'Yeminli tercüme', en: 'Sworn translation' }, perUnit: 200, translatorPerUnit: 100, services: ['professional-translation'] },
    { id: 'notary', name: { tr: 'Noter onayı', en: 'Notary certification' }, perTarget: 4500 },
  ],
  pairRates: [{ service: 'transcription', source: 'en', target: 'tr', rate: 12000 }],
};
const LANGUAGES = [
  { code: 'de', nameTr: 'Almanca', nameEn: 'German' },
  { code: 'en', nameTr: 'İngilizce', nameEn: 'English' },
  { code: 'ja', nameTr: 'Japonca', nameEn: 'Japanese' },
  { code: 'tr', nameTr: 'Türkçe', nameEn: 'Turkish' },
  { code: 'fr', nameTr: 'Fransızca', nameEn: 'French' },
];
const trName = (c) => LANGUAGES.find((l) => l.code === c)?.nameTr ?? c;
const enName = (c) => LANGUAGES.find((l) => l.code === c)?.nameEn ?? c;
const row = (list, key) => pairRows(list).find((r) => r.key === key);
const TR_EN = rowKey('professional-translation', 'tr', 'en');

test('figures are typed as decimals of a dollar and kept as integer minor units, 0 included', () => {
  expect(parseDecimal('0,085', 4)).toBe(850);
  expect(parseDecimal('0.085', 4)).toBe(850);
  expect(parseDecimal('25', 2)).toBe(2500);
  expect(parseDecimal('0', 2)).toBe(0);
  expect(parseDecimal('0,00005', 4)).toBe(null); // finer than a centi-cent
  expect(parseDecimal('-1', 4)).toBe(null);
});

test('every service in every directed pair is a row, priced by its own rate or its tier exactly', () => {
  const rows = pairRows(LIST);
  expect(rows).toHaveLength(2 * 4 * 3);
  expect(row(LIST, TR_EN)).toMatchObject({ tier: 1, own: false, x: 850 * 10000 });
  // tr→ja is tier 3: $0.085 × 1.5 = $0.1275; de→en tier 2: $0.10625, kept exactly.
  expect(row(LIST, rowKey('professional-translation', 'tr', 'ja')).x).toBe(850 * 15000);
  expect(rateText(row(LIST, rowKey('professional-translation', 'de', 'en')).x, 'en')).toBe('$0.10625');
  expect(rateText(row(LIST, rowKey('professional-translation', 'de', 'en')).x, 'tr')).toBe('0,10625 $');
  expect(row(LIST, rowKey('transcription', 'en', 'tr'))).toMatchObject({ own: true, x: 12000 * 10000, unit: 'minute' });
  expect(row(LIST, rowKey('transcription', 'tr', 'en'))).toMatchObject({ own: false, x: 15000 * 10000 });
});

test('rows are searched by either language’s name or code in the page’s language, and filtered', () => {
  const rows = pairRows(LIST);
  expect(filterRows(rows, { service: 'professional-translation', source: 'tr', target: 'en' })).toHaveLength(1);
  // "ingilizce" finds İngilizce without its dot; a code finds its language; both words must match.
  expect(filterRows(rows, { q: 'ingilizce' }, trName, 'tr')).toHaveLength(2 * 6);
  expect(filterRows(rows, { q: 'JAPANESE' }, enName, 'en')).toHaveLength(2 * 6);
  expect(filterRows(rows, { q: 'ja' }, trName, 'tr')).toHaveLength(2 * 6);
  expect(filterRows(rows, { q: 'türkçe almanca' }, trName, 'tr').map((r) => r.key)).toEqual([
    rowKey('professional-translation', 'de', 'tr'), rowKey('professional-translation', 'tr', 'de'), rowKey('transcription', 'de', 'tr'), rowKey('transcription', 'tr', 'de'),
  ]);
  expect(filterRows(rows, { kind: 'own' }).map((r) => r.key)).toEqual([rowKey('transcription', 'en', 'tr')]);
  expect(filterRows(rows, { kind: 'tier' })).toHaveLength(23);
  // Sorted by the list's services, then by the languages' names.
  const sorted = sortRows(filterRows(rows, { source: 'tr' }), LIST.services, trName, 'tr');
  expect(sorted.map((r) => `${r.service[0]}:${r.target}`)).toEqual(['p:de', 'p:en', 'p:ja', 't:de', 't:en', 't:ja']);
});

test('a percentage is typed with its sign and at most two decimals, never 0 or -100 %', () => {
  expect(parsePercent('+5')).toBe(500);
  expect(parsePercent('5')).toBe(500);
  expect(parsePercent('-3')).toBe(-300);
  expect(parsePercent(' 2,5 %')).toBe(250);
  expect(parsePercent('-99.99')).toBe(-9999);
  for (const bad of ['0', '-100', '+1000,01', '5,123', 'abc', '', '--5']) expect(parsePercent(bad)).toBe(null);
  expect(percentText(500, 'en')).toBe('+5%');
  expect(percentText(-250, 'tr')).toBe('-%2,5');
});

test('bulk +5 % on a filtered pair gives it its own rate, rounded half up to a centi-cent', () => {
  expect(divRound(8925, 10)).toBe(893);
  expect(divRound(8924, 10)).toBe(892);
  const chosen = filterRows(pairRows(LIST), { service: 'professional-translation', source: 'tr', target: 'en' });
  const { list } = bulkChange(LIST, chosen, 500);
  // $0.085 × 1.05 = $0.08925 → $0.0893.
  expect(list.pairRates).toContainEqual({ service: 'professional-translation', source: 'tr', target: 'en', rate: 893 });
  expect(list.services).toEqual(LIST.services);
  const diff = diffRows(LIST, list);
  expect(diff).toHaveLength(1);
  expect(diff[0]).toMatchObject({ before: 8_500_000, after: 8_930_000 });
  // A tier-2 pair: $0.10625 × 0.97 = $0.1030625 → $0.1031; the own rate 12,000 × 0.97 = 11,640.
  const two = bulkChange(LIST, [row(LIST, rowKey('professional-translation', 'de', 'en')), row(LIST, rowKey('transcription', 'en', 'tr'))], -300).list;
  expect(two.pairRates).toEqual([
    { service: 'transcription', source: 'en', target: 'tr', rate: 11640 },
    { service: 'professional-translation', source: 'de', target: 'en', rate: 1031 },
  ]);
  expect(isChanged(LIST, list)).toBe(true);
  expect(isChanged(LIST, { ...LIST, pairRates: [...LIST.pairRates] })).toBe(false);
});

test('bulk on every pair of a service changes its base rate and own rates, adding none', () => {
  const chosen = filterRows(pairRows(LIST), { service: 'transcription' });
  const { list } = bulkChange(LIST, chosen, 500);
  expect(list.services[1].baseRate).toBe(15750);
  expect(list.services[0]).toEqual(LIST.services[0]);
  expect(list.pairRates).toEqual([{ service: 'transcription', source: 'en', target: 'tr', rate: 12600 }]);
  expect(diffRows(LIST, list)).toHaveLength(12);
  // Own rates past what the server keeps are refused before a preview.
  const many = { ...LIST, languageTiers: Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`l${String(i).padStart(2, '0')}`, 1])) };
  const rows = filterRows(pairRows(many), { service: 'professional-translation' }).filter((r) => r.source !== 'l00');
  expect(rows.length).toBeGreaterThan(MAX_PAIR_RATES);
  expect(bulkChange(many, rows, 500)).toEqual({ error: 'tooMany' });
});

test('pairs get and lose own rates; a language leaves with its pairs', () => {
  const added = setPairRate(LIST, { service: 'professional-translation', source: 'fr', target: 'tr' }, 900);
  expect(added.languageTiers.fr).toBe(1); // not priced before: enters at tier 1
  expect(row(added, rowKey('professional-translation', 'fr', 'tr'))).toMatchObject({ own: true, x: 9_000_000 });
  expect(setPairRate(added, { service: 'professional-translation', source: 'fr', target: 'tr' }, 950).pairRates.filter((p) => p.source === 'fr')).toEqual([{ service: 'professional-translation', source: 'fr', target: 'tr', rate: 950 }]);
  expect(removePairRate(LIST, { service: 'transcription', source: 'en', target: 'tr' }).pairRates).toEqual([]);
  const gone = removeLanguage(LIST, 'en');
  expect(gone.languageTiers).toEqual({ de: 2, ja: 3, tr: 1 });
  expect(gone.pairRates).toEqual([]);
  expect(diffRows(LIST, gone).filter((d) => d.after === null)).toHaveLength(2 * 6);
});

test('the editor shows pairs by language name with the code small, no typed codes, and the whole list is saved to admin/prices', async () => {
  const answers = [[languagesKey, { languages: LANGUAGES }]];
  const html = render(<PriceEditor list={LIST} />, { path: '/tr/yonetim/fiyatlar', answers });
  const plain = text(html);
  expect(plain).toContain('Dil çiftleri');
  expect(plain).toContain('24 fiyat süzgece uyuyor');
  expect(html).toMatch(/Türkçe(<!-- -->)? <small class="price-code">tr<\/small>/);
  expect(html).toContain(`data-pair="${TR_EN}"`);
  expect(html).toMatch(/value="0,085"/);
  expect(plain).toContain('Özel fiyat');
  expect(plain).toContain('Tüm değişiklikler kaydedildi.');
  expect(html).toMatch(/<button type="button" class="button" data-action="save" disabled/);
  expect(html).not.toContain('Dil kodu');
  // Every input has a label: its own or aria-label.
  for (const input of html.match(/<(input|select)[^>]*>/g)) expect(input).toMatch(/aria-label=|id="/);

  const changed = { ...LIST, pairRates: [...LIST.pairRates, { service: 'professional-translation', source: 'tr', target: 'en', rate: 893 }] };
  const en = render(<PriceEditor list={LIST} initialDraft={changed} />, { path: '/en/admin/prices?tab=services', answers });
  expect(text(en)).toContain('Unsaved changes: 1 rate differs.');
  expect(en).toContain('data-service="professional-translation"');
  expect(en).toMatch(/value="0.085"/);

  const fetch = vi.fn(() => Promise.resolve(json(400, { error: { code: 'validation_failed', message: 'Fiyat listesi hatalı.', fields: { 'pairRates.1.target': 'Hedef dil, kaynak dille aynı olamaz.', 'services.1.baseRate': 'Sıfırdan büyük bir sayı girin.' } } })));
  vi.stubGlobal('fetch', fetch);
  const request = createRequestOnce();
  expect(await request.run('save', () => savePrices(changed, 'tr'))).toBe(null);
  const [url, init] = fetch.mock.calls[0];
  expect(url).toBe('/api/v1/orders/admin/prices');
  expect(init.method).toBe('PUT');
  expect(JSON.parse(init.body)).toEqual(changed);
  // The server's refusals are shown named in words: the pair by its languages, the service by name.
  expect(serverErrors({ 'pairRates.1.target': 'x', urgencies: 'y' }, changed)).toEqual({ [TR_EN]: 'x', urgencies: 'y' });
  const failed = text(render(<PriceEditor list={LIST} initialDraft={changed} request={request} />, { path: '/tr/yonetim/fiyatlar', answers }));
  expect(failed).toContain('Fiyat listesi kaydedilemedi.');
  expect(failed).toContain('Profesyonel Tercüme, Türkçe → İngilizce: Hedef dil, kaynak dille aynı olamaz.');
  expect(failed).toContain('Transkripsiyon: Birim fiyat (USD, 1. seviye, normal teslim): Sıfırdan büyük bir sayı girin.');
});
