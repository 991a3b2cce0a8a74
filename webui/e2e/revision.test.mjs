// An order closes its loop across three people, in both languages (issue 23; svc-orders API.md,
// "Revisions"): a new customer orders and pays, the demo translator claims and delivers in the
// browser, the customer asks for a revision, the same translator finds it on their desk with the
// reason and the deadline and redelivers with no staff step, the customer accepts, and the pay is
// credited once, named by the order's number. In the second run the translator goes on vacation
// after delivering: the revision is escalated, staff read why on the order's page and give it to
// someone else, who redelivers.
//
// SCREENSHOTS=<dir> saves each screen at 1366 and 390 px as the journey reaches it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launch, openPage, shot, until, waitHydrated } from './browser.mjs';
import { ADMIN, DEMO_TRANSLATOR, activateTranslator, applyAsTranslator, approveQuote, mails, payFromBalance, resetLinkIn, session, signIn, turkeyDay } from './stack.mjs';
import { historyEntryText, orderStatusLabel } from '../src/lib/order-status.js';
import { staffPath } from '../src/config/paths.js';

const stamp = `${Date.now()}-${process.pid}`;
const PASSWORD = `Geri-Donus-${stamp}`;

const L = {
  tr: {
    locale: 'tr-TR',
    login: '/tr/giris',
    order: (id) => `/tr/hesabim/siparislerim/${id}`,
    pool: '/tr/hesabim/havuzdaki-isler',
    active: '/tr/hesabim/aktif-islerim',
    past: '/tr/hesabim/gecmis-islerim',
    earnings: '/tr/hesabim/kazanclar',
    resetPath: '/tr/parola-sifirla',
    claim: (n) => `İşi al: ${n} numaralı iş`,
    reason: 'İkinci paragraftaki terim yanlış; lütfen "sözleşme" yerine "mukavele" kullanın.',
    register: 'Döngü Müşterisi',
  },
  en: {
    locale: 'en-US',
    login: '/en/login',
    order: (id) => `/en/account/orders/${id}`,
    pool: '/en/account/job-pool',
    active: '/en/account/active-jobs',
    past: '/en/account/past-jobs',
    earnings: '/en/account/earnings',
    resetPath: '/en/reset-password',
    claim: (n) => `Take job ${n}`,
    reason: 'The second paragraph uses the wrong term; please say "agreement", not "contract".',
    register: 'Loop Customer',
  },
};

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** paidOrder: a new customer (a session, registered in lang) orders tr → en and pays from the balance. */
async function paidOrder(lang, admin) {
  const l = L[lang];
  const email = `dongu-${lang}-${stamp}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const customer = await session(email, PASSWORD, { register: l.register, lang });
  const quote = await customer.call('POST', 'orders/quotes', {
    service: 'professional-translation', sourceLanguage: 'tr', targetLanguages: ['en'], quantity: 300, currency: lang === 'tr' ? 'TRY' : 'USD',
    brief: `Revizyon döngüsü ${lang}`,
  });
  const { order } = await approveQuote(customer, quote.id);
  await payFromBalance(customer, admin, quote.id, order.id);
  return { customer, email, order };
}

/** deliverOnPage delivers a text file through the active job's deliver form. */
async function deliverOnPage(page, l, orderID, name, text) {
  await page.goto(l.active);
  await waitHydrated(page);
  const job = page.locator(`[data-testid=active-jobs] article[data-job="${orderID}"]`);
  await job.waitFor();
  const form = job.locator('[data-testid=deliver-form]');
  await form.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await form.locator('button[type=submit]').click();
  await job.waitFor({ state: 'detached' });
}

/** earningsOf answers the earning entries of an order in a translator's ledger, once there is one. */
async function earningsOf(translator, orderID) {
  return until('the earning is credited', async () => {
    const entries = (await translator.call('GET', 'billing/earnings')).entries.filter((e) => e.reason === 'earning' && e.reference === orderID);
    return entries.length > 0 && entries;
  }, 30_000);
}

/** newTranslator applies as a Turkish → English translator, is approved, sets the mailed password and takes the pair. */
async function newTranslator(admin, lang) {
  const email = `yedek-${lang}-${stamp}@example.com`;
  const app = await applyAsTranslator({
    firstName: lang === 'tr' ? 'Deniz' : 'Morgan', lastName: 'Yedek', email, phone: '+90 532 111 22 33', experienceYears: '6', education: 'Hacettepe Üniversitesi, Mütercim-Tercümanlık',
  }, lang);
  await admin.call('POST', `translators/admin/applications/${app.id}/approve`);
  // The application's confirmation comes first; the approval's mail carries the link.
  const mail = await until('the password mail', async () => (await mails(email)).find((m) => (m.text || m.html || '').includes(L[lang].resetPath)), 30_000);
  const password = `Yedek-Tercuman-${stamp}`;
  const { translator, id } = await activateTranslator(email, password, resetLinkIn(mail, L[lang].resetPath), lang);
  return { translator, email, password, id };
}

for (const lang of ['tr', 'en']) {
  const l = L[lang];

  test(`${lang}: a revision goes straight back to the translator who delivered, who redelivers; the pay is credited once`, async () => {
    const admin = await session(ADMIN.email, ADMIN.password, { lang });
    const { email, order } = await paidOrder(lang, admin);
    const demo = await session(DEMO_TRANSLATOR.email, DEMO_TRANSLATOR.password, { lang });

    // The demo translator takes the job from the pool and delivers it, in the browser.
    const tPage = await openPage(browser, { locale: l.locale, viewport: { width: 1366, height: 900 } });
    await signIn(tPage, l.login, DEMO_TRANSLATOR.email, DEMO_TRANSLATOR.password);
    await until('the job is in the pool', async () => (await demo.call('GET', 'orders/pool')).jobs.some((j) => j.id === order.id), 30_000);
    await tPage.goto(l.pool);
    await waitHydrated(tPage);
    const card = tPage.locator(`[data-testid=pool] article[data-job="${order.id}"]`);
    await card.waitFor();
    await shot(tPage, `${lang}-1-translator-pool`);
    await card.getByRole('button', { name: l.claim(order.number) }).click();
    await tPage.locator('[data-testid=claim-notice][data-outcome=claimed]').waitFor();
    await deliverOnPage(tPage, l, order.id, `ceviri-${lang}.txt`, 'First translation.');

    // The customer reads "delivered, waiting for your review" and asks for a revision.
    const cPage = await openPage(browser, { locale: l.locale, viewport: { width: 1366, height: 900 } });
    await signIn(cPage, l.login, email, PASSWORD);
    await cPage.goto(l.order(order.id));
    const detail = cPage.locator(`[data-testid=order-detail][data-order-id="${order.id}"]`);
    await detail.waitFor();
    assert.equal(await detail.getAttribute('data-status'), 'delivered');
    assert.equal((await detail.locator('.order-status').first().textContent()).trim(), orderStatusLabel(lang, 'customer', 'delivered'));
    await shot(cPage, `${lang}-2-customer-delivered`);
    const revision = cPage.locator('[data-testid=revision-form]');
    await revision.locator('textarea').fill(l.reason);
    await revision.locator('button[type=submit]').click();
    await cPage.waitForFunction((id) => document.querySelector(`[data-testid=order-detail][data-order-id="${id}"]`)?.dataset.status === 'revision_requested', order.id);
    assert.equal((await detail.locator('.order-status').first().textContent()).trim(), orderStatusLabel(lang, 'customer', 'revision_requested'));
    const returned = historyEntryText(lang, 'customer', { status: 'revision_requested', step: 'revision_returned' }).title;
    await cPage.locator('[data-testid=order-history] li[data-status=revision_requested]').filter({ hasText: returned }).first().waitFor();

    // No staff step: the job is on the same translator's desk with the reason and the deadline.
    await tPage.goto(l.active);
    await waitHydrated(tPage);
    const job = tPage.locator(`[data-testid=active-jobs] article[data-job="${order.id}"]`);
    await job.waitFor();
    assert.equal(await job.getAttribute('data-status'), 'revision_requested');
    assert.ok((await job.locator('[data-testid=revision-reason]').textContent()).includes(l.reason), 'the translator reads the reason');
    await job.locator('[data-testid=revision-due]').waitFor();
    const onDesk = await demo.call('GET', `orders/orders/${order.id}`);
    const hours = (Date.parse(onDesk.revisionDue) - Date.now()) / 3600_000;
    assert.ok(hours > 47 && hours <= 48, `the revision is due in 48 clock hours: ${onDesk.revisionDue}`);
    await shot(tPage, `${lang}-3-translator-revision`);
    await deliverOnPage(tPage, l, order.id, `ceviri-${lang}-2.txt`, 'Revised translation.');

    // The customer gets it back and accepts; every round is in the history.
    await cPage.reload();
    await detail.waitFor();
    assert.equal(await detail.getAttribute('data-status'), 'delivered');
    const redelivered = historyEntryText(lang, 'customer', { status: 'delivered', step: 'redelivered' }).title;
    await cPage.locator('[data-testid=order-history] li[data-status=delivered]').filter({ hasText: redelivered }).waitFor();
    await detail.locator('button[data-action=complete]').click();
    await cPage.waitForFunction((id) => document.querySelector(`[data-testid=order-detail][data-order-id="${id}"]`)?.dataset.status === 'completed', order.id);
    assert.equal((await detail.locator('.order-status').first().textContent()).trim(), orderStatusLabel(lang, 'customer', 'completed'));
    await shot(cPage, `${lang}-4-customer-completed`);

    // Staff read the same rounds on the order's page, in their words.
    const sPage = await openPage(browser, { locale: l.locale, viewport: { width: 1366, height: 900 } });
    await signIn(sPage, l.login, ADMIN.email, ADMIN.password);
    await sPage.goto(staffPath(lang, 'siparisler', order.id));
    const staffHistory = sPage.locator('[data-testid=staff-order-history]');
    await staffHistory.waitFor();
    for (const step of ['claimed', 'revision_returned', 'redelivered']) {
      const words = historyEntryText(lang, 'staff', { status: 'delivered', step }).title;
      await staffHistory.locator(`li[data-step=${step}]`).filter({ hasText: words }).waitFor();
    }
    await shot(sPage, `${lang}-5-staff-order`);

    // Credited once, to who delivered, named by the order's number.
    const entries = await earningsOf(demo, order.id);
    await new Promise((r) => setTimeout(r, 2000));
    assert.equal((await earningsOf(demo, order.id)).length, 1, 'credited once');
    assert.equal(entries[0].amount.amount, onDesk.pay.try.amount, 'the pay the job showed');
    await tPage.goto(l.earnings);
    await waitHydrated(tPage);
    const earned = tPage.locator('[data-testid=earnings-ledger] tbody tr[data-reason=earning]').filter({ hasText: order.number });
    assert.equal(await earned.count(), 1, 'the earning names the order number');
    assert.ok(!(await earned.textContent()).includes(order.id), 'not its internal id');
    await tPage.goto(l.past);
    await waitHydrated(tPage);
    await tPage.locator(`article[data-job="${order.id}"][data-status=completed]`).waitFor();
    await shot(tPage, `${lang}-6-translator-past-jobs`);

    for (const p of [tPage, cPage, sPage]) {
      assert.deepEqual(p.problems, []);
      await p.context().close();
    }
  });

  test(`${lang}: the translator is on vacation; staff are told and give the revision to someone else`, async () => {
    const admin = await session(ADMIN.email, ADMIN.password, { lang });
    const other = await newTranslator(admin, lang);
    const { customer, order } = await paidOrder(lang, admin);
    const demo = await session(DEMO_TRANSLATOR.email, DEMO_TRANSLATOR.password, { lang });
    await until('the job is in the pool', async () => (await demo.call('GET', 'orders/pool')).jobs.some((j) => j.id === order.id), 30_000);
    await demo.call('POST', `orders/orders/${order.id}/claim`);
    const form = new FormData();
    form.append('file', new Blob(['Translated brochure.'], { type: 'text/plain' }), 'brosur.txt');
    const up = await fetch(`${BASE_URL}/api/v1/orders/files`, { method: 'POST', headers: { Cookie: demo.cookie, Origin: BASE_URL }, body: form });
    assert.equal(up.status, 201);
    await demo.call('POST', `orders/orders/${order.id}/deliver`, { fileIds: [(await up.json()).file.id], note: '' });

    const vacation = await demo.call('POST', 'translators/vacations', { start: turkeyDay(0), end: turkeyDay(3), note: 'e2e' });
    try {
      await until('svc-orders knows of the vacation', async () => (await demo.call('GET', 'orders/pool')).onVacation === true, 30_000);
      await customer.call('POST', `orders/orders/${order.id}/revision`, { reason: l.reason });

      // Staff's order page says the revision is escalated and why, and offers someone else.
      const sPage = await openPage(browser, { locale: l.locale, viewport: { width: 1366, height: 900 } });
      await signIn(sPage, l.login, ADMIN.email, ADMIN.password);
      await sPage.goto(staffPath(lang, 'siparisler', order.id));
      const panel = sPage.locator('[data-testid=revision]');
      await panel.waitFor();
      assert.equal(await panel.locator('[data-testid=revision-escalated]').getAttribute('data-reason'), 'unavailable');
      await panel.locator('button[data-action=give-other]').click();
      const give = panel.locator('[data-testid=give-other]');
      await give.locator(`select option[value="${other.id}"]`).waitFor({ state: 'attached', timeout: 30_000 });
      const excluded = give.locator('[data-testid=excluded]');
      await excluded.waitFor();
      assert.ok((await excluded.textContent()).length > 0, 'the translator left out is listed with a reason');
      await shot(sPage, `${lang}-7-staff-escalated-revision`);
      await give.locator('select').selectOption(other.id);
      await give.locator('button[data-action=give]').click();
      await until('the revision is the other translator’s', async () => (await admin.call('GET', `orders/admin/orders/${order.id}`)).translatorId === other.id);
      assert.equal((await demo.send('GET', `orders/orders/${order.id}`)).status, 404, 'no longer the demo translator’s');

      // The other translator finds it on their desk with the reason, redelivers, is credited.
      const oPage = await openPage(browser, { locale: l.locale, viewport: { width: 1366, height: 900 } });
      await signIn(oPage, l.login, other.email, other.password);
      await oPage.goto(l.active);
      await waitHydrated(oPage);
      const job = oPage.locator(`[data-testid=active-jobs] article[data-job="${order.id}"]`);
      await job.waitFor();
      assert.ok((await job.locator('[data-testid=revision-reason]').textContent()).includes(l.reason));
      await deliverOnPage(oPage, l, order.id, 'brosur-2.txt', 'Translated brochure, revised.');
      await customer.call('POST', `orders/orders/${order.id}/complete`);
      assert.equal((await earningsOf(other.translator, order.id)).length, 1, 'who delivered last is credited, once');
      const history = (await admin.call('GET', `orders/admin/orders/${order.id}`)).history;
      const reassigned = history.find((h) => h.step === 'revision_reassigned');
      assert.deepEqual([reassigned?.translatorId, reassigned?.previousTranslatorId], [other.id, (await demo.call('GET', 'auth/me')).user.id], 'the reassignment is recorded');
      for (const p of [sPage, oPage]) {
        assert.deepEqual(p.problems, []);
        await p.context().close();
      }
    } finally {
      await demo.send('POST', `translators/vacations/${vacation.id}/end`);
    }
  });
}
