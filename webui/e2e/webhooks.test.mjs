// Webhooks in a real browser (svc-auth API.md "Webhooks"): a customer registers an endpoint in
// Settings › Webhooks that points at a receiver this test runs (node:http on 127.0.0.1; `make up`
// allows plain HTTP to this machine), sees its secret once, sends a test event, which the receiver
// gets signed as Standard Webhooks says (checked here with node:crypto), finds it in the log as
// delivered with status 200, opens it, resends it (a second attempt marked as a replay, the same
// webhook-id), rotates the secret (the next event carries both signatures), and disables and
// enables the endpoint. An endpoint answering 410 Gone is disabled and its owner mailed a link that
// opens it. The panel's Live / Sandbox switch (issue 29) shows the endpoints of the customer's
// sandbox space, which a sandbox key registers, and never the live ones there or the sandbox's in
// the live list; it is kept in ?space=sandbox, which a mail about a sandbox endpoint links with.
// In both languages; SCREENSHOTS keeps each step at 1366 and 390 px.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { BASE_URL, launch, openPage, shot, until, waitHydrated } from './browser.mjs';
import { axeViolations, describeViolation } from './axe-check.mjs';
import { layoutProblems } from './layout-check.mjs';
import { mails, session, signIn } from './stack.mjs';

const stamp = `${Date.now()}-${process.pid}`;
const PASSWORD = `Kanca-Alici-${stamp}`;

const L = {
  tr: {
    locale: 'tr-TR',
    login: '/tr/giris',
    settings: '/tr/hesabim/ayarlar',
    webhooks: '/tr/hesabim/ayarlar/webhooklar',
    name: 'Ayşe Entegratör',
    description: 'Sipariş sistemi, canlı ortam',
    required: 'Bu alan zorunludur.',
    owner: 'Uç noktayı siz kapattınız.',
    gone: 'Adres 410 Gone yanıtı verdi',
    subject: 'Webhook uç noktanız kapatıldı',
    sandboxEmpty: 'Deneme ortamınızda henüz bir uç nokta yok.',
  },
  en: {
    locale: 'en-GB',
    login: '/en/login',
    settings: '/en/account/settings',
    webhooks: '/en/account/settings/webhooks',
    name: 'Alex Integrator',
    description: 'Order system, production',
    required: 'This field is required.',
    owner: 'You turned it off.',
    gone: 'The address answered 410 Gone',
    subject: 'Your webhook endpoint was disabled',
    sandboxEmpty: 'Your sandbox has no endpoints yet.',
  },
};

let browser;
let receiver;
before(async () => {
  browser = await launch();
  receiver = await startReceiver();
});
after(async () => {
  await browser?.close();
  await receiver?.close();
});

/**
 * startReceiver runs an HTTP server on 127.0.0.1 at a free port that keeps every request it gets
 * (path, headers, the body as received) and answers 200, or 410 Gone below /gone/ until the
 * test revives the path.
 */
function startReceiver() {
  const requests = [];
  const revived = new Set();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method, path: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const gone = req.url.startsWith('/gone/') && !revived.has(req.url);
      res.writeHead(gone ? 410 : 200, { 'Content-Type': 'application/json' });
      res.end(gone ? '{"error":"gone"}' : '{"received":true}');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        /** to is what reached path, oldest first. */
        to: (path) => requests.filter((r) => r.path === path),
        /** revive makes path answer 200 from now on: the customer fixed their server. */
        revive: (path) => revived.add(path),
        close: () => new Promise((done) => server.close(done)),
      });
    });
  });
}

/**
 * signatureOf is the Standard Webhooks signature of a request under secret: the base64
 * HMAC-SHA256, keyed with the base64-decoded secret after "whsec_", of "<id>.<timestamp>.<body>".
 */
function signatureOf(secret, request) {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  return createHmac('sha256', key).update(`${request.headers['webhook-id']}.${request.headers['webhook-timestamp']}.${request.body}`).digest('base64');
}

/** signaturesIn are the v1 signatures of a request's webhook-signature header (space-separated "v1,<base64>"). */
function signaturesIn(request) {
  return String(request.headers['webhook-signature'] ?? '')
    .split(' ')
    .filter(Boolean)
    .map((s) => s.split(','))
    .filter(([version]) => version === 'v1')
    .map(([, value]) => value);
}

