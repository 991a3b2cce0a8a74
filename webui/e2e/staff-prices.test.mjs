// The back office's price list editor (issue 25), in each language against the whole stack: staff
// search and filter the table of rates to one service and language pair (named, never typed),
// change it by +5 % and see the preview with the exact new figure before it enters the draft, are
// warned before leaving with it unsaved, save, reload and find it; the public calculator then
// prices that pair with it to the cent. The price list is put back as it was afterwards.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, shot, waitHydrated } from './browser.mjs';
import { layoutProblems } from './layout-check.mjs';
import { ADMIN, session, signIn } from './stack.mjs';
import { staffPath } from '../src/config/paths.js';

const L = {
  tr: {
    locale: 'tr-TR',
    login: '/tr/giris',
    home: '/tr',
    pair: ['tr', 'en'],
    search: 'ingilizce', // İngilizce, found without its dot
    rate: '0,085',
    newRate: '0,0893',
    before: '0,085 $',
    after: '0,0893 $',
    tier: '1. seviye',
    own: 'Özel fiyat',
    title: 'Değişikliğin önizlemesi: +%5',
    count: '1 fiyat değişecek.',
    rounding: 'Yuvarlama: her yeni fiyat, yarım yukarı olmak üzere en yakın 0,0001 $’a yuvarlanır.',
    unsaved: 'Kaydedilmemiş değişiklikler: 1 fiyat farklı.',
    saved: 'Fiyat listesi kaydedildi.',
    clean: 'Tüm değişiklikler kaydedildi.',
    label: 'Profesyonel Tercüme, Türkçe → İngilizce: kelime başına fiyat (USD)',
    price: '89,30 $',
  },
  en: {
    locale: 'en-US',
    login: '/en/login',
    home: '/en',
    pair: ['en', 'tr'],
    search: 'TURKISH',
    rate: '0.085',
    newRate: '0.0893',
    before: '$0.085',
    after: '$0.0893',
    tier: 'Tier 1',
    own: 'Own rate',
    title: 'Preview of the change: +5%',
    count: '1 rate will change.',
    rounding: 'Rounding: each new rate is rounded half up to the nearest $0.0001.',
    unsaved: 'Unsaved changes: 1 rate differs.',
    saved: 'Price list saved.',
    clean: 'All changes are saved.',
    label: 'Professional Translation, English → Turkish: rate per word (USD)',
    price: '$89.30',
  },
};
const SERVICE = 'professional-translation';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const textOf = async (locator) => (await locator.textContent()).replace(/\s+/g, ' ').trim();

/** filterTo narrows the editor's table to one service and pair with its selects and waits for the one row. */
async function filterTo(page, [source, target]) {
  const editor = page.locator('[data-testid=price-pairs]');
  await editor.locator('[data-filter=service]').selectOption(SERVICE);
  await editor.locator('[data-filter=source]').selectOption(source);
  await editor.locator('[data-filter=target]').selectOption(target);
  await page.locator('[data-testid=price-count][data-count="1"]').waitFor();
  return editor.locator(`tr[data-pair="${SERVICE}|${source}|${target}"]`);
}

