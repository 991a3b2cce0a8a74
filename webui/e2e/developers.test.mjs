// The developers' page in a real browser (/tr/gelistiriciler, /en/developers): the introduction is
// in the prerendered page, the operations come from the gateway's OpenAPI document once the page
// has hydrated, each with a curl example that copies and that works against the stack with a real
// key; the table of contents sits beside the content at 1366 px and above it at 390 px, where
// nothing is wider than the window. A customer reaches the page from Settings › API keys and the
// webhooks' part of it from Settings › Webhooks, and the sandbox's webhooks from its section. In both languages; SCREENSHOTS keeps the page at
// 1366 and 390 px.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { BASE_URL, launch, openPage, shot, waitHydrated } from './browser.mjs';
import { axeViolations, describeViolation } from './axe-check.mjs';
import { layoutProblems } from './layout-check.mjs';
import { session, signIn } from './stack.mjs';

const PAGE = { tr: '/tr/gelistiriciler', en: '/en/developers' };
const SETTINGS = {
  tr: { keys: '/tr/hesabim/ayarlar/api-anahtarlari', webhooks: '/tr/hesabim/ayarlar/webhooklar', login: '/tr/giris' },
  en: { keys: '/en/account/settings/api-keys', webhooks: '/en/account/settings/webhooks', login: '/en/login' },
};
const LOCALE = { tr: 'tr-TR', en: 'en-GB' };
const ORIGIN = new URL(BASE_URL).origin;

let browser;
let doc;
before(async () => {
  browser = await launch();
  // The document the page reads, as the gateway serves it.
  const res = await fetch(`${BASE_URL}/api/v1/openapi.json`);
  assert.equal(res.status, 200, 'GET /api/v1/openapi.json');
  doc = await res.json();
});
after(() => browser?.close());
const stamp = `${Date.now()}-${process.pid}`;

/** curlParts reads a curl example: its method, URL and headers (-H "Name: value"), and its -d body. */
function curlParts(curl) {
  const method = curl.match(/^curl -X (\w+) /)?.[1] ?? 'GET';
  const url = curl.match(/^curl (?:-X \w+ )?"([^"]+)"/)?.[1];
  const headers = Object.fromEntries([...curl.matchAll(/-H "([^:"]+): ([^"]*)"/g)].map((m) => [m[1], m[2]]));
  const body = curl.match(/-d '([\s\S]*)'$/)?.[1]?.replaceAll("'\\''", "'");
  return { method, url, headers, body };
}

test('the document the page reads is OpenAPI 3.0.3 with the webhooks operations', () => {
  assert.equal(doc.openapi, '3.0.3');
  assert.equal(doc.paths['/api/v1/auth/webhooks']?.post?.operationId, 'createWebhookEndpoint');
  assert.equal(doc.paths['/api/v1/auth/webhooks']?.get?.operationId, 'listWebhookEndpoints');
});

