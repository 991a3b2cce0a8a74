import { afterEach, expect, test, vi } from 'vitest';
import { createRequestOnce } from '../../lib/request-once.js';
import { render, text } from '../../lib/test-render.jsx';
import { fromForm, parseDecimal, savePrices, toForm } from './api/prices.js';
import { PriceEditor } from './components/prices.jsx';

afterEach(() => vi.unstubAllGlobals());
const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// A price list as svc-orders answers staff (pricing.go): rates in USD centi-cents, minimums and
// flat add-ons in cents, multipliers in basis points.
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
};

test('figures are typed as decimals of a dollar and kept as integer minor units, 0 included', () => {
  expect(parseDecimal('0,085', 4)).toBe(850);
  expect(parseDecimal('0.085', 4)).toBe(850);
  expect(parseDecimal('1,25', 4)).toBe(12500);
  expect(parseDecimal('25', 2)).toBe(2500);
  expect(parseDecimal('1.250,50', 2)).toBe(125050); // cents through money.js's parseAmount
  expect(parseDecimal('0', 2)).toBe(0);
  expect(parseDecimal('0,00005', 4)).toBe(null); // finer than a centi-cent
  expect(parseDecimal('-1', 4)).toBe(null);
  expect(parseDecimal('abc', 2)).toBe(null);
});

test('the whole price list goes through the editor unchanged, shown in the page’s language', () => {
  const tr = toForm(LIST, 'tr');
  expect(tr.services[0]).toEqual({ service: 'professional-translation', unit: 'word', baseRate: '0,085', minimum: '25,00', translatorRate: '0,04' });
  expect(tr.urgencies.urgent).toEqual({ multiplier: '1,50', minDays: '1', maxDays: '2' });
  expect(tr.addOns[1]).toMatchObject({ id: 'notary', per: 'target', amount: '45,00' });
  expect(toForm(LIST, 'en').services[1].baseRate).toBe('1.50');
  for (const lang of ['tr', 'en']) {
    const { list } = fromForm(toForm(LIST, lang));
    expect(JSON.parse(JSON.stringify(list))).toEqual(JSON.parse(JSON.stringify(LIST)));
  }
  // An emptied translator's rate means the default share: the field is left out, not sent as 0.
  const form = toForm(LIST, 'tr');
  form.services[0].translatorRate = '';
  form.services[0].baseRate = '0,09';
  const { list } = fromForm(form);
  expect(list.services[0]).toEqual({ service: 'professional-translation', unit: 'word', baseRate: 900, minimum: 2500 });
});

test('what is not a figure is refused on the page under the server’s own field names', () => {
  const form = toForm(LIST, 'en');
  form.services[1].minimum = '12,3,4';
  form.tiers[1].multiplier = 'x';
  form.urgencies.normal.maxDays = '4.5';
  form.addOns[0].amount = '';
  form.languages.push({ code: 'EN', tier: '1' });
  expect(fromForm(form).errors).toEqual({
    'services.1.minimum': 'number',
    'tierMultipliers.2': 'number',
    'urgencies.normal': 'whole',
    'addOns.0': 'number',
    'languageTiers.en': 'code',
  });
});

test('the server’s refusals are shown at their fields, and the save is the whole list sent to admin/prices', async () => {
  const fetch = vi.fn(() => Promise.resolve(json(400, { error: { code: 'validation_failed', message: 'Fiyat listesi hatalı.', fields: { 'services.1.baseRate': 'Birim fiyat sıfırdan büyük olmalıdır.', 'urgencies.urgent': 'Teslim süresi geçersiz.', currency: 'Bilinmeyen alan.' } } })));
  vi.stubGlobal('fetch', fetch);
  const request = createRequestOnce();
  expect(await request.run('save', () => savePrices(LIST, 'tr'))).toBe(null);
  const [url, init] = fetch.mock.calls[0];
  expect(url).toBe('/api/v1/orders/admin/prices');
  expect(init.method).toBe('PUT');
  expect(JSON.parse(init.body)).toEqual(JSON.parse(JSON.stringify(LIST)));

  const html = render(<PriceEditor list={LIST} request={request} />, { path: '/tr/yonetim/fiyatlar' });
  const after = (field) => text(html.slice(html.indexOf(`data-field="${field}"`)).split('</div>')[0]);
  expect(after('services.1.baseRate')).toContain('Birim fiyat sıfırdan büyük olmalıdır.');
  expect(after('services.0.baseRate')).not.toContain('Birim fiyat sıfırdan');
  expect(html).toContain('data-error="urgencies.urgent"');
  expect(text(html)).toContain('Bazı alanlar hatalı');
  // A refusal the form has no field for is listed with the summary, not lost.
  expect(text(html)).toContain('currency: Bilinmeyen alan.');
  expect(text(html)).not.toContain('services.1.baseRate: ');
  expect(html).toMatch(/value="0,085"/);
  expect(text(html)).toContain('Profesyonel Tercüme');
  // Saving asks first: the form's button opens the confirmation, it does not send.
  expect(html).toContain('data-action="save"');
  expect(html).not.toContain('data-testid="price-confirm"');
  const en = render(<PriceEditor list={LIST} />, { path: '/en/admin/prices' });
  expect(text(en)).toContain('Rate per unit (USD, tier 1, normal delivery)');
  expect(en).toMatch(/value="0.085"/);
});
