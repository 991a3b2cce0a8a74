// An order's whole life read from the mail capture (issue 24, "How it is checked"): a customer
// signs up in the browser and confirms the address from the welcome mail; staff revise the
// quote's price; the customer approves and the invoice mail carries a PDF whose figures are the
// invoice's; a bank transfer pays it from the balance (receipt, with the PDF now paid); staff give
// the job to a translator and move its expected date on the order's page in the browser; the
// translator delivers, the customer asks for a revision, the translator redelivers and the
// customer accepts. The customer, the billing address, the translator and the staff address
// each get their mails once, in their own language: a Turkish customer with an English
// translator, then the reverse. Every mail is checked by mail-check.mjs (parts, links, times,
// placeholders); amounts are the site's own formatMoney, which the invoice page shows too.
//
// SCREENSHOTS=<dir> saves at 1366 and 390 px the confirmation page, the staff's expected-date
// control and the capture's page of the invoice mail.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { BASE_URL, launch, openPage, shot, until, waitHydrated } from './browser.mjs';
import { ADMIN, BILLING_DETAILS, activateTranslator, applyAsTranslator, approveQuote, mails, resetLinkIn, session, signIn, turkeyDay } from './stack.mjs';
import { CAPTURE, calendarDay, checkMail, documentMoney, istanbulDate, istanbulDateTime, mailTo, pdfText, placeholders } from './mail-check.mjs';
import { staffPath } from '../src/config/paths.js';
import { formatMoney } from '../src/lib/format.js';

const stamp = `${Date.now()}-${process.pid}`;
const PASSWORD = `Posta-Yolculugu-${stamp}`;
const STAFF = 'operasyon@linguaport.com.tr'; // STAFF_MAIL_TO under devstack, in STAFF_MAIL_LANG tr