test('the page introduces the API, then lists the operations with a curl example to copy, in both languages', async () => {
  const create = doc.paths['/api/v1/auth/webhooks'].post;
  for (const lang of ['tr', 'en']) {
    const page = await openPage(browser, { viewport: { width: 1366, height: 900 }, locale: LOCALE[lang] });
    // Copying needs the clipboard; a browser that refuses it leaves the block itself to check.
    await page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ORIGIN })
      .catch(() => {});
    const res = await page.goto(PAGE[lang]);
    assert.equal(res.status(), 200, PAGE[lang]);
    // The prerendered page holds the introduction, not the operations.
    const html = await res.text();
    assert.match(html, /Authorization: Bearer lp_live_…/);
    assert.match(html, /Idempotency-Key/);
    assert.match(html, /href="\/api\/v1\/openapi.json"/);
    // The sandbox's section: what a sandbox key does.
    assert.match(html, /<section id="sandbox"/);
    assert.match(html, /lp_test_/);
    assert.match(html, /TST…/);
    assert.doesNotMatch(html, /data-operation-id=/);
    await waitHydrated(page);
    assert.equal(await page.getAttribute('html', 'lang'), lang);
    assert.match(await page.title(), lang === 'tr' ? /^Geliştiriciler için API \| LinguaPort$/ : /^API for developers \| LinguaPort$/);

    // The operations come after hydration.
    const op = page.locator('#op-createWebhookEndpoint');
    await op.waitFor();
    assert.match((await op.locator('h4').textContent()).replace(/\s+/g, ' '), /POST \/api\/v1\/auth\/webhooks/);
    const summary = lang === 'tr' && create['x-summary-tr'] ? create['x-summary-tr'] : create.summary;
    assert.equal((await op.locator('.dev-op__summary').textContent()).trim(), summary);
    assert.ok((await page.locator('[data-operation-id]').count()) >= 13, 'every webhooks operation is listed');
    // Its request body and answer, references resolved.
    const words = (await op.textContent()).replace(/\s+/g, ' ');
    assert.match(words, /AuthWebhookSettings/);
    assert.match(words, /quote\.ready/);
    assert.match(words, /AuthWebhookEndpointWithSecret/);

    // The curl example: the page's origin, the key, JSON, an Idempotency-Key and a body from the schema.
    const block = op.locator('[data-testid=curl-example]');
    const curl = await block.locator('pre').textContent();
    const parts = curlParts(curl);
    assert.equal(parts.method, 'POST', curl);
    assert.equal(parts.url, `${ORIGIN}/api/v1/auth/webhooks`, curl);
    assert.equal(parts.headers.Authorization, 'Bearer lp_live_…', curl);
    assert.equal(parts.headers['Content-Type'], 'application/json', curl);
    assert.equal(parts.headers['Idempotency-Key'], '<uuid>', curl);
    const body = JSON.parse(parts.body);
    assert.ok(body.url && Array.isArray(body.types) && body.types.length > 0, curl);
    // The block has a name, and its button copies the command.
    assert.match(await block.locator('figcaption').textContent(), lang === 'tr' ? /Örnek istek \(curl\)/ : /Example request \(curl\)/);
    const copy = block.locator('[data-action=copy-code]');
    await copy.click();
    await page.waitForFunction((el) => el.dataset.state !== 'idle', await copy.elementHandle());
    if ((await copy.getAttribute('data-state')) === 'copied') {
      assert.match(await copy.textContent(), lang === 'tr' ? /Kopyalandı/ : /Copied/);
      const copied = await page.evaluate(() => navigator.clipboard.readText()).catch(() => null);
      if (copied !== null) assert.equal(copied, curl);
    } else {
      console.log(`# ${lang}: no clipboard in this browser; the example block was checked as shown`);
    }

    // At 1366 px the table of contents stays beside the content and leads to each operation.
    const toc = page.locator('[data-testid=developers-toc]');
    assert.equal(await toc.evaluate((el) => getComputedStyle(el).position), 'sticky');
    const target = toc.locator('a[href="#op-getWebhookEndpoint"]');
    assert.ok(await target.isVisible(), 'the operations are in the table of contents');
    await target.click();
    await page.waitForFunction(() => window.location.hash === '#op-getWebhookEndpoint');
    await page.waitForFunction(() => {
      const r = document.getElementById('op-getWebhookEndpoint')?.getBoundingClientRect();
      if (!r) return false;
      return r.top >= 0 && r.top < window.innerHeight / 2;
    });
    assert.deepEqual(await page.evaluate(layoutProblems), [], `${lang} at 1366 px`);
    const a11y = (await axeViolations(page)).map(describeViolation);
    assert.deepEqual(a11y, [], `${lang} accessibility at 1366 px`);
    await shot(page, `developers-${lang}`, { top: true });

    // At 390 px it is a plain list above the content; no code, path or header is wider than the window.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    assert.equal(await toc.evaluate((el) => getComputedStyle(el).position), 'static');
    assert.equal(await target.isVisible(), false, 'the phone’s list names the sections and tags only');
    assert.ok(await toc.locator('a[href="#tag-webhooks"]').isVisible());
    assert.deepEqual(await page.evaluate(layoutProblems), [], `${lang} at 390 px`);
    // Paths and schema lines wrap; a code block keeps its lines and scrolls inside its own box.
    const wide = await page.evaluate(() => [
      ...[...document.querySelectorAll('.dev-op__title, .dev-schema__line, .developers__toc a')]
        .filter((el) => el.checkVisibility() && (el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > window.innerWidth + 1))
        .map((el) => `wraps badly: ${el.textContent.slice(0, 60)}`),
      ...[...document.querySelectorAll('.dev-code__pre')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 || !['auto', 'scroll'].includes(getComputedStyle(el).overflowX))
        .map((el) => `code wider than the window: ${el.textContent.slice(0, 60)}`),
    ]);
    assert.deepEqual(wide, [], `${lang}: blocks wider than a phone`);
    const narrowA11y = (await axeViolations(page)).map(describeViolation);
    assert.deepEqual(narrowA11y, [], `${lang} accessibility at 390 px`);
    await shot(page, `developers-${lang}-phone`, { widths: [] });

    // An address naming an operation opens at it once the document has come (a fresh load, not
    // a jump within the page).
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('about:blank');
    await page.goto(`${PAGE[lang]}#op-listWebhookDeliveries`);
    await page.locator('#op-listWebhookDeliveries').waitFor();
    await page.waitForFunction(() => {
      const r = document.getElementById('op-listWebhookDeliveries')?.getBoundingClientRect();
      if (!r) return false;
      return r.top >= 0 && r.top < window.innerHeight / 2;
    });
    assert.deepEqual(page.problems, [], `${lang} console`);
    await page.context().close();
  }
});

