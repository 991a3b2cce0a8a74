// Talking to the running stack from the browser tests: API sessions as the demo accounts or new
// ones (new translators too), the captured mails and the stack's Redis. TestBrowser (CI) passes REDIS_ADDR and
// MAIL_URL; a manual run sets them.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { BASE_URL, until, waitHydrated } from './browser.mjs';

export const REDIS_ADDR = process.env.REDIS_ADDR ?? '127.0.0.1:6379';
export const MAIL_URL = process.env.MAIL_URL ?? 'http://127.0.0.1:8025/messages';
// The accounts make up seeds (README).
export const ADMIN = { email: 'admin@linguaport.local', password: 'Yonetici-Demo-2026' };
export const DEMO_TRANSLATOR = { email: 'tercuman@linguaport.local', password: 'Tercuman-Demo-2026' };

/** session is a signed-in API client (the authToken cookie plus the site's Origin); register names a new account's holder. */
export async function session(email, password, { register, lang = 'tr' } = {}) {
  const body = register ? { fullName: register, email, password, confirmPassword: password, acceptTerms: true } : { email, password, rememberMe: false };
  const res = await fetch(`${BASE_URL}/api/v1/auth/${register ? 'register' : 'login'}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: BASE_URL, 'Accept-Language': lang },
    body: JSON.stringify(body),
  });
  assert.ok(res.ok, `${register ? 'register' : 'login'} ${email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('authToken='));
  return apiAs(cookie, lang);
}

/** apiAs calls the API with a cookie; call asserts the status and answers the JSON. */
export function apiAs(cookie, lang) {
  const send = async (method, path, json, headers = {}) => {
    const r = await fetch(`${BASE_URL}/api/v1/${path}`, {
      method,
      headers: { Cookie: cookie, Origin: BASE_URL, 'Accept-Language': lang, 'Content-Type': 'application/json', ...headers },
      body: json && JSON.stringify(json),
    });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : null };
  };
  const call = async (method, path, json, { status, headers } = {}) => {
    const r = await send(method, path, json, headers);
    assert.ok(status ? r.status === status : r.status < 300, `${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  return { send, call, cookie };
}

/** pageApi is the API as the browser context's signed-in user (its cookies). */
export function pageApi(page, lang) {
  return async (method, path, data, headers = {}) => {
    const r = await page.request.fetch(`/api/v1/${path}`, { method, headers: { Accept: 'application/json', 'Accept-Language': lang, Origin: BASE_URL, ...headers }, data });
    const text = await r.text();
    return { status: r.status(), body: text ? JSON.parse(text) : null };
  };
}

/** mails lists the captured mails to an address. */
export async function mails(to) {
  const r = await fetch(`${MAIL_URL}?to=${encodeURIComponent(to)}`);
  assert.equal(r.status, 200, 'the mail capture answers');
  return r.json();
}

/** redisCommand sends one command in RESP and resolves with the raw reply. */
export function redisCommand(args) {
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

// Billing details that pass svc-billing's rules (API.md, "Billing details"): an individual and a
// company billed in Turkey, and an individual billed abroad (no Turkish VAT).
const NO_IDENTITY = { fullName: '', tckn: '', companyName: '', taxOffice: '', vkn: '', taxId: '', postcode: '' };
export const BILLING_DETAILS = {
  individual: { ...NO_IDENTITY, type: 'individual', fullName: 'E2E Müşteri', tckn: '10000000146', address: 'Moda Cad. 12 D:3', city: 'İstanbul', postcode: '34710', country: 'TR', email: 'fatura@example.com' },
  company: { ...NO_IDENTITY, type: 'company', companyName: 'Örnek Çeviri A.Ş.', taxOffice: 'Kadıköy', vkn: '4540536920', address: 'Rıhtım Cad. 5', city: 'İstanbul', postcode: '34716', country: 'TR', email: 'muhasebe@example.com' },
  abroad: { ...NO_IDENTITY, type: 'individual', fullName: 'Jane Smith', taxId: 'GB123456789', address: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB', email: 'jane@example.co.uk' },
};

/**
 * approveQuote approves a quote as its customer (a session) does: the billing details the invoice
 * is issued from are saved first (approval is refused without them, 409 billing_details_required),
 * the contract is read and its boxes ticked, then the quote approved; answers { quote, order }.
 */
export async function approveQuote(customer, quoteId, details = BILLING_DETAILS.individual) {
  const saved = await customer.call('PUT', 'billing/profile', details);
  assert.equal(saved.complete, true, 'the billing details are complete');
  const contract = await customer.call('GET', `orders/quotes/${quoteId}/contract`);
  const consents = Object.fromEntries(contract.consents.map((c) => [c.id, true]));
  return customer.call('POST', `orders/quotes/${quoteId}/approve`, { contract: { digest: contract.digest, consents } });
}

/** acceptContract ticks every box of the contract step within scope and approves there. */
export async function acceptContract(scope) {
  const contract = scope.locator('[data-testid=contract]');
  await contract.waitFor();
  for (const box of await contract.locator('input[type=checkbox]').all()) await box.check();
  await contract.locator('button[data-action=approve]').click();
}

/**
 * payFromBalance pays the invoice of an approved quote the way a customer without a card does:
 * a bank transfer staff (admin, a session) confirm, then the invoice paid from the balance; it
 * waits until svc-orders has the order in progress. Billing's own path, no event written by hand.
 */
export async function payFromBalance(customer, admin, quoteId, orderId) {
  const invoice = await until('the invoice is issued', async () => (await customer.call('GET', 'billing/invoices')).invoices.find((i) => i.quoteId === quoteId));
  const transfer = await customer.call('POST', 'billing/balance/transfers', {
    amount: { amount: invoice.totals.total, currency: invoice.currency }, sender: 'E2E Müşteri', date: turkeyDay(-1), reference: `EFT-${quoteId}`,
  });
  assert.equal((await admin.call('POST', `billing/admin/transfers/${transfer.id}/confirm`)).status, 'confirmed');
  const paid = await customer.call('POST', `billing/invoices/${invoice.id}/pay`, { method: 'balance' }, { headers: { 'Idempotency-Key': randomUUID() } });
  assert.equal(paid.invoice.status, 'paid');
  await until('the order is paid', async () => (await customer.call('GET', `orders/orders/${orderId}`)).status === 'in_progress');
  return paid.invoice;
}

/** turkeyDay is the calendar day in Turkey (UTC+3) days from now. */
export const turkeyDay = (days = 0) => new Date(Date.now() + 3 * 3600_000 + days * 86400_000).toISOString().slice(0, 10);

/** uploadText sends one text file as the session's holder (POST orders/files) and answers the stored file ({ id, name, … }). */
export async function uploadText(who, name, text) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  const r = await fetch(`${BASE_URL}/api/v1/orders/files`, { method: 'POST', headers: { Cookie: who.cookie, Origin: BASE_URL }, body: form });
  assert.equal(r.status, 201, `upload ${name}: ${r.status}`);
  return (await r.json()).file;
}

/** signIn signs the page in through the login form at loginPath and waits to be sent on. */
export async function signIn(page, loginPath, email, password) {
  await page.goto(loginPath);
  await waitHydrated(page);
  const form = page.locator('[data-testid=login-form]');
  await form.locator('input[name=email]').fill(email);
  await form.locator('input[name=password]').fill(password);
  await form.locator('button[type=submit]').click();
  await page.waitForURL((u) => u.pathname !== loginPath);
}

/** resetLinkIn is the set-password link of a mail, as a path and query to open on BASE_URL (the mail's host is SITE_URL's). */
export function resetLinkIn(mail, resetPath) {
  const m = (mail.text || mail.html || '').match(/https?:\/\/[^\s"<>]+/g)?.find((u) => new URL(u).pathname === resetPath);
  assert.ok(m, `a ${resetPath} link in the mail`);
  const u = new URL(m);
  return `${u.pathname}${u.search}`;
}

// A one-page PDF, the smallest CV an application takes.
const CV_PDF = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

/**
 * applyAsTranslator sends, in lang, the application of an English-native legal translator working
 * from Turkish, with a one-page PDF CV; who is their firstName, lastName, email, phone,
 * experienceYears and education. Answers the application as stored. Approved by staff, they get a
 * mail whose link sets their password: activateTranslator takes it from there.
 */
export async function applyAsTranslator({ firstName, lastName, email, phone, experienceYears, education }, lang) {
  const form = new FormData();
  const fields = {
    firstName, lastName, email, phone, nativeLanguage: 'en', workingLanguages: 'tr', specializations: 'legal', experienceYears, education,
    certificates: '', acceptTerms: 'true', lang,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('cv', new Blob([CV_PDF], { type: 'application/pdf' }), 'cv.pdf');
  const r = await fetch(`${BASE_URL}/api/v1/translators/applications`, { method: 'POST', headers: { Origin: BASE_URL }, body: form });
  assert.equal(r.status, 201, `application: ${await r.clone().text()}`);
  return r.json();
}

/**
 * activateTranslator sets an approved translator's password through the link of their mail (a
 * path and query, resetLinkIn's), signs them in and saves the Turkish → English legal pair, again
 * until their profile (opened by the approval's event) takes it. Answers { translator (a session),
 * id }.
 */
export async function activateTranslator(email, password, link, lang) {
  const token = new URL(link, BASE_URL).searchParams.get('token');
  const reset = await fetch(`${BASE_URL}/api/v1/auth/password/reset`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', Origin: BASE_URL }, body: JSON.stringify({ token, newPassword: password, confirmPassword: password }),
  });
  assert.equal(reset.status, 204, 'the mailed link sets the password');
  const translator = await session(email, password, { lang });
  await until('the competencies are saved', async () => (await translator.send('PUT', 'translators/profile/competencies', {
    pairs: [{ source: 'tr', target: 'en' }], services: ['professional-translation'], specializations: ['legal'], certificates: '',
  })).status === 200);
  const { user } = await translator.call('GET', 'auth/me');
  return { translator, id: user.id };
}
