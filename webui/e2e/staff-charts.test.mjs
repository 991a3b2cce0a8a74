// The dashboard's charts (issue 25) against the whole stack: orders paid in USD and in TRY,
// claimed from the pool by the demo translator, one delivered and completed, one still waiting;
// then the dashboard in each language at 1366 and 390 px draws its five charts (a uPlot canvas
// of some size in each), each labelled by its heading and by a table for screen readers holding
// this week's figures as the services count them, and each chart's link opens the list behind it
// with the seeded items in it: revenue's the invoices paid in its 12 weeks, and this week's, by its
// link and by a click on its bar. SCREENSHOTS=dir keeps a shot of each language at both widths.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, shot, until, waitHydrated } from './browser.mjs';
import { ADMIN, BILLING_DETAILS, DEMO_TRANSLATOR, approveQuote, payFromBalance, session, signIn, uploadText } from './stack.mjs';

const stamp = `${Date.now()}-${process.pid}`;
const PASSWORD = `Grafik-Sifre-${stamp}`;

const L = {
  tr: {
    locale: 'tr-TR',
    login: '/tr/giris',
    admin: '/tr/yonetim',
    titles: { revenue: 'Haftalık gelir', orders: 'Haftalık siparişler', onTime: 'Zamanında teslim oranı', claim: 'Havuzdan alınma süresi', load: 'Çevirmen iş yükü' },
    invoices: '/tr/yonetim/faturalar',
    links: {
      orders: '/tr/yonetim/siparisler?status=completed',
      onTime: '/tr/yonetim/siparisler?status=completed',
      claim: '/tr/yonetim/siparisler?status=in_progress',
      load: '/tr/yonetim/cevirmenler',
    },
  },
  en: {
    locale: 'en-US',
    login: '/en/login',
    admin: '/en/admin',
    titles: { revenue: 'Revenue by week', orders: 'Orders by week', onTime: 'On-time delivery rate', claim: 'Time to claim', load: 'Translator load' },
    invoices: '/en/admin/invoices',
    links: {
      orders: '/en/admin/orders?status=completed',
      onTime: '/en/admin/orders?status=completed',
      claim: '/en/admin/orders?status=in_progress',
      load: '/en/admin/translators',
    },
  },
};
const CHARTS = ['revenue', 'orders', 'onTime', 'claim', 'load'];

// Figures as the dashboard writes them (src/features/staff/charts-data.js, lib/format.js).
const tryText = (lang, minor) => {
  const n = new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' }).format(minor / 100);
  return lang === 'en' ? `₺${n}` : `${n} ₺`;
};
/** paidIn is the invoices list of the days from monday to sunday (svc-billing's paidFrom, paidTo). */
const paidIn = (l, monday, last = monday) => {
  const sunday = new Date(`${last}T00:00:00Z`);
  sunday.setUTCDate(sunday.getUTCDate() + 6);
  return `${l.invoices}?paidFrom=${monday}&paidTo=${sunday.toISOString().slice(0, 10)}`;
};
const weekLabel = (lang, date) => new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'tr-TR', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

let browser;
const seeded = {};

before(async () => {
  browser = await launch();
  const admin = await session(ADMIN.email, ADMIN.password);
  const translator = await session(DEMO_TRANSLATOR.email, DEMO_TRANSLATOR.password);
  const customer = await session(`grafik-${stamp}@example.com`, PASSWORD, { register: 'Grafik Müşterisi' });
  // Three jobs the demo translator can take (tr → en), paid in USD and in TRY.
  const paid = async (n, currency) => {
    const q = await customer.call('POST', 'orders/quotes', {
      service: 'professional-translation', sourceLanguage: 'tr', targetLanguages: ['en'], quantity: 400 + n, currency, brief: `Grafik ${n} ${stamp}`,
    });
    const { order } = await approveQuote(customer, q.id, BILLING_DETAILS.individual);
    const invoice = await payFromBalance(customer, admin, q.id, order.id);
    return { order, invoice };
  };
  const done = await paid(1, 'USD');
  const active = await paid(2, 'TRY');
  const waiting = await paid(3, 'TRY');
  for (const { order } of [done, active]) {
    await until('the job is in the pool', async () => (await translator.call('GET', 'orders/pool')).jobs.some((j) => j.id === order.id), 30_000);
    await translator.call('POST', `orders/orders/${order.id}/claim`);
  }
  const file = (await uploadText(translator, `grafik-${stamp}.txt`, 'The whole text, translated.')).id;
  await translator.call('POST', `orders/orders/${done.order.id}/deliver`, { fileIds: [file], note: '' });
  await customer.call('POST', `orders/orders/${done.order.id}/complete`);
  const me = (await translator.call('GET', 'auth/me')).user;
  Object.assign(seeded, { admin, done, active, waiting, translator: me });
});
after(() => browser?.close());