test('a customer follows Settings › API keys to the page, and its examples work with their key', async () => {
  for (const lang of ['tr', 'en']) {
    const email = `developers-${lang}-${stamp}@example.com`;
    const customer = await session(email, 'Uzun-Bir-Parola-9', { register: lang === 'tr' ? 'Ayşe Geliştirici' : 'Alex Developer', lang });
    const page = await openPage(browser, { viewport: { width: 1366, height: 900 }, locale: LOCALE[lang] });
    await signIn(page, SETTINGS[lang].login, email, 'Uzun-Bir-Parola-9');
    await page.goto(SETTINGS[lang].keys);
    await waitHydrated(page);
    const link = page.locator('[data-testid=api-docs-link]');
    await link.waitFor();
    assert.match(await link.textContent(), lang === 'tr' ? /API belgeleri/ : /API documentation/);
    await link.click();
    await page.waitForURL((u) => u.pathname === PAGE[lang]);
    await page.locator('#op-listWebhookEndpoints').waitFor();
    // The page opens at its top, though the settings page was scrolled.
    assert.ok(await page.evaluate(() => window.scrollY < 50));
    await shot(page, `developers-${lang}-from-keys`, { widths: [] });

    // The examples run as they are, with the placeholders filled in: a GET and a POST.
    const made = await customer.call('POST', 'auth/keys', { name: 'Developers page', scope: 'read+write' });
    assert.match(made.secret, /^lp_live_/);
    const run = async (id) => {
      const curl = await page.locator(`#op-${id} [data-testid=curl-example] pre`).textContent();
      const { method, url, headers, body } = curlParts(curl);
      for (const [k, v] of Object.entries(headers)) headers[k] = v.replace('lp_live_…', made.secret).replace('<uuid>', randomUUID());
      return fetch(url.replace(ORIGIN, new URL(BASE_URL).origin), { method, headers: { ...headers, 'Accept-Language': lang }, body });
    };
    const list = await run('listWebhookEndpoints');
    assert.equal(list.status, 200, await list.clone().text());
    assert.ok(Array.isArray((await list.json()).endpoints));
    assert.ok(list.headers.get('ratelimit-policy'), 'a key’s answer carries RateLimit-Policy');
    const created = await run('createWebhookEndpoint');
    // The example body is valid for the schema; the service may still refuse example.com's address
    // (it must be public), but then as a field error in the page's language, never a malformed body.
    const answer = await created.json();
    if (created.status !== 201) {
      assert.equal(created.status, 400, JSON.stringify(answer));
      assert.deepEqual(Object.keys(answer.error.fields ?? {}), ['url'], JSON.stringify(answer));
    }

    // Settings › Webhooks leads to the page's webhooks section.
    await page.goto(SETTINGS[lang].webhooks);
    await waitHydrated(page);
    const guide = page.locator('[data-testid=webhook-docs-link]');
    await guide.waitFor();
    await guide.click();
    await page.waitForURL((u) => u.pathname === PAGE[lang] && u.hash === '#webhooks');
    // The page renders after the address changes: wait for the section, then for it in view.
    await page.waitForFunction(() => {
      const r = document.getElementById('webhooks')?.getBoundingClientRect();
      return r !== undefined && r.top >= 0 && r.top < window.innerHeight / 2;
    });
    await shot(page, `developers-${lang}-from-webhooks`, { widths: [] });

    // The sandbox's section leads to the webhooks of the sandbox space.
    await page.locator('[data-testid=developers-sandbox-webhooks-link]').click();
    await page.waitForURL((u) => u.pathname === SETTINGS[lang].webhooks && u.searchParams.get('space') === 'sandbox');
    await page.locator('[data-testid=webhooks][data-space=sandbox]').waitFor();
    assert.equal(await page.locator('[role=tab][data-space=sandbox]').getAttribute('aria-selected'), 'true');
    assert.deepEqual(page.problems, [], `${lang} console`);
    await page.context().close();
  }
});
