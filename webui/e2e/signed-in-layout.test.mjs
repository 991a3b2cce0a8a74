// Every signed-in page of every role (issue 25), in both languages, at a desktop (1366 px) and a
// phone (390 px) width: nothing wider than the window, no text out of its box (layout-check.mjs,
// the public pages' rules), and no serious or critical accessibility violation (axe-check.mjs,
// axe-core against WCAG 2 A/AA). The pages are filled through the stack's own API first, so that every
// list and detail page has rows to lay out: a customer with a quote, orders awaiting payment, in
// progress, delivered and completed, their invoices and a balance with confirmed transfers; the
// a new translator with an active job, a job in the pool, a past job, earnings, a bank account and
// a support ticket; and for staff one item of every back-office detail page.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launch, openPage, shot, until, waitHydrated } from './browser.mjs';
import { axeViolations, describeViolation } from './axe-check.mjs';
import { layoutProblems } from './layout-check.mjs';
import { ADMIN, activateTranslator, applyAsTranslator, approveQuote, mails, payFromBalance, resetLinkIn, session, signIn, uploadText } from './stack.mjs';
import { ACCOUNT_MENUS, ACCOUNT_TABS, STAFF_DETAILS, STAFF_SECTIONS, accountPath, accountTabPath, staffPath } from '../src/config/paths.js';
import { accountDetailPath } from '../src/config/account-paths.js';

const stamp = `${Date.now()}-${process.pid}`;
const PASSWORD = `Dar-Ekran-${stamp}`;
const WIDTHS = [1366, 390];
const LOGIN = { tr: '/tr/giris', en: '/en/login' };
const LOCALE = { tr: 'tr-TR', en: 'en-US' };

let browser;
// What the pages show, built once in before: ids by the page they open.
const data = {};

before(async () => {
  browser = await launch();
  const admin = await session(ADMIN.email, ADMIN.password);
  // A translator of their own (Turkish → English legal), not the translator one: its cap of active jobs
  // is not shared with the other tests that use the demo translator.
  data.translatorEmail = `dar-tercuman-${stamp}@example.com`;
  const applied = await applyAsTranslator({
    firstName: 'Gülşah', lastName: 'Büyükçekmeceli', email: data.translatorEmail, phone: '+90 532 444 55 66', experienceYears: '9',
    education: 'İstanbul Üniversitesi, Mütercim-Tercümanlık Bölümü, yüksek lisans (hukuk çevirisi)',
  }, 'tr');
  await admin.call('POST', `translators/admin/applications/${applied.id}/approve`);
  const welcome = await until('the set-password mail', async () => (await mails(data.translatorEmail)).find((m) => (m.text || m.html || '').includes('/tr/parola-sifirla')), 30_000);
  const { translator } = await activateTranslator(data.translatorEmail, PASSWORD, resetLinkIn(welcome, '/tr/parola-sifirla'), 'tr');
  data.customerEmail = `dar-ekran-${stamp}@example.com`;
  // A long Turkish name and brief: the longest words the pages have to wrap.
  const customer = await session(data.customerEmail, PASSWORD, { register: 'Şükriye Gülşah Karaosmanoğlu-Büyükçekmeceli' });

  // Quotes, each taken as far as one order state; orders the translator can take (tr → en).
  const quote = (n) => customer.call('POST', 'orders/quotes', {
    service: 'professional-translation', sourceLanguage: 'tr', targetLanguages: ['en'], quantity: 300 + n, currency: n % 2 ? 'USD' : 'TRY',
    brief: `Sözleşme ve ekleri; terimlere dikkat edilmeli, özellikle tanımlar bölümündeki uzun ifadeler (${n}).`,
  });
  const paid = async (n) => {
    const q = await quote(n);
    const { order } = await approveQuote(customer, q.id);
    await payFromBalance(customer, admin, q.id, order.id);
    return order;
  };
  data.quote = (await quote(0)).id;
  const awaiting = await quote(1);
  data.awaiting = (await approveQuote(customer, awaiting.id)).order.id;
  const [pool, active, delivered, completed] = [await paid(2), await paid(3), await paid(4), await paid(5)];
  data.pool = pool.id;
  data.active = active.id;
  data.delivered = delivered.id;
  data.completed = completed.id;
  for (const order of [active, delivered, completed]) {
    await until('the job is in the pool', async () => (await translator.call('GET', 'orders/pool')).jobs.some((j) => j.id === order.id), 30_000);
    await translator.call('POST', `orders/orders/${order.id}/claim`);
  }
  for (const order of [delivered, completed]) {
    const file = (await uploadText(translator, `ceviri-${order.number}.txt`, 'The whole agreement, translated.')).id;
    await translator.call('POST', `orders/orders/${order.id}/deliver`, { fileIds: [file], note: 'Tanımlar bölümü müşteri sözlüğüne göre çevrildi.' });
  }
  await customer.call('POST', `orders/orders/${completed.id}/complete`);
  await until('the earning is credited', async () => (await translator.call('GET', 'billing/earnings')).entries.some((e) => e.reference === completed.id), 30_000);
  data.invoice = (await customer.call('GET', 'billing/invoices')).invoices[0].id;
  data.customer = (await customer.call('GET', 'auth/me')).user.id;

  // The translator's bank account and a support ticket.
  await translator.call('POST', 'translators/bank-accounts', { iban: 'TR33 0006 1005 1978 6457 8413 26', holder: 'Gülşah Büyükçekmeceli' });
  data.ticket = (await translator.call('POST', 'translators/tickets', {
    subject: `Ödeme tarihi ve banka hesabı değişikliği hakkında ${stamp}`, category: 'payment', message: 'Ödemem hangi gün yapılır? Banka hesabımı değiştirdim.',
  })).id;

  // Staff's other detail pages: an application (the translator's, approved), a live chat, an
  // inquiry and a blog post.
  data.application = applied.id;
  const chat = await fetch(`${BASE_URL}/api/v1/catalog/chat/conversations`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', Origin: BASE_URL }, body: JSON.stringify({ name: 'Ziyaretçi Şükriye', text: 'Yeminli tercüme ne kadar sürer?', language: 'tr' }),
  });
  assert.equal(chat.status, 201, 'the visitor opens a chat');
  data.chat = (await chat.json()).conversation.id;
  const inquiry = await fetch(`${BASE_URL}/api/v1/catalog/inquiries`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', Origin: BASE_URL },
    body: JSON.stringify({ kind: 'corporate', name: 'Şükriye Karaosmanoğlu', email: `dar-kurumsal-${stamp}@example.com`, phone: '+90 532 444 55 66', company: 'Karaosmanoğlu Lojistik A.Ş.', message: 'Yıllık sözleşme için teklif rica ederiz.', language: 'tr' }),
  });
  assert.equal(inquiry.status, 201, 'the inquiry is taken');
  data.inquiry = (await inquiry.json()).id;
  data.post = (await admin.call('GET', 'catalog/admin/blog')).posts[0].id;
});
after(() => browser?.close());

