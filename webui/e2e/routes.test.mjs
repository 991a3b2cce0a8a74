// Every route in both languages: status, title, lang, h1, the footer on all but home, no console errors, prerendered
// content without JavaScript, and the language switch there and back.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launch, openPage, sitemapPaths, waitHydrated } from './browser.mjs';

// Screens rendered only in the browser (not in the sitemap), with where they end up.
const BROWSER_ONLY = {
  '/tr/siparis': '/tr/siparis',
  '/en/order': '/en/order',
  '/tr/siparis/profesyonel-tercume': '/tr/siparis/profesyonel-tercume',
  '/en/order/proofreading': '/en/order/proofreading',
  '/tr/hesabim/ayarlar': '/tr/giris',
  '/en/account/overview': '/en/login',
  '/tr/parola-sifirla': '/tr/parola-sifirla',
  '/en/reset-password': '/en/reset-password',
  '/tr/eposta-dogrula': '/tr/eposta-dogrula',
  '/en/verify-email': '/en/verify-email',
  '/tr/abonelikten-cik': '/tr/abonelikten-cik',
  '/en/unsubscribe': '/en/unsubscribe',
};

const TITLES = {
  '/tr': 'LinguaPort | Profesyonel Çeviri Hizmetleri',
  '/en': 'LinguaPort | Professional Translation Services',
  '/tr/hizmetler': 'Çeviri Hizmetleri | LinguaPort',
  '/en/services': 'Translation Services | LinguaPort',
  '/tr/iletisim': 'İletişim | LinguaPort',
  '/en/contact': 'Contact | LinguaPort',
  '/tr/sik-sorulan-sorular': 'Sıkça Sorulan Sorular | LinguaPort',
  '/en/faq': 'Frequently Asked Questions | LinguaPort',
  '/tr/giris': 'Giriş Yap | LinguaPort',
  '/en/register': 'Sign up | LinguaPort',
  '/tr/siparis': 'Sipariş | LinguaPort',
  '/en/order': 'Order | LinguaPort',
};

let browser;
let paths;
before(async () => {
  browser = await launch();
  paths = await sitemapPaths();
});
after(() => browser?.close());

test('the sitemap lists every public page in both languages', () => {
  const tr = paths.filter((p) => p.startsWith('/tr'));
  const en = paths.filter((p) => p.startsWith('/en'));
  assert.ok(tr.length >= 30, `only ${tr.length} Turkish pages`);
  assert.equal(tr.length, en.length);
  for (const p of ['/tr', '/en/help', '/en/privacy-policy', '/tr/blog/yeminli-tercume-nedir', '/en/freelance-translator', '/tr/teknik-ceviri']) {
    assert.ok(paths.includes(p), `sitemap lacks ${p}`);
  }
});

test('every route loads with 200, its title, lang and one h1, without console errors', async () => {
  const titles = new Map();
  const page = await openPage(browser);
  for (const p of [...paths, ...Object.keys(BROWSER_ONLY)]) {
    page.problems.length = 0;
    const res = await page.goto(p);
    assert.equal(res.status(), 200, `${p} status`);
    await waitHydrated(page);
    // An account page sends a visitor to the login page with ?returnTo=, so only the path is compared.
    await page.waitForURL((u) => u.pathname === (BROWSER_ONLY[p] ?? p));
    const lang = p.split('/')[1];
    assert.equal(await page.getAttribute('html', 'lang'), lang, `${p} lang`);
    await page.waitForFunction(() => document.title.includes('LinguaPort') && document.querySelectorAll('h1').length === 1);
    const home = /^\/(tr|en)$/.test(p);
    assert.equal(await page.locator('footer.site-footer').count(), home ? 0 : 1, `${p} footer (hidden on home only)`);
    const title = await page.title();
    if (TITLES[p]) assert.equal(title, TITLES[p], `${p} title`);
    if (!BROWSER_ONLY[p] || BROWSER_ONLY[p] === p) {
      assert.ok(!titles.has(title) || titles.get(title) === p, `${p} repeats the title of ${titles.get(title)}: ${title}`);
      titles.set(title, p);
    }
    assert.deepEqual(page.problems, [], `${p} console`);
  }
  await page.context().close();
});

