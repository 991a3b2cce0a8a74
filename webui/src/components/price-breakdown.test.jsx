import { afterEach, expect, test, vi } from 'vitest';
import { getTax, taxKey, taxUrl } from '../lib/api/tax.js';
import { render, text } from '../lib/test-render.jsx';
import { PriceBreakdown } from './price-breakdown.jsx';

afterEach(() => vi.unstubAllGlobals());

const USD = (amount) => ({ amount, currency: 'USD', decimals: 2 });
const TRY = (amount, formatted) => ({ amount, currency: 'TRY', decimals: 2, formatted });
const total = TRY(250000, '2.500,00 ₺');
const totalUsd = USD(8000);

// What svc-billing's tax preview answers (the contract in the brief of issue 23).
const turkey = (basis) => ({
  basis,
  inTurkey: true,
  country: 'TR',
  vatPercent: 20,
  vatLabel: 'KDV %20',
  net: TRY(250000, '2.500,00 ₺'),
  vat: TRY(50000, '500,00 ₺'),
  total: TRY(300000, '3.000,00 ₺'),
});
const abroad = {
  basis: 'profile',
  inTurkey: false,
  country: 'GB',
  vatPercent: 0,
  vatLabel: 'Exempt from Turkish VAT (export of services, VAT Law art. 11/1-a)',
  net: { amount: 250000, currency: 'TRY', decimals: 2, formatted: 'TRY 2,500.00' },
  vat: { amount: 0, currency: 'TRY', decimals: 2, formatted: 'TRY 0.00' },
  total: { amount: 250000, currency: 'TRY', decimals: 2, formatted: 'TRY 2,500.00' },
};

const show = (answer, { lang = 'tr', country } = {}) =>
  render(<PriceBreakdown total={total} totalUsd={totalUsd} country={country} title />, {
    path: lang === 'tr' ? '/tr' : '/en',
    answers: answer ? [[taxKey({ total, totalUsd, country }, lang), answer]] : [],
  });
const line = (html, kind) => html.match(new RegExp(`data-line="${kind}"><dt>([^<]*)</dt><dd data-amount="(\\d+)" data-currency="(\\w+)">([^<]*)</dd>`))?.slice(1);

test('the preview is asked for the amount in the display currency, its USD figure and the country being typed', () => {
  expect(taxUrl({ total, totalUsd })).toBe('/api/v1/billing/tax?amount=250000&currency=TRY&amountUsd=8000');
  expect(taxUrl({ total, totalUsd: 8000, country: 'gb' })).toBe('/api/v1/billing/tax?amount=250000&currency=TRY&amountUsd=8000&country=GB');
  expect(taxUrl({ total })).toBe('/api/v1/billing/tax?amount=250000&currency=TRY');
  expect(taxUrl({})).toBe(null);
  expect(taxKey({}, 'tr')).toBe(null);
  // The answer's amounts are formatted in the page's language: the language is in the key.
  expect(taxKey({ total, totalUsd }, 'en')).toEqual(['/api/v1/billing/tax?amount=250000&currency=TRY&amountUsd=8000', 'en']);
});

test('the request carries the page language', async () => {
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(turkey('default')), { status: 200 })));
  vi.stubGlobal('fetch', fetch);
  expect(await getTax({ total, totalUsd, country: 'TR' }, { lang: 'en' })).toMatchObject({ vatLabel: 'KDV %20' });
  const [url, init] = fetch.mock.calls[0];
  expect(url).toBe('/api/v1/billing/tax?amount=250000&currency=TRY&amountUsd=8000&country=TR');
  expect(init.headers['Accept-Language']).toBe('en');
});

test('a customer billed in Turkey sees net, KDV and the total with KDV, as the invoice will carry them', () => {
  const html = show(turkey('profile'));
  expect(html).toContain('data-basis="profile"');
  expect(html).toContain('data-in-turkey="true"');
  expect(line(html, 'net')).toEqual(['Net tutar (KDV hariç)', '250000', 'TRY', '2.500,00 ₺']);
  expect(line(html, 'vat')).toEqual(['KDV %20', '50000', 'TRY', '500,00 ₺']);
  expect(line(html, 'total')).toEqual(['Ödenecek toplam', '300000', 'TRY', '3.000,00 ₺']);
  expect(text(html)).toContain('Fatura bilgilerinize göre Türkiye’de faturalandırılırsınız');
  expect(text(html)).toContain('Ödenecek tutar');
});

test('a customer billed abroad sees the export exemption and pays no KDV', () => {
  const html = show(abroad, { lang: 'en' });
  expect(html).toContain('data-in-turkey="false"');
  expect(html).toContain('data-country="GB"');
  expect(line(html, 'vat')).toEqual(['Exempt from Turkish VAT (export of services, VAT Law art. 11/1-a)', '0', 'TRY', 'TRY 0.00']);
  expect(line(html, 'total')).toEqual(['Total to pay', '250000', 'TRY', 'TRY 2,500.00']);
  expect(text(html)).toContain('You are billed abroad, so no Turkish VAT is charged');
  expect(text(html)).not.toContain('KDV %20');
});

test('a visitor (or a customer without details) is told that customers billed abroad pay no KDV, in both languages', () => {
  expect(text(show(turkey('default')))).toContain('yurt dışında faturalandırılan müşteriler KDV ödemez');
  expect(text(show(turkey('default'), { lang: 'en' }))).toContain('customers billed abroad pay none');
  // Details being typed: the preview says what they lead to.
  const typed = show({ ...abroad, basis: 'country' }, { country: 'GB' });
  expect(typed).toContain('data-basis="country"');
  expect(text(typed)).toContain('Bu bilgilerle yurt dışında faturalandırılırsınız; KDV alınmaz');
});

test('until the answer arrives the figures are not guessed', () => {
  const html = show(null);
  expect(html).toContain('data-state="pending"');
  expect(html).not.toContain('data-line=');
  expect(text(html)).toContain('KDV ve ödenecek toplam hesaplanıyor');
  // No amount at all: nothing to break down.
  expect(render(<PriceBreakdown total={null} />, { path: '/tr' })).toBe('');
});
