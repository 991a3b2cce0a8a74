import { test } from 'vitest';
import assert from 'node:assert/strict';
import { ACCOUNT_TABS, accountPath, accountTabPath, switchLanguage } from './paths.js';
import { accountDetailOf, accountDetailPath } from './account-paths.js';

test("an invoice's page and the billing tabs below the billing section, in both languages and back", () => {
  const id = 'inv-66a1f0c2e4b0a1b2c3d4e5f6';
  assert.equal(accountDetailPath('tr', 'invoice', id), `/tr/hesabim/fatura-bilgileri/faturalar/${id}`);
  assert.equal(accountDetailPath('en', 'invoice', id), `/en/account/billing-info/invoices/${id}`);
  assert.deepEqual(accountDetailOf('en', `billing-info/invoices/${id}`), { kind: 'invoice', id });
  assert.equal(accountTabPath('tr', 'fatura-bilgileri', 'faturalar'), '/tr/hesabim/fatura-bilgileri/faturalar');
  assert.equal(accountTabPath('en', 'fatura-bilgileri', 'faturalar'), '/en/account/billing-info/invoices');
  assert.equal(accountTabPath('tr', 'fatura-bilgileri', 'bakiye'), '/tr/hesabim/fatura-bilgileri/bakiye');
  assert.equal(accountTabPath('en', 'fatura-bilgileri', 'bakiye'), '/en/account/billing-info/balance');
  for (const p of [accountDetailPath('tr', 'invoice', id), accountTabPath('tr', 'fatura-bilgileri', 'bakiye'), accountTabPath('tr', 'fatura-bilgileri', 'faturalar')]) {
    assert.equal(switchLanguage(switchLanguage(p, 'en'), 'tr'), p);
  }
  assert.equal(switchLanguage(accountTabPath('tr', 'fatura-bilgileri', 'bakiye'), 'en'), '/en/account/billing-info/balance');
  assert.throws(() => accountTabPath('en', 'ayarlar', 'bakiye'));
  assert.throws(() => accountTabPath('en', 'fatura-bilgileri', 'balance'));
});

test("an order's and a quote's pages below the orders section, in both languages and back", () => {
  const id = '66a1f0c2e4b0a1b2c3d4e5f6';
  assert.equal(accountDetailPath('tr', 'order', id), `/tr/hesabim/siparislerim/${id}`);
  assert.equal(accountDetailPath('en', 'order', id), `/en/account/orders/${id}`);
  assert.equal(accountDetailPath('tr', 'quote', id), `/tr/hesabim/siparislerim/teklifler/${id}`);
  assert.equal(accountDetailPath('en', 'quote', id), `/en/account/orders/quotes/${id}`);
  // Switching language keeps the id and maps every other segment, both ways.
  for (const kind of ['order', 'quote']) {
    assert.equal(switchLanguage(accountDetailPath('tr', kind, id), 'en'), accountDetailPath('en', kind, id));
    assert.equal(switchLanguage(accountDetailPath('en', kind, id), 'tr'), accountDetailPath('tr', kind, id));
  }
  // Reading the path back, after /tr/hesabim/ or /en/account/.
  assert.deepEqual(accountDetailOf('tr', `siparislerim/${id}`), { kind: 'order', id });
  assert.deepEqual(accountDetailOf('en', `orders/${id}`), { kind: 'order', id });
  assert.deepEqual(accountDetailOf('tr', `siparislerim/teklifler/${id}`), { kind: 'quote', id });
  assert.deepEqual(accountDetailOf('en', `orders/quotes/${id}/`), { kind: 'quote', id });
  // The section alone, the other language's segments, or extra segments are not an item.
  for (const [lang, rest] of [['tr', 'siparislerim'], ['en', `siparislerim/${id}`], ['tr', `orders/${id}`], ['en', `orders/quotes/${id}/more`], ['tr', `dosyalarim/${id}`], ['en', '']]) {
    assert.equal(accountDetailOf(lang, rest), null, `${lang} ${rest}`);
  }
  // Ids are escaped in paths.
  assert.equal(accountDetailPath('en', 'order', 'a/b'), '/en/account/orders/a%2Fb');
  assert.throws(() => accountDetailPath('en', 'receipt', id));
  assert.throws(() => accountDetailPath('en', 'order', ''));
});

test("a support ticket's page below the support section and the billing tabs, in both languages and back", () => {
  const id = 'tk-66a1f0c2e4b0a1b2c3d4e5f6';
  assert.equal(accountDetailPath('tr', 'ticket', id), `/tr/hesabim/destek/talepler/${id}`);
  assert.equal(accountDetailPath('en', 'ticket', id), `/en/account/support/tickets/${id}`);
  assert.deepEqual(accountDetailOf('en', `support/tickets/${id}`), { kind: 'ticket', id });
  assert.equal(accountDetailOf('tr', `destek/${id}`), null);
  assert.equal(accountTabPath('tr', 'fatura-bilgileri', 'bakiye'), '/tr/hesabim/fatura-bilgileri/bakiye');
  assert.equal(accountTabPath('en', 'fatura-bilgileri', 'bakiye'), '/en/account/billing-info/balance');
  assert.throws(() => accountTabPath('tr', 'banka-hesaplari', 'kazanclar'));
  for (const p of [accountDetailPath('tr', 'ticket', id), accountTabPath('tr', 'fatura-bilgileri', 'bakiye'), accountPath('tr', 'kazanclar')]) {
    assert.equal(switchLanguage(switchLanguage(p, 'en'), 'tr'), p);
  }
  assert.equal(switchLanguage(accountDetailPath('tr', 'ticket', id), 'en'), accountDetailPath('en', 'ticket', id));
});

test("the settings' tabs, the API keys and the webhooks, in both languages and back", () => {
  assert.deepEqual(ACCOUNT_TABS.ayarlar, ['api-anahtarlari', 'webhooklar']);
  assert.equal(accountTabPath('tr', 'ayarlar', 'api-anahtarlari'), '/tr/hesabim/ayarlar/api-anahtarlari');
  assert.equal(accountTabPath('en', 'ayarlar', 'api-anahtarlari'), '/en/account/settings/api-keys');
  // The page the mail about a disabled endpoint links to (svc-auth's sitePages "webhooks").
  assert.equal(accountTabPath('tr', 'ayarlar', 'webhooklar'), '/tr/hesabim/ayarlar/webhooklar');
  assert.equal(accountTabPath('en', 'ayarlar', 'webhooklar'), '/en/account/settings/webhooks');
  for (const tab of ACCOUNT_TABS.ayarlar) {
    const p = accountTabPath('tr', 'ayarlar', tab);
    assert.equal(switchLanguage(p, 'en'), accountTabPath('en', 'ayarlar', tab));
    assert.equal(switchLanguage(switchLanguage(p, 'en'), 'tr'), p);
  }
  assert.throws(() => accountTabPath('en', 'ayarlar', 'webhooks'));
  assert.throws(() => accountTabPath('tr', 'fatura-bilgileri', 'webhooklar'));
});
