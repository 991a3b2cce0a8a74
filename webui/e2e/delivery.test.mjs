// After the order: paid from the balance after a bank transfer staff confirm, staff assign the
// seeded translator, the translator uploads and delivers through the API, and the customer, in
// the browser, downloads the translation, asks for a revision (Turkish) or accepts the delivery
// (English). svc-orders API.md, spec §4.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, waitHydrated } from './browser.mjs';
import { ADMIN, DEMO_TRANSLATOR, approveQuote, payFromBalance, session, uploadText } from './stack.mjs';

const stamp = `${Date.now()}-${process.pid}`;
const PASSWORD = `Kirmizi-Kalem-${stamp}`;

/** deliveredOrder takes a new customer's order to delivered and returns what the test needs. */
async function deliveredOrder(lang) {
  const email = `teslim-${lang}-${stamp}@example.com`;
  const customer = await session(email, PASSWORD, { register: lang === 'tr' ? 'Teslim Alan' : 'Delivery Taker', lang });
  const source = await uploadText(customer, 'kaynak.txt', 'Sözleşmenin tam metni burada.');
  const quote = await customer.call('POST', 'orders/quotes', {
    service: 'professional-translation', sourceLanguage: 'tr', targetLanguages: ['en'], fileIds: [source.id], currency: 'USD',
  });
  const { order } = await approveQuote(customer, quote.id);

  const admin = await session(ADMIN.email, ADMIN.password, { lang });
  await payFromBalance(customer, admin, quote.id, order.id);

  const translator = await session(DEMO_TRANSLATOR.email, DEMO_TRANSLATOR.password, { lang });
  const { user } = await translator.call('GET', 'auth/me');
  await admin.call('POST', `orders/admin/orders/${order.id}/assign`, { translatorId: user.id });
  const result = await uploadText(translator, `translation-${lang}.txt`, 'The full text of the contract is here.');
  const delivered = await translator.call('POST', `orders/orders/${order.id}/deliver`, { fileIds: [result.id], note: 'Ready' });
  assert.equal(delivered.status, 'delivered');
  return { email, order, result };
}

async function signIn(page, lang, email) {
  await page.goto(lang === 'tr' ? '/tr/giris' : '/en/login');
  await waitHydrated(page);
  const form = page.locator('[data-testid=login-form]');
  await form.locator('input[name=email]').fill(email);
  await form.locator('input[name=password]').fill(PASSWORD);
  await form.locator('button[type=submit]').click();
  await page.waitForURL((u) => !u.pathname.endsWith('/giris') && !u.pathname.endsWith('/login'));
}

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

test('tr: the customer downloads the delivered translation and asks for a free revision', async () => {
  const { email, order, result } = await deliveredOrder('tr');
  const page = await openPage(browser, { locale: 'tr-TR' });
  await signIn(page, 'tr', email);
  await page.goto(`/tr/hesabim/siparislerim/${order.id}`);
  const detail = page.locator(`[data-testid=order-detail][data-order-id="${order.id}"]`);
  await detail.waitFor();
  assert.equal(await detail.getAttribute('data-status'), 'delivered');
  await page.getByText('Teslim edildi').first().waitFor();

  // The delivered file downloads with the customer's session, and is what the translator sent.
  const link = detail.locator('.file-list', { hasText: 'Teslim edilen dosyalar' }).locator(`li[data-file-id="${result.id}"] a[download]`);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  assert.equal(download.suggestedFilename(), 'translation-tr.txt');
  const { readFile } = await import('node:fs/promises');
  assert.equal(await readFile(await download.path(), 'utf8'), 'The full text of the contract is here.');

  // An empty reason is refused on the page; a reason sends the order back to the translator.
  const form = page.locator('[data-testid=revision-form]');
  await form.locator('button[type=submit]').click();
  await page.getByText('Neyin düzeltilmesini istediğinizi yazın.').waitFor();
  await form.locator('textarea').fill('3. maddedeki terim yanlış çevrilmiş.');
  await form.locator('button[type=submit]').click();
  await page.waitForFunction((id) => document.querySelector(`[data-testid=order-detail][data-order-id="${id}"]`)?.dataset.status === 'revision_requested', order.id);
  await page.locator('[data-testid=order-history]').getByText(/^Düzeltme (yapılıyor|isteğiniz çevirmene iletildi)/).first().waitFor();
  assert.equal(await page.locator('[data-testid=revision-form]').count(), 0, 'no second revision form');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('en: the customer accepts the delivery and the order is completed', async () => {
  const { email, order } = await deliveredOrder('en');
  const page = await openPage(browser, { locale: 'en-US' });
  await signIn(page, 'en', email);
  await page.goto(`/en/account/orders/${order.id}`);
  const detail = page.locator(`[data-testid=order-detail][data-order-id="${order.id}"]`);
  await detail.waitFor();
  await detail.locator('button[data-action=complete]').click();
  await page.waitForFunction((id) => document.querySelector(`[data-testid=order-detail][data-order-id="${id}"]`)?.dataset.status === 'completed', order.id);
  await page.locator('[data-testid=order-history]').getByText('Completed').waitFor();
  assert.equal(await detail.locator('button[data-action=complete]').count(), 0, 'nothing left to accept');

  // The orders list shows it as completed (spec §4).
  await page.goto('/en/account/orders');
  await page.locator(`a[href="/en/account/orders/${order.id}"]`).first().waitFor();
  const row = page.locator('tr', { has: page.locator(`a[href="/en/account/orders/${order.id}"]`) });
  assert.match(await row.innerText(), /Completed/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