// What each reader's mails say and where they lead, in their language (svc-auth's mails_kinds*.go,
// svc-billing's invoices/mails.go, svc-translators' applications/mails.go).
const L = {
  tr: {
    locale: 'tr-TR',
    register: '/tr/kayit-ol',
    overview: '/tr/hesabim/genel-bakis',
    profile: '/tr/hesabim/kisisel-bilgiler',
    verify: '/tr/eposta-dogrula',
    reset: '/tr/parola-sifirla',
    activeJobs: '/tr/hesabim/aktif-islerim',
    jobPool: '/tr/hesabim/havuzdaki-isler',
    order: (id) => `/tr/hesabim/siparislerim/${id}`,
    quote: (id) => `/tr/hesabim/siparislerim/teklifler/${id}`,
    invoice: (id) => `/tr/hesabim/fatura-bilgileri/faturalar/${id}`,
    confirmed: 'E-posta adresiniz doğrulandı.',
    welcome: "LinguaPort'a hoş geldiniz",
    quoteReady: (n) => `Teklifiniz hazır: ${n}`,
    invoiceMail: (n) => `Faturanız: ${n}`,
    contractMail: (n) => `Sözleşmeniz: ${n} numaralı sipariş`,
    contractFile: (n) => `${n}-sozlesme-tr.pdf`,
    contractWords: 'Mesafeli Hizmet Sözleşmesi',
    receipt: (n) => `Ödemeniz alındı: ${n}`,
    assigned: (n) => `Çevirmeniniz işe başladı: ${n}`,
    dateMoved: (n) => `Teslim tarihiniz değişti: ${n}`,
    delivered: (n) => `Çeviriniz hazır: ${n}`,
    redelivered: (n) => `Düzeltilmiş çeviriniz hazır: ${n}`,
    completed: (n) => `Siparişiniz tamamlandı: ${n}`,
    applied: 'Tercüman başvurunuzu aldık',
    setPassword: "LinguaPort'a hoş geldiniz: parolanızı belirleyin",
    offers: (count) => `Havuzunuzda yeni işler var (${count})`,
    jobAssigned: (n) => `Size bir iş atandı: ${n}`,
    revisionAsked: (n) => `Düzeltme istendi: ${n}`,
    facts: {
      previous: 'Önceki tutar', revised: 'Yeni tutar', note: 'Not', was: 'Önceki tarih', now: 'Yeni tarih', reason: 'Gerekçe', due: 'Son teslim',
      number: 'Fatura no', issued: 'Fatura tarihi', net: 'Ara toplam', vat: (p) => `KDV %${p}`, total: 'Genel toplam', dueDate: 'Son ödeme tarihi',
      paid: 'Ödenen tutar', method: 'Ödeme yöntemi', balance: 'LinguaPort bakiyesi', paidAt: 'Ödeme zamanı',
    },
    pdf: { number: 'Numara', net: 'Ara toplam', vat: (p) => `KDV %${p}`, total: 'Genel toplam', status: 'Durum', unpaid: 'Ödeme bekleniyor', paid: 'Ödendi' },
    revisionNote: 'Belge beklediğimizden uzun çıktı; çevirmenimiz bir iş günü daha istiyor.',
    reason: 'Üçüncü paragraftaki "kira bedeli" yanlış çevrilmiş; lütfen düzeltin.',
    quoteNote: 'Terim sözlüğünüz hazır olduğu için fiyatı düşürdük.',
    name: 'Yolculuk Müşterisi',
    details: { ...BILLING_DETAILS.individual },
    currency: 'TRY',
  },
  en: {
    locale: 'en-US',
    register: '/en/register',
    overview: '/en/account/overview',
    profile: '/en/account/personal-info',
    verify: '/en/verify-email',
    reset: '/en/reset-password',
    activeJobs: '/en/account/active-jobs',
    jobPool: '/en/account/job-pool',
    order: (id) => `/en/account/orders/${id}`,
    quote: (id) => `/en/account/orders/quotes/${id}`,
    invoice: (id) => `/en/account/billing-info/invoices/${id}`,
    confirmed: 'Your e-mail address is confirmed.',
    welcome: 'Welcome to LinguaPort',
    quoteReady: (n) => `Your quote is ready: ${n}`,
    invoiceMail: (n) => `Your invoice ${n}`,
    contractMail: (n) => `Your contract for order ${n}`,
    contractFile: (n) => `${n}-contract-en.pdf`,
    contractWords: 'Commercial Terms of Service', // a company buying as one
    receipt: (n) => `Payment received: ${n}`,
    assigned: (n) => `Your translator has started: ${n}`,
    dateMoved: (n) => `Your delivery date has changed: ${n}`,
    delivered: (n) => `Your translation is ready: ${n}`,
    redelivered: (n) => `Your revised translation is ready: ${n}`,
    completed: (n) => `Your order is completed: ${n}`,
    applied: 'We received your translator application',
    setPassword: 'Welcome to LinguaPort: set your password',
    offers: (count) => `New jobs in your pool (${count})`,
    jobAssigned: (n) => `A job was assigned to you: ${n}`,
    revisionAsked: (n) => `Revision requested: ${n}`,
    facts: {
      previous: 'Previous price', revised: 'New price', note: 'Note', was: 'Was', now: 'Now', reason: 'Reason', due: 'Due',
      number: 'Invoice number', issued: 'Invoice date', net: 'Net', vat: (p) => `Turkish VAT ${p}%`, total: 'Total', dueDate: 'Due date',
      paid: 'Amount paid', method: 'Payment method', balance: 'LinguaPort balance', paidAt: 'Paid on',
    },
    pdf: { number: 'Number', net: 'Subtotal', vat: (p) => `VAT ${p}%`, total: 'Total', status: 'Status', unpaid: 'Awaiting payment', paid: 'Paid' },
    revisionNote: 'The document is longer than we expected; our translator needs one more working day.',
    reason: 'The third paragraph mistranslates "rent"; please correct it.',
    quoteNote: 'Your glossary is ready, so we lowered the price.',
    name: 'Journey Customer',
    details: { ...BILLING_DETAILS.company },
    currency: 'USD',
  },
};

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** fact asserts a mail's text says "label: value" on a line of its own. */
const fact = (mail, label, value) => assert.ok(mail.text.split('\n').includes(`${label}: ${value}`), `"${label}: ${value}" in:\n${mail.text}`);

