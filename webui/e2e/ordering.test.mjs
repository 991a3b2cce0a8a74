// Ordering as a visitor, in both languages, against the running stack (svc-orders API.md): the
// wizard for professional translation, a .docx the test writes itself with a known number of
// words, the count and the live price with KDV, registering inline without leaving the wizard, the
// quote, approving it after entering the billing details (Turkish: an individual in Turkey, KDV
// added; English: an individual billed abroad, no KDV, the preview following the country chosen),
// and the new order in the customer panel awaiting payment; then paying its invoice
// by card at the payment provider's stand-in (svc-billing API.md), coming back to the invoice
// paid and the order in progress, and downloading the invoice's PDF.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { BASE_URL, launch, openPage, waitHydrated, until } from './browser.mjs';
import { docxWithWords } from './docx.mjs';
import { formatMoney } from '../src/lib/format.js';
import { pdfBytesText } from './mail-check.mjs';

const stamp = `${Date.now()}-${process.pid}`;
const PASSWORD = `Mavi-Kelebek-${stamp}`;

const L = {
  tr: {
    locale: 'tr-TR',
    wizard: '/tr/siparis/profesyonel-tercume',
    orderPath: /^\/tr\/hesabim\/siparislerim\/[^/]+$/,
    orders: '/tr/hesabim/siparislerim',
    source: 'Kaynak dil',
    addTarget: 'Hedef dil ekleyin',
    targets: ['en'],
    files: [{ name: 'sozlesme.docx', words: 250 }],
    brief: 'Lütfen hukuki terimleri aynen koruyun.',
    submit: 'Teklif alın',
    name: 'Ayşe Yılmaz',
    awaiting: 'Ödeme bekleniyor',
    pending: 'Onay bekliyor',
    approved: 'Onaylandı',
    approve: 'Onayla ve siparişi ver',
    continue: 'Devam et: sözleşme',
    contractTitles: ['Ön Bilgilendirme Formu', 'Mesafeli Hizmet Sözleşmesi'],
    tickToApprove: 'Onaylamak için bu kutuyu işaretleyin.',
    startNow: 'Çalışmanın hemen başlamasını istiyorum ve bu durumda cayma hakkımı kaybedeceğimi biliyorum.',
    contractPdf: 'Sözleşmeyi indir (PDF)',
    pdfWords: ['SÖZLEŞME', 'Kabul zamanı', '(İstanbul saati)'],
    delivery: /3-5 iş günü/,
    invoicePath: (id) => `/tr/hesabim/fatura-bilgileri/faturalar/${id}`,
    invoiceTitle: 'Fatura',
    vat: 'KDV %20',
    // The billing details the customer enters before approving: an individual in Turkey.
    billing: { type: 'individual', country: 'TR', fullName: 'Ayşe Yılmaz', tckn: '10000000146', address: 'Moda Cad. 12 D:3', city: 'İstanbul', postcode: '34710' },
    abroad: false,
    inProgress: 'Ödendi, çevirmen atanıyor',
  },
  en: {
    locale: 'en-US',
    wizard: '/en/order/professional-translation',
    orderPath: /^\/en\/account\/orders\/[^/]+$/,
    orders: '/en/account/orders',
    source: 'Source language',
    addTarget: 'Add a target language',
    targets: ['tr', 'de'],
    // Two documents: the second upload must carry the token the first one answered with.
    files: [
      { name: 'contract.docx', words: 317 },
      { name: 'appendix.docx', words: 45 },
    ],
    brief: 'Please keep the legal terms exactly as they are.',
    submit: 'Get my quote',
    name: 'Jane Doe',
    awaiting: 'Awaiting payment',
    pending: 'Awaiting approval',
    approved: 'Approved',
    approve: 'Approve and place the order',
    continue: 'Continue to the contract',
    contractTitles: ['Pre-contract Information Form', 'Distance Sales Contract'],
    tickToApprove: 'Tick this box to approve.',
    startNow: 'I want the work to start now and know I then lose my right of withdrawal.',
    contractPdf: 'Download the contract (PDF)',
    pdfWords: ['CONTRACT', 'Accepted at', '(Istanbul time)'],
    delivery: /3-5 business days/,
    invoicePath: (id) => `/en/account/billing-info/invoices/${id}`,
    invoiceTitle: 'Invoice',
    vat: 'Exempt from Turkish VAT (export of services, VAT Law art. 11/1-a)',
    // An individual billed abroad: no Turkish VAT, the export exemption on the invoice.
    billing: { type: 'individual', country: 'GB', fullName: 'Jane Doe', taxId: 'GB123456789', address: '221B Baker Street', city: 'London', postcode: 'NW1 6XE' },
    abroad: true,
    inProgress: 'Paid, finding a translator',
  },
};

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** estimate asks svc-orders directly (no browser) what a typed word count costs. */
async function estimate(body, lang) {
  const res = await fetch(`${BASE_URL}/api/v1/orders/estimate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': lang },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200, `estimate ${JSON.stringify(body)}`);
  return res.json();
}


/** apiGet asks the API as the page's signed-in user (the context's cookies). */
async function apiGet(page, path, lang) {
  const res = await page.request.get(`/api/v1/${path}`, { headers: { Accept: 'application/json', 'Accept-Language': lang } });
  return { status: res.status(), body: res.status() === 200 ? await res.json() : null };
}

// The year of an invoice number is the issue date's in Turkey (UTC+3).
const turkishYear = () => new Date(Date.now() + 3 * 3600_000).getUTCFullYear();

const token = (page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('linguaport.orders.uploadToken') ?? 'null')?.token ?? null);

for (const lang of ['tr', 'en']) {
  const l = L[lang];

  test(`${lang}: a visitor orders with an uploaded .docx, registers inline, approves the quote, pays the invoice by card on the provider's page, sees the order in progress and downloads the invoice`, async () => {
    const page = await openPage(browser, { locale: l.locale });
    const calls = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/v1/orders/')) calls.push({ method: req.method(), path: url.pathname, headers: req.headers(), body: req.method() === 'POST' && !url.pathname.endsWith('/files') ? req.postDataJSON() : null });
    });
    await page.goto(l.wizard);
    await waitHydrated(page);
    const wizard = page.locator('[data-testid=order-wizard]');
    await wizard.waitFor();

    // Languages: the page's language as the source, the targets chosen one by one.
    await wizard.getByLabel(l.source).selectOption(lang);
    const chosen = wizard.locator('[data-testid=target-languages] [data-language]');
    for (const code of await chosen.evaluateAll((els) => els.map((e) => e.dataset.language))) {
      await wizard.locator(`[data-testid=target-languages] [data-language=${code}] button`).click();
    }
    for (const code of l.targets) await wizard.getByLabel(l.addTarget).selectOption(code);
    assert.deepEqual(await chosen.evaluateAll((els) => els.map((e) => e.dataset.language)), l.targets);

    // Documents with a known number of words, each uploaded with a progress bar and counted.
    const fileIds = [];
    let uploadToken = null;
    for (const f of l.files) {
      const before = calls.length;
      await page.setInputFiles('[data-testid=file-input]', { name: f.name, mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: docxWithWords(f.words) });
      const upload = wizard.locator('.upload[data-status=done]').filter({ hasText: f.name });
      await upload.waitFor();
      assert.equal((await upload.locator('[data-count=words]').textContent()).trim(), String(f.words));
      assert.match(await upload.locator('.upload__preview').textContent(), /worda0 wordb1/);
      fileIds.push(await upload.getAttribute('data-file-id'));
      const sent = calls.slice(before).find((c) => c.path === '/api/v1/orders/files');
      assert.equal(sent.headers['x-upload-token'], uploadToken ?? undefined, `${f.name} carries the token of the first upload`);
      const kept = await token(page);
      assert.ok(kept, 'the visitor keeps the upload token for the tab');
      if (uploadToken) assert.equal(kept, uploadToken, 'the token stays the same across uploads');
      uploadToken = kept;
    }
    assert.equal(new Set(fileIds).size, l.files.length, 'each counted file carries its own id');
    const words = l.files.reduce((n, f) => n + f.words, 0);

    // The live price: what svc-orders asks for that many words, in the display currency.
    const result = page.locator('[data-testid=order-price] .order-summary__result');
    await page.waitForFunction(() => {
      const r = document.querySelector('[data-testid=order-price] .order-summary__result');
      return r?.dataset.state === 'done' && r.querySelector('.order-summary__total').dataset.amount;
    });
    const shown = {
      amount: Number(await result.locator('.order-summary__total').getAttribute('data-amount')),
      currency: await result.locator('.order-summary__total').getAttribute('data-currency'),
      text: (await result.locator('.order-summary__total').textContent()).trim(),
    };
    const asked = calls.filter((c) => c.path === '/api/v1/orders/estimate').at(-1).body;
    assert.deepEqual(asked.fileIds, fileIds);
    assert.equal(asked.uploadToken, uploadToken);
    assert.equal(asked.quantity, undefined, 'files, not a quantity');
    assert.deepEqual(asked.targetLanguages, l.targets);
    const expected = await estimate({ service: 'professional-translation', sourceLanguage: lang, targetLanguages: l.targets, quantity: words, urgency: 'normal', addOns: [], currency: shown.currency }, lang);
    assert.equal(shown.amount, expected.total.amount, `the page shows ${shown.text}, ${words} words cost ${expected.total.formatted}`);
    assert.equal(shown.text, expected.total.formatted);
    assert.deepEqual(await result.locator('.order-summary__lines tr').evaluateAll((rows) => rows.map((r) => r.dataset.target)), l.targets, 'a line per target language');
    assert.match(await result.locator('.order-summary__delivery').textContent(), l.delivery);
    // Beside it, net, KDV and the total to pay for a visitor (billed in Turkey until they say
    // otherwise, which the note tells), as the invoice will compute them: once on the total, half up.
    const visitorVat = Math.floor((shown.amount * 20 + 50) / 100);
    await page.waitForFunction((net) => document.querySelector('[data-testid=order-price] [data-testid=price-breakdown][data-state=done] [data-line=net] dd')?.dataset.amount === String(net), shown.amount);
    const estimateBreakdown = result.locator('[data-testid=price-breakdown][data-basis=default]');
    const line = (box, kind) => box.locator(`[data-line=${kind}] dd`).getAttribute('data-amount').then(Number);
    assert.deepEqual([await line(estimateBreakdown, 'net'), await line(estimateBreakdown, 'vat'), await line(estimateBreakdown, 'total')], [shown.amount, visitorVat, shown.amount + visitorVat]);
    assert.equal(await estimateBreakdown.locator('[data-note]').getAttribute('data-note'), 'default');

    // The brief, then the quote: a visitor registers without leaving the wizard.
    await wizard.locator('textarea[name=brief]').fill(l.brief);
    await page.getByRole('button', { name: l.submit }).click();
    const signIn = page.locator('[data-testid=order-sign-in]');
    await signIn.waitFor();
    assert.equal(await signIn.locator('h2').evaluate((h) => h === document.activeElement), true, 'focus moves to the sign-in step');
    const form = signIn.locator('[data-testid=register-form]');
    const email = `e2e-order-${lang}-${stamp}@example.com`;
    await form.locator('input[name=fullName]').fill(`${l.name} ${stamp.slice(-4)}`);
    await form.locator('input[name=email]').fill(email);
    await form.locator('input[name=password]').fill(PASSWORD);
    await form.locator('input[name=confirmPassword]').fill(PASSWORD);
    await form.locator('input[name=acceptTerms]').check();
    await form.locator('button[type=submit]').click();

    // The quote is created from the same draft, on the same page.
    const quote = page.locator('[data-testid=order-quote] [data-testid=quote]');
    await quote.waitFor();
    assert.equal(new URL(page.url()).pathname, l.wizard, 'still on the wizard');
    assert.equal(await quote.getAttribute('data-status'), 'pending');
    assert.equal((await quote.locator('.status').first().textContent()).trim(), l.pending);
    const created = calls.find((c) => c.method === 'POST' && c.path === '/api/v1/orders/quotes').body;
    assert.deepEqual(created.fileIds, fileIds, 'the uploaded files survived signing up');
    assert.equal(created.uploadToken, uploadToken);
    assert.deepEqual(created.targetLanguages, l.targets);
    assert.equal(created.sourceLanguage, lang);
    assert.equal(created.brief, l.brief);
    assert.equal(Number(await quote.locator('.price-table__total').getAttribute('data-amount')), shown.amount, 'the quote costs what the estimate said');
    assert.ok((await quote.textContent()).includes(l.brief));
    assert.equal(await token(page), null, 'the token is spent once the quote owns the files');

    // Approving asks first for the billing details the invoice is issued with: a new customer
    // has none, so the form is inline, and the price with KDV follows the country chosen.
    const billing = quote.locator('[data-testid=billing-confirm][data-mode=form]');
    await billing.waitFor();
    const details = billing.locator('[data-testid=billing-form]');
    await details.locator(`input[name=type][value=${l.billing.type}]`).check();
    await details.locator('select[name=country]').selectOption(l.billing.country);
    for (const name of ['fullName', 'tckn', 'taxId', 'address', 'city', 'postcode']) {
      if (l.billing[name]) await details.locator(`input[name=${name}]`).fill(l.billing[name]);
    }
    await details.locator('input[name=email]').fill(`fatura-${lang}-${stamp}@example.com`);
    const preview = quote.locator(`[data-testid=price-breakdown][data-state=done][data-basis=country][data-country=${l.billing.country}]`);
    await preview.waitFor();
    assert.equal(await preview.getAttribute('data-in-turkey'), String(!l.abroad));
    const vatShown = await line(preview, 'vat');
    const totalShown = await line(preview, 'total');
    assert.equal(vatShown, l.abroad ? 0 : visitorVat, l.abroad ? 'no KDV for a customer billed abroad' : 'KDV 20 % in Turkey');
    assert.equal(totalShown, shown.amount + vatShown);

    // Its button saves the details and goes on to the contract: the pre-contract information and
    // the distance-sales contract, filled with the customer and the price, and two boxes nobody
    // ticked. Approving is refused beside each box left empty, and nothing is sent, until both are.
    await quote.getByRole('button', { name: l.continue }).click();
    const contract = quote.locator('[data-testid=contract][data-kind=consumer]');
    await contract.waitFor();
    const texts = await contract.locator('[data-testid=contract-texts]').textContent();
    // Documents write money with the currency's code: "1.234,56 TRY", "1,234.56 USD".
    const documentMoney = `${new Intl.NumberFormat(l.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(totalShown / 100)} ${shown.currency}`;
    for (const w of [...l.contractTitles, l.billing.fullName, documentMoney]) assert.ok(texts.includes(w), `the contract names ${w}`);
    const boxes = contract.locator('input[type=checkbox]');
    assert.equal(await boxes.count(), 2);
    for (const box of await boxes.all()) assert.equal(await box.isChecked(), false, 'no box is ticked beforehand');
    const approvals = () => calls.filter((c) => c.method === 'POST' && c.path.endsWith('/approve')).length;
    await contract.getByRole('button', { name: l.approve }).click();
    await until('both boxes say they must be ticked', async () => (await contract.locator('.field__error').allTextContents()).filter((e) => e.trim() === l.tickToApprove).length === 2);
    await contract.getByLabel(l.startNow).check();
    await contract.getByRole('button', { name: l.approve }).click();
    await until('only the box left empty says so', async () => (await contract.locator('.field__error').count()) === 1);
    assert.equal(approvals(), 0, 'nothing was approved with a box left empty');
    assert.equal((await apiGet(page, `orders/quotes/${await quote.getAttribute('data-quote-id')}`, lang)).body.status, 'pending');
    await contract.locator('input[name=accept]').check();
    // Approving opens the new order in the panel, awaiting payment.
    await contract.getByRole('button', { name: l.approve }).click();
    await page.waitForURL((u) => l.orderPath.test(u.pathname));
    const detail = page.locator('[data-testid=order-detail]');
    await detail.waitFor();
    assert.equal(await detail.getAttribute('data-status'), 'awaiting_payment');
    assert.ok((await detail.locator('.order-status').textContent()).includes(l.awaiting));
    assert.equal((await detail.locator('[data-testid=order-history] li').first().locator('.timeline__status').textContent()).trim(), l.awaiting);
    for (const f of l.files) assert.equal(await detail.locator('.file-list a', { hasText: f.name }).count(), 1, `${f.name} is listed with its download link`);
    const orderId = new URL(page.url()).pathname.split('/').pop();

    // The accepted contract is kept with the order: its PDF names the order, the price and the
    // moment it was accepted, in the language it was accepted in.
    const sent = calls.find((c) => c.method === 'POST' && c.path.endsWith('/approve')).body.contract;
    assert.deepEqual(sent.consents, { accept: true, startNow: true });
    const kept = (await apiGet(page, `orders/orders/${orderId}/contract`, lang)).body;
    const { number } = (await apiGet(page, `orders/orders/${orderId}`, lang)).body;
    assert.equal(kept.digest, sent.digest, 'the text kept is the text read');
    const link = detail.locator('[data-testid=order-contract] a[data-pdf=contract]');
    assert.equal((await link.textContent()).trim(), l.contractPdf);
    const pdf = await page.request.get(await link.getAttribute('href'));
    assert.equal(pdf.status(), 200);
    const pdfText = (await pdfBytesText(Buffer.from(await pdf.body()))).replace(/\s+/g, ' ');
    const acceptedUtc = kept.acceptedAt.replace(/\.\d+Z$/, 'Z');
    const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Istanbul' }).format(new Date(kept.acceptedAt));
    for (const w of [...l.pdfWords, number, kept.total, acceptedUtc, clock, l.startNow]) {
      assert.ok(pdfText.includes(w), `the contract's PDF names ${w}`);
    }

    // The orders list shows it too, and the approved quote.
    await page.locator('.back-link a').click();
    await page.waitForURL((u) => u.pathname === l.orders);
    const row = page.locator(`[data-testid=orders] tr[data-order-id="${orderId}"]`);
    await row.waitFor();
    assert.ok((await row.textContent()).includes(l.awaiting));
    assert.equal((await page.locator(`[data-testid=quotes] .quote-row .status`).first().textContent()).trim(), l.approved);

    await payByCard(page, l, lang, { orderId, net: shown.amount, currency: shown.currency, total: totalShown });

    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}