/** assertSigned checks a delivery's Standard Webhooks headers and that one of its signatures is secret's. */
function assertSigned(request, secret, what) {
  assert.match(request.headers['webhook-id'], /^msg_[a-z2-7]+$/, `${what}: webhook-id`);
  const timestamp = Number(request.headers['webhook-timestamp']);
  assert.ok(Number.isInteger(timestamp) && Math.abs(Date.now() / 1000 - timestamp) < 300, `${what}: webhook-timestamp ${request.headers['webhook-timestamp']} is now`);
  assert.equal(request.headers['content-type'], 'application/json', `${what}: content-type`);
  assert.ok(signaturesIn(request).includes(signatureOf(secret, request)), `${what}: signed with the secret (${request.headers['webhook-signature']})`);
}

/** newTestEvent waits until path got a webhook.test event other than those seen, and answers it. */
function newTestEvent(path, seen) {
  return until(
    `a test event at ${path}`,
    () => receiver.to(path).find((r) => !seen.includes(r.headers['webhook-id']) && JSON.parse(r.body).type === 'webhook.test'),
    30_000,
  );
}

/**
 * withKey calls the API with an API key as an integrator's program does (no cookies): answers
 * { status, body }.
 */
async function withKey(secret, method, path, json, lang = 'tr') {
  const r = await fetch(`${BASE_URL}/api/v1/${path}`, {
    method,
    headers: { Authorization: `Bearer ${secret}`, 'Accept-Language': lang, ...(json ? { 'Content-Type': 'application/json' } : {}) },
    body: json && JSON.stringify(json),
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
}

/** sandboxKey makes a read and write sandbox key for a customer (a session) and answers its secret. */
async function sandboxKey(customer) {
  const key = await customer.call('POST', 'auth/keys', { name: 'Sandbox', scope: 'read+write', sandbox: true }, { status: 201 });
  assert.equal(key.sandbox, true);
  assert.match(key.secret, /^lp_test_/);
  return key.secret;
}

/** endpointIds are the ids of a customer's (a session) endpoints in the live space, or the sandbox's. */
async function endpointIds(customer, space = 'live') {
  const list = await customer.call('GET', space === 'sandbox' ? 'auth/webhooks?space=sandbox' : 'auth/webhooks');
  return list.endpoints.map((e) => e.id);
}

/** layoutAndA11y lists what does not fit and the serious accessibility faults of the page as it is, at 1366 and 390 px. */
async function layoutAndA11y(page, what) {
  const found = [];
  const size = page.viewportSize();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    for (const p of await page.evaluate(layoutProblems)) found.push(`${what} at ${width} px: ${p}`);
    for (const v of await axeViolations(page)) found.push(`${what} at ${width} px: ${describeViolation(v)}`);
  }
  await page.setViewportSize(size);
  return found;
}

test('a customer registers an endpoint, gets signed test events, reads the log, resends, rotates the secret, disables and enables', async () => {
  for (const lang of ['tr', 'en']) {
    const l = L[lang];
    const email = `webhooks-${lang}-${stamp}@example.com`;
    await session(email, PASSWORD, { register: l.name, lang });
    const page = await openPage(browser, { locale: l.locale });
    page.on('dialog', (d) => d.accept());
    await signIn(page, l.login, email, PASSWORD);
    await page.goto(l.settings);
    await waitHydrated(page);
    await page.locator('[data-tab=webhooks]').click();
    await page.waitForURL((u) => u.pathname === l.webhooks);
    await page.locator('[data-testid=webhooks]').waitFor();
    const form = page.locator('[data-testid=webhook-form]');
    await form.waitFor();
    await shot(page, `webhooks-${lang}-1-empty`, { top: true });

    // An empty URL is refused, in the page's language, under the field.
    await form.locator('[data-action=create-endpoint]').click();
    const urlError = form.locator('.field:has(input[name=url]) .field__error');
    await urlError.waitFor();
    assert.equal((await urlError.textContent()).trim(), l.required);
    assert.equal(await form.locator('input[name=url]').getAttribute('aria-invalid'), 'true');
    await shot(page, `webhooks-${lang}-2-refused`, { top: true });

    // The endpoint: the receiver, every event type; its secret is shown this once.
    const path = `/hooks/${lang}-${stamp}`;
    await form.locator('input[name=url]').fill(`${receiver.url}${path}`);
    await form.locator('input[name=description]').fill(l.description);
    await form.locator('[data-action=select-all-types]').click();
    assert.equal(await form.locator('input[name=types]:checked').count(), 9);
    await form.locator('[data-action=create-endpoint]').click();
    const secretBox = page.locator('[data-testid=webhook-secret] [data-secret]');
    await secretBox.waitFor();
    const secret = (await secretBox.textContent()).trim();
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    const item = page.locator('[data-endpoint-id][data-open=true]');
    await item.waitFor();
    const endpointId = await item.getAttribute('data-endpoint-id');
    assert.match(endpointId, /^we_/);
    assert.equal(new URL(page.url()).searchParams.get('endpoint'), endpointId);
    assert.ok((await item.textContent()).includes(`${receiver.url}${path}`));
    await shot(page, `webhooks-${lang}-3-secret`, { top: true });
    await page.locator('[data-testid=webhook-secret] [data-action=secret-stored]').click();
    await page.locator('[data-testid=webhook-secret]').waitFor({ state: 'detached' });

    // A test event reaches the receiver, signed with the secret.
    const endpoint = page.locator(`[data-endpoint-id="${endpointId}"]`);
    await endpoint.locator('[data-action=send-test]').click();
    const first = await newTestEvent(path, []);
    assertSigned(first, secret, 'the test event');
    assert.equal(signaturesIn(first).length, 1, 'one secret, one signature');
    const body = JSON.parse(first.body);
    assert.equal(body.data.endpointId, endpointId);
    const messageId = first.headers['webhook-id'];

    // The log shows it delivered with 200; opened, the headers the receiver got, the payload and the attempt.
    const row = endpoint.locator(`[data-delivery-id="${messageId}"]`);
    await endpoint.locator(`[data-delivery-id="${messageId}"][data-state=delivered]`).waitFor();
    assert.match(await row.locator('[data-action=toggle-delivery]').textContent(), /webhook\.test.*HTTP 200/s);
    await shot(page, `webhooks-${lang}-4-delivered`, { top: true });
    await row.locator('[data-action=toggle-delivery]').click();
    const details = row.locator('[data-testid=delivery-details]');
    await details.waitFor();
    assert.equal(await row.locator('[data-action=toggle-delivery]').getAttribute('aria-expanded'), 'true');
    const headers = await details.locator('[data-testid=delivery-headers]').textContent();
    assert.ok(headers.includes(`webhook-id: ${messageId}`), headers);
    assert.ok(headers.includes(`webhook-timestamp: ${first.headers['webhook-timestamp']}`), headers);
    assert.ok(!headers.includes(first.headers['webhook-signature'].split(',')[1]), 'the signature is not shown');
    assert.deepEqual(JSON.parse(await details.locator('[data-testid=delivery-payload]').textContent()), body);
    assert.equal(await details.locator('[data-attempt][data-status="200"][data-replay=false]').count(), 1);
    await shot(page, `webhooks-${lang}-5-opened`, { top: true });

    // Resent: the receiver gets the same delivery again (same webhook-id), and the log a second
    // attempt marked as a replay.
    await details.locator('[data-action=replay-delivery]').click();
    await until('the resent delivery', () => receiver.to(path).filter((r) => r.headers['webhook-id'] === messageId).length === 2, 30_000);
    assertSigned(receiver.to(path).filter((r) => r.headers['webhook-id'] === messageId)[1], secret, 'the resent delivery');
    await details.locator('[data-attempt][data-status="200"][data-replay=true]').waitFor();
    await endpoint.locator(`[data-delivery-id="${messageId}"][data-state=delivered]`).waitFor();
    assert.equal(await details.locator('[data-attempt]').count(), 2);
    await shot(page, `webhooks-${lang}-6-resent`, { top: true });
    assert.deepEqual(await layoutAndA11y(page, 'the opened log'), []);

    // Rotated: a new secret; for 24 hours every delivery is signed with both.
    await endpoint.locator('[data-action=rotate-secret]').click();
    const rotatedBox = endpoint.locator('[data-testid=endpoint-secret] [data-secret]');
    await rotatedBox.waitFor();
    const rotated = (await rotatedBox.textContent()).trim();
    assert.match(rotated, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.notEqual(rotated, secret);
    await endpoint.locator('[data-testid=rotation-overlap]').waitFor();
    await shot(page, `webhooks-${lang}-7-rotated`, { top: true });
    await endpoint.locator('[data-action=send-test]').click();
    const second = await newTestEvent(path, [messageId]);
    assert.equal(signaturesIn(second).length, 2, `two signatures during the overlap: ${second.headers['webhook-signature']}`);
    assertSigned(second, rotated, 'the event after the rotation, new secret');
    assertSigned(second, secret, 'the event after the rotation, old secret');
    await endpoint.locator(`[data-delivery-id="${second.headers['webhook-id']}"][data-state=delivered]`).waitFor();

    // Disabled, it says why; enabled again.
    await endpoint.locator('[data-action=disable-endpoint]').click();
    await page.locator(`[data-endpoint-id="${endpointId}"][data-state=disabled]`).waitFor();
    assert.ok((await endpoint.locator('[data-testid=endpoint-disabled]').textContent()).includes(l.owner));
    assert.equal(await endpoint.locator('[data-action=send-test]').count(), 0);
    await shot(page, `webhooks-${lang}-8-disabled`, { top: true });
    await endpoint.locator('[data-action=enable-endpoint]').click();
    await page.locator(`[data-endpoint-id="${endpointId}"][data-state=active]`).waitFor();
    await endpoint.locator('[data-action=send-test]').waitFor();
    await shot(page, `webhooks-${lang}-9-enabled`, { top: true });

    // The page opened for this endpoint (a mail's link) shows it open.
    await page.goto(`${l.webhooks}?endpoint=${encodeURIComponent(endpointId)}`);
    await waitHydrated(page);
    await page.locator(`[data-endpoint-id="${endpointId}"][data-open=true] [data-testid=delivery-log]`).waitFor();
    await page.context().close();
  }
});

test('an endpoint answering 410 Gone is disabled, and the mail to its owner opens it', async () => {
  const l = L.tr;
  const email = `webhooks-gone-${stamp}@example.com`;
  const customer = await session(email, PASSWORD, { register: l.name, lang: 'tr' });
  const path = `/gone/${stamp}`;
  const made = await customer.call('POST', 'auth/webhooks', { url: `${receiver.url}${path}`, description: '', types: ['order.paid'] }, { status: 201 });
  await customer.call('POST', `auth/webhooks/${made.id}/test`, undefined, { status: 202 });
  await until('the receiver answers 410', () => receiver.to(path).length > 0, 30_000);
  await until('the endpoint is disabled', async () => (await customer.call('GET', `auth/webhooks/${made.id}`)).disabledReason === 'gone', 30_000);
  const mail = await until('the mail about it', async () => (await mails(email)).find((m) => m.subject === l.subject), 30_000);
  const link = mail.text.match(/https?:\/\/[^\s"<>]+/g)?.find((u) => new URL(u).pathname === l.webhooks);
  assert.ok(link, `a link to ${l.webhooks} in:\n${mail.text}`);
  assert.equal(new URL(link).searchParams.get('endpoint'), made.id);

  const page = await openPage(browser, { locale: l.locale });
  await signIn(page, l.login, email, PASSWORD);
  const u = new URL(link);
  await page.goto(`${u.pathname}${u.search}`);
  await waitHydrated(page);
  const endpoint = page.locator(`[data-endpoint-id="${made.id}"][data-open=true][data-state=disabled]`);
  await endpoint.waitFor();
  assert.ok((await endpoint.locator('[data-testid=endpoint-disabled]').textContent()).includes(l.gone));
  await endpoint.locator('[data-action=enable-endpoint]').waitFor();
  await shot(page, 'webhooks-tr-10-gone', { top: true });
  await page.context().close();
});

test('the panel switches to the sandbox space: the endpoints a sandbox key registers, apart from the live ones', async () => {
  for (const lang of ['tr', 'en']) {
    const l = L[lang];
    const email = `webhooks-sandbox-${lang}-${stamp}@example.com`;
    const customer = await session(email, PASSWORD, { register: l.name, lang });
    const livePath = `/hooks/live-${lang}-${stamp}`;
    const live = await customer.call('POST', 'auth/webhooks', { url: `${receiver.url}${livePath}`, description: l.description, types: ['order.paid'] }, { status: 201 });
    const secret = await sandboxKey(customer);

    const page = await openPage(browser, { locale: l.locale });
    await signIn(page, l.login, email, PASSWORD);
    await page.goto(l.webhooks);
    await waitHydrated(page);
    // Live first: its endpoint listed, the live tab chosen.
    const liveTab = page.locator('[role=tablist] [role=tab][data-space=live]');
    const sandboxTab = page.locator('[role=tablist] [role=tab][data-space=sandbox]');
    await page.locator(`[data-testid=webhooks][data-space=live] [data-endpoint-id="${live.id}"]`).waitFor();
    assert.equal(await liveTab.getAttribute('aria-selected'), 'true');
    assert.equal(await sandboxTab.getAttribute('aria-selected'), 'false');
    const panel = page.locator(`[id="${await liveTab.getAttribute('aria-controls')}"]`);
    assert.equal(await panel.getAttribute('role'), 'tabpanel');
    assert.equal(await panel.getAttribute('aria-labelledby'), await liveTab.getAttribute('id'));

    // The sandbox: empty, saying where its endpoints come from, the live one not in it.
    await sandboxTab.click();
    await page.waitForURL((u) => u.pathname === l.webhooks && u.searchParams.get('space') === 'sandbox');
    const sandboxList = page.locator('[data-testid=webhooks][data-space=sandbox]');
    await sandboxList.locator('[data-testid=sandbox-empty]').waitFor();
    assert.ok((await sandboxList.locator('[data-testid=sandbox-empty]').textContent()).includes(l.sandboxEmpty));
    assert.equal(await sandboxTab.getAttribute('aria-selected'), 'true');
    assert.equal(await page.locator(`[data-endpoint-id="${live.id}"]`).count(), 0);
    await shot(page, `webhooks-${lang}-11-sandbox-empty`, { top: true });
    // The arrow keys move between the two tabs, as a tablist's do.
    await page.keyboard.press('ArrowLeft');
    await page.locator(`[data-testid=webhooks][data-space=live] [data-endpoint-id="${live.id}"]`).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.space), 'live');
    assert.equal(new URL(page.url()).searchParams.get('space'), null);
    await page.keyboard.press('ArrowRight');
    await sandboxList.locator('[data-testid=sandbox-empty]').waitFor();

    // A sandbox key registers an endpoint: a reload (the space kept in the address) lists it there.
    const sandboxPath = `/hooks/sandbox-${lang}-${stamp}`;
    const made = await withKey(secret, 'POST', 'auth/webhooks', { url: `${receiver.url}${sandboxPath}`, description: 'Sandbox', types: ['order.paid', 'order.delivered'] }, lang);
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const sandbox = made.body;
    await page.reload();
    await waitHydrated(page);
    const item = sandboxList.locator(`[data-endpoint-id="${sandbox.id}"]`);
    await item.waitFor();
    assert.equal(await sandboxTab.getAttribute('aria-selected'), 'true');
    assert.equal(await page.locator(`[data-endpoint-id="${live.id}"]`).count(), 0, 'the live endpoint is not in the sandbox');
    assert.deepEqual(await endpointIds(customer), [live.id]);
    assert.deepEqual(await endpointIds(customer, 'sandbox'), [sandbox.id]);
    // The key sees its own space, whatever it asks.
    assert.deepEqual((await withKey(secret, 'GET', 'auth/webhooks', undefined, lang)).body.endpoints.map((e) => e.id), [sandbox.id]);

    // Opened in the sandbox: a test event reaches the receiver signed with its secret, and the log shows it.
    await item.locator('[data-action=toggle-endpoint]').click();
    await item.locator('[data-testid=delivery-log]').waitFor();
    assert.equal(new URL(page.url()).searchParams.get('endpoint'), sandbox.id);
    assert.equal(new URL(page.url()).searchParams.get('space'), 'sandbox');
    await item.locator('[data-action=send-test]').click();
    const event = await newTestEvent(sandboxPath, []);
    assertSigned(event, sandbox.secret, 'the sandbox endpoint’s test event');
    await item.locator(`[data-delivery-id="${event.headers['webhook-id']}"][data-state=delivered]`).waitFor();
    // Its secret, revealed in the sandbox, is the one the key was given.
    await item.locator('[data-action=reveal-secret]').click();
    assert.equal((await item.locator('[data-testid=endpoint-secret] [data-secret]').textContent()).trim(), sandbox.secret);
    await shot(page, `webhooks-${lang}-12-sandbox-endpoint`, { top: true });
    assert.deepEqual(await layoutAndA11y(page, 'the sandbox space'), []);

    // Added from the panel in the sandbox: a sandbox endpoint, which the key sees and the live list does not.
    await sandboxList.locator('[data-action=add-endpoint]').click();
    const form = page.locator('[data-testid=webhook-form]');
    await form.locator('input[name=url]').fill(`${receiver.url}/hooks/sandbox-panel-${lang}-${stamp}`);
    await form.locator('[data-action=select-all-types]').click();
    await form.locator('[data-action=create-endpoint]').click();
    await page.locator('[data-testid=webhook-secret] [data-secret]').waitFor();
    // The new endpoint opens once the list is read again; until then the one opened before may still be.
    const opened = page.locator(`[data-testid=webhooks][data-space=sandbox] [data-endpoint-id][data-open=true]:not([data-endpoint-id="${sandbox.id}"])`);
    await opened.waitFor();
    const added = await opened.getAttribute('data-endpoint-id');
    assert.notEqual(added, sandbox.id);
    assert.equal(new URL(page.url()).searchParams.get('space'), 'sandbox');
    assert.deepEqual((await endpointIds(customer, 'sandbox')).sort(), [added, sandbox.id].sort());
    assert.deepEqual(await endpointIds(customer), [live.id]);
    assert.ok((await withKey(secret, 'GET', 'auth/webhooks', undefined, lang)).body.endpoints.some((e) => e.id === added), 'the key sees what the panel added to the sandbox');
    await page.locator('[data-testid=webhook-secret] [data-action=secret-stored]').click();

    // Back to live: the open endpoint closes, the live endpoint is listed and no sandbox one.
    await liveTab.click();
    await page.waitForURL((u) => u.pathname === l.webhooks && !u.searchParams.has('space'));
    assert.equal(new URL(page.url()).searchParams.get('endpoint'), null);
    await page.locator(`[data-testid=webhooks][data-space=live] [data-endpoint-id="${live.id}"]`).waitFor();
    assert.equal(await page.locator(`[data-endpoint-id="${sandbox.id}"], [data-endpoint-id="${added}"]`).count(), 0);
    assert.equal(receiver.to(livePath).length, 0, 'nothing of the sandbox reached the live endpoint');
    await shot(page, `webhooks-${lang}-13-back-to-live`, { top: true });
    assert.deepEqual(page.problems, [], `${lang} console`);
    await page.context().close();
  }
});

test('a sandbox endpoint answering 410 Gone is disabled, and the mail’s link opens it in the sandbox space', async () => {
  const l = L.en;
  const email = `webhooks-sandbox-gone-${stamp}@example.com`;
  const customer = await session(email, PASSWORD, { register: l.name, lang: 'en' });
  const secret = await sandboxKey(customer);
  const path = `/gone/sandbox-${stamp}`;
  const made = await withKey(secret, 'POST', 'auth/webhooks', { url: `${receiver.url}${path}`, description: '', types: ['order.paid'] }, 'en');
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const { id } = made.body;
  assert.equal((await withKey(secret, 'POST', `auth/webhooks/${id}/test`, undefined, 'en')).status, 202);
  await until('the receiver answers 410', () => receiver.to(path).length > 0, 30_000);
  await until('the endpoint is disabled', async () => (await customer.call('GET', `auth/webhooks/${id}?space=sandbox`)).disabledReason === 'gone', 30_000);
  const mail = await until('the mail about it', async () => (await mails(email)).find((m) => m.subject === l.subject), 30_000);
  const link = mail.text.match(/https?:\/\/[^\s"<>]+/g)?.find((u) => new URL(u).pathname === l.webhooks);
  assert.ok(link, `a link to ${l.webhooks} in:\n${mail.text}`);
  assert.equal(new URL(link).searchParams.get('endpoint'), id);
  assert.equal(new URL(link).searchParams.get('space'), 'sandbox');

  const page = await openPage(browser, { locale: l.locale });
  await signIn(page, l.login, email, PASSWORD);
  const u = new URL(link);
  await page.goto(`${u.pathname}${u.search}`);
  await waitHydrated(page);
  const endpoint = page.locator(`[data-testid=webhooks][data-space=sandbox] [data-endpoint-id="${id}"][data-open=true][data-state=disabled]`);
  await endpoint.waitFor();
  assert.equal(await page.locator('[role=tab][data-space=sandbox]').getAttribute('aria-selected'), 'true');
  assert.ok((await endpoint.locator('[data-testid=endpoint-disabled]').textContent()).includes(l.gone));
  // The server fixed, the endpoint is enabled again from there, in the sandbox: the delivery held
  // since the 410 goes out again and arrives.
  receiver.revive(path);
  const before = receiver.to(path).length;
  await endpoint.locator('[data-action=enable-endpoint]').click();
  await page.locator(`[data-endpoint-id="${id}"][data-state=active]`).waitFor();
  await until('the held delivery sent on enabling', () => receiver.to(path).length > before, 30_000);
  assert.equal((await withKey(secret, 'GET', `auth/webhooks/${id}`, undefined, 'en')).body.disabledAt, null);
  await shot(page, 'webhooks-en-14-sandbox-gone', { top: true });
  await page.context().close();
});
