// Ordering as a visitor, in both languages, against the running stack (svc-orders API.md): the
// wizard for professional translation, a .docx the test writes itself with a known number of
// words, the count and the live price, registering inline without leaving the wizard, the quote,
// approving it, and the new order in the customer panel awaiting payment.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launch, openPage, waitHydrated } from './browser.mjs';
import { docxWithWords } from './docx.mjs';

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
    delivery: /3-5 iş günü/,
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
    delivery: /3-5 business days/,
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

const token = (page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('linguaport.orders.uploadToken') ?? 'null')?.token ?? null);

for (const lang of ['tr', 'en']) {
  const l = L[lang];

  test(`${lang}: a visitor orders with an uploaded .docx, registers inline, approves the quote and sees the order awaiting payment`, async () => {
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

    // Approving opens the new order in the panel, awaiting payment.
    await quote.getByRole('button', { name: l.approve }).click();
    await page.waitForURL((u) => l.orderPath.test(u.pathname));
    const detail = page.locator('[data-testid=order-detail]');
    await detail.waitFor();
    assert.equal(await detail.getAttribute('data-status'), 'awaiting_payment');
    assert.ok((await detail.locator('.order-status').textContent()).includes(l.awaiting));
    assert.equal((await detail.locator('[data-testid=order-history] li').first().locator('.timeline__status').textContent()).trim(), l.awaiting);
    for (const f of l.files) assert.equal(await detail.locator('.file-list a', { hasText: f.name }).count(), 1, `${f.name} is listed with its download link`);
    const orderId = new URL(page.url()).pathname.split('/').pop();

    // The orders list shows it too, and the approved quote.
    await page.locator('.back-link a').click();
    await page.waitForURL((u) => u.pathname === l.orders);
    const row = page.locator(`[data-testid=orders] tr[data-order-id="${orderId}"]`);
    await row.waitFor();
    assert.ok((await row.textContent()).includes(l.awaiting));
    assert.equal((await page.locator(`[data-testid=quotes] .quote-row .status`).first().textContent()).trim(), l.approved);

    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
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
  await page.reload();
  assert.equal((await created).status(), 201, 'the quote is sent by itself');
  const quote = page.locator('[data-testid=order-quote] [data-testid=quote]');
  await quote.waitFor();
  assert.equal(await quote.getAttribute('data-status'), 'pending');
  // Once sent, it is not asked for again on the next visit.
  await page.reload();
  await waitHydrated(page);
  assert.equal(await page.evaluate(() => JSON.parse(sessionStorage.getItem('linguaport.orders.draft')).wantsQuote), false);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
