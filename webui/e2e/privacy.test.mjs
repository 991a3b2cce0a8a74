// KVKK copies in the browser (svc-auth API.md "KVKK requests"), in both languages: a signed-in
// customer asks from Settings, the request is prepared by every service, the "ready" mail leads
// back to Settings where the ZIP downloads; a visitor asks through the form, confirms from the
// mailed link and downloads by the second mailed link; staff see the requests with their clocks.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launch, openPage, until, waitHydrated } from './browser.mjs';
import { ADMIN, mails, session, signIn } from './stack.mjs';

const stamp = `${Date.now()}-${process.pid}`;
const PASSWORD = `Veri-Kopyasi-${stamp}`;

const L = {
  tr: {
    locale: 'tr-TR',
    login: '/tr/giris',
    settings: '/tr/hesabim/ayarlar',
    form: '/tr/kvkk-basvurusu',
    staff: '/tr/yonetim/kvkk',
    ask: 'Verilerimin kopyasını iste',
    asked: 'Başvurunuz alındı. Kopya hazır olduğunda size e-posta göndereceğiz.',
    ready: 'Verilerinizin kopyası hazır',
    confirmMail: 'Kişisel veri başvurunuzu onaylayın',
    confirmed: 'Başvurunuz onaylandı ve işleme alındı.',
    readme: 'BENIOKU.txt',
    states: { open: 'Hazırlanıyor', ready: 'Hazır' },
    erasedMail: 'Verileriniz silindi',
    erased: 'Hesabınız kapatıldı ve verilerinizin silinmesi başladı.',
    wrongPassword: 'Parolanız hatalı; hesabınızın silinmesini parolanızla onaylayın.',
    tickToDelete: 'Silmek için bu kutuyu işaretleyin.',
    keptLine: 'Faturalar, iadeler ve e-Arşiv/e-Fatura belgeleri',
    paid: 'numaralı siparişinizin ödemesi alındı',
    ordersOpen: 'Devam eden siparişiniz var',
  },
  en: {
    locale: 'en-GB',
    login: '/en/login',
    settings: '/en/account/settings',
    form: '/en/data-request',
    staff: '/en/admin/data-requests',
    ask: 'Ask for a copy of my data',
    asked: 'We have your request. We will e-mail you when the copy is ready.',
    ready: 'The copy of your data is ready',
    confirmMail: 'Confirm your personal data request',
    confirmed: 'Your request is confirmed and under way.',
    readme: 'README.txt',
    states: { open: 'Being prepared', ready: 'Ready' },
    erasedMail: 'Your data has been erased',
    erased: 'Your account is closed and the erasure of your data has started.',
    wrongPassword: 'Your password is incorrect; confirm the erasure of your account with your password.',
    tickToDelete: 'Tick this box to delete.',
    keptLine: 'Invoices, refunds and their e-Arşiv/e-Fatura documents',
    paid: 'We received the payment for order',
    ordersOpen: 'You have orders in progress',
  },
};

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** linkIn is a mail's link to pathname, as a path and query to open on BASE_URL. */
function linkIn(mail, pathname) {
  const found = (mail.text || '').match(/https?:\/\/[^\s"<>]+/g)?.find((u) => new URL(u).pathname === pathname);
  assert.ok(found, `a ${pathname} link in "${mail.subject}"`);
  const u = new URL(found);
  return `${u.pathname}${u.search}`;
}

/** zipNames are the names a ZIP's central directory lists (enough to see its folders). */
function zipNames(buf) {
  assert.equal(buf.subarray(0, 2).toString(), 'PK', 'a ZIP');
  const names = [];
  for (let i = buf.indexOf('PK\x01\x02'); i >= 0; i = buf.indexOf('PK\x01\x02', i + 4)) {
    const len = buf.readUInt16LE(i + 28);
    names.push(buf.subarray(i + 46, i + 46 + len).toString('utf8'));
  }
  return names;
}

const mailFor = (to, subject) => until(`"${subject}" to ${to}`, async () => (await mails(to)).find((m) => m.subject === subject), 60_000);

for (const lang of ['tr', 'en']) {
  const l = L[lang];
  test(`${lang}: a customer asks for a copy in Settings, is mailed when it is ready and downloads one ZIP of every service's records`, async () => {
    const email = `kvkk-${lang}-${stamp}@example.com`;
    await session(email, PASSWORD, { register: 'Veri Sahibi', lang });
    const page = await openPage(browser, { locale: l.locale });
    await signIn(page, l.login, email, PASSWORD);
    await page.goto(l.settings);
    await waitHydrated(page);
    const section = page.locator('[data-testid=privacy-settings]');
    await section.getByRole('button', { name: l.ask }).click();
    await section.getByText(l.asked).waitFor();
    const row = section.locator('.privacy-requests li').first();
    await row.waitFor();
    const id = await row.getAttribute('data-request-id');
    assert.ok([l.states.open, l.states.ready].includes((await row.locator('.privacy-requests__state').textContent()).trim()));
    assert.equal(await section.getByRole('button', { name: l.ask }).isDisabled(), true, 'one request at a time');

    const ready = await mailFor(email, l.ready);
    await page.goto(linkIn(ready, l.settings));
    await waitHydrated(page);
    const marked = page.locator(`.privacy-requests li[data-request-id="${id}"][aria-current=true]`);
    await marked.waitFor();
    assert.equal((await marked.locator('.privacy-requests__state').textContent()).trim(), l.states.ready);
    const href = await marked.locator('[data-action=download-copy]').getAttribute('href');
    const res = await page.request.get(href);
    assert.equal(res.status(), 200);
    assert.equal(res.headers()['content-type'], 'application/zip');
    const names = zipNames(Buffer.from(await res.body()));
    assert.ok(names.includes(l.readme), `the readme in ${lang}: ${names}`);
    for (const folder of ['auth/', 'orders/', 'billing/', 'catalog/']) assert.ok(names.some((n) => n.startsWith(folder)), `${folder} in ${names}`);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  test(`${lang}: a visitor asks through the form, confirms from the mail and downloads the copy by the mailed link`, async () => {
    const email = `kvkk-visitor-${lang}-${stamp}@example.com`;
    const page = await openPage(browser, { locale: l.locale });
    await page.goto(l.form);
    await waitHydrated(page);
    const form = page.locator('[data-testid=data-request-form]');
    await form.locator('input[name=email]').fill(email);
    await form.locator('button[type=submit]').click();
    await page.locator('[data-testid=data-request-sent]').waitFor();
    const confirm = await mailFor(email, l.confirmMail);
    await page.goto(linkIn(confirm, l.form));
    await page.locator('[data-testid=data-request-confirm][data-state=done]').waitFor();
    assert.ok((await page.locator('[data-testid=data-request-confirm]').textContent()).includes(l.confirmed));
    const ready = await mailFor(email, l.ready);
    await page.goto(linkIn(ready, l.form));
    const href = await page.locator('[data-testid=data-request-download] [data-action=download-copy]').getAttribute('href');
    const res = await page.request.get(href);
    assert.equal(res.status(), 200);
    assert.ok(zipNames(Buffer.from(await res.body())).includes('auth/account.json'));
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}

for (const lang of ['tr', 'en']) {
  const l = L[lang];
  test(`${lang}: a customer deletes their account from Settings with their password; signed out, they are mailed what the law keeps`, async () => {
    const email = `kvkk-erase-${lang}-${stamp}@example.com`;
    const customer = await session(email, PASSWORD, { register: 'Silinecek Kişi', lang });
    await customer.call('PUT', 'billing/profile', { type: 'individual', fullName: 'Silinecek Kişi', tckn: '10000000146', companyName: '', taxOffice: '', vkn: '', taxId: '', address: 'Moda Cad. 1', city: 'İstanbul', postcode: '34710', country: 'TR', email });
    const quote = await customer.call('POST', 'orders/quotes', { service: 'professional-translation', sourceLanguage: 'tr', targetLanguages: ['en'], quantity: 200, currency: 'TRY' });
    const contract = await customer.call('GET', `orders/quotes/${quote.id}/contract`);
    await customer.call('POST', `orders/quotes/${quote.id}/approve`, { contract: { digest: contract.digest, consents: Object.fromEntries(contract.consents.map((c) => [c.id, true])) } });
    const page = await openPage(browser, { locale: l.locale });
    await signIn(page, l.login, email, PASSWORD);
    await page.goto(l.settings);
    await waitHydrated(page);
    const form = page.locator('[data-testid=privacy-erasure]');
    assert.equal(await form.locator('input[name=confirmErasure]').isChecked(), false, 'the box is not ticked beforehand');
    await form.locator('[data-action=erase]').click();
    await until('the box says it must be ticked', async () => (await form.locator('.field__error').allTextContents()).some((e) => e.trim() === l.tickToDelete));
    await form.locator('input[name=password]').fill('not-my-password-1');
    await form.locator('input[name=confirmErasure]').check();
    await form.locator('[data-action=erase]').click();
    await until('a wrong password is refused', async () => (await form.locator('.field__error').allTextContents()).some((e) => e.trim() === l.wrongPassword));
    await form.locator('input[name=password]').fill(PASSWORD);
    await form.locator('[data-action=erase]').click();
    await page.locator('[data-testid=data-request-erased]').waitFor();
    assert.ok((await page.locator('[data-testid=data-request-erased]').textContent()).includes(l.erased));
    const again = await fetch(`${BASE_URL}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: BASE_URL }, body: JSON.stringify({ email, password: PASSWORD }) });
    assert.equal(again.status, 401, 'the account signs in no more');
    const erased = await mailFor(email, l.erasedMail);
    assert.ok(erased.text.includes(l.keptLine), `the mail says the invoices are kept:\n${erased.text}`);
    // The refused wrong password (400) and the ended session (401) are answers the page expected.
    assert.deepEqual(page.problems.filter((p) => !/status of 40[01]/.test(p)), []);
    await page.context().close();
  });
}

for (const lang of ['tr', 'en']) {
  const l = L[lang];
  test(`${lang}: while an order is in progress the erasure waits, naming the order; the account stays open`, async () => {
    const email = `kvkk-busy-${lang}-${stamp}@example.com`;
    const customer = await session(email, PASSWORD, { register: 'Siparişi Süren', lang });
    await customer.call('PUT', 'billing/profile', { type: 'individual', fullName: 'Siparişi Süren', tckn: '10000000146', companyName: '', taxOffice: '', vkn: '', taxId: '', address: 'Moda Cad. 1', city: 'İstanbul', postcode: '34710', country: 'TR', email });
    const quote = await customer.call('POST', 'orders/quotes', { service: 'professional-translation', sourceLanguage: 'tr', targetLanguages: ['en'], quantity: 200, currency: 'TRY' });
    const contract = await customer.call('GET', `orders/quotes/${quote.id}/contract`);
    const { order } = await customer.call('POST', `orders/quotes/${quote.id}/approve`, { contract: { digest: contract.digest, consents: Object.fromEntries(contract.consents.map((c) => [c.id, true])) } });
    let invoiceId = '';
    await until('the order has its invoice', async () => Boolean((invoiceId = (await customer.call('GET', 'billing/invoices')).invoices.find((i) => i.orderId === order.id)?.id)));
    // The bank transfer arrives: staff mark the invoice paid, and the order goes to the pool.
    const staff = await session(ADMIN.email, ADMIN.password);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date());
    await staff.call('POST', `billing/admin/invoices/${invoiceId}/mark-paid`, { reference: `EFT-${stamp}`, receivedAt: today });
    await until('svc-auth hears of the payment', async () => JSON.stringify(await customer.call('GET', 'auth/messages')).includes(l.paid));

    const page = await openPage(browser, { locale: l.locale });
    await signIn(page, l.login, email, PASSWORD);
    await page.goto(l.settings);
    await waitHydrated(page);
    const form = page.locator('[data-testid=privacy-erasure]');
    await form.locator('input[name=password]').fill(PASSWORD);
    await form.locator('input[name=confirmErasure]').check();
    await form.locator('[data-action=erase]').click();
    const notice = form.locator('[role=alert]').first();
    await until('the refusal names the order', async () => ((await notice.textContent().catch(() => '')) ?? '').includes(`${l.ordersOpen} (${order.number})`));
    assert.equal(await page.locator('[data-testid=data-request-erased]').count(), 0, 'no erasure started');
    assert.equal((await customer.send('GET', 'auth/me')).status, 200, 'the account is still open');
    // The refusal (409) is an answer the page expected.
    assert.deepEqual(page.problems.filter((p) => !/status of 409/.test(p)), []);
    await page.context().close();
  });
}

test('staff see every request with its state and the days left on its 30-day clock, in both languages', async () => {
  for (const lang of ['tr', 'en']) {
    const page = await openPage(browser, { locale: L[lang].locale });
    await signIn(page, L[lang].login, ADMIN.email, ADMIN.password);
    await page.goto(`${L[lang].staff}?state=all`);
    await waitHydrated(page);
    const rows = page.locator('[data-testid=privacy-requests] tr[data-request-id]');
    await rows.first().waitFor();
    assert.ok((await rows.count()) >= 1);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});



test('signing up records the privacy notice shown, the agreement and the unticked offers box; Settings shows them and changes the choice', async () => {
  const lang = 'tr';
  const page = await openPage(browser, { locale: 'tr-TR' });
  await page.goto('/tr/kayit-ol');
  await waitHydrated(page);
  const form = page.locator('[data-testid=register-form]');
  assert.equal(await form.locator('input[name=marketingEmails]').isChecked(), false, 'the offers box is not ticked beforehand');
  assert.ok((await page.locator('[data-testid=privacy-notice] a').getAttribute('href')).endsWith('/tr/gizlilik-sozlesmesi'));
  const notice = await (await page.request.get('/api/v1/catalog/legal/privacy?lang=tr')).json();
  const email = `consents-${stamp}@example.com`;
  await form.locator('input[name=fullName]').fill('Onay Kaydı');
  await form.locator('input[name=email]').fill(email);
  await form.locator('input[name=password]').fill(PASSWORD);
  await form.locator('input[name=confirmPassword]').fill(PASSWORD);
  await form.locator('input[name=acceptTerms]').check();
  await form.locator('button[type=submit]').click();
  await page.waitForURL((u) => !u.pathname.endsWith('/kayit-ol'));
  await page.goto(L[lang].settings);
  await waitHydrated(page);
  const consents = page.locator('[data-testid=consents]');
  await consents.waitFor();
  const notices = consents.locator('li[data-kind=privacy_notice]');
  assert.ok((await notices.textContent()).includes(notice.updated), `the notice's version ${notice.updated} is recorded`);
  assert.equal(await consents.locator('li[data-kind=marketing_email]').getAttribute('data-given'), 'false');
  await consents.locator('input[name=marketingEmails]').check();
  await consents.locator('li[data-kind=marketing_email][data-given=true]').waitFor();
  assert.equal(await consents.locator('li[data-kind=marketing_email]').count(), 2, 'the change is a new record');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
