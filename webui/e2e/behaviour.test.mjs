// The site's behaviour of spec §2 and §9 in a real browser against the running stack.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, until, waitHydrated } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

test('the currency choice is stored for a year and survives a reload', async () => {
  const page = await openPage(browser);
  await page.goto('/tr/hizmetler');
  await waitHydrated(page);
  const picker = page.locator('header .currency-picker__trigger');
  await page.waitForSelector('header .currency-picker__trigger[data-resolved=true]');
  assert.equal(await picker.inputValue(), 'USD', 'a loopback visitor without a choice sees USD');
  assert.equal((await picker.locator('option').first().textContent()).trim(), '₺ TRY', 'TRY leads the picker');
  assert.ok((await picker.evaluate((el) => el.getBoundingClientRect().width)) >= 100, 'trigger at least 100px wide');
  await picker.selectOption('EUR');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'userCurrency');
  assert.equal(cookie?.value, 'EUR');
  assert.equal(cookie.sameSite, 'Strict');
  assert.equal(cookie.path, '/');
  const days = (cookie.expires - Date.now() / 1000) / 86400;
  assert.ok(days > 364 && days <= 365, `cookie lasts ${days} days`);
  await page.reload();
  await waitHydrated(page);
  await page.waitForSelector('header .currency-picker__trigger[data-resolved=true]');
  assert.equal(await picker.inputValue(), 'EUR');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a prerendered page fetches its answers again once each, after hydrating, not during it', async () => {
  const page = await openPage(browser);
  // Every API fetch the page starts is noted with where it started: while React's root was still
  // dehydrated, or in a task the browser gave as idle (an idle callback and what it set going
  // before the next task). Exact, where timing the end of hydration by polling noticed it late
  // on a busy machine.
  await page.addInitScript(() => {
    const dehydrated = () => {
      const root = document.getElementById('root');
      const key = root && Object.keys(root).find((k) => k.startsWith('__reactContainer'));
      return !key || root[key].stateNode.current.memoizedState?.isDehydrated !== false;
    };
    let idleTask = false;
    const requestIdle = window.requestIdleCallback.bind(window);
    window.requestIdleCallback = (callback, options) =>
      requestIdle((deadline) => {
        idleTask = true;
        setTimeout(() => (idleTask = false), 0);
        return callback(deadline);
      }, options);
    const original = window.fetch;
    window.apiFetches = [];
    window.fetch = function (input, init) {
      const url = new URL(typeof input === 'string' ? input : input.url, location.href);
      if (url.pathname.startsWith('/api/')) window.apiFetches.push({ key: url.pathname + url.search, dehydrated: dehydrated(), idle: idleTask });
      return original.call(this, input, init);
    };
  });
  for (const path of ['/en', '/tr/sik-sorulan-sorular']) {
    await page.goto(path);
    await waitHydrated(page);
    const keys = await page.evaluate(() => Object.keys(JSON.parse(document.getElementById('prerendered-data').textContent).data));
    assert.ok(keys.length >= 2, `${path} was prerendered with answers: ${keys}`);
    const fetched = () =>
      page.evaluate(() => performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.startsWith('/api/')).map((e) => ({ url: new URL(e.name), at: e.startTime })));
    // The idle callback runs within its 3-second timeout.
    await until(`${path} fetches its prerendered answers again`, async () => {
      const urls = (await fetched()).map((f) => f.url.pathname + f.url.search);
      return keys.every((k) => urls.includes(k));
    });
    const started = await page.evaluate(() => window.apiFetches);
    for (const key of keys) {
      const fetches = started.filter((f) => f.key === key);
      assert.equal(fetches.length, 1, `${key} is fetched once, not by each of its users`);
      assert.deepEqual(fetches[0], { key, dehydrated: false, idle: true }, `${key} is fetched once hydrated, when the browser is idle`);
    }
  }
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// fillBeforeHydration opens path and fills the form's fields (name → value) as soon as they are on
// screen, before the app has started; it returns once the page has hydrated and rendered again
// (the currency, the session), which would have set the fields back to empty.
async function fillBeforeHydration(page, path, form, values) {
  await page.goto(path, { waitUntil: 'commit' });
  for (const [name, value] of Object.entries(values)) {
    await form.locator(`[name=${name}]`).fill(value);
  }
  await waitHydrated(page);
  await page.waitForTimeout(1000);
}

async function fieldValues(form, values) {
  return Object.fromEntries(await Promise.all(Object.keys(values).map(async (name) => [name, await form.locator(`[name=${name}]`).inputValue()])));
}