/**
 * payByCard goes from the order awaiting payment to its invoice, pays it at the payment
 * provider's hosted page, comes back to the invoice paid with the order in progress, and
 * downloads the invoice's PDF in the page's language.
 */
async function payByCard(page, l, lang, { orderId, net, currency, total }) {
  // svc-billing issues the invoice from quote.approved, a moment after the approval.
  const invoiceId = await until('the invoice is issued', async () => (await apiGet(page, 'billing/invoices', lang)).body?.invoices?.find((i) => i.orderId === orderId)?.id);
  const { body: issued } = await apiGet(page, `billing/invoices/${invoiceId}`, lang);

  await page.locator(`[data-testid=orders] tr[data-order-id="${orderId}"] th a`).click();
  const detail = page.locator(`[data-testid=order-detail][data-order-id="${orderId}"]`);
  await detail.waitFor();
  // The order's page shows its invoice: number, the total with KDV (as shown before approving), waiting for payment.
  const billed = detail.locator(`[data-testid=order-invoice][data-invoice-id="${invoiceId}"][data-status=pending]`);
  await billed.waitFor();
  assert.equal(Number(await billed.locator('[data-total=total] dd').getAttribute('data-amount')), total);
  assert.ok((await billed.textContent()).includes(issued.number));
  await detail.locator('[data-testid=pay-now]').click();
  await page.waitForURL((u) => u.pathname === l.invoicePath(invoiceId));

  // The invoice: its number, VAT on the net (half up, once on the total) and the total.
  const invoice = page.locator(`[data-testid=invoice][data-invoice-id="${invoiceId}"]`);
  await invoice.waitFor();
  assert.equal(await invoice.getAttribute('data-status'), 'pending');
  const number = (await invoice.locator('h1').textContent()).trim().slice(l.invoiceTitle.length + 1);
  assert.match(number, new RegExp(`^LPA${turkishYear()}\\d{9}$`));
  assert.equal(number, issued.number);
  assert.equal(issued.currency, currency);
  // KDV 20 % on the quote's total for a customer billed in Turkey; none abroad.
  const vat = l.abroad ? 0 : Math.floor((net * 20 + 50) / 100);
  assert.deepEqual(issued.totals, { net, vat, total: net + vat }, 'the invoice carries what the quote showed');
  assert.equal(issued.totals.total, total);
  assert.equal(issued.inTurkey, !l.abroad);
  assert.equal(issued.details.country, l.billing.country);
  const shown = (k) => invoice.locator(`tfoot tr[data-total=${k}] td`).first().textContent();
  const fmt = (amount) => formatMoney(amount, currency, lang, issued.decimals);
  assert.equal((await invoice.locator('tfoot tr[data-total=vat] th').textContent()).trim(), l.vat);
  assert.equal((await shown('vat')).trim(), fmt(vat));
  assert.equal((await shown('net')).trim(), fmt(net));
  assert.equal((await shown('total')).trim(), fmt(net + vat));

  // Pay by card: the browser goes to the provider's hosted page, the address the API answered.
  // (The answer is read on its way to the page: the page leaves before its body could be asked for.)
  let answered;
  const payUrl = `**/api/v1/billing/invoices/${invoiceId}/pay`;
  await page.route(payUrl, async (route) => {
    const response = await route.fetch();
    answered = { status: response.status(), body: await response.json() };
    await route.fulfill({ response });
  });
  await invoice.locator('[data-testid=pay] button[data-method=card]').click();
  const site = new URL(BASE_URL).origin;
  await page.waitForURL((u) => u.origin !== site);
  await page.unroute(payUrl);
  assert.equal(answered?.status, 200);
  const { checkoutUrl } = answered.body;
  assert.ok(checkoutUrl, 'a card payment answers the provider\'s page');
  const provider = new URL(page.url());
  assert.equal(provider.origin, new URL(checkoutUrl).origin, 'the browser is at the provider named by checkoutUrl');
  assert.equal(provider.href, checkoutUrl);
  assert.ok((await page.locator('main table').textContent()).includes(number), 'the provider\'s page names the invoice');

  // Its Pay button sends the browser back to the invoice, which asks about the session and settles.
  const asked = [];
  const onRequest = (req) => {
    const u = new URL(req.url());
    if (u.pathname === `/api/v1/billing/invoices/${invoiceId}` && u.searchParams.get('session')) asked.push(u.searchParams.get('session'));
  };
  page.on('request', onRequest);
  // The provider may ask for the receipt's e-mail address (the billing details carry one).
  const receipt = page.locator('form input[name=email]');
  if (await receipt.isEditable()) await receipt.fill(`receipt-${lang}-${stamp}@example.com`);
  await page.locator('form button[name=action][value=pay]').click();
  await page.waitForURL((u) => u.origin === site && u.pathname === l.invoicePath(invoiceId), { waitUntil: 'commit' });
  const paid = page.locator('[data-testid=checkout-paid]');
  await paid.waitFor({ timeout: 30_000 });
  await page.locator(`[data-testid=invoice][data-invoice-id="${invoiceId}"][data-status=paid]`).waitFor();
  assert.ok(asked.length >= 1, 'the return page asked the server about the checkout session');
  // The order moves on when svc-orders reads invoice.paid: the notice follows it (it polls ~20 s).
  // The badge says the finer state (paid, finding a translator), grouped as spec §4's in progress.
  await page.waitForFunction(() => {
    const s = document.querySelector('[data-testid=checkout-paid] .order-status');
    return s?.querySelector('[data-kind=order][data-status=in_progress][data-display=in_progress]');
  }, null, { timeout: 25_000 });
  assert.equal((await paid.locator('.order-status').textContent()).trim(), l.inProgress);
  assert.equal((await apiGet(page, `orders/orders/${orderId}`, lang)).body.status, 'in_progress');
  await page.waitForURL((u) => !u.searchParams.has('checkout') && !u.searchParams.has('session'));
  assert.equal(new URL(page.url()).pathname, l.invoicePath(invoiceId));
  page.off('request', onRequest);

  // Settled means quiet: no reload, no navigation and no more questions for a while.
  const navigations = [];
  const requests = [];
  const onNav = (frame) => frame === page.mainFrame() && navigations.push(frame.url());
  // The API only: the page's late extras (the live support corner's code, loaded once idle) may
  // still arrive.
  const onReq = (req) => new URL(req.url()).pathname.startsWith('/api/') && requests.push(req.url());
  page.on('framenavigated', onNav);
  page.on('request', onReq);
  await new Promise((r) => setTimeout(r, 3500));
  page.off('framenavigated', onNav);
  page.off('request', onReq);
  assert.deepEqual(navigations, [], 'the invoice page does not navigate again once settled');
  assert.deepEqual(requests, [], 'nor keeps asking the server');

  // The PDF in the page's language, named after the invoice.
  const link = page.locator(`[data-testid=invoice] a[data-pdf=${lang}]`);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  assert.equal(download.suggestedFilename(), `${number}-${lang}.pdf`);
  const pdf = await readFile(await download.path());
  assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
  const res = await page.request.get(await link.getAttribute('href'));
  assert.equal(res.status(), 200);
  assert.equal(res.headers()['content-type'], 'application/pdf');
  assert.ok(res.headers()['content-disposition'].includes(`${number}-${lang}.pdf`), res.headers()['content-disposition']);
}

