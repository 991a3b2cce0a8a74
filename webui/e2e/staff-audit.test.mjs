// The audit screen (issue 25), in each language, against the whole stack: a staff member changes
// a price of the price list (through the API: the price list's editor is another screen's test),
// opens the audit screen, picks themselves from the list of staff members and the price list
// from the list of kinds of records, and reads the change in words with its exact figures:
// "Redaksiyon ve Düzelti EN→TR fiyatı, kelime başına: 0,08 $ → 0,09 $" (the EN→TR pair's own
// rate, as the price list's editor keeps it). The
// filter is kept in the address; no box asks for a typed id; any other record is found by
// searching its kind's list (an FAQ item by a word of its question); the screen fits 1366 and 390 px.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, shot, waitHydrated } from './browser.mjs';
import { layoutProblems } from './layout-check.mjs';
import { ADMIN, session, signIn } from './stack.mjs';

// The demo staff account's name (devstack's seed).
const ADMIN_NAME = 'LinguaPort Yönetici';
const L = {
  tr: {
    locale: 'tr-TR',
    login: '/tr/giris',
    audit: '/tr/yonetim/denetim',
    actor: 'Personel',
    kind: 'Kayıt türü',
    priceList: 'Fiyat listesi',
    action: 'Fiyat listesini değiştirdi',
    line: 'Redaksiyon ve Düzelti EN→TR fiyatı, kelime başına: 0,08 $ → 0,09 $',
    picked: 'Seçili kayıt: Fiyat listesi',
    search: 'Kayıt ara',
    faq: 'SSS maddesi',
  },
  en: {
    locale: 'en-US',
    login: '/en/login',
    audit: '/en/admin/audit',
    actor: 'Staff member',
    kind: 'Kind of record',
    priceList: 'Price list',
    action: 'Changed the price list',
    line: 'Price of Proofreading EN→TR, per word: $0.08 → $0.09',
    picked: 'Picked record: The price list',
    search: 'Find a record',
    faq: 'FAQ item',
  },
};

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** withProofreading is the list with proofreading EN→TR's own rate set (centi-cents: 800 is $0.08). */
const withProofreading = (list, rate) => ({
  ...list,
  pairRates: [...(list.pairRates ?? []).filter((p) => !(p.service === 'proofreading' && p.source === 'en' && p.target === 'tr')), { service: 'proofreading', source: 'en', target: 'tr', rate }],
});

