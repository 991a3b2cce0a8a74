import { test } from 'vitest';
import assert from 'node:assert/strict';
import { currencyCookie, currencyLabel, decimals, formatMoney, PICKER_CODES, readCookie, resolveDisplayCurrency } from './currency.js';

test('two decimals, none for JPY', () => {
  assert.equal(decimals('JPY'), 0);
  assert.equal(decimals('USD'), 2);
  assert.equal(formatMoney(110000, 'JPY', 'en'), '¥110,000');
  assert.equal(formatMoney(123456, 'USD', 'en'), '$1,234.56');
  assert.equal(formatMoney(123456, 'TRY', 'tr'), '1.234,56 ₺');
});

test('amounts read as the services write them (internal/money.Format), in mails too', () => {
  assert.equal(formatMoney(224400, 'TRY', 'en'), '₺2,244.00');
  assert.equal(formatMoney(3672, 'USD', 'tr'), '36,72 $');
  assert.equal(formatMoney(110000, 'JPY', 'tr'), '110.000 ¥');
  assert.equal(formatMoney(1250, 'CHF', 'tr'), '12,50 CHF');
  assert.equal(formatMoney(1250, 'CHF', 'en'), 'CHF 12.50');
  assert.equal(formatMoney(-123456, 'TRY', 'tr'), '-1.234,56 ₺');
  assert.equal(formatMoney(-123456, 'TRY', 'en'), '-₺1,234.56');
  assert.equal(formatMoney(500, 'EUR', 'tr'), '5,00 €'); // no grouping question below a thousand
  assert.equal(formatMoney(100000, 'GBP', 'tr'), '1.000,00 £'); // four digits grouped, as the services do
});

test('the currency cookie lasts a year, path /, secure, strict', () => {
  assert.equal(currencyCookie('EUR'), 'userCurrency=EUR; Path=/; Max-Age=31536000; Secure; SameSite=Strict');
  assert.throws(() => currencyCookie('XAF'));
  assert.equal(readCookie('a=1; userCurrency=GBP; b=2', 'userCurrency'), 'GBP');
  assert.equal(readCookie('', 'userCurrency'), undefined);
});

test('a stored choice wins, then the country, then USD with a console error', async () => {
  const errors = [];
  const log = { error: (...a) => errors.push(a) };
  const geo = (answer) => async () => answer;
  assert.equal(await resolveDisplayCurrency({ cookieString: 'userCurrency=JPY', fetchGeoCurrency: geo({ currency: 'TRY' }), log }), 'JPY');
  assert.equal(await resolveDisplayCurrency({ cookieString: 'userCurrency=XYZ', fetchGeoCurrency: geo({ currency: 'TRY' }), log }), 'TRY');
  assert.equal(await resolveDisplayCurrency({ cookieString: '', fetchGeoCurrency: async () => { throw new Error('offline'); }, log }), 'USD');
  assert.equal(await resolveDisplayCurrency({ cookieString: '', fetchGeoCurrency: geo({ nope: 1 }), log }), 'USD');
  assert.equal(errors.length, 2);
});

test('the picker offers the spec currencies with their symbols, TRY first', () => {
  assert.deepEqual(PICKER_CODES, ['TRY', 'USD', 'EUR', 'GBP', 'JPY', 'CNY', 'RUB']);
  assert.deepEqual(PICKER_CODES.map(currencyLabel), ['₺ TRY', '$ USD', '€ EUR', '£ GBP', '¥ JPY', '¥ CNY', '₽ RUB']);
  assert.equal(currencyLabel('CAD'), 'CAD');
});