/** routes lists a role's signed-in pages in lang. */
function routes(role, lang) {
  if (role === 'admin') {
    const details = { order: data.completed, quote: data.quote, invoice: data.invoice, customer: data.customer, application: data.application, ticket: data.ticket, chat: data.chat, inquiry: data.inquiry, post: data.post };
    assert.deepEqual(Object.keys(details).sort(), Object.keys(STAFF_DETAILS).sort(), 'an item for every back-office detail page');
    return [
      staffPath(lang),
      ...STAFF_SECTIONS.map((s) => staffPath(lang, s)),
      ...Object.entries(details).map(([kind, id]) => staffPath(lang, STAFF_DETAILS[kind], id)),
      // Every state of the order page a customer's order goes through.
      ...[data.awaiting, data.pool, data.active, data.delivered].map((id) => staffPath(lang, 'siparisler', id)),
    ];
  }
  const sections = ACCOUNT_MENUS[role];
  const pages = sections.flatMap((s) => [accountPath(lang, s), ...(ACCOUNT_TABS[s] ?? []).map((t) => accountTabPath(lang, s, t))]);
  if (role === 'customer') {
    pages.push(
      ...[data.awaiting, data.pool, data.delivered, data.completed].map((id) => accountDetailPath(lang, 'order', id)),
      accountDetailPath(lang, 'quote', data.quote),
      accountDetailPath(lang, 'invoice', data.invoice),
    );
  } else {
    pages.push(accountDetailPath(lang, 'ticket', data.ticket));
  }
  return pages;
}

const ROLES = {
  customer: () => [data.customerEmail, PASSWORD],
  translator: () => [data.translatorEmail, PASSWORD],
  admin: () => [ADMIN.email, ADMIN.password],
};

for (const role of Object.keys(ROLES)) {
  for (const lang of ['tr', 'en']) {
    test(`${role}, ${lang}: every signed-in page fits 1366 and 390 px with no text out of its box and no serious accessibility fault`, async () => {
      const page = await openPage(browser, { locale: LOCALE[lang], viewport: { width: 1366, height: 900 } });
      await signIn(page, LOGIN[lang], ...ROLES[role]());
      const failures = [];
      const a11y = [];
      let axeMs = 0;
      const pages = routes(role, lang);
      for (const [n, at] of pages.entries()) {
        await page.setViewportSize({ width: WIDTHS[0], height: 900 });
        await page.goto(at);
        await waitHydrated(page);
        assert.ok(!/\/(giris|login)$/.test(new URL(page.url()).pathname), `${at}: still signed in`);
        await page.evaluate(() => document.fonts.ready);
        // Each width as a window that size shows the page; the phone width after a resize, as the
        // layout answers to the window's width alone (media queries, no width read at load).
        for (const width of WIDTHS) {
          if (width !== WIDTHS[0]) {
            await page.setViewportSize({ width, height: 844 });
            await page.waitForTimeout(100);
          }
          for (const problem of await page.evaluate(layoutProblems)) failures.push(`${at} at ${width} px: ${problem}`);
          // axe once per page and language, at alternating widths: Turkish at 1366 px on every
          // other page and 390 px on the rest, English the other way round, so that every route is
          // checked in both languages and at both widths (the phone has its own menus, stacked
          // tables and buttons) for half the time of every combination (some 1.5 s a run).
          if (width === WIDTHS[(n + (lang === 'en' ? 1 : 0)) % 2]) {
            const started = performance.now();
            for (const v of await axeViolations(page)) a11y.push(`${at} at ${width} px: ${describeViolation(v)}`);
            axeMs += performance.now() - started;
          }
        }
        // With SCREENSHOTS set, every page at both widths, to look at (shot does nothing otherwise).
        await shot(page, `${role}${at.replaceAll('/', '-')}`, { widths: WIDTHS, top: true });
      }
      console.log(`# ${role}, ${lang}: axe took ${(axeMs / 1000).toFixed(1)} s on ${pages.length} pages`);
      // One assertion, so that a layout problem does not hide an accessibility fault or the reverse.
      assert.deepEqual({ layout: failures, a11y }, { layout: [], a11y: [] }, `${failures.length} layout problems and ${a11y.length} serious or critical accessibility violations (axe-core, WCAG 2 A/AA) on ${pages.length} pages`);
      await page.context().close();
    });
  }
}