/** newTranslator applies in lang as a Turkish → English translator, is approved, sets the mailed password and takes the pair. */
async function newTranslator(admin, lang) {
  const email = `yolculuk-cevirmen-${lang}-${stamp}@linguaport-test.com.tr`;
  const application = await applyAsTranslator({
    firstName: lang === 'tr' ? 'Defne' : 'Robin', lastName: 'Yolcu', email, phone: '+90 532 111 22 44', experienceYears: '7', education: 'Boğaziçi Üniversitesi, Çeviribilim',
  }, lang);
  checkMail(await mailTo(email, L[lang].applied), { to: email, lang, subject: L[lang].applied });
  await admin.call('POST', `translators/admin/applications/${application.id}/approve`);
  const welcome = await mailTo(email, L[lang].setPassword);
  const link = checkMail(welcome, { to: email, lang, subject: L[lang].setPassword, page: L[lang].reset });
  assert.equal(link, resetLinkIn(welcome, L[lang].reset));
  const { translator, id } = await activateTranslator(email, `Yolcu-Tercuman-${stamp}`, link, lang);
  return { translator, email, id, application };
}

/** deliver uploads a text file as the translator and delivers it. */
async function deliver(translator, orderID, name, text) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  const up = await fetch(`${BASE_URL}/api/v1/orders/files`, { method: 'POST', headers: { Cookie: translator.cookie, Origin: BASE_URL }, body: form });
  assert.equal(up.status, 201, 'the delivery is uploaded');
  return translator.call('POST', `orders/orders/${orderID}/deliver`, { fileIds: [(await up.json()).file.id], note: '' });
}

/** staffMailsAbout are the mails to the staff address whose text mentions what (an order number, an id). */
const staffMailsAbout = async (what) => (await mails(STAFF)).filter((m) => m.text.includes(what));

/** addDays is the n-th day after a "YYYY-MM-DD" day, in the same form; dayOfWeek of Sunday is 0. */
const addDays = (day, n) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86400_000).toISOString().slice(0, 10);
const dayOfWeek = (day) => new Date(`${day}T00:00:00Z`).getUTCDay();

