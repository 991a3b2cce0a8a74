import { describe, expect, it } from 'vitest';
import { formatDate, formatFileSize, formatMoney, formatNumber, formatPercent, localeOf, moneyText, withCurrency } from './format.js';

describe('format', () => {
  it('formats in tr-TR and en-GB', () => {
    expect(localeOf('tr')).toBe('tr-TR');
    expect(localeOf('en')).toBe('en-GB');
    expect(formatNumber('tr', 1234567.5)).toBe('1.234.567,5');
    expect(formatNumber('en', 1234567.5)).toBe('1,234,567.5');
    expect(formatNumber('en', Number.NaN)).toBe('');
  });

  // Money was formatted in en-US before the site settled on en-GB: the sign is placed by hand, so
  // English money reads as it did ("$36.72", not Intl's en-GB "US$36.72").
  it('writes money as before in every currency', () => {
    expect(formatMoney(123456, 'TRY', 'tr')).toBe('1.234,56 ₺');
    expect(formatMoney(123456, 'TRY', 'en')).toBe('₺1,234.56');
    expect(formatMoney(3672, 'USD', 'en')).toBe('$36.72');
    expect(formatMoney(-3672, 'USD', 'tr')).toBe('-36,72 $');
    expect(formatMoney(1235, 'JPY', 'en')).toBe('¥1,235');
    expect(formatMoney(1250, 'CHF', 'en')).toBe('CHF 12.50');
    expect(formatMoney(1250, 'CHF', 'tr')).toBe('12,50 CHF');
    expect(moneyText('en', { amount: 100000, currency: 'GBP' })).toBe('£1,000.00');
    for (const code of ['TRY', 'USD', 'EUR', 'GBP', 'JPY', 'CNY', 'RUB', 'CAD', 'CHF', 'SEK', 'INR', 'KRW']) {
      const us = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' }).format(1234567.89);
      expect(formatMoney(123456789, code, 'en', 2)).toContain(us);
    }
  });

  // Figures that are not plain amounts (an eight-decimal rate, a chart's compact tick) and
  // percentages place their signs the way money does, from the one module.
  it('places currency and percent signs as the language writes them', () => {
    expect(withCurrency('tr', '0,0893', 'USD')).toBe('0,0893 $');
    expect(withCurrency('en', '0.10625', 'USD')).toBe('$0.10625');
    expect(withCurrency('en', '12K', 'TRY', true)).toBe('-₺12K');
    expect(withCurrency('en', '12', 'CHF')).toBe('CHF 12');
    expect(formatPercent('tr', 1250)).toBe('%12,5');
    expect(formatPercent('en', 500, { signed: true })).toBe('+5%');
    expect(formatPercent('tr', 500, { signed: true })).toBe('+%5');
    expect(formatPercent('en', -250, { signed: true })).toBe('-2.5%');
  });

  it('formats dates, a calendar day in UTC', () => {
    expect(formatDate('en', '2026-12-04')).toBe('4 Dec 2026');
    expect(formatDate('tr', '2026-12-04', { dateStyle: 'long' })).toBe('4 Aralık 2026');
    expect(formatDate('en', 'not a date')).toBe('');
    expect(formatDate('en', null)).toBe('');
  });

  it('writes file sizes', () => {
    expect(formatFileSize('tr', 1536 * 1024)).toBe('1,5 MB');
    expect(formatFileSize('en', 2048)).toBe('2 KB');
  });
});
