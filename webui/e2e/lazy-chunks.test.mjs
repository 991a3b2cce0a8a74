// What a visitor's browser fetches (spec §2, issue 15 "Access"): the public pages never fetch a
// chunk of the back office, and the live support chat's code arrives only once the page is idle.
//
// Which file is which chunk is read from the build the stack serves, not guessed from file names
// (several chunks share a name: the account's and the back office's "layout", "orders",
// "invoices"…). Every lazy chunk is loaded through loadChunk(label, () => import('./file.js'))
// (src/lib/lazy-chunk.js): the router's pages as page('admin/…', …) for the back office and
// page('home', …) and so on for the public site, the corner as loadChunk('chat-widget', …). The
// built entry keeps those labels beside each import() and Vite's __vite__mapDeps list of the
// files each import needs, so the test reads, for every label, its file and what it pulls in.
// A file is the back office's when only back-office labels need it, the chat's when only the
// chat-widget label does.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launch, openPage, sitemapPaths, waitHydrated } from './browser.mjs';

let browser;
let chunks;
before(async () => {
  browser = await launch();
  chunks = await builtChunks();
});
after(() => browser?.close());

const base = (p) => p.split('/').pop();

/** builtChunks reads the served entry: the back office's files, the chat's files and the chat corner's own file. */
async function builtChunks() {
  const html = await (await fetch(`${BASE_URL}/tr`)).text();
  const entryPath = html.match(/<script[^>]+type="module"[^>]+src="(\/assets\/index-[^"]+\.js)"/)?.[1] ?? html.match(/src="(\/assets\/index-[^"]+\.js)"/)?.[1];
  assert.ok(entryPath, 'the page names its entry script');
  // The entry is a small bootstrap that loads the app (app/start.jsx, with the route table) after
  // the first paint: the route table's lazy chunks are the app chunk's dynamic imports.
  const boot = await (await fetch(`${BASE_URL}${entryPath}`)).text();
  const appFile = boot.match(/import\(\s*["'`]\.\/(start-[^"'`]+\.js)["'`]\s*\)/)?.[1];
  assert.ok(appFile, 'the entry loads the app chunk (start-*.js)');
  const entry = await (await fetch(`${BASE_URL}/assets/${appFile}`)).text();

  // Vite's list of the files dynamic imports need, indexed by __vite__mapDeps([…]).
  const listAt = entry.indexOf('__vite__mapDeps=');
  const open = entry.indexOf('[', listAt);
  const deps = listAt < 0 ? [] : [...entry.slice(open, entry.indexOf(']', open)).matchAll(/["'`]([^"'`]+)["'`]/g)].map((m) => base(m[1]));

  const labelled = [];
  for (const m of entry.matchAll(/import\(\s*["'`]\.\/([^"'`]+)["'`]\s*\)/g)) {
    // The loadChunk label is the last string before "…, () =>" in front of the import().
    const behind = entry.slice(Math.max(0, m.index - 240), m.index);
    const labels = [...behind.matchAll(/["'`]([a-z][\w/-]*)["'`]\s*,\s*\(\)\s*=>/g)];
    const label = labels.at(-1)?.[1] ?? base(m[1]);
    const ahead = entry.slice(m.index + m[0].length, m.index + m[0].length + 80);
    const ids = ahead.match(/^\s*,\s*__vite__mapDeps\(\[([\d,\s]*)\]\)/)?.[1] ?? '';
    const files = [base(m[1]), ...ids.split(',').filter((s) => s.trim()).map((i) => deps[Number(i)])];
    labelled.push({ label, files });
  }
  // What the entry and the app import themselves is on every page.
  const always = new Set([base(entryPath), appFile, ...[...`${boot}\n${entry}`.matchAll(/(?:from|import)\s*["'`]\.\/([^"'`]+)["'`]/g)].map((m) => base(m[1]))]);

  const staffLabels = labelled.filter((c) => c.label.startsWith('admin/'));
  const chat = labelled.find((c) => c.label === 'chat-widget');
  const publicLabels = labelled.filter((c) => !c.label.startsWith('admin/'));
  // The build must read as expected, or the assertions below would pass for want of names.
  assert.ok(staffLabels.length >= 10, `the back office's pages are lazy chunks of the entry (found ${staffLabels.map((c) => c.label)})`);
  assert.ok(chat, `the chat corner is a lazy chunk labelled chat-widget (labels: ${labelled.map((c) => c.label)})`);

  const needed = (list) => new Set(list.flatMap((c) => c.files));
  const publicFiles = needed(publicLabels);
  // A public chunk may itself load another lazily (the home page's calculator loads its
  // estimator after hydration): what that import needs is the public site's too, unless it is a
  // back-office page's own file (which the assertion below then catches).
  const staffOwn = new Set(staffLabels.map((c) => c.files[0]));
  for (const seen = new Set(), queue = [...publicFiles]; queue.length; ) {
    const file = queue.pop();
    if (seen.has(file) || !file.endsWith('.js') || always.has(file)) continue;
    seen.add(file);
    const text = await (await fetch(`${BASE_URL}/assets/${file}`)).text();
    const at = text.indexOf('__vite__mapDeps=');
    if (at < 0) continue;
    const from = text.indexOf('[', at);
    const list = [...text.slice(from, text.indexOf(']', from)).matchAll(/["'`]([^"'`]+)["'`]/g)].map((m) => base(m[1]));
    for (const m of text.matchAll(/import\(\s*["'`]\.\/([^"'`]+)["'`]\s*\)\s*,\s*__vite__mapDeps\(\[([\d,\s]*)\]\)/g)) {
      if (staffOwn.has(base(m[1]))) continue;
      for (const f of [base(m[1]), ...m[2].split(',').filter((i) => i.trim()).map((i) => list[Number(i)])]) {
        publicFiles.add(f);
        queue.push(f);
      }
    }
  }
  const staff = new Set([...needed(staffLabels)].filter((f) => !publicFiles.has(f) && !always.has(f)));
  const others = needed(publicLabels.filter((c) => c !== chat));
  const chatOnly = new Set(chat.files.filter((f) => !others.has(f) && !always.has(f)));
  for (const c of staffLabels) assert.ok(staff.has(c.files[0]), `${c.label} (${c.files[0]}) is the back office's alone`);
  assert.ok(chatOnly.has(chat.files[0]), `the chat corner's file ${chat.files[0]} is needed by nothing else`);
  return { staff, chat: chatOnly, chatFile: chat.files[0] };
}

/**
 * visitorPage is a visitor's page whose idle callbacks wait until the test releases them
 * (window.__releaseIdle), so "before idle" is a state the test holds rather than a race, and
 * which records the /assets/ files it fetches.
 */
async function visitorPage(locale) {
  const page = await openPage(browser, { locale });
  await page.addInitScript(() => {
    const held = new Map();
    let next = 0;
    window.requestIdleCallback = (cb) => {
      next += 1;
      held.set(next, cb);
      return next;
    };
    window.cancelIdleCallback = (id) => held.delete(id);
    window.__heldIdle = () => held.size;
    window.__releaseIdle = () => {
      const due = [...held.values()];
      held.clear();
      for (const cb of due) cb({ didTimeout: false, timeRemaining: () => 50 });
      return due.length;
    };
  });
  page.fetched = [];
  page.on('request', (r) => {
    const { origin, pathname } = new URL(r.url());
    if (origin === new URL(BASE_URL).origin && pathname.startsWith('/assets/')) page.fetched.push(base(pathname));
  });
  return page;
}

const within = (fetched, set) => [...new Set(fetched.filter((f) => set.has(f)))];

for (const [lang, locale] of [['tr', 'tr-TR'], ['en', 'en-US']]) {
  test(`${lang}: a visitor's home and blog pages fetch no back-office chunk, and the chat's only once the page is idle`, async () => {
    const posts = (await sitemapPaths()).filter((p) => new RegExp(`^/${lang}/blog/[^/]+$`).test(p));
    assert.ok(posts.length > 0, `the sitemap lists ${lang} blog posts`);
    const pages = [`/${lang}`, `/${lang}/blog`, posts[0]];
    const page = await visitorPage(locale);
    for (const path of pages) {
      page.fetched = [];
      await page.goto(path);
      await waitHydrated(page);
      assert.deepEqual(within(page.fetched, chunks.staff), [], `${path} fetched back-office files before idle`);
      assert.deepEqual(within(page.fetched, chunks.chat), [], `${path} fetched the chat's files before the page was idle`);
      assert.equal(await page.locator('[data-testid=chat-widget]').count(), 0, `${path}: no chat corner before idle`);

      // The late widgets ask for idle from an effect after hydration: wait until they have asked.
      await page.waitForFunction(() => window.__heldIdle() > 0, null, { timeout: 10_000 }).catch(() => {});
      assert.ok((await page.evaluate(() => window.__releaseIdle())) > 0, `${path} waits for idle to load its late widgets`);
      await page.waitForSelector('[data-testid=chat-widget]', { timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      assert.ok(page.fetched.includes(chunks.chatFile), `${path} fetched the chat corner ${chunks.chatFile} once idle (fetched: ${page.fetched})`);
      assert.deepEqual(within(page.fetched, chunks.staff), [], `${path} fetched back-office files after idle`);
    }
    // Opening the corner (the live chat itself) still fetches nothing of the back office.
    await page.click('[data-testid=chat-widget] .chat-widget__button');
    await page.waitForSelector('[data-testid=chat]');
    await page.waitForLoadState('networkidle');
    assert.deepEqual(within(page.fetched, chunks.staff), [], 'opening the chat fetched back-office files');
    assert.deepEqual(page.problems, [], 'no console errors');
    await page.context().close();
  });
}

// The home page paints from its HTML alone: the entry is a small bootstrap and nothing else is
// fetched before the first paint. The app, the page's chunk and the page language's shared texts
// come right after it; the other language's texts only when the visitor switches to it.
for (const [lang, other, locale] of [['tr', 'en', 'tr-TR'], ['en', 'tr', 'en-US']]) {
  test(`${lang}: the home page preloads nothing before its first paint and loads ${other}'s shared texts only on switching`, async () => {
    const html = await (await fetch(`${BASE_URL}/${lang}`)).text();
    assert.equal(html.match(/<link[^>]+rel="modulepreload"/g), null, 'no modulepreload in the HTML');
    const modules = html.match(/<meta name="app-modules" content="([^"]*)"/)?.[1].split(' ') ?? [];
    assert.ok(modules.some((m) => base(m).startsWith(`common.${lang}-`)), `the page lists its language's shared texts (${modules})`);
    assert.ok(!modules.some((m) => base(m).startsWith(`common.${other}-`)), `the page does not list ${other}'s shared texts`);
    const entryPath = html.match(/<script[^>]+type="module"[^>]+src="(\/assets\/index-[^"]+\.js)"/)?.[1];
    const entry = await fetch(`${BASE_URL}${entryPath}`, { headers: { 'Accept-Encoding': 'gzip' } });
    assert.ok((await entry.arrayBuffer()).byteLength < 5000, 'the entry is a small bootstrap');

    const page = await visitorPage(locale);
    await page.goto(`/${lang}`);
    await waitHydrated(page);
    const texts = (l) => page.fetched.filter((f) => f.startsWith(`common.${l}-`));
    assert.equal(texts(lang).length, 1, `${lang}'s shared texts loaded once (fetched: ${page.fetched})`);
    assert.deepEqual(texts(other), [], `${other}'s shared texts not loaded before switching`);

    const keys = () => page.evaluate(() => document.body.innerText.match(/\b(nav|language|footer|header|ui|form|cookies)\.[a-zA-Z]+/g) ?? []);
    for (const [from, to] of [[lang, other], [other, lang]]) {
      await page.click(`header .language-switch a[hreflang=${to}]`);
      await page.waitForURL((u) => u.pathname === `/${to}`);
      await page.waitForFunction((l) => document.documentElement.lang === l, to);
      assert.deepEqual(await keys(), [], `${from} → ${to}: no text shows its key`);
      assert.equal(await page.locator('header .language-switch').getAttribute('aria-label'), to === 'tr' ? 'Dil' : 'Language', `${from} → ${to}: the header reads in ${to}`);
    }
    assert.equal(texts(other).length, 1, `${other}'s shared texts loaded once, on switching`);
    assert.deepEqual(page.problems, [], 'no console errors or warnings');
    await page.context().close();
  });
}