test('what a visitor types before the page hydrates stays in the form and is sent', async () => {
  const page = await openPage(browser);
  const contact = page.locator('[data-testid=contact-form]');
  const typed = { email: 'early@example.com', message: 'Typed before the page was ready.' };
  await fillBeforeHydration(page, '/en/contact', contact, typed);
  assert.deepEqual(await fieldValues(contact, typed), typed);
  // The form's state has them: submitting without the name names only the name as missing.
  await contact.locator('button[type=submit]').click();
  const errors = await contact.locator('[aria-invalid=true]').evaluateAll((els) => els.map((el) => el.name));
  assert.deepEqual(errors, ['name']);
  // The same on the login page, its e-mail address and password.
  const login = page.locator('[data-testid=login-form]');
  const credentials = { email: 'erken@example.com', password: 'Erken-Parola-2026' };
  await fillBeforeHydration(page, '/tr/giris', login, credentials);
  assert.deepEqual(await fieldValues(login, credentials), credentials);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the header turns opaque after 50px of scroll; the footer is absent on home only', async () => {
  const page = await openPage(browser);
  await page.goto('/tr');
  await waitHydrated(page);
  const header = page.locator('header.site-header');
  assert.equal(await header.getAttribute('data-opaque'), 'false');
  const transparent = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
  assert.equal(transparent, 'rgba(0, 0, 0, 0)');
  await page.evaluate(() => window.scrollTo(0, 40));
  await page.waitForTimeout(100);
  assert.equal(await header.getAttribute('data-opaque'), 'false', 'still transparent at 40px');
  await page.evaluate(() => window.scrollTo(0, 60));
  await page.waitForSelector('header.site-header[data-opaque=true]');
  await page.waitForFunction(() => getComputedStyle(document.querySelector('header.site-header')).backgroundColor === 'rgb(255, 255, 255)');
  assert.equal(await page.locator('footer.site-footer').count(), 0, 'no footer on home');
  // A path change starts at the top, and every other page has the footer.
  await page.click('header nav a[href="/tr/kalite"]');
  await page.waitForURL('**/tr/kalite');
  await page.waitForFunction(() => window.scrollY === 0);
  assert.equal(await page.locator('footer.site-footer').count(), 1);
  await page.goto('/en');
  await waitHydrated(page);
  assert.equal(await page.locator('footer.site-footer').count(), 0, 'no footer on the English home');
  await page.context().close();
});

test('the services dropdown lists the eight services and the corporate banner, by keyboard too', async () => {
  const page = await openPage(browser);
  await page.goto('/en/quality');
  await waitHydrated(page);
  const button = page.locator('.services-menu__button');
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  await button.focus();
  await page.keyboard.press('Enter');
  assert.equal(await button.getAttribute('aria-expanded'), 'true');
  assert.equal(await page.locator('.services-menu__item').count(), 8);
  assert.match(await page.textContent('.services-menu__banner'), /Corporate solutions/);
  await page.keyboard.press('Escape');
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.evaluate(() => document.activeElement.classList.contains('services-menu__button')), true, 'focus returns to the button');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => document.activeElement?.classList.contains('services-menu__item'));
  await page.keyboard.press('Enter');
  await page.waitForURL('**/en/professional-translation');
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Professional Translation');
  assert.equal(await button.getAttribute('aria-expanded'), 'false', 'closes after navigating');
  await page.context().close();
});

test('the mobile menu is fetched only when opened', async () => {
  const page = await openPage(browser, { viewport: { width: 390, height: 800 } });
  const chunks = [];
  page.on('request', (r) => r.url().includes('/assets/') && chunks.push(new URL(r.url()).pathname));
  await page.goto('/tr/hizmetler');
  await waitHydrated(page);
  assert.ok(!chunks.some((c) => c.includes('mobile-menu')), `loaded before opening: ${chunks}`);
  await page.click('.menu-button');
  await page.waitForSelector('dialog.mobile-menu[open]');
  assert.ok(chunks.some((c) => c.includes('mobile-menu')), 'mobile-menu chunk fetched on open');
  await page.click('dialog.mobile-menu a[href="/tr/blog"]');
  await page.waitForURL('**/tr/blog');
  await page.waitForSelector('dialog.mobile-menu', { state: 'detached' });
  await page.context().close();
});

