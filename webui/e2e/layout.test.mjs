// Every public page in both languages at a desktop (1366 px) and a phone (390 px) width: no text
// or box wider than the box it sits in (long Turkish titles in cards, grids whose columns do not
// fit), no sideways scrolling, and no list markers beside cards laid out as a grid or a row.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, sitemapPaths, waitHydrated } from './browser.mjs';

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

/**
 * layoutProblems runs in the page and describes what is wrong with its layout: elements whose
 * content is wider than their box while their overflow is visible (containers that scroll or
 * clip on purpose, such as a table's scroller, a visually hidden label or an ellipsis, are
 * left alone), the page scrolling sideways, and items of a grid or flex list showing a marker.
 */
function layoutProblems() {
  const describe = (el) => {
    const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/).filter(Boolean) : [];
    const text = el.textContent.trim().replace(/\s+/g, ' ');
    return `<${el.tagName.toLowerCase()}${classes.length ? ` class="${classes.join(' ')}"` : ''}> "${text.length > 50 ? `${text.slice(0, 50)}…` : text}"`;
  };
  const shown = (el) => el.checkVisibility({ visibilityProperty: true });
  const problems = [];

  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1) problems.push(`the page scrolls sideways: ${root.scrollWidth}px wide in a ${root.clientWidth}px window`);

  const overflowing = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (el instanceof SVGElement || ['SCRIPT', 'STYLE', 'SELECT', 'OPTION', 'INPUT', 'TEXTAREA', 'BR'].includes(el.tagName)) continue;
    const style = getComputedStyle(el);
    // Inline boxes have no width of their own; their block ancestor shows their overflow.
    if (style.display === 'inline' || style.display === 'contents' || style.overflowX !== 'visible') continue;
    if (el.scrollWidth > el.clientWidth + 1 && shown(el)) overflowing.push(el);
  }
  // The innermost box that overflows names the culprit; its ancestors overflow because of it.
  for (const el of overflowing) {
    if (overflowing.some((other) => other !== el && el.contains(other))) continue;
    problems.push(`${describe(el)} is ${el.scrollWidth}px wide in a ${el.clientWidth}px box`);
  }

  for (const li of document.body.querySelectorAll('li')) {
    const style = getComputedStyle(li);
    if (style.display !== 'list-item' || !li.parentElement || !shown(li)) continue;
    const parent = getComputedStyle(li.parentElement).display;
    if (!/grid|flex/.test(parent)) continue;
    const marker = getComputedStyle(li, '::marker');
    if (style.listStyleType !== 'none' || style.listStyleImage !== 'none' || !['none', 'normal'].includes(marker.content)) {
      problems.push(`${describe(li)} shows a list marker (${style.listStyleType}) in a ${parent} list ${describe(li.parentElement).split('>')[0]}>`);
    }
  }
  return problems;
}

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width} px every public page keeps its text inside its boxes and shows no list markers beside cards`, async () => {
    const page = await openPage(browser, { viewport });
    const failures = [];
    for (const p of paths) {
      const res = await page.goto(p);
      assert.equal(res.status(), 200, p);
      await waitHydrated(page);
      await page.evaluate(() => document.fonts.ready);
      for (const problem of await page.evaluate(layoutProblems)) failures.push(`${p}: ${problem}`);
    }
    assert.ok(paths.length >= 60, `only ${paths.length} pages in the sitemap`);
    assert.deepEqual(failures, [], `${failures.length} layout problems at ${viewport.width} px`);
    await page.context().close();
  });
}