/** figures is what the services count now: this week's revenue and orders, the demo translator's load. */
async function figures(admin) {
  const revenue = await admin.call('GET', 'billing/admin/revenue');
  const trends = await admin.call('GET', 'orders/admin/trends');
  return { revenue, trends, week: trends.weeks.at(-1), money: revenue.weeks.at(-1) };
}

/** chartText is the words of a chart's section (its tables included: what a screen reader reads). */
const chartText = (page, name) => page.locator(`[data-testid=staff-chart-${name}]`).evaluate((el) => el.textContent.replace(/\s+/g, ' '));

async function assertDrawn(page, lang, width) {
  const l = L[lang];
  for (const name of CHARTS) {
    const section = page.locator(`[data-testid=staff-chart-${name}]`);
    assert.equal((await section.locator('h3').textContent()).trim(), l.titles[name], `${lang} ${width}: ${name}'s heading`);
    const labelledBy = await section.getAttribute('aria-labelledby');
    assert.equal(await page.locator(`[id="${labelledBy}"]`).textContent(), l.titles[name], `${name}: the section is named by its heading`);
    const canvas = section.locator(`[data-testid=staff-chart-${name}-plot] canvas`);
    await canvas.waitFor({ timeout: 15_000 });
    const box = await canvas.boundingBox();
    assert.ok(box && box.width > 100 && box.height > 100, `${lang} ${width}: ${name} is drawn (${JSON.stringify(box)})`);
    assert.ok(box.x >= 0 && box.x + box.width <= width, `${lang} ${width}: ${name} fits the page (${JSON.stringify(box)})`);
    assert.equal(await section.locator('a', { hasText: /./ }).last().getAttribute('href'), l.links[name], `${name} links to its list`);
  }
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  const culprits = await page.evaluate((w) => [...document.querySelectorAll('body *')]
    .filter((el) => el.getBoundingClientRect().right > w + 1)
    .slice(0, 5)
    .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`), width);
  assert.ok(wide <= width, `${lang}: the dashboard is ${wide} px wide at ${width}: ${culprits.join('; ')}`);
}

for (const lang of ['tr', 'en']) {
  const l = L[lang];
  test(`${lang}: the dashboard's charts are drawn, labelled with this week's figures and lead to their lists, at 1366 and 390 px`, async () => {
    const page = await openPage(browser, { locale: l.locale, viewport: { width: 1366, height: 900 } });
    await signIn(page, l.login, ADMIN.email, ADMIN.password);
    assert.equal(new URL(page.url()).pathname, l.admin);
    await waitHydrated(page);
    const f = await figures(seeded.admin);
    assert.ok(f.week.paid >= 3 && f.week.completed >= 1 && f.week.claimed >= 2, `this week's orders: ${JSON.stringify(f.week)}`);
    const ours = seeded.done.invoice.totalsUsd.net + seeded.active.invoice.totalsUsd.net + seeded.waiting.invoice.totalsUsd.net;
    assert.ok(f.money.paid >= Math.floor((ours * f.revenue.rateMicros) / 1e6), `this week's revenue ${f.money.paid} holds ours (${ours} USD cents)`);
    // Revenue leads to the invoices paid in its 12 weeks.
    l.links.revenue = paidIn(l, f.revenue.weeks[0].date, f.revenue.weeks.at(-1).date);
    const load = f.trends.load.findIndex((x) => x.translatorId === seeded.translator.id);
    assert.ok(load >= 0 && f.trends.load[load].active >= 1, `the demo translator's load: ${JSON.stringify(f.trends.load)}`);

    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await waitHydrated(page);
      await assertDrawn(page, lang, width);
      // The text alternatives hold this week's figures as the services count them.
      const label = weekLabel(lang, f.week.date);
      const revenue = await chartText(page, 'revenue');
      assert.ok(revenue.includes(`${label}${tryText(lang, f.money.paid)}`), `revenue's table has this week's ${tryText(lang, f.money.paid)}: ${revenue}`);
      assert.ok(revenue.includes('USD') && revenue.includes('TRY'), `the currency mix names USD and TRY: ${revenue}`);
      const orders = await chartText(page, 'orders');
      assert.ok(orders.includes(`${label}${f.week.paid}${f.week.completed}`), `orders' table has this week's ${f.week.paid} paid, ${f.week.completed} completed: ${orders}`);
      const onTime = await chartText(page, 'onTime');
      assert.ok(onTime.includes(`${f.week.onTime} / ${f.week.dated}`), `on-time's table has ${f.week.onTime} / ${f.week.dated}: ${onTime}`);
      const claim = await chartText(page, 'claim');
      assert.ok(claim.includes(`${label}`) && claim.includes(`${f.week.claimed}${f.week.assignedByStaff}${f.week.waiting}`), `time to claim's table has this week: ${claim}`);
      const loadText = await chartText(page, 'load');
      const row = f.trends.load[load];
      assert.ok(loadText.includes(`${load + 1}${seeded.translator.fullName}${row.active}${row.cap}`), `load's table has ${seeded.translator.fullName} with ${row.active} of ${row.cap}: ${loadText}`);
      await shot(page, `staff-charts-${lang}`, { widths: [width], top: true });
    }

    // Each chart's link opens its list, with the seeded items in it.
    await page.setViewportSize({ width: 1366, height: 900 });
    const shows = {
      revenue: [seeded.done.invoice.number, seeded.active.invoice.number],
      orders: [seeded.done.order.number],
      onTime: [seeded.done.order.number],
      claim: [seeded.waiting.order.number],
      load: [seeded.translator.fullName],
    };
    for (const name of CHARTS) {
      await page.goto(l.admin);
      await waitHydrated(page);
      await page.locator(`[data-testid=staff-chart-${name}] a[href="${l.links[name]}"]`).click();
      await page.waitForURL((u) => `${u.pathname}${u.search}` === l.links[name]);
      await waitHydrated(page);
      for (const item of shows[name]) {
        await page.getByText(item, { exact: false }).first().waitFor({ timeout: 15_000 });
      }
    }

    // This week's invoices: by the link under the revenue chart, and by a click on its last bar.
    // Each lists the seeded invoices with the day they were paid.
    const thisWeek = paidIn(l, f.revenue.weeks.at(-1).date);
    const invoices = [seeded.done.invoice.number, seeded.active.invoice.number, seeded.waiting.invoice.number];
    const listed = async () => {
      await page.waitForURL((u) => `${u.pathname}${u.search}` === thisWeek);
      await waitHydrated(page);
      for (const number of invoices) {
        await page.getByRole('link', { name: number, exact: true }).waitFor({ timeout: 15_000 });
      }
      const header = await page.locator('table thead').first().textContent();
      assert.ok(header.includes(lang === 'en' ? 'Paid' : 'Ödendi'), `the list says when each was paid: ${header}`);
      assert.equal(await page.getByTestId('past-due').count(), 0, 'no past-due box beside a paid period');
    };
    await page.goto(l.admin);
    await waitHydrated(page);
    const revenue = page.getByTestId('staff-chart-revenue');
    await revenue.locator(`a[href="${thisWeek}"]`).click();
    await listed();
    await page.goto(l.admin);
    await waitHydrated(page);
    const over = revenue.locator('.u-over');
    await over.scrollIntoViewIfNeeded();
    const box = await over.boundingBox();
    // x runs from −0.5 to 11.5: the last week's bar is centred 11.5/12 of the way across.
    const bar = { x: (box.width * 11.5) / 12, y: box.height / 2 };
    await over.hover({ position: { x: bar.x - 10, y: bar.y } });
    await over.click({ position: bar });
    await listed();
    assert.deepEqual(page.problems.filter((p) => !p.includes('favicon')), [], 'no console errors');
  });
}
