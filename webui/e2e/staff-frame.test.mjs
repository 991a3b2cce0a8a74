// The back office's own frame (issue 25): on every screen of it, in both languages, at a desktop
// and a phone width, a compact staff header with the staff menu (its entry for the screen
// marked), the screen as the page's main content below it, and none of the public site's
// marketing header, footer or customers' chat corner. The header and menu never make the page
// scroll sideways: on a phone the menu scrolls inside its own box. A signed-in customer who
// opens the back office sees the staff header without the menu and the 403 screen; logging out
// from the header returns to the sign-in page.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, waitHydrated } from './browser.mjs';
import { ADMIN, session, signIn } from './stack.mjs';
import { STAFF_SECTIONS, staffPath } from '../src/config/paths.js';

const SCREENS = ['dashboard', ...STAFF_SECTIONS];
const L = {
  tr: { locale: 'tr-TR', login: '/tr/giris', other: 'en' },
  en: { locale: 'en-US', login: '/en/login', other: 'tr' },
};

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** frame describes the page's frame as the test checks it, measured in the page. */
function frame() {
  const header = document.querySelector('header.staff-header');
  const nav = header?.querySelector('nav.staff-nav');
  const main = document.querySelector('main#main');
  const root = document.documentElement;
  return {
    staffHeader: !!header,
    headerInMain: !!main?.contains(header),
    menu: nav ? [...nav.querySelectorAll('a[data-section]')].map((a) => a.dataset.section) : [],
    active: nav ? [...nav.querySelectorAll('a.active')].map((a) => a.dataset.section) : [],
    // The marked entry's own words, without its live count.
    activeName: nav?.querySelector('a.active')?.firstChild?.textContent.trim() ?? null,
    heading: main?.querySelector('h1')?.textContent.trim() ?? null,
    marketing: document.querySelectorAll('header.site-header, footer.site-footer, [data-testid=chat-widget]').length,
    headerFits: header ? header.querySelector('.staff-header__bar').scrollWidth <= header.clientWidth + 1 : false,
    menuBox: nav ? { overflowX: getComputedStyle(nav).overflowX, width: nav.getBoundingClientRect().width } : null,
    pageWidth: root.clientWidth,
    // What the frame adds to the page's width; a screen's own table is issue 25's layout test's.
    frameWidth: Math.max(header?.scrollWidth ?? 0, header?.getBoundingClientRect().width ?? 0),
  };
}

for (const lang of ['tr', 'en']) {
  const l = L[lang];

  test(`${lang}: every back-office screen sits in the staff header and menu, with no marketing header, footer or chat corner, at 1366 and 390 px`, async () => {
    const page = await openPage(browser, { locale: l.locale, viewport: { width: 1366, height: 900 } });
    await signIn(page, l.login, ADMIN.email, ADMIN.password);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const key of SCREENS) {
        const at = key === 'dashboard' ? staffPath(lang) : staffPath(lang, key);
        await page.goto(at);
        await waitHydrated(page);
        await page.locator(`nav.staff-nav a.active[data-section="${key}"]`).waitFor();
        const f = await page.evaluate(frame);
        const where = `${at} at ${width} px`;
        assert.equal(f.staffHeader, true, where);
        assert.equal(f.headerInMain, false, `${where}: the header is outside the main content`);
        assert.deepEqual(f.menu, SCREENS, `${where}: the whole staff menu`);
        assert.deepEqual(f.active, [key], `${where}: its own entry marked`);
        assert.ok(f.heading && f.heading === f.activeName, `${where}: the screen's heading in main is its menu entry's name (${f.heading} / ${f.activeName})`);
        assert.equal(f.marketing, 0, `${where}: no marketing header, footer or chat corner`);
        assert.ok(f.headerFits, `${where}: the header's bar fits`);
        assert.equal(f.menuBox.overflowX, 'auto', `${where}: the menu scrolls in its own box`);
        assert.ok(f.menuBox.width <= f.pageWidth && f.frameWidth <= f.pageWidth, `${where}: the frame is no wider than the page (${f.frameWidth} in ${f.pageWidth})`);
      }
    }
    // The customers' chat corner loads once the page is idle on public pages: never here.
    await page.waitForTimeout(1500);
    assert.equal(await page.locator('[data-testid=chat-widget]').count(), 0);

    // The language switch keeps the screen; logging out from the header leaves for the sign-in page.
    await page.locator(`header.staff-header .language-switch a[hreflang=${l.other}]`).click();
    await page.waitForURL((u) => u.pathname === staffPath(l.other, SCREENS.at(-1)));
    // The screen's own requests end first: one still under way when the session ends is answered
    // 401, which the browser reports as a failed load.
    await page.waitForLoadState('networkidle');
    await page.locator('header.staff-header .staff-header__logout').click();
    await page.waitForURL((u) => u.pathname === L[l.other].login);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}

test('tr: a signed-in customer who opens the back office gets the staff header without its menu and the 403 screen', async () => {
  const stamp = `${Date.now()}-${process.pid}`;
  const email = `staff-frame-${stamp}@example.com`;
  const password = `Cerceve-Parola-${stamp}`;
  await session(email, password, { register: 'Çerçeve Müşterisi', lang: 'tr' });
  const page = await openPage(browser, { locale: 'tr-TR', viewport: { width: 390, height: 844 } });
  await signIn(page, '/tr/giris', email, password);
  await page.goto(staffPath('tr', 'siparisler'));
  await waitHydrated(page);
  await page.locator('main#main [data-testid=staff-forbidden] h1').waitFor();
  const f = await page.evaluate(frame);
  assert.equal(f.staffHeader, true);
  assert.deepEqual(f.menu, [], 'no staff menu for a customer');
  assert.equal(f.marketing, 0);
  await page.context().close();
});