for (const lang of ['tr', 'en']) {
  const tlang = lang === 'tr' ? 'en' : 'tr'; // the translator reads the other language
  const l = L[lang];
  const tl = L[tlang];

  test(`${lang}: the customer, the billing address, an ${tlang} translator and staff each get an order's mails once, in their language`, async () => {
    const started = Date.now();
    const admin = await session(ADMIN.email, ADMIN.password, { lang });
    const translating = newTranslator(admin, tlang); // meanwhile the customer signs up

    // 1. Sign-up in the browser: the welcome's link, absolute and in the customer's language,
    // confirms the address, and the account says so.
    const email = `yolculuk-${lang}-${stamp}@linguaport-test.com.tr`;
    const cPage = await openPage(browser, { locale: l.locale, viewport: { width: 1366, height: 900 } });
    await cPage.goto(l.register);
    await waitHydrated(cPage);
    const form = cPage.locator('[data-testid=register-form]');
    await form.locator('input[name=fullName]').fill(l.name);
    await form.locator('input[name=email]').fill(email);
    await form.locator('input[name=password]').fill(PASSWORD);
    await form.locator('input[name=confirmPassword]').fill(PASSWORD);
    await form.locator('input[name=acceptTerms]').check();
    await form.locator('button[type=submit]').click();
    await cPage.waitForURL((u) => u.pathname === l.overview);
    const welcome = await mailTo(email, l.welcome);
    const confirm = checkMail(welcome, { to: email, lang, subject: l.welcome, page: l.verify });
    assert.ok(new URL(confirm, BASE_URL).searchParams.get('token'), 'the link carries its token');
    await cPage.goto(confirm);
    await waitHydrated(cPage);
    await cPage.locator('[data-testid=verify-email][data-state=done]').waitFor();
    assert.ok((await cPage.textContent('main')).includes(l.confirmed));
    await shot(cPage, `mail-journey-${lang}-1-confirmed`, { top: true });
    await cPage.goto(l.profile);
    await waitHydrated(cPage);
    await cPage.locator('[data-testid=email-status][data-verified=true]').waitFor();

    // 2. A quote, its price revised by staff: the mail has both prices as the site writes them.
    const customer = await session(email, PASSWORD, { lang });
    const quote = await customer.call('POST', 'orders/quotes', {
      service: 'professional-translation', sourceLanguage: 'tr', targetLanguages: ['en'], quantity: 400, currency: l.currency, brief: `Posta yolculuğu ${lang}`,
    });
    const total = { amount: Math.round(quote.total.amount * 0.9), currency: quote.total.currency };
    await admin.call('POST', `orders/admin/quotes/${quote.id}/revise`, { total, note: l.quoteNote });
    const revised = await mailTo(email, l.quoteReady(quote.number));
    checkMail(revised, { to: email, lang, subject: l.quoteReady(quote.number), page: l.quote(quote.id) });
    fact(revised, l.facts.previous, formatMoney(quote.total.amount, total.currency, lang));
    fact(revised, l.facts.revised, formatMoney(total.amount, total.currency, lang));
    fact(revised, l.facts.note, l.quoteNote);

    // 3. Approved: the invoice goes to the billing address with its PDF, whose figures are the
    // invoice's as the API answers it.
    const billing = `yolculuk-fatura-${lang}-${stamp}@linguaport-test.com.tr`;
    const { order } = await approveQuote(customer, quote.id, { ...l.details, email: billing });
    const invoice = await until('the invoice is issued', async () => (await customer.call('GET', `billing/invoices?orderId=${order.id}`)).invoices.find((i) => i.number));
    assert.equal(invoice.totals.total, total.amount + invoice.totals.vat, 'the revised price plus KDV');
    const invoiceMail = await mailTo(billing, l.invoiceMail(invoice.number));
    const invoicePage = checkMail(invoiceMail, { to: billing, lang, subject: l.invoiceMail(invoice.number), page: l.invoice(invoice.id) });
    const money = (n) => formatMoney(n, invoice.currency, lang);
    fact(invoiceMail, l.facts.number, invoice.number);
    fact(invoiceMail, l.facts.issued, istanbulDate(invoice.issuedAt, lang));
    fact(invoiceMail, l.facts.net, money(invoice.totals.net));
    fact(invoiceMail, l.facts.vat(invoice.vatPercent), money(invoice.totals.vat));
    fact(invoiceMail, l.facts.total, money(invoice.totals.total));
    fact(invoiceMail, l.facts.dueDate, istanbulDate(invoice.dueAt, lang));
    assert.deepEqual(invoiceMail.attachments.map((a) => [a.name, a.contentType]), [[`${invoice.number}-${lang}.pdf`, 'application/pdf']]);
    // The PDF writes amounts as a document does: the site's number with the currency's code.
    const figures = async (mail, status) => {
      const text = await pdfText(mail.attachments[0].url);
      const doc = (n) => documentMoney(n, invoice.currency, lang);
      const row = (label) => text.match(new RegExp(`(?:^|\\s{2})${label}\\s{2,}(\\S+ [A-Z]{3})\\s*$`, 'm'))?.[1];
      assert.equal(text.match(new RegExp(`${l.pdf.number}\\s+(LPA\\d{13})`))?.[1], invoice.number, 'the PDF is the invoice');
      assert.deepEqual([row(l.pdf.net), row(l.pdf.vat(invoice.vatPercent)), row(l.pdf.total)], [doc(invoice.totals.net), doc(invoice.totals.vat), doc(invoice.totals.total)], `the PDF's figures:\n${text}`);
      assert.match(text, new RegExp(`${l.pdf.status}\\s+${status}`));
      assert.deepEqual(placeholders(text), [], 'no placeholder in the PDF');
    };
    await figures(invoiceMail, l.pdf.unpaid);
    // The mail's button opens the invoice, where the site writes the total as the mail does.
    await cPage.goto(invoicePage);
    const invoiceView = cPage.locator(`[data-testid=invoice][data-invoice-id="${invoice.id}"]`);
    await invoiceView.waitFor();
    assert.ok((await invoiceView.textContent()).includes(money(invoice.totals.total)), `the invoice page says ${money(invoice.totals.total)}`);
    const capture = await openPage(browser, { locale: l.locale, viewport: { width: 1366, height: 900 } });
    // The accepted contract goes to the same address, as a PDF (a durable medium), once.
    const contractMail = await mailTo(billing, l.contractMail(order.number));
    checkMail(contractMail, { to: billing, lang, subject: l.contractMail(order.number), page: l.order(order.id) });
    assert.deepEqual(contractMail.attachments.map((a) => [a.name, a.contentType]), [[l.contractFile(order.number), 'application/pdf']]);
    const contractText = await pdfText(contractMail.attachments[0].url);
    assert.ok(contractText.includes(order.number) && contractText.includes(l.contractWords), `the contract PDF:\n${contractText.slice(0, 600)}`);
    await capture.goto(`${CAPTURE}/messages/${invoiceMail.id}${lang === 'tr' ? '?lang=tr' : ''}`);
    await capture.getByText(invoice.number).first().waitFor();
    await shot(capture, `mail-journey-${lang}-2-invoice-mail`, { top: true });
    await capture.context().close();

    // 4. Paid from the balance after a declared bank transfer (staff are told of it): the
    // receipt, with the PDF now saying paid.
    const transfer = await customer.call('POST', 'billing/balance/transfers', {
      amount: { amount: invoice.totals.total, currency: invoice.currency }, sender: l.name, date: turkeyDay(-1), reference: `EFT-${quote.number}`,
    });
    assert.equal((await admin.call('POST', `billing/admin/transfers/${transfer.id}/confirm`)).status, 'confirmed');
    const { invoice: paid } = await customer.call('POST', `billing/invoices/${invoice.id}/pay`, { method: 'balance' }, { headers: { 'Idempotency-Key': randomUUID() } });
    assert.equal(paid.status, 'paid');
    const receipt = await mailTo(billing, l.receipt(invoice.number));
    checkMail(receipt, { to: billing, lang, subject: l.receipt(invoice.number), page: l.order(order.id) });
    fact(receipt, l.facts.paid, money(invoice.totals.total));
    fact(receipt, l.facts.method, l.facts.balance);
    fact(receipt, l.facts.paidAt, istanbulDateTime(paid.paidAt, lang));
    assert.equal(receipt.attachments.length, 1, 'the paid invoice attached');
    await figures(receipt, l.pdf.paid);
    const declared = await until('the staff mail of the transfer', async () => (await mails(STAFF)).find((m) => m.text.includes(`?q=${transfer.id}`)));
    checkMail(declared, { to: STAFF, lang: 'tr', subject: `Havale bildirildi: ${formatMoney(invoice.totals.total, invoice.currency, 'tr')}`, page: new RegExp(`^/tr/yonetim/havaleler\\?q=${transfer.id}$`) });
    await until('the order is paid', async () => (await customer.call('GET', `orders/orders/${order.id}`)).status === 'in_progress');

    // The translator applied and was approved meanwhile (staff were told).
    const { translator, email: tEmail, id: translatorID, application } = await translating;
    const applied = await until('the staff mail of the application', async () => (await staffMailsAbout(application.id))[0]);
    checkMail(applied, { to: STAFF, lang: 'tr', subject: 'Yeni tercüman başvurusu', page: `/tr/yonetim/basvurular/${application.id}` });

    // 5. Staff give the job to the translator and move its expected date, on the order's page.
    const sPage = await openPage(browser, { locale: l.locale, viewport: { width: 1366, height: 900 } });
    await signIn(sPage, lang === 'tr' ? '/tr/giris' : '/en/login', ADMIN.email, ADMIN.password);
    await sPage.goto(staffPath(lang, 'siparisler', order.id));
    const assign = sPage.locator('[data-testid=assign]');
    await assign.locator(`select option[value="${translatorID}"]`).waitFor({ state: 'attached', timeout: 30_000 });
    await assign.locator('select').selectOption(translatorID);
    await assign.locator('button[data-action=assign]').click();
    await sPage.locator(`article[data-order-id="${order.id}"][data-status=assigned]`).waitFor();
    const jobMail = await mailTo(tEmail, tl.jobAssigned(order.number));
    checkMail(jobMail, { to: tEmail, lang: tlang, subject: tl.jobAssigned(order.number), page: tl.activeJobs });
    const assignedMail = await mailTo(email, l.assigned(order.number));
    assert.equal(checkMail(assignedMail, { to: email, lang, subject: l.assigned(order.number), page: l.order(order.id) }), l.order(order.id));

    const control = sPage.locator('[data-testid=expected-date-form]');
    await control.waitFor();
    const before = (await admin.call('GET', `orders/admin/orders/${order.id}`)).expectedDate;
    assert.equal(await control.getAttribute('data-date'), before);
    // A Saturday is refused under the field in the page's language, as the API words it.
    let day = addDays(before, 1);
    while (dayOfWeek(day) !== 6) day = addDays(day, 1);
    const refusal = await admin.send('POST', `orders/admin/orders/${order.id}/expected-date`, { expectedDate: day, note: l.revisionNote });
    assert.equal(refusal.status, 400);
    const dateField = control.locator('input[name=expectedDate]');
    await dateField.fill(day);
    await control.locator('textarea[name=note]').fill(l.revisionNote);
    await control.locator('button[data-action=expected-date]').click();
    await control.locator('.field__error').filter({ hasText: refusal.body.error.fields.expectedDate }).waitFor();
    assert.equal(await dateField.getAttribute('aria-invalid'), 'true');
    await shot(sPage, `mail-journey-${lang}-3-staff-expected-date`, { top: true });
    // The next business day after that weekend (a public holiday is refused too, and skipped).
    let moved;
    for (day = addDays(day, 2); !moved; day = addDays(day, dayOfWeek(day) === 5 ? 3 : 1)) {
      await dateField.fill(day);
      const [answer] = await Promise.all([
        sPage.waitForResponse((r) => r.url().endsWith(`/orders/admin/orders/${order.id}/expected-date`) && r.request().method() === 'POST'),
        control.locator('button[data-action=expected-date]').click(),
      ]);
      if (answer.status() === 200) moved = await answer.json();
      else assert.equal((await answer.json()).error.fields?.expectedDate, refusal.body.error.fields.expectedDate, `${day} is a holiday`);
    }
    await control.locator('[role=status]').waitFor();
    assert.equal(await sPage.locator('[data-testid=expected-date-form]').getAttribute('data-date'), moved.expectedDate);
    const dateMail = await mailTo(email, l.dateMoved(order.number));
    checkMail(dateMail, { to: email, lang, subject: l.dateMoved(order.number), page: l.order(order.id) });
    fact(dateMail, l.facts.was, calendarDay(before, lang));
    fact(dateMail, l.facts.now, istanbulDateTime(moved.deadline, lang));
    assert.ok(istanbulDateTime(moved.deadline, lang).startsWith(calendarDay(moved.expectedDate, lang)), 'the new deadline is on the new day');
    fact(dateMail, l.facts.note, l.revisionNote);

    // 6. Delivered: the mail's link opens the order's page, where the customer asks for a revision.
    await deliver(translator, order.id, 'kira-sozlesmesi.txt', 'The lease agreement, translated.');
    const deliveredMail = await mailTo(email, l.delivered(order.number));
    const orderLink = checkMail(deliveredMail, { to: email, lang, subject: l.delivered(order.number), page: l.order(order.id) });
    await cPage.goto(orderLink);
    const detail = cPage.locator(`[data-testid=order-detail][data-order-id="${order.id}"]`);
    await detail.waitFor();
    assert.equal(await detail.getAttribute('data-status'), 'delivered');
    const revision = cPage.locator('[data-testid=revision-form]');
    await revision.locator('textarea').fill(l.reason);
    await revision.locator('button[type=submit]').click();
    await cPage.waitForFunction((id) => document.querySelector(`[data-testid=order-detail][data-order-id="${id}"]`)?.dataset.status === 'revision_requested', order.id);
    const onDesk = await translator.call('GET', `orders/orders/${order.id}`);
    const asked = await mailTo(tEmail, tl.revisionAsked(order.number));
    checkMail(asked, { to: tEmail, lang: tlang, subject: tl.revisionAsked(order.number), page: tl.activeJobs });
    fact(asked, tl.facts.reason, l.reason);
    fact(asked, tl.facts.due, istanbulDateTime(onDesk.revisionDue, tlang));
    const staffRevision = await until('the staff mail of the revision', async () => (await staffMailsAbout(order.number))[0]);
    checkMail(staffRevision, { to: STAFF, lang: 'tr', subject: `Düzeltme istendi: ${order.number}`, page: `/tr/yonetim/siparisler/${order.id}` });
    fact(staffRevision, 'Gerekçe', l.reason);

    await deliver(translator, order.id, 'kira-sozlesmesi-2.txt', 'The lease agreement, revised.');
    const again = await mailTo(email, l.redelivered(order.number));
    checkMail(again, { to: email, lang, subject: l.redelivered(order.number), page: l.order(order.id) });
    await customer.call('POST', `orders/orders/${order.id}/complete`);
    const completed = await mailTo(email, l.completed(order.number));
    checkMail(completed, { to: email, lang, subject: l.completed(order.number), page: l.order(order.id) });

    // The job entering the pool was offered to the translator by mail (optional, so with a
    // one-click unsubscribe), by svc-orders' sweep: SWEEP_EVERY, a minute under make up.
    const offer = await mailTo(tEmail, tl.offers(1), 75_000);
    checkMail(offer, { to: tEmail, lang: tlang, subject: tl.offers(1), page: tl.jobPool });
    assert.ok(offer.text.includes(order.number), 'the offer names the job');
    assert.match(offer.listUnsubscribe, /^<https?:\/\/[^>]+\/api\/v1\/auth\/unsubscribe\/[^>]+>$/);
    assert.equal(offer.listUnsubscribePost, 'List-Unsubscribe=One-Click');

    // 7. Each mail once: a redelivered event or a retried send would show here as a second copy.
    await new Promise((r) => setTimeout(r, 1500));
    const n = order.number;
    const subjects = async (to) => (await mails(to)).map((m) => m.subject).sort();
    assert.deepEqual(await subjects(email), [l.welcome, l.quoteReady(quote.number), l.assigned(n), l.dateMoved(n), l.delivered(n), l.redelivered(n), l.completed(n)].sort(), 'the customer’s mails');
    assert.deepEqual(await subjects(billing), [l.invoiceMail(invoice.number), l.contractMail(n), l.receipt(invoice.number)].sort(), 'the billing address’s mails');
    assert.deepEqual(await subjects(tEmail), [tl.applied, tl.setPassword, tl.offers(1), tl.jobAssigned(n), tl.revisionAsked(n)].sort(), 'the translator’s mails');
    for (const about of [application.id, transfer.id, n]) assert.equal((await staffMailsAbout(about)).length, 1, `one staff mail about ${about}`);

    // Read on a phone, every mail's HTML fits 390 px: long addresses, links and ids wrap.
    const phone = await openPage(browser, { locale: l.locale, viewport: { width: 390, height: 900 } });
    for (const to of [email, billing, tEmail]) {
      for (const m of await mails(to)) {
        await phone.goto(`${CAPTURE}/messages/${m.id}/html`);
        assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth <= 390), `"${m.subject}" fits a 390 px phone`);
      }
    }
    await phone.context().close();

    // The days refused on purpose are the only failed requests.
    const refusedDay = (m) => m.includes('status of 400') && m.includes(`/orders/admin/orders/${order.id}/expected-date`);
    assert.deepEqual(cPage.problems, []);
    assert.deepEqual(sPage.problems.filter((m) => !refusedDay(m)), []);
    for (const p of [cPage, sPage]) await p.context().close();
    console.log(`# ${lang}: the journey took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}
