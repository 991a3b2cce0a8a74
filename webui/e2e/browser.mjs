// Shared setup of the browser tests: Debian's Chromium driven by playwright-core against the
// stack at BASE_URL (nginx serving the build, the API behind it).
import assert from 'node:assert/strict';
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