for (const lang of ['tr', 'en']) {
  const l = L[lang];

  test(`${lang}: a price change reads in words on the audit screen, filtered by the staff member and the price list picked from lists`, async () => {
    const admin = await session(ADMIN.email, ADMIN.password, { lang });
    const me = await admin.call('GET', 'auth/me');
    const myId = (me.user ?? me).id;
    const original = await admin.call('GET', 'orders/prices');
    assert.ok(original.services.some((s) => s.service === 'proofreading'), 'the list prices proofreading');
    assert.equal(original.languageTiers.en, 1, 'English is a tier 1 language');
    assert.equal(original.languageTiers.tr, 1, 'Turkish is a tier 1 language');
    const page = await openPage(browser, { locale: l.locale, viewport: { width: 1366, height: 900 } });
    try {
      // 1. The staff member changes proofreading from $0.08 to $0.09 a word.
      await admin.call('PUT', 'orders/admin/prices', withProofreading(original, 800));
      await admin.call('PUT', 'orders/admin/prices', withProofreading(original, 900));

      // 2. They open the audit screen and pick themselves and the price list from lists.
      await signIn(page, l.login, ADMIN.email, ADMIN.password);
      await page.goto(l.audit);
      await waitHydrated(page);
      assert.equal(await page.locator('main input[type=search]').count(), 0, 'no box to type an id in');
      const actor = page.getByLabel(l.actor, { exact: true });
      await actor.locator(`option[value="${myId}"]`).waitFor({ state: 'attached' });
      assert.equal((await actor.locator(`option[value="${myId}"]`).textContent()).trim(), ADMIN_NAME, 'staff members are listed by name');
      await actor.selectOption({ label: ADMIN_NAME });
      await page.waitForURL((u) => u.searchParams.get('actor') === myId);
      await page.getByLabel(l.kind, { exact: true }).selectOption({ label: l.priceList });
      await page.waitForURL((u) => u.searchParams.get('object') === 'price_list:current' && u.searchParams.get('actor') === myId);
      assert.equal(new URL(page.url()).searchParams.get('area'), 'orders');
      assert.equal((await page.locator('.audit-filter__picked p').textContent()).replace(/\s+/g, ' ').trim(), l.picked);

      // 3. The newest entry is theirs, on the price list, and reads the change in words.
      const entry = page.locator('.audit-entry').first();
      const line = entry.locator('li[data-line="pair:proofreading|en|tr"]');
      await page.waitForFunction((want) => document.querySelector('.audit-entry li[data-line="pair:proofreading|en|tr"]')?.textContent.trim() === want, l.line);
      assert.equal((await line.textContent()).trim(), l.line);
      assert.equal((await entry.locator('[data-action]').textContent()).trim(), l.action);
      assert.equal((await entry.locator(`[data-actor="${myId}"]`).textContent()).trim(), ADMIN_NAME, 'who, by name');
      assert.ok((await entry.locator('time').textContent()).trim().length > 0, 'when');
      assert.equal(await entry.locator('.audit-entry__changes li').count(), 1, 'one line: only the rate changed');
      const body = await page.locator('main').textContent();
      assert.ok(!/[{}]|"pairRates"|"rate"/.test(body), 'no raw JSON on the screen');

      // 4. The address keeps the filter: opened again (as an audit link would), it shows the same.
      await page.reload();
      await waitHydrated(page);
      await page.waitForFunction((want) => document.querySelector('.audit-entry li[data-line="pair:proofreading|en|tr"]')?.textContent.trim() === want, l.line);
      assert.equal(await page.getByLabel(l.actor, { exact: true }).inputValue(), myId);
      assert.equal(await page.getByLabel(l.kind, { exact: true }).inputValue(), 'price_list');

      // 5. It fits a desk and a phone.
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(150);
        assert.deepEqual(await page.evaluate(layoutProblems), [], `${lang} audit screen at ${width} px`);
      }
      await page.setViewportSize({ width: 1366, height: 900 });
      await shot(page, `staff-audit-${lang}`, { top: true });

      // 6. Any other record is picked from its kind's list, searched by what staff know of it:
      // an FAQ item by the first word of its question; the filter then names it.
      const faq = await admin.call('GET', 'catalog/admin/faq');
      const item = faq.items[0];
      const question = item.question[lang];
      await page.locator('[data-area=catalog]').click();
      await page.waitForURL((u) => u.searchParams.get('area') === 'catalog' && !u.searchParams.get('object'));
      await page.getByLabel(l.kind, { exact: true }).selectOption({ label: l.faq });
      await page.getByLabel(l.search, { exact: true }).fill(question.split(' ')[0]);
      const option = page.locator(`.audit-picker__item[data-object-id="${item.id}"]`);
      await option.waitFor();
      assert.equal((await option.textContent()).trim(), question);
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(150);
        assert.deepEqual(await page.evaluate(layoutProblems), [], `${lang} the picker at ${width} px`);
      }
      await shot(page, `staff-audit-picker-${lang}`, { top: true });
      await option.click();
      await page.waitForURL((u) => u.searchParams.get('object') === `faq:${item.id}` && u.searchParams.get('actor') === myId);
      await page.locator('.audit-filter__picked strong').waitFor();
      assert.equal((await page.locator('.audit-filter__picked strong').textContent()).trim(), `${l.faq} ${question}`);
      assert.deepEqual(page.problems, [], 'no console errors');
    } finally {
      await admin.call('PUT', 'orders/admin/prices', original);
      await page.context().close();
    }
  });
}
