// Shared setup of the browser tests: Debian's Chromium driven by playwright-core against the
// stack at BASE_URL (nginx serving the build, the API behind it).
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8000';

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * openPage opens a fresh context and page that records console errors and uncaught exceptions
 * in page.problems, so a test can assert there were none.
 */
export async function openPage(browser, { viewport = { width: 1280, height: 900 }, javaScriptEnabled = true, locale = 'tr-TR' } = {}) {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport, javaScriptEnabled, locale });
  boundClose(context);
  const page = await context.newPage();
  page.problems = [];
  page.on('console', (msg) => {
    // The address says which request failed when the text alone does not ("Failed to load resource").
    const url = msg.location()?.url;
    if (msg.type() === 'error' || msg.type() === 'warning') page.problems.push(`${msg.type()}: ${msg.text()}${url ? ` (${url})` : ''}`);
  });
  page.on('pageerror', (err) => page.problems.push(`pageerror: ${err.message}`));
  return page;
}

// closeWithin is how long closing a context may take. In one full run of 2026-11-30 a context's
// close never returned (a back-office page with its live connection open, Chromium 156 under
// playwright-core 1.65) and held the suite for 14 minutes; the test had passed every check.
const closeWithin = 20_000;

/**
 * boundClose makes context.close() return within closeWithin: a close that hangs is reported
 * on stderr and left to the browser's own close at the end of the file, not waited for.
 */
export function boundClose(context) {
  const close = context.close.bind(context);
  context.close = (options) => {
    let timer;
    const late = new Promise((resolve) => {
      timer = setTimeout(() => {
        process.stderr.write(`# a browser context did not close within ${closeWithin / 1000} s; left to the browser's close\n`);
        resolve();
      }, closeWithin);
    });
    return Promise.race([close(options), late]).finally(() => clearTimeout(timer));
  };
  return context;
}

/**
 * shot saves the page into the folder SCREENSHOTS names, if it names one: full length at each of
 * widths (<name>-<width>.png, 900 px high, then back to the page's size), scrolled to the top
 * first with top (a sticky header then sits at the top of the shot, not across its middle); with
 * no widths, once as the page shows now (<name>.png).
 */
export async function shot(page, name, { widths = [1366, 390], top = false } = {}) {
  const dir = process.env.SCREENSHOTS;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  if (widths.length === 0) {
    await page.screenshot({ path: path.join(dir, `${name}.png`) });
    return;
  }
  const size = page.viewportSize();
  if (top) await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

/** waitHydrated resolves once React has attached to the page (the header reacts to scroll). */
export async function waitHydrated(page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
  });
  await page.waitForLoadState('networkidle');
}

/** sitemapPaths lists the public pages the build says it prerendered. */
export async function sitemapPaths() {
  const res = await fetch(`${BASE_URL}/sitemap.xml`);
  const xml = await res.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/**
 * menuCount is a back-office menu entry's live count (0 when it shows none), read in one look:
 * asking whether the badge is there and then for its text raced a badge cleared in between, and
 * the text then waited 30 s for a badge that was gone.
 */
export async function menuCount(page, section) {
  const [text] = await page.locator(`nav a[data-section="${section}"] [data-testid=live-count]`).allTextContents();
  return text ? Number(text.replace('+', '')) : 0;
}

/** until polls check every 250 ms until it answers something truthy, and fails after ms. */
export async function until(what, check, ms = 20_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    assert.ok(Date.now() < end, `${what} within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
