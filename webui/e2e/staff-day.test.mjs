// A day in the back office (DESIGN §11), in each language, through the staff's screens against the
// whole stack: confirm a customer's bank transfer, assign a job nobody took (escalated) to an
// eligible translator, approve a translator application, answer a support ticket, publish a blog
// post that then shows on the public blog, change a price the public calculator then uses, and
// find each of these actions in the audit log. TestBrowser runs the stack with short pool windows
// (POOL_WINDOW_URGENT, SWEEP_EVERY) so an urgent job escalates within seconds.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { BASE_URL, launch, openPage, shot, until, waitHydrated } from './browser.mjs';
import { docxWithWords } from './docx.mjs';
import { ADMIN, DEMO_TRANSLATOR, approveQuote, session, signIn, turkeyDay, uploadText } from './stack.mjs';

const stamp = `${Date.now()}-${process.pid}`;

const L = {
  tr: {
    locale: 'tr-TR',
    login: '/tr/giris',
    admin: '/tr/yonetim',
    section: (s) => `/tr/yonetim/${s}`,
    blog: '/tr/blog',
    home: '/tr',
    actions: {
      'transfer.confirm': 'Havaleyi onayladı',
      'order.assign': 'Siparişe çevirmen atadı',
      'application.approve': 'Başvuruyu onayladı',
      'ticket.reply': 'Destek talebini yanıtladı',
      'post.publish': 'Blog yazısını yayınladı',
      'price_list.update': 'Fiyat listesini değiştirdi',
    },
  },
  en: {
    locale: 'en-US',
    login: '/en/login',
    admin: '/en/admin',
    section: (s) => `/en/admin/${s}`,
    blog: '/en/blog',
    home: '/en',
    actions: {
      'transfer.confirm': 'Confirmed the bank transfer',
      'order.assign': 'Assigned a translator to the order',
      'application.approve': 'Approved the application',
      'ticket.reply': 'Replied to the support ticket',
      'post.publish': 'Published the blog post',
      'price_list.update': 'Changed the price list',
    },
  },
};
const SEGMENTS = {
  tr: { transfers: 'havaleler', orders: 'siparisler', applications: 'basvurular', tickets: 'talepler', content: 'icerik', prices: 'fiyatlar', audit: 'denetim' },
  en: { transfers: 'transfers', orders: 'orders', applications: 'applications', tickets: 'tickets', content: 'content', prices: 'prices', audit: 'audit' },
};

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** apply sends a translator application with a CV, as the public form does. */
async function apply(lang, email) {
  const form = new FormData();
  const fields = {
    firstName: lang === 'tr' ? 'Zeynep' : 'Harriet',
    lastName: lang === 'tr' ? 'Korkmaz' : 'Moss',
    email,
    phone: '+90 532 111 22 33',
    nativeLanguage: lang,
    workingLanguages: lang === 'tr' ? 'en,de' : 'tr,fr',
    specializations: 'legal,technical',
    experienceYears: '8',
    education: lang === 'tr' ? 'Boğaziçi Üniversitesi, Çeviribilim' : 'University of Leeds, MA Translation Studies',
    certificates: '',
    acceptTerms: 'true',
    lang,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('cv', new Blob([docxWithWords(120)], { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }), 'cv.docx');
  const r = await fetch(`${BASE_URL}/api/v1/translators/applications`, { method: 'POST', body: form, headers: { Origin: BASE_URL, 'Accept-Language': lang } });
  assert.equal(r.status, 201, `application: ${r.status} ${await r.clone().text()}`);
  return r.json();
}

/** auditShows opens the audit screen of one object (or a whole area) and waits for the action there. */
async function auditShows(page, l, lang, area, object, action) {
  const q = new URLSearchParams({ area, ...(object ? { object } : {}) });
  await page.goto(`${l.section(SEGMENTS[lang].audit)}?${q}`);
  await waitHydrated(page);
  const cell = page.locator(`.audit-entry [data-action="${action}"]`).first();
  await cell.waitFor();
  assert.equal((await cell.textContent()).trim(), l.actions[action], `${action} in words`);
}

for (const lang of ['tr', 'en']) {
  const l = L[lang];
  const seg = SEGMENTS[lang];

  test(`${lang}: a day in the back office, every action found in the audit log`, async () => {
    const admin = await session(ADMIN.email, ADMIN.password, { lang });
    const customer = await session(`e2e-gun-${lang}-${stamp}@example.com`, `Gunluk-Is-${stamp}`, { register: lang === 'tr' ? 'Deniz Arslan' : 'Morgan Hale', lang });
    const translator = await session(DEMO_TRANSLATOR.email, DEMO_TRANSLATOR.password, { lang });
    const page = await openPage(browser, { locale: l.locale });
    await signIn(page, l.login, ADMIN.email, ADMIN.password);
    assert.equal(new URL(page.url()).pathname, l.admin, 'staff land in the back office, not on a customer\'s overview');

    // 1. A customer declares a bank transfer; staff confirm it on the transfers screen.
    const reference = `EFT-GUN-${lang}-${stamp}`;
    const transfer = await customer.call('POST', 'billing/balance/transfers', {
      amount: { amount: 1_000_000, currency: 'TRY' }, sender: 'Deniz Arslan', date: turkeyDay(-1), reference,
    });
    await page.goto(l.admin);
    await waitHydrated(page);
    await page.locator(`a[href="${l.section(seg.transfers)}"]`).first().click();
    const row = page.locator(`tr[data-transfer-id="${transfer.id}"]`);
    await row.locator('[data-action=confirm]').click();
    await row.getByRole('status').waitFor();
    const balance = await customer.call('GET', 'billing/balance');
    assert.equal(balance.balances.find((b) => b.currency === 'TRY')?.amount, 1_000_000, 'the confirmed transfer is on the balance');

    // 2. An urgent job paid from that balance that nobody takes is escalated; staff find it from
    // the dashboard and give it to an eligible translator.
    const source = await uploadText(customer, `gun-${lang}.txt`, lang === 'tr' ? 'Sözleşmenin tam metni burada, iki paragraf.' : 'The whole contract text is here, two paragraphs.');
    const quote = await customer.call('POST', 'orders/quotes', {
      service: 'professional-translation', sourceLanguage: 'tr', targetLanguages: ['en'], fileIds: [source.id], urgency: 'urgent', currency: 'TRY',
      brief: `Gün testi ${lang}`,
    });
    const { order } = await approveQuote(customer, quote.id);
    const invoice = await until('the invoice is issued', async () => (await customer.call('GET', 'billing/invoices')).invoices.find((i) => i.quoteId === quote.id));
    await customer.call('POST', `billing/invoices/${invoice.id}/pay`, { method: 'balance' }, { headers: { 'Idempotency-Key': randomUUID() } });
    await until('the job is escalated', async () => (await admin.call('GET', 'orders/admin/orders?status=escalated')).orders.some((o) => o.id === order.id), 60_000);
    await page.goto(l.admin);
    await waitHydrated(page);
    await page.locator(`a[href="${l.section(seg.orders)}?status=escalated"]`).click();
    await page.locator(`tr[data-order-id="${order.id}"] a`).first().click();
    // The order's page: the customer's contact in the header, the source file downloads, the
    // invoice by its number (issued and paid above).
    await page.locator(`article[data-order-id="${order.id}"][data-status]`).waitFor();
    await page.locator('[data-testid=order-head] [data-testid=customer-email]', { hasText: `e2e-gun-${lang}-${stamp}@example.com` }).waitFor();
    const sourceLink = page.locator(`[data-testid=order-files] [data-file-id="${source.id}"] a`);
    const download = await page.request.get(await sourceLink.getAttribute('href'));
    assert.equal(download.status(), 200, 'staff download the source file');
    assert.match(download.headers()['content-disposition'] ?? '', /attachment/);
    await page.locator('[data-testid=order-invoice] [data-testid=invoice-number]', { hasText: invoice.number }).waitFor();
    await shot(page, `staff-order-${lang}`, { top: true });
    // On a phone the page keeps to the screen: no sideways scrolling.
    const desk = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 900 });
    await page.waitForTimeout(150);
    const { width, wide } = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      wide: [...document.querySelectorAll('main *')].filter((e) => e.getBoundingClientRect().right > 391).slice(0, 3).map((e) => `${e.tagName}.${e.className}`),
    }));
    assert.ok(width <= 390, `the order page is ${width} px wide at 390: ${wide.join(', ')}`);
    await page.setViewportSize(desk);
    const assign = page.locator('[data-testid=assign]');
    const me = (await translator.call('GET', 'auth/me')).user.id;
    // The demo translator takes part in other tests too: room for this job under their cap.
    await admin.call('PUT', `translators/admin/translators/${me}/cap`, { activeJobCap: 20 });
    await assign.locator('select').selectOption(me);
    await assign.locator('[data-action=assign]').click();
    await assign.getByRole('status').waitFor();
    const assigned = await customer.call('GET', `orders/orders/${order.id}`);
    assert.equal(assigned.status, 'assigned');
    assert.equal((await translator.call('GET', `orders/orders/${order.id}`)).translatorId, me, 'the translator has the job');

    // 3. A translator application with a CV; staff approve it on its page.
    const application = await apply(lang, `e2e-basvuru-${lang}-${stamp}@example.com`);
    await page.goto(`${l.section(seg.applications)}/${application.id}`);
    await waitHydrated(page);
    await page.locator('[data-action=approve]').click();
    await page.locator(`article[data-application-id="${application.id}"][data-status=approved]`).waitFor();

    // 4. The demo translator opens a support ticket; staff answer it.
    const ticket = await translator.call('POST', 'translators/tickets', {
      subject: `Ödeme sorusu ${stamp}`, category: 'payment', message: lang === 'tr' ? 'Ödemem ne zaman yapılır?' : 'When is my payout made?',
    });
    await page.goto(`${l.section(seg.tickets)}/${ticket.id}`);
    await waitHydrated(page);
    const answer = lang === 'tr' ? 'Ödemeler her ayın 15’inde yapılır.' : 'Payouts are made on the 15th of each month.';
    await page.locator('form.staff-reply textarea').fill(answer);
    await page.locator('form.staff-reply button[type=submit]').click();
    await page.locator(`article[data-ticket-id="${ticket.id}"][data-status=answered]`).waitFor();
    const thread = await translator.call('GET', `translators/tickets/${ticket.id}`);
    assert.ok(thread.messages.some((m) => m.from === 'staff' && m.body === answer), 'the translator reads the answer');

    // 5. A blog post written in the back office, previewed, saved and published, is on the public blog.
    const title = lang === 'tr' ? `Noter onaylı çeviri rehberi ${stamp}` : `A guide to notarised translation ${stamp}`;
    const slug = `${lang === 'tr' ? 'noter-onayli-ceviri' : 'notarised-translation'}-${stamp}`;
    await page.goto(`${l.section(seg.content)}/new`);
    await waitHydrated(page);
    const editor = page.locator('article[data-post-id=new]');
    await editor.locator('select').first().selectOption(lang);
    await editor.locator('input[name=title]').fill(title);
    await editor.locator('input[name=slug]').fill(slug);
    await editor.locator('textarea[name=excerpt]').fill(lang === 'tr' ? 'Noter onayı için bilmeniz gerekenler.' : 'What you need to know about notarisation.');
    await editor.locator('input[name=author]').fill('LinguaPort');
    await editor.locator('input[name=coverAlt]').fill(title);
    await editor.locator('textarea[name=body]').fill(`## ${lang === 'tr' ? 'Adımlar' : 'Steps'}\n\n**1.** ${lang === 'tr' ? 'Yeminli tercüme' : 'Sworn translation'}`);
    await page.locator('.staff-preview h2 + *').filter({ hasText: lang === 'tr' ? 'Adımlar' : 'Steps' }).waitFor();
    await editor.locator('[data-action=save]').click();
    const saved = page.locator('article[data-status=draft]');
    await saved.waitFor();
    const postId = await saved.getAttribute('data-post-id');
    await saved.locator('[data-action=publish]').click();
    await page.locator(`article[data-post-id="${postId}"][data-status=published]`).waitFor();
    const visitor = await openPage(browser, { locale: l.locale });
    await visitor.goto(l.blog);
    await waitHydrated(visitor);
    await visitor.locator(`a[href="${l.blog}/${slug}"]`).first().click();
    await visitor.locator('h1', { hasText: title }).waitFor();
    assert.ok(visitor.url().endsWith(`/${slug}`), `the post's address: ${visitor.url()}`);
    assert.equal((await fetch(`${BASE_URL}${l.blog}/${slug}`)).status, 200, 'the new post is a page of the site, not a 404');

    // 6. Staff raise professional translation's rate; the public calculator prices with it.
    const original = await admin.call('GET', 'orders/prices');
    const estimate = async () =>
      (await customer.call('POST', 'orders/estimate', { service: 'professional-translation', sourceLanguage: lang, targetLanguages: [lang === 'tr' ? 'en' : 'tr'], quantity: 10_000, currency: 'USD' })).total.amount;
    const before = await estimate();
    try {
      await page.goto(l.section(seg.prices));
      await waitHydrated(page);
      // The services' own rates are the editor's Services tab (the pairs' table is the first).
      await page.locator('[data-testid=price-editor] [role=tab][data-tab=services]').click();
      const rate = page.locator('[data-service="professional-translation"] input').first();
      const was = Number((await rate.inputValue()).replace(',', '.'));
      const raised = Math.round(was * 2 * 10_000) / 10_000;
      await rate.fill(String(raised).replace('.', lang === 'tr' ? ',' : '.'));
      await page.locator('[data-testid=price-editor] [data-action=save]').click();
      await page.locator('[data-testid=price-confirm] [data-action=confirm]').click();
      await until('the new price list is in use', async () => (await estimate()) > before);
      const calc = await openPage(browser, { locale: l.locale });
      await calc.goto(l.home);
      await waitHydrated(calc);
      const words = calc.locator('[data-testid=price-calculator] input[name=quantity]');
      await words.fill('10000');
      await calc.waitForFunction(() => {
        const r = document.querySelector('.calculator__result');
        return r?.dataset.state === 'done' && r.querySelector('.calculator__price')?.dataset.amount;
      });
      const shown = Number(await calc.locator('.calculator__price').getAttribute('data-amount'));
      assert.equal(shown, await estimate(), 'the calculator shows the raised price');
      assert.ok(shown > before, `the calculator's ${shown} is above the old ${before}`);
      await calc.context().close();

      // 7. Every action of the day is in the audit log, each on its object's history.
      await auditShows(page, l, lang, 'billing', `transfer:${transfer.id}`, 'transfer.confirm');
      await auditShows(page, l, lang, 'orders', `order:${order.id}`, 'order.assign');
      await auditShows(page, l, lang, 'translators', `application:${application.id}`, 'application.approve');
      await auditShows(page, l, lang, 'translators', `ticket:${ticket.id}`, 'ticket.reply');
      await auditShows(page, l, lang, 'catalog', `post:${postId}`, 'post.publish');
      await auditShows(page, l, lang, 'orders', '', 'price_list.update');
    } finally {
      await admin.call('PUT', 'orders/admin/prices', original);
    }
    assert.deepEqual(page.problems, [], 'no console errors in the back office');
    assert.deepEqual(visitor.problems, [], 'no console errors on the public blog');
    await visitor.context().close();
    await page.context().close();
  });
}
