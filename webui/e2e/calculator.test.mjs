// The home page's price calculator (spec §3, §9) in both languages against the running stack:
// prerendered without a price, live estimates from svc-orders after hydration in the header's
// display currency, the server's field errors beside the fields, usable by keyboard.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launch, openPage, waitHydrated } from './browser.mjs';

const T = {
  tr: {
    locale: 'tr-TR',
    service: 'Hizmet türü',
    source: 'Kaynak dil',
    target: 'Hedef dil',
    words: 'Kelime sayısı',
    pages: 'Sayfa sayısı',
    normal: 'Normal (3-5 gün)',
    urgent: 'Acil (1-2 gün)',
    normalDays: 'Teslim süresi: 3-5 gün',
    expected: 'Tahmini teslim:',
    urgentDays: 'Teslim süresi: 1-2 gün',
    note: /tahminidir/,
    abroadNote: /yurt dışında faturalandırılan müşteriler KDV ödemez/,
    sameLanguage: 'Hedef dil, kaynak dille aynı olamaz.',
    order: 'Sipariş verin',
    orderPath: '/tr/siparis/profesyonel-tercume',
    dtpPath: '/tr/siparis/masaustu-yayincilik',
    germanOption: '<option value="de">Almanca</option>',
    orderHeading: 'Sipariş: Profesyonel Tercüme',
  },
  en: {
    locale: 'en-US',
    service: 'Service type',
    source: 'Source language',
    target: 'Target language',
    words: 'Word count',
    pages: 'Page count',
    normal: 'Normal (3-5 days)',
    urgent: 'Urgent (1-2 days)',
    normalDays: 'Delivery time: 3-5 days',
    expected: 'Expected delivery:',
    urgentDays: 'Delivery time: 1-2 days',
    note: /estimate/,
    abroadNote: /customers billed abroad pay none/,
    sameLanguage: 'A target language cannot be the source language.',
    order: 'Place an order',
    orderPath: '/en/order/professional-translation',
    dtpPath: '/en/order/desktop-publishing',
    germanOption: '<option value="de">German</option>',
    orderHeading: 'Order: Professional Translation',
  },
};

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

// The price on screen once an answer (other than the one for changedFrom, in minor units) has
// arrived: its amount, currency and texts.
async function settled(page, changedFrom = null) {
  await page.waitForFunction(
    (old) => {
      const r = document.querySelector('.calculator__result');
      return r?.dataset.state === 'done' && r.querySelector('.calculator__price').dataset.amount !== old;
    },
    changedFrom === null ? null : String(changedFrom),
  );
  return page.evaluate(() => {
    const r = document.querySelector('.calculator__result');
    const p = r.querySelector('.calculator__price');
    return {
      state: r.dataset.state,
      amount: p.dataset.amount === undefined ? null : Number(p.dataset.amount),
      currency: p.dataset.currency ?? null,
      price: p.textContent.trim(),
      delivery: r.querySelector('.calculator__delivery').textContent.trim(),
    };
  });
}

