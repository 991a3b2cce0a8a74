// After the order: billing's invoice.paid (published to the stack's Redis the way svc-billing
// will publish it), staff assign the seeded translator, the translator uploads and delivers through
// the API, and the customer, in the browser, downloads the translation, asks for a revision
// (Turkish) or accepts the delivery (English). svc-orders API.md, spec §4.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { BASE_URL, launch, openPage, waitHydrated } from './browser.mjs';

// The stack's Redis (host:port); TestBrowser passes it, a manual run sets it.
const REDIS_ADDR = process.env.REDIS_ADDR ?? '127.0.0.1:6379';
const stamp = `${Date.now()}-${process.pid}`;
const PASSWORD = `Kirmizi-Kalem-${stamp}`;

/** redisCommand sends one command in RESP and resolves with the raw reply. */
function redisCommand(args) {
  const [host, port] = REDIS_ADDR.split(':');
  const payload = `*${args.length}\r\n` + args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('');
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host, port: Number(port) }, () => socket.write(payload));
    socket.once('data', (data) => {
      socket.end();
      const reply = data.toString();
      reply.startsWith('-') ? reject(new Error(reply)) : resolve(reply);
    });
    socket.once('error', reject);
  });
}

/** publishInvoicePaid appends billing's event to its stream, as internal/events does. */
function publishInvoicePaid(orderId, quoteId) {
  const data = JSON.stringify({ invoiceId: `inv-${stamp}`, orderId, quoteId });
  return redisCommand(['XADD', 'events:billing', '*', 'id', randomBytes(16).toString('hex'), 'type', 'invoice.paid',
    'data', data, 'occurredAt', new Date().toISOString(), 'trace', '{}']);
}

/** session is a signed-in API client: the authToken cookie plus the site's Origin. */
async function session(email, password, register) {
  const body = register
    ? { fullName: register, email, password, confirmPassword: password, acceptTerms: true }
    : { email, password, rememberMe: false };
  const res = await fetch(`${BASE_URL}/api/v1/auth/${register ? 'register' : 'login'}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', Origin: BASE_URL }, body: JSON.stringify(body),
  });
  assert.ok(res.ok, `${register ? 'register' : 'login'} ${email}: ${res.status}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).filter((c) => c.startsWith('authToken=')).join('; ');
  const call = async (method, path, json) => {
    const r = await fetch(`${BASE_URL}/api/v1/${path}`, {
      method, headers: { Cookie: cookie, Origin: BASE_URL, 'Content-Type': 'application/json' }, body: json && JSON.stringify(json),
    });
    const answer = await r.json().catch(() => null);
    assert.ok(r.ok, `${method} ${path}: ${r.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const upload = async (name, text) => {
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/plain' }), name);
    const r = await fetch(`${BASE_URL}/api/v1/orders/files`, { method: 'POST', headers: { Cookie: cookie, Origin: BASE_URL }, body: form });
    assert.equal(r.status, 201, `upload ${name}`);
    return (await r.json()).file;
  };
  return { call, upload };
}

/** deliveredOrder takes a new customer's order to delivered and returns what the test needs. */
async function deliveredOrder(lang) {
  const email = `teslim-${lang}-${stamp}@example.com`;
  const customer = await session(email, PASSWORD, lang === 'tr' ? 'Teslim Alan' : 'Delivery Taker');
  const source = await customer.upload('kaynak.txt', 'Sözleşmenin tam metni burada.');
  const quote = await customer.call('POST', 'orders/quotes', {
    service: 'professional-translation', sourceLanguage: 'tr', targetLanguages: ['en'], fileIds: [source.id], currency: 'USD',
  });
  const { order } = await customer.call('POST', `orders/quotes/${quote.id}/approve`);

  await publishInvoicePaid(order.id, quote.id);
  for (let i = 0; ; i++) {
    if ((await customer.call('GET', `orders/orders/${order.id}`)).status === 'in_progress') break;
    assert.ok(i < 100, 'invoice.paid did not start the order');
    await new Promise((r) => setTimeout(r, 150));
  }

  const translator = await session('tercuman@linguaport.local', 'Tercuman-Demo-2026');
  const { user } = await translator.call('GET', 'auth/me');
  const admin = await session('admin@linguaport.local', 'Yonetici-Demo-2026');
  await admin.call('POST', `orders/admin/orders/${order.id}/assign`, { translatorId: user.id });
  const result = await translator.upload(`translation-${lang}.txt`, 'The full text of the contract is here.');
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
  await page.locator('[data-testid=order-history]').getByText('Düzeltme istendi').waitFor();
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
