// The cookie policy against a real browser: a visitor browses, switches currency and language,
// writes to live support, signs up, signs out and signs in with Google (make up's stand-in); every
// cookie the site gave the browser on the way must be in the cookie policy's list (served by
// svc-catalog's GET legal/cookies), every cookie listed must have been given, and everything the
// site keeps in localStorage or sessionStorage must be listed too.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, boundClose, launch, waitHydrated, until } from './browser.mjs';
import { ADMIN } from './stack.mjs';

// The site's own name (SITE_URL is http://localhost:<port>): the sign-in state cookie is set on
// it and must come back to the provider's callback there.
const SITE = BASE_URL.replace('127.0.0.1', 'localhost');
const HOST = new URL(SITE).hostname;
const stamp = `${Date.now()}-${process.pid}`;

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** policy is the cookie policy's list in lang, as the API serves it. */
async function policy(lang) {
  const res = await fetch(`${SITE}/api/v1/catalog/legal/cookies?lang=${lang}`);
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.ok(body.cookies?.length, 'the cookie policy lists its cookies');
  return body.cookies;
}

test('every cookie the site sets is in the cookie policy, and every cookie listed is set', async () => {
  const [tr, en] = [await policy('tr'), await policy('en')];
  assert.deepEqual(en.map((c) => [c.name, c.storage]), tr.map((c) => [c.name, c.storage]), 'both languages list the same');
  const listedCookies = new Set(tr.filter((c) => c.storage === 'cookie').map((c) => c.name));
  const listedStorage = new Set(tr.filter((c) => c.storage !== 'cookie').map((c) => `${c.storage}:${c.name}`));

  // Staff are online, so the visitor's chat becomes a conversation (kept in localStorage).
  const staffContext = boundClose(await browser.newContext({ baseURL: SITE }));
  const staff = await staffContext.newPage();
  const login = await staff.request.post('/api/v1/auth/login', { data: { ...ADMIN, rememberMe: false }, headers: { Origin: SITE } });
  assert.equal(login.status(), 200, 'the demo admin signs in');
  await staff.goto('/tr/yonetim');
  await waitHydrated(staff);
  await until('staff are online', async () => (await (await fetch(`${SITE}/api/v1/catalog/chat/status`)).json()).staffOnline);

  const context = boundClose(await browser.newContext({ baseURL: SITE, locale: 'tr-TR', viewport: { width: 1280, height: 900 } }));
  const page = await context.newPage();
  // What the site gave: the cookies the browser holds for it after each step, and every
  // Set-Cookie of its answers (a cookie set and cleared between two steps is seen there).
  const given = new Set();
  const headers = [];
  context.on('response', (r) => {
    if (new URL(r.url()).hostname === HOST) headers.push(r.headersArray().then((hs) => hs.filter((h) => h.name.toLowerCase() === 'set-cookie').map((h) => h.value)));
  });
  const storage = new Set();
  const look = async (step) => {
    for (const c of await context.cookies(SITE)) given.add(c.name);
    if (new URL(page.url()).hostname === HOST) {
      for (const key of await page.evaluate(() => Object.keys(localStorage))) storage.add(`localStorage:${key}`);
      for (const key of await page.evaluate(() => Object.keys(sessionStorage))) storage.add(`sessionStorage:${key}`);
    }
    return step;
  };

  // A visitor browses and chooses a currency.
  await page.goto('/tr/hizmetler');
  await waitHydrated(page);
  await look('browsing');
  await page.waitForSelector('header .currency-picker__trigger[data-resolved=true]');
  await page.locator('header .currency-picker__trigger').selectOption('EUR');
  await until('the currency cookie', async () => (await context.cookies(SITE)).some((c) => c.name === 'userCurrency'));
  await look('currency');

  // Switches to English and writes to live support.
  await page.locator('header .language-switch__link[hreflang=en], header .language-switch a[lang=en]').first().click();
  await page.waitForURL((u) => u.pathname.startsWith('/en'));
  await waitHydrated(page);
  await look('language');
  const corner = page.locator('[data-testid=chat-widget]');
  await corner.locator('button.chat-widget__button').click();
  await corner.locator('.chat__status[data-online=true]').waitFor();
  await corner.getByLabel('Your name').fill(`Cookie Visitor ${stamp.slice(-5)}`);
  await corner.getByLabel('Your message').fill('Hello, which cookies do you set?');
  await corner.getByRole('button', { name: 'Start the conversation' }).click();
  await corner.locator('.chat__message[data-from=visitor]').first().waitFor();
  await until('the conversation is kept', async () => page.evaluate(() => Object.keys(localStorage).length > 0));
  await look('chat');

  // Signs up, which signs in.
  const email = `e2e-cookies-${stamp}@example.com`;
  const password = `Cerez-Politikasi-${stamp}`;
  await page.goto('/tr/kayit-ol');
  await waitHydrated(page);
  const form = page.locator('[data-testid=register-form]');
  await form.locator('input[name=fullName]').fill('Çerez Denetçisi');
  await form.locator('input[name=email]').fill(email);
  await form.locator('input[name=password]').fill(password);
  await form.locator('input[name=confirmPassword]').fill(password);
  await form.locator('input[name=acceptTerms]').check();
  await form.locator('button[type=submit]').click();
  await page.waitForURL((u) => u.pathname === '/tr/hesabim/genel-bakis');
  await waitHydrated(page);
  await look('signed up');

  // Signs out, then signs in with Google: the stand-in's page is the provider's.
  await page.locator('header .account-menu__button').click();
  await page.locator('header .account-menu__logout').click();
  await page.waitForURL((u) => u.pathname === '/tr/giris');
  await waitHydrated(page);
  await page.locator('[data-testid=oauth] a.oauth__button[href*="google"]').click();
  await page.waitForURL((u) => u.hostname !== HOST);
  await look('at the provider');
  await page.locator('input#email').fill(`e2e-cookies-google-${stamp}@example.com`);
  await page.locator('input#name').fill('Çerez Google');
  await page.locator('button[name=action][value=sign-in]').first().click();
  await page.waitForURL((u) => u.hostname === HOST && u.pathname.startsWith('/tr/hesabim'));
  await waitHydrated(page);
  await look('signed in with Google');

  for (const values of await Promise.all(headers)) for (const v of values) given.add(v.split('=')[0].trim());

  const unlisted = [...given].filter((n) => !listedCookies.has(n));
  const neverSet = [...listedCookies].filter((n) => !given.has(n));
  assert.deepEqual(unlisted, [], `cookies the site sets that the cookie policy does not list: ${unlisted.join(', ')}`);
  assert.deepEqual(neverSet, [], `cookies the policy lists that the site never set: ${neverSet.join(', ')}`);
  const unlistedStorage = [...storage].filter((k) => !listedStorage.has(k));
  assert.deepEqual(unlistedStorage, [], `browser storage the cookie policy does not list: ${unlistedStorage.join(', ')}`);
  assert.ok(storage.has('localStorage:linguaport.chat'), 'the chat kept its conversation');

  await context.close();
  await staffContext.close();
});