// Signing in through a provider leaves the page: the visitor asked for the quote, went away and
// came back signed in. The wizard sends the quote without a second click. (make up configures no
// provider, so the round trip is a registration in the same browser followed by a reload, which
// is what the provider's redirect back amounts to.)
test('tr: a quote asked for before leaving to sign in is sent when the visitor comes back signed in', async () => {
  const page = await openPage(browser, { locale: 'tr-TR' });
  await page.goto('/tr/siparis/profesyonel-tercume');
  await waitHydrated(page);
  const wizard = page.locator('[data-testid=order-wizard]');
  await wizard.getByLabel('Miktarı kendim gireceğim').check();
  await wizard.locator('input[name=quantity]').fill('1200');
  await page.getByRole('button', { name: 'Teklif alın' }).click();
  await page.locator('[data-testid=order-sign-in]').waitFor();

  const email = `e2e-roundtrip-${stamp}@example.com`;
  const res = await page.request.post('/api/v1/auth/register', {
    headers: { Origin: BASE_URL },
    data: { fullName: 'Dönen Ziyaretçi', email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
  });
  assert.equal(res.status(), 201);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/orders/quotes') && r.request().method() === 'POST');
  // On a busy machine the session check can answer before the catalogue's list of services the
  // wizard waits for, so the wizard starts out signed in: it must send the quote then too.
  await page.route('**/api/v1/catalog/services', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.reload();
  assert.equal((await created).status(), 201, 'the quote is sent by itself');
  const quote = page.locator('[data-testid=order-quote] [data-testid=quote]');
  await quote.waitFor();
  assert.equal(await quote.getAttribute('data-status'), 'pending');
  // Once sent, it is not asked for again on the next visit.
  await page.unrouteAll();
  await page.reload();
  await waitHydrated(page);
  assert.equal(await page.evaluate(() => JSON.parse(sessionStorage.getItem('linguaport.orders.draft')).wantsQuote), false);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