for (const lang of ['tr', 'en']) {
  const t = T[lang];

  test(`${lang}: the prerendered calculator has its fields and options but no price`, async () => {
    const html = await (await fetch(`${BASE_URL}/${lang}`)).text();
    const aside = html.slice(html.indexOf('<aside class="calculator"'), html.indexOf('</aside>'));
    for (const label of [t.service, t.source, t.target, t.words, t.normal, t.urgent]) assert.ok(aside.includes(label), `${lang} lacks ${label}`);
    assert.ok(aside.includes(t.germanOption), 'the languages come from the prerendered catalogue');
    assert.equal((aside.match(/<option value="[a-z]{2}"/g) ?? []).length % 2, 0, 'source and target list the same languages');
    assert.match(aside, /data-state="idle"/);
    assert.match(aside, /<p class="calculator__price"><span aria-hidden="true">—<\/span>/);
    assert.ok(aside.includes(`href="${t.orderPath}"`));
    assert.ok(!aside.includes('expected-date'), 'no delivery day is baked into the prerendered page: it comes with the estimate');
  });

  test(`${lang}: live estimates for the defaults, word count, urgency, currency and a same-language error`, async () => {
    const page = await openPage(browser, { locale: t.locale });
    const estimates = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/v1/orders/estimate')) estimates.push({ body: req.postDataJSON(), lang: req.headers()['accept-language'] });
    });
    await page.goto(`/${lang}`);
    await waitHydrated(page);
    const calc = page.locator('[data-testid=price-calculator]');

    // The defaults: professional translation, 1000 words from the page's language to the other, normal.
    let shown = await settled(page);
    assert.equal(shown.state, 'done');
    assert.equal(shown.currency, 'USD', 'a loopback visitor without a choice sees USD');
    assert.match(shown.price, /\$/);
    assert.match(shown.price, /\d/);
    assert.equal(shown.delivery, t.normalDays);
    assert.match(await calc.locator('p.field__hint').textContent(), t.note);
    // Beside each urgency, the day the estimate expects the work delivered (Istanbul business days).
    const days = {};
    for (const u of ['normal', 'urgent']) {
      const d = calc.locator(`[data-testid=expected-date-${u}]`);
      days[u] = await d.getAttribute('data-date');
      assert.match(days[u], /^\d{4}-\d{2}-\d{2}$/);
      assert.ok((await d.textContent()).startsWith(t.expected), `${u}: ${await d.textContent()}`);
    }
    assert.ok(days.urgent < days.normal, `urgent ${days.urgent} before normal ${days.normal}`);
    const first = estimates.at(-1);
    assert.equal(first.lang, lang);
    assert.deepEqual(first.body, {
      service: 'professional-translation',
      sourceLanguage: lang,
      targetLanguages: [lang === 'tr' ? 'en' : 'tr'],
      quantity: 1000,
      urgency: 'normal',
      addOns: [],
      currency: 'USD',
    });
    const base = shown.amount;

    // Beside it, net, KDV and the total to pay as a visitor's invoice would carry them (KDV once
    // on the total, half up), and that customers billed abroad pay none.
    await page.waitForFunction((net) => document.querySelector('.calculator__result [data-testid=price-breakdown][data-state=done] [data-line=net] dd')?.dataset.amount === String(net), base);
    const breakdown = calc.locator('[data-testid=price-breakdown]');
    assert.equal(await breakdown.getAttribute('data-basis'), 'default');
    const vat = Math.floor((base * 20 + 50) / 100);
    assert.deepEqual(await breakdown.locator('dd').evaluateAll((dds) => dds.map((d) => Number(d.dataset.amount))), [base, vat, base + vat]);
    assert.match(await breakdown.locator('.price-breakdown__note').textContent(), t.abroadNote);

    // By keyboard: from the service select, Tab reaches source, target, then the word count.
    await calc.getByLabel(t.service).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('name')), 'quantity');
    const before = estimates.length;
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('2000');
    shown = await settled(page, base);
    assert.ok(shown.amount > base, `2000 words (${shown.amount}) cost more than 1000 (${base})`);
    assert.equal(estimates.length - before, 1, 'typing is debounced into one request');
    assert.equal(estimates.at(-1).body.quantity, 2000);
    const normal = shown.amount;

    // Urgency is a radio group: arrow keys move from Normal to Urgent.
    await calc.getByLabel(t.normal).focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await calc.getByLabel(t.urgent).isChecked(), true);
    shown = await settled(page, normal);
    assert.ok(shown.amount > normal, `urgent (${shown.amount}) costs more than normal (${normal})`);
    assert.equal(shown.delivery, t.urgentDays);
    const urgentUsd = shown.amount;

    // The header's currency picker re-prices in euros.
    await page.locator('header .currency-picker__trigger').selectOption('EUR');
    shown = await settled(page, urgentUsd);
    assert.equal(shown.currency, 'EUR');
    assert.match(shown.price, /€/);
    assert.equal(estimates.at(-1).body.currency, 'EUR');

    // The same language on both sides: the server's message beside the target field.
    const problemsBefore = page.problems.length;
    const target = calc.getByLabel(t.target);
    await target.selectOption(lang);
    await page.waitForSelector('.calculator__result[data-state=error]');
    assert.equal(await target.getAttribute('aria-invalid'), 'true');
    const errorId = await target.getAttribute('aria-describedby');
    assert.ok(errorId, 'the target select points at its error');
    assert.equal((await page.locator(`[id="${errorId}"]`).textContent()).trim(), t.sameLanguage);
    assert.equal(await calc.locator('.calculator__price').getAttribute('data-amount'), null, 'no price beside an error');
    // The browser logs the 400 answer itself; nothing else may appear.
    assert.deepEqual(page.problems.slice(problemsBefore).filter((m) => !m.includes('status of 400')), []);
    page.problems.splice(problemsBefore);
    await target.selectOption('de');
    shown = await settled(page);
    assert.equal(shown.currency, 'EUR');
    assert.equal(await target.getAttribute('aria-invalid'), null);
    assert.equal(await calc.locator('.field__error').count(), 0);

    // Another service relabels the count by its unit and points the order link at that service.
    const link = calc.getByRole('link', { name: t.order });
    assert.equal(await link.getAttribute('href'), t.orderPath);
    await calc.getByLabel(t.service).selectOption('desktop-publishing');
    await calc.getByLabel(t.pages).waitFor();
    assert.equal(await link.getAttribute('href'), t.dtpPath);
    await calc.getByLabel(t.service).selectOption('professional-translation');
    await calc.getByLabel(t.words).waitFor();
    await link.click();
    await page.waitForURL(`**${t.orderPath}`);
    await page.waitForFunction((h) => document.querySelector('h1')?.textContent === h, t.orderHeading);

    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}
