import { expect, test } from 'vitest';
import { balanceKey } from '../api/billing.js';
import { shortfallOf } from '../checkout.js';
import { render, text } from '../test-render.jsx';
import { PayButtons } from './pay-buttons.jsx';

const invoice = { id: 'inv-q1', number: 'LP-2026-000001', status: 'pending', currency: 'TRY', decimals: 2, totals: { net: 250000, vat: 50000, total: 300000 } };
const balanceOf = (amount) => ({ balances: amount === null ? [] : [{ amount, currency: 'TRY', decimals: 2 }], currency: 'TRY', entries: [], more: false, transfers: [] });

const show = (balance, { lang = 'tr', compact = false } = {}) =>
  render(<PayButtons invoice={invoice} compact={compact} />, {
    path: lang === 'tr' ? '/tr/hesabim/fatura-bilgileri/faturalar/inv-q1' : '/en/account/billing-info/invoices/inv-q1',
    answers: balance ? [[balanceKey(lang, 'TRY'), balance]] : [],
  });
// The buttons in their order on the screen: [data-method, class].
const buttons = (html) => [...html.matchAll(/<(?:button|a) [^>]*?class="([^"]*)"[^>]*?data-method="(\w+)"/g)].map((m) => [m[2], m[1]]);

test('the shortfall is what the balance lacks in the invoice currency; a currency never held counts as zero', () => {
  expect(shortfallOf(invoice, [{ amount: 100000, currency: 'TRY', decimals: 2 }])).toEqual({ amount: 200000, currency: 'TRY', decimals: 2 });
  expect(shortfallOf(invoice, [{ amount: 900000, currency: 'EUR', decimals: 2 }])).toEqual({ amount: 300000, currency: 'TRY', decimals: 2 });
  expect(shortfallOf(invoice, [{ amount: 300000, currency: 'TRY', decimals: 2 }])).toBe(null);
  expect(shortfallOf(invoice, undefined)).toBe(null); // not known yet
});

test('a balance that covers the invoice makes paying from it the main button', () => {
  const html = show(balanceOf(300000));
  expect(buttons(html)).toEqual([
    ['balance', 'button'],
    ['card', 'button button--ghost'],
  ]);
  expect(html).not.toContain('eksik');
});

test('a short balance makes card the main button; the balance one is second and says once how much is missing', () => {
  const html = show(balanceOf(100000));
  expect(buttons(html)).toEqual([
    ['card', 'button'],
    ['balance', 'button button--ghost'],
  ]);
  expect(html).toContain('data-short="true"');
  const missing = text(html).replace(/\s/g, ' ');
  expect(missing).toContain('Bakiyeyle öde: 2.000,00 ₺ eksik, yükleyin');
  expect(missing.split('2.000,00').length - 1).toBe(1);
  // It leads to topping the balance up in the invoice's currency.
  expect(html).toContain('href="/tr/hesabim/fatura-bilgileri/bakiye?currency=TRY#top-up"');

  const en = show(balanceOf(null), { lang: 'en', compact: true });
  expect(buttons(en)).toEqual([
    ['card', 'button button--small'],
    ['balance', 'button button--ghost button--small'],
  ]);
  expect(text(en)).toContain('Pay with balance: ₺3,000.00 missing');
  expect(text(en)).toContain('3,000.00 missing, top up');
});