test('without JavaScript each public page already holds its heading and text', async () => {
  const page = await openPage(browser, { javaScriptEnabled: false });
  for (const p of paths) {
    const res = await page.goto(p);
    assert.equal(res.status(), 200, p);
    const h1 = (await page.textContent('h1'))?.trim();
    assert.ok(h1, `${p} has no prerendered h1`);
    const text = await page.textContent('main');
    assert.ok(text.includes(h1) && text.length > 120, `${p} main text is only ${text.length} characters`);
    const head = await page.evaluate(() => ({
      description: document.querySelector('meta[name=description]')?.content,
      canonical: document.querySelector('link[rel=canonical]')?.href,
      hreflang: [...document.querySelectorAll('link[rel=alternate][hreflang]')].map((l) => l.hreflang).sort(),
      ld: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent)['@type']),
    }));
    assert.ok(head.description?.length > 50, `${p} description`);
    assert.ok(head.canonical?.endsWith(p), `${p} canonical ${head.canonical}`);
    assert.deepEqual(head.hreflang, ['en', 'tr', 'x-default'], `${p} hreflang`);
    assert.ok(head.ld.includes('Organization'), `${p} JSON-LD`);
    if (/\/(sik-sorulan-sorular|faq)$/.test(p)) assert.ok(head.ld.includes('FAQPage'), `${p} FAQPage`);
    if (/\/blog\/[^/]+$/.test(p)) assert.ok(head.ld.includes('BlogPosting'), `${p} BlogPosting`);
    if (/\/(profesyonel-tercume|professional-translation|altyazi-cevirisi|subtitle-translation)$/.test(p)) assert.ok(head.ld.includes('Service'), `${p} Service`);
  }
  await page.context().close();
});

test('the language switch maps every route to its counterpart and back', async () => {
  const page = await openPage(browser);
  for (const p of [...paths, '/tr/siparis', '/en/order/proofreading']) {
    await page.goto(p);
    await waitHydrated(page);
    const lang = p.split('/')[1];
    const other = lang === 'tr' ? 'en' : 'tr';
    const expected = await page.getAttribute(`link[rel=alternate][hreflang=${other}]`, 'href').catch(() => null);
    await page.click(`header .language-switch a[hreflang=${other}]`);
    await page.waitForURL((u) => u.pathname.startsWith(`/${other}`));
    const there = new URL(page.url()).pathname;
    if (expected) assert.equal(there, new URL(expected).pathname, `${p} → ${there}`);
    await page.waitForFunction((l) => document.documentElement.lang === l, other);
    // A blog post names its other-language version once its own answer has come: wait for the
    // switch to lead back (or fail the assertion below when it never does).
    await page
      .waitForFunction(([l, back]) => document.querySelector(`header .language-switch a[hreflang=${l}]`)?.getAttribute('href') === back, [lang, p], { timeout: 10_000 })
      .catch(() => {});
    await page.click(`header .language-switch a[hreflang=${lang}]`);
    await page.waitForURL((u) => u.pathname.startsWith(`/${lang}`));
    assert.equal(new URL(page.url()).pathname, p, `${p} → ${there} → back`);
  }
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test(`unknown paths are real 404s in their language (${BASE_URL})`, async () => {
  const page = await openPage(browser);
  for (const [p, heading] of [['/tr/boyle-bir-sayfa-yok', 'Sayfa bulunamadı'], ['/en/no-such-page', 'Page not found']]) {
    const res = await page.goto(p);
    assert.equal(res.status(), 404, p);
    await waitHydrated(page);
    assert.equal((await page.textContent('h1')).trim(), heading);
    assert.match(await page.title(), /LinguaPort/);
  }
  const res = await page.goto('/en/blog/no-such-post');
  assert.equal(res.status(), 404, 'unknown blog post');
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'This post was not found.');
  assert.equal(await page.getAttribute('meta[name=robots]', 'content'), 'noindex');
  assert.deepEqual(page.problems.filter((m) => !m.includes('404')), []);
  await page.context().close();
});