for (const lang of ['tr', 'en']) {
  const l = L[lang];
  const [source, target] = l.pair;

  test(`${lang}: staff filter to a pair, preview +5 %, save, and the public calculator prices with it`, async () => {
    const admin = await session(ADMIN.email, ADMIN.password, { lang });
    const original = await admin.call('GET', 'orders/prices');
    assert.ok(!(original.pairRates ?? []).some((p) => p.service === SERVICE && p.source === source), 'the pair starts at its tier rate');
    const languages = Object.keys(original.languageTiers).length;
    const page = await openPage(browser, { locale: l.locale, viewport: { width: 1366, height: 900 } });
    try {
      await signIn(page, l.login, ADMIN.email, ADMIN.password);
      await page.goto(staffPath(lang, 'fiyatlar'));
      await waitHydrated(page);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      console.log(`${lang}: the price list page is ${height} px tall at 1366 px`);
      await shot(page, `staff-prices-${lang}`, { top: true });
      assert.ok(height < 2600, `the editor keeps the page short: ${height} px`);

      // Searching by a language's name (any case, no accents needed) finds both directions of
      // every pair with it, in every service.
      const count = page.locator('[data-testid=price-count]');
      await page.locator('[data-filter=q]').fill(l.search);
      await page.locator(`[data-testid=price-count][data-count="${original.services.length * 2 * (languages - 1)}"]`).waitFor();
      assert.match(await textOf(count), /\d/);
      await page.locator('[data-filter=q]').fill('');

      // Filtered to the pair: named in the page's language, its code small, its tier rate.
      const row = await filterTo(page, l.pair);
      const rate = row.getByLabel(l.label);
      assert.equal(await rate.inputValue(), l.rate);
      assert.equal(await textOf(row.locator('td').nth(3)), l.tier);
      assert.equal(await row.locator('.price-code').allTextContents().then((c) => c.join(' ')), `${source} ${target}`);

      // +5 % on the rows shown: the preview names each before → after, the count and the rounding.
      await page.locator('[data-field=percent]').fill('+5');
      await page.locator('[data-action=preview]').click();
      const preview = page.locator('[data-testid=price-preview]');
      await preview.waitFor();
      assert.equal(await textOf(preview.locator('h3')), l.title);
      assert.equal(await preview.getAttribute('data-count'), '1');
      assert.ok((await textOf(preview)).includes(`${l.count} ${l.rounding}`), await textOf(preview));
      const changed = preview.locator(`tr[data-pair="${SERVICE}|${source}|${target}"]`);
      assert.equal(await textOf(changed.locator('del')), l.before);
      assert.equal(await textOf(changed.locator('ins')), l.after);
      assert.equal(await rate.inputValue(), l.rate, 'nothing changes before the preview is applied');
      await shot(page, `staff-prices-preview-${lang}`);
      await preview.locator('[data-action=apply]').click();
      assert.equal(await rate.inputValue(), l.newRate);
      assert.equal(await textOf(row.locator('td').nth(3)), l.own);
      const savebar = page.locator('[data-testid=price-savebar]');
      assert.equal(await textOf(savebar.locator('.price-savebar__changes')), l.unsaved);
      assert.equal((await admin.call('GET', 'orders/prices')).pairRates?.length ?? 0, (original.pairRates ?? []).length, 'applying saves nothing');

      // Leaving with unsaved changes asks first; staying keeps the draft.
      await page.locator('.price-history a').click();
      const leave = page.locator('[data-testid=price-leave]');
      await leave.waitFor();
      await leave.locator('[data-action=stay]').click();
      assert.equal(new URL(page.url()).pathname, staffPath(lang, 'fiyatlar'));
      assert.equal(await rate.inputValue(), l.newRate);

      // Saved once, after a confirmation; the notice is inline.
      await savebar.locator('[data-action=save]').click();
      await page.locator('[data-testid=price-confirm] [data-action=confirm]').click();
      await savebar.locator('[data-notice=saved]').waitFor();
      assert.equal(await textOf(savebar.locator('[data-notice=saved]')), l.saved);
      assert.equal(await textOf(savebar.locator('.price-savebar__changes')), l.clean);
      const saved = await admin.call('GET', 'orders/prices');
      assert.deepEqual(saved.pairRates.filter((p) => p.service === SERVICE && p.source === source), [{ service: SERVICE, source, target, rate: 893 }]);

      // Reloaded, the pair keeps its own rate.
      await page.reload();
      await waitHydrated(page);
      const again = await filterTo(page, l.pair);
      assert.equal(await again.getByLabel(l.label).inputValue(), l.newRate);
      assert.equal(await textOf(again.locator('td').nth(3)), l.own);
      await shot(page, `staff-prices-saved-${lang}`, { top: true });

      // The other parts are tabs, reached by the arrow keys as well.
      await page.locator('[role=tab][data-tab=pairs]').focus();
      await page.keyboard.press('ArrowRight');
      await page.locator('[data-testid=price-services]').waitFor();
      assert.equal(await page.evaluate(() => document.activeElement.dataset.tab), 'services');
      assert.equal(await page.locator('[role=tab][data-tab=services]').getAttribute('aria-selected'), 'true');
      // Every tab fits a desktop and a phone: nothing wider than the window, no text out of its box.
      const problems = [];
      for (const tab of ['pairs', 'services', 'languages', 'delivery']) {
        await page.locator(`[role=tab][data-tab=${tab}]`).click();
        await page.locator(`[data-testid=price-${tab}]`).waitFor();
        for (const width of [1366, 390]) {
          await page.setViewportSize({ width, height: 900 });
          await page.waitForTimeout(100);
          for (const problem of await page.evaluate(layoutProblems)) problems.push(`${tab} at ${width} px: ${problem}`);
        }
        await page.setViewportSize({ width: 1366, height: 900 });
        await shot(page, `staff-prices-${tab}-${lang}`, { top: true });
      }
      assert.deepEqual(problems, []);

      // The home page's calculator: 1,000 words of the pair at $0.0893 = $89.30 exactly.
      const calc = await openPage(browser, { locale: l.locale });
      await calc.goto(l.home);
      await waitHydrated(calc);
      await calc.waitForFunction(() => document.querySelector('.calculator__result')?.dataset.state === 'done');
      const price = calc.locator('.calculator__price');
      assert.equal(await price.getAttribute('data-currency'), 'USD');
      assert.equal(await price.getAttribute('data-amount'), '8930');
      assert.equal(await textOf(price), l.price);
      const estimate = await admin.call('POST', 'orders/estimate', { service: SERVICE, sourceLanguage: source, targetLanguages: [target], quantity: 1000, currency: 'USD' });
      assert.equal(estimate.total.amount, 8930);
      assert.deepEqual(calc.problems, [], 'no console errors on the calculator');
      await calc.context().close();
      assert.deepEqual(page.problems, [], 'no console errors in the editor');
    } finally {
      await admin.call('PUT', 'orders/admin/prices', original);
      await page.context().close();
    }
  });
}
