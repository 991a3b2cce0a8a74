// Every public page in both languages at a desktop (1366 px) and a phone (390 px) width: no text
// or box wider than the box it sits in (long Turkish titles in cards, grids whose columns do not
// fit), no sideways scrolling, and no list markers beside cards laid out as a grid or a row.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, sitemapPaths, waitHydrated } from './browser.mjs';
import { axeViolations, describeViolation } from './axe-check.mjs';
import { layoutProblems } from './layout-check.mjs';

const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

let browser;
let paths = [];
before(async () => {
  [browser, paths] = await Promise.all([launch(), sitemapPaths()]);
});
after(() => browser?.close());

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width} px every public page keeps its text inside its boxes and shows no list markers beside cards`, async () => {
    const page = await openPage(browser, { viewport });
    const failures = [];
    let axeMs = 0;
    for (const p of paths) {
      const res = await page.goto(p);
      assert.equal(res.status(), 200, p);
      await waitHydrated(page);
      await page.evaluate(() => document.fonts.ready);
      for (const problem of await page.evaluate(layoutProblems)) failures.push(`${p}: ${problem}`);
      // The accessibility check (axe-core, serious and critical) once per page, even pages at
      // 1366 px and odd ones at 390 px: both layouts are checked for half the time of all pages
      // at both widths, and the pages share their header, menus and footer.
      if (viewport === VIEWPORTS[paths.indexOf(p) % 2]) {
        const started = performance.now();
        for (const v of await axeViolations(page)) failures.push(`${p}: ${describeViolation(v)}`);
        axeMs += performance.now() - started;
      }
    }
    if (axeMs) console.log(`# axe took ${(axeMs / 1000).toFixed(1)} s on ${paths.length} public pages`);
    assert.ok(paths.length >= 60, `only ${paths.length} pages in the sitemap`);
    assert.deepEqual(failures, [], `${failures.length} layout problems at ${viewport.width} px`);
    await page.context().close();
  });
}