test('the chat widget arrives after idle; the tab rotates messages while hidden', async () => {
  const page = await openPage(browser);
  await page.goto('/tr/iletisim');
  await page.waitForSelector('[data-testid=chat-widget]', { timeout: 5000 });
  const title = await page.title();
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  assert.equal(await page.title(), 'Çeviriniz sizi bekliyor!');
  await page.waitForFunction((t) => document.title === t, title, { timeout: 2500 });
  await page.waitForFunction(() => document.title === 'Anında fiyat alın', null, { timeout: 5000 });
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  assert.equal(await page.title(), title);
  await page.context().close();
});

test('the contact form shows field errors beside the fields, then its success state', async () => {
  const page = await openPage(browser, { locale: 'en-US' });
  await page.goto('/en/contact');
  await waitHydrated(page);
  const form = page.locator('[data-testid=contact-form]');
  await form.locator('button[type=submit]').click();
  assert.match(await form.locator('input[name=name] ~ .field__error').textContent(), /This field is required/);
  assert.equal(await form.locator('input[name=name]').getAttribute('aria-invalid'), 'true');
  await form.locator('input[name=name]').fill('Jane Doe');
  await form.locator('input[name=email]').fill('jane@example');
  await form.locator('textarea[name=message]').fill('We need our annual report translated into Turkish.');
  await form.locator('button[type=submit]').click();
  assert.match(await form.locator('input[name=email] ~ .field__error').textContent(), /valid email/);
  await form.locator('input[name=email]').fill('jane@example.com');
  await form.locator('button[type=submit]').click();
  await page.waitForSelector('[data-testid=inquiry-success]');
  assert.match(await page.textContent('[data-testid=inquiry-success]'), /Thank you, Jane Doe.*jane@example\.com/s);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the FAQ filters by category', async () => {
  const page = await openPage(browser);
  await page.goto('/tr/sik-sorulan-sorular');
  await waitHydrated(page);
  const all = await page.locator('.faq-item').count();
  assert.ok(all >= 20, `${all} questions`);
  await page.click('button[data-category=pricing]');
  const cats = await page.locator('.faq-item').evaluateAll((els) => els.map((e) => e.dataset.category));
  assert.ok(cats.length >= 4 && cats.every((c) => c === 'pricing'), `after filtering: ${cats}`);
  assert.equal(await page.getAttribute('button[data-category=pricing]', 'aria-pressed'), 'true');
  await page.click('button[data-category=all]');
  assert.equal(await page.locator('.faq-item').count(), all);
  await page.context().close();
});

test('the blog pages through its posts and opens a post in the other language', async () => {
  const page = await openPage(browser);
  await page.goto('/en/blog');
  await waitHydrated(page);
  const first = await page.locator('[data-testid=post-list] h2').allTextContents();
  await page.click('.pagination a[aria-label="Page 2"]');
  await page.waitForURL('**/en/blog?page=2');
  // Page 2 is fetched from the API: wait until its posts replace page 1's.
  await page.waitForFunction((f) => {
    const h2 = document.querySelector('[data-testid=post-list] h2');
    return h2 && h2.textContent !== f;
  }, first[0]);
  const second = await page.locator('[data-testid=post-list] h2').allTextContents();
  assert.ok(second.length > 0 && second.every((t) => !first.includes(t)), `page 2 ${second} repeats page 1 ${first}`);
  assert.equal(await page.title(), 'Translation Blog (page 2) | LinguaPort');
  await page.locator('[data-testid=post-list] h2 a').first().click();
  await page.waitForURL(/\/en\/blog\/[a-z-]+$/);
  await page.waitForSelector('.prose p');
  await page.click('header .language-switch a[hreflang=tr]');
  await page.waitForURL(/\/tr\/blog\/[a-z-]+$/);
  await page.waitForSelector('.prose p');
  // The Turkish post replaces the English one after its fetch: the page's language follows it.
  await page.waitForFunction(() => document.documentElement.lang === 'tr', null, { timeout: 10_000 });
  assert.equal(await page.getAttribute('html', 'lang'), 'tr');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a page whose chunk fails shows the router error screen with the message', async () => {
  const page = await openPage(browser);
  await page.goto('/tr/kalite');
  await waitHydrated(page);
  await page.route(/\/assets\/faq-[^/]+\.js$/, (route) => route.abort());
  await page.click('footer a[href="/tr/sik-sorulan-sorular"]');
  await page.waitForSelector('.route-error');
  assert.equal((await page.textContent('.route-error h1')).trim(), 'Unexpected Application Error!');
  assert.equal((await page.textContent('.route-error__detail')).trim(), 'Loading chunk faq failed');
  assert.equal(await page.title(), 'Hata oluştu | LinguaPort');
  assert.equal(await page.locator('header.site-header').count(), 1, 'the header stays');
  await page.context().close();
});
