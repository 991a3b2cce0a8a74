// The customer's billing area against the running stack (svc-billing API.md), in both languages:
// a customer with a quote fills in the billing details (approval is refused without them),
// confirms them on the quote's page beside the price with KDV and approves (so an invoice with
// those figures), sees card offered first while the balance is short, declares a bank transfer,
// staff confirm it, and the customer pays the invoice from the balance; the ledger, the balance
// and the order (with what was invoiced and paid) follow.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launch, openPage, waitHydrated, until } from './browser.mjs';
import { acceptContract } from './stack.mjs';
import { formatMoney } from '../src/lib/format.js';

const stamp = `${Date.now()}-${process.pid}`;
const PASSWORD = `Yesil-Defter-${stamp}`;
const ADMIN = { email: 'admin@linguaport.local', password: 'Yonetici-Demo-2026' };

const L = {
  tr: {
    locale: 'tr-TR',
    details: '/tr/hesabim/fatura-bilgileri',
    invoices: '/tr/hesabim/fatura-bilgileri/faturalar',
    quotes: '/tr/hesabim/siparislerim/teklifler',
    orders: '/tr/hesabim/siparislerim',
    balance: '/tr/hesabim/fatura-bilgileri/bakiye',
    name: 'Zeynep Kaya',
    checksum: 'Numaranın kontrol basamakları tutmuyor; lütfen kontrol edin.',
    saved: 'Fatura bilgileriniz kaydedildi.',
    declared: 'Havaleniz bildirildi; onaylandığında bakiyenize eklenecek.',
    awaiting: 'Onay bekliyor',
    transfer: 'Banka havalesi / EFT',
    invoice: 'Fatura ödemesi',
    paid: 'Ödendi',
    byBalance: 'Bakiye',
    brief: 'Sözleşme eki; terimler sözlüğümüze uyun.',
  },
  en: {
    locale: 'en-US',
    details: '/en/account/billing-info',
    invoices: '/en/account/billing-info/invoices',
    quotes: '/en/account/orders/quotes',
    orders: '/en/account/orders',
    balance: '/en/account/billing-info/balance',
    name: 'Sam Carter',
    checksum: 'The check digits of this number do not add up; please check it.',
    saved: 'Your billing details were saved.',
    declared: 'Your transfer was declared; it is added to your balance once confirmed.',
    awaiting: 'Awaiting confirmation',
    transfer: 'Bank transfer',
    invoice: 'Invoice payment',
    paid: 'Paid',
    byBalance: 'Balance',
    brief: 'An annex to the contract; please follow our glossary.',
  },
};

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());


/**
 * call is the API as the page's signed-in customer (the browser context's cookies), or as
 * whoever cookie names; it answers the JSON and asserts the status.
 */
async function call(page, method, path, { data, lang = 'tr', status = 200, cookie } = {}) {
  const headers = { Accept: 'application/json', 'Accept-Language': lang, Origin: BASE_URL };
  let res;
  if (cookie) {
    const r = await fetch(`${BASE_URL}/api/v1/${path}`, { method, headers: { ...headers, Cookie: cookie, 'Content-Type': 'application/json' }, body: data && JSON.stringify(data) });
    res = { status: r.status, text: await r.text() };
  } else {
    const r = await page.request.fetch(`/api/v1/${path}`, { method, headers, data });
    res = { status: r.status(), text: await r.text() };
  }
  assert.equal(res.status, status, `${method} ${path}: ${res.text}`);
  return res.text ? JSON.parse(res.text) : null;
}

/** staff signs the demo admin in and answers its authToken cookie. */
async function staff() {
  const r = await fetch(`${BASE_URL}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: BASE_URL },
    body: JSON.stringify({ ...ADMIN, rememberMe: false }),
  });
  assert.equal(r.status, 200, 'the demo admin signs in');
  return r.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('authToken='));
}

// An amount as the customer types it in the page's language: "1.234,56" or "1,234.56".
const typed = (minor, lang) => new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'tr-TR', { minimumFractionDigits: 2 }).format(minor / 100);
const yesterday = () => new Date(Date.now() - 86400_000).toISOString().slice(0, 10);

for (const lang of ['tr', 'en']) {
  const l = L[lang];

  test(`${lang}: a customer fills in the billing details, declares a bank transfer that staff confirm, and pays the invoice from the balance`, async () => {
    const page = await openPage(browser, { locale: l.locale });
    const fmt = (amount, currency = 'TRY') => formatMoney(amount, currency, lang);

    // A customer (signed in in this browser) with a quote, which cannot be approved before the
    // billing details the invoice is issued with are saved.
    const email = `e2e-billing-${lang}-${stamp}@example.com`;
    const fullName = `${l.name} ${stamp.slice(-4)}`;
    await call(page, 'POST', 'auth/register', { lang, status: 201, data: { fullName, email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true } });
    const quote = await call(page, 'POST', 'orders/quotes', {
      lang,
      status: 201,
      data: { service: 'professional-translation', sourceLanguage: 'tr', targetLanguages: ['en'], quantity: 300, currency: 'TRY', brief: l.brief },
    });
    const refused = await call(page, 'POST', `orders/quotes/${quote.id}/approve`, { lang, status: 409 });
    assert.equal(refused.error.code, 'billing_details_required');

    // The billing details: an individual in Turkey. A TCKN whose check digits are wrong is
    // refused under the field as soon as the customer leaves it, and goes once corrected.
    await page.goto(l.details);
    await waitHydrated(page);
    const form = page.locator('[data-testid=billing-form]');
    await form.waitFor();
    await form.locator('input[name=type][value=individual]').check();
    assert.equal(await form.locator('select[name=country]').inputValue(), 'TR');
    await form.locator('input[name=fullName]').fill(fullName);
    const tckn = form.locator('input[name=tckn]');
    await tckn.fill('10000000147');
    await tckn.blur();
    const tcknError = form.locator('.field:has(input[name=tckn]) .field__error');
    await tcknError.waitFor();
    assert.equal((await tcknError.textContent()).trim(), l.checksum);
    assert.equal(await tckn.getAttribute('aria-invalid'), 'true');
    await tckn.fill('10000000146');
    await tcknError.waitFor({ state: 'detached' });
    assert.equal(await tckn.getAttribute('aria-invalid'), null);
    await form.locator('input[name=address]').fill('Moda Cad. 12 D:3');
    await form.locator('input[name=city]').fill('İstanbul');
    await form.locator('input[name=postcode]').fill('34710');
    await form.locator('input[name=email]').fill(`fatura-${lang}-${stamp}@example.com`);
    await form.locator('button[type=submit]').click();
    assert.equal((await form.locator('[data-testid=billing-saved]').textContent()).trim(), l.saved);
    const profile = await call(page, 'GET', 'billing/profile', { lang });
    assert.equal(profile.complete, true);
    assert.deepEqual([profile.type, profile.country, profile.tckn, profile.fullName], ['individual', 'TR', '10000000146', fullName]);

    // The quote's page shows the saved details to confirm and the price with KDV; approving
    // there issues the invoice with those figures.
    await page.goto(`${l.quotes}/${quote.id}`);
    await waitHydrated(page);
    const card = page.locator(`[data-testid=quote][data-quote-id="${quote.id}"]`);
    const confirm = card.locator('[data-testid=billing-confirm][data-mode=saved]');
    await confirm.waitFor();
    const saved = await confirm.locator('[data-testid=saved-details]').textContent();
    assert.ok(saved.includes('10000000146') && saved.includes(fullName), 'the saved details are shown to confirm');
    const breakdown = card.locator('[data-testid=price-breakdown][data-state=done]');
    await breakdown.waitFor();
    assert.equal(await breakdown.getAttribute('data-in-turkey'), 'true');
    const shown = async (kind) => Number(await breakdown.locator(`[data-line=${kind}] dd`).getAttribute('data-amount'));
    const [shownNet, shownVat, shownTotal] = [await shown('net'), await shown('vat'), await shown('total')];
    await confirm.locator('button[data-action=continue]').click();
    await acceptContract(card);
    const orderPage = page.locator('[data-testid=order-detail]');
    await orderPage.waitFor();
    const order = { id: await orderPage.getAttribute('data-order-id') };
    assert.equal(await orderPage.getAttribute('data-status'), 'awaiting_payment');
    assert.equal(new URL(page.url()).pathname, `${l.orders}/${order.id}`);

    const invoiceId = await until('the invoice is issued', async () => (await call(page, 'GET', 'billing/invoices', { lang })).invoices.find((i) => i.quoteId === quote.id)?.id);
    const invoice = await call(page, 'GET', `billing/invoices/${invoiceId}`, { lang });
    assert.equal(invoice.status, 'pending');
    assert.equal(invoice.currency, 'TRY');
    assert.deepEqual([invoice.totals.net, invoice.totals.vat, invoice.totals.total], [shownNet, shownVat, shownTotal], 'the invoice carries the figures shown before approving');
    assert.equal(invoice.details.tckn, '10000000146');
    const total = invoice.totals.total;

    // With nothing in the balance, card is the main way to pay and the balance button says what is missing, once.
    await page.goto(`${l.invoices}/${invoiceId}`);
    await waitHydrated(page);
    const payBox = page.locator('[data-testid=invoice] [data-testid=pay][data-short=true]');
    await payBox.waitFor();
    assert.deepEqual(await payBox.locator('[data-method]').evaluateAll((els) => els.map((e) => [e.dataset.method, e.classList.contains('button--ghost')])), [
      ['card', false],
      ['balance', true],
    ]);
    assert.equal(Number(await payBox.locator('[data-method=balance]').getAttribute('data-missing')), total);
    assert.equal((await payBox.textContent()).split(fmt(total)).length - 1, 1, 'the missing amount is said once, on the balance button');
    assert.equal(await page.locator('[data-testid=missing]').count(), 0);
    await page.goto(l.details);
    await waitHydrated(page);

    // The Balance tab: a bank transfer of more than the invoice's total, typed as people write it.
    await page.locator('.billing-tabs a[data-tab=balance]').click();
    await page.waitForURL((u) => u.pathname === l.balance);
    const sent = total + 12_345;
    const transferForm = page.locator('[data-testid=transfer-form]');
    await transferForm.locator('input[name=amount]').fill(typed(sent, lang));
    await transferForm.locator('select[name=currency]').selectOption('TRY');
    await transferForm.locator('input[name=sender]').fill(fullName);
    await transferForm.locator('input[name=date]').fill(yesterday());
    const reference = `EFT-${lang}-${stamp}`;
    await transferForm.locator('input[name=reference]').fill(reference);
    await transferForm.locator('button[type=submit]').click();
    assert.equal((await transferForm.locator('.form__note[role=status]').textContent()).trim(), l.declared);
    const pending = page.locator('[data-testid=transfers] li').filter({ hasText: reference });
    await pending.waitFor();
    assert.ok((await pending.textContent()).includes(fmt(sent)), 'the declared transfer is listed with its amount');
    assert.ok((await pending.textContent()).includes(l.awaiting));
    const transferId = await pending.getAttribute('data-transfer-id');

    // Staff confirm it.
    const admin = await staff();
    const { transfers } = await call(page, 'GET', 'billing/admin/transfers?status=declared', { cookie: admin });
    const declared = transfers.find((t) => t.id === transferId);
    assert.ok(declared, 'staff see the declared transfer');
    assert.deepEqual([declared.amount.amount, declared.amount.currency, declared.reference, declared.date], [sent, 'TRY', reference, yesterday()]);
    assert.equal((await call(page, 'POST', `billing/admin/transfers/${transferId}/confirm`, { cookie: admin })).status, 'confirmed');

    // The customer reloads the balance: the credit is in the ledger, the transfer no longer waits.
    await page.reload();
    await waitHydrated(page);
    const ledger = page.locator('[data-testid=ledger]');
    // The ledger names the transfer by the bank reference the customer declared, not its id.
    const credit = ledger.locator('tbody tr[data-kind=credit]').filter({ hasText: reference });
    await credit.waitFor();
    const cells = (row) => row.locator('td').evaluateAll((tds) => tds.map((td) => td.textContent.trim()));
    const [, , creditReason, creditRef, creditAmount, creditAfter] = await cells(credit);
    assert.deepEqual([creditReason, creditRef, creditAmount, creditAfter], [l.transfer, reference, `+${fmt(sent)}`, fmt(sent)]);
    assert.equal((await page.locator('[data-testid=balances] li[data-currency=TRY]').textContent()).trim(), fmt(sent));
    assert.equal(await page.locator('[data-testid=transfers]').count(), 0);

    // The Invoices tab: pay the invoice from the balance.
    await page.locator('.billing-tabs a[data-tab=invoices]').click();
    await page.waitForURL((u) => u.pathname === l.invoices);
    const row = page.locator(`[data-testid=invoices] tr[data-invoice-id="${invoiceId}"]`);
    await row.waitFor();
    assert.equal(await row.getAttribute('data-status'), 'pending');
    assert.equal((await row.locator('th').textContent()).trim(), invoice.number);
    assert.equal((await row.locator('td.billing-table__amount').textContent()).trim(), fmt(total));
    await row.locator('button[data-method=balance]').click();
    await page.locator(`[data-testid=invoices] tr[data-invoice-id="${invoiceId}"][data-status=paid]`).waitFor();
    assert.ok((await row.textContent()).includes(l.paid));

    // Its page says paid, from the balance.
    await row.locator('th a').click();
    const detail = page.locator(`[data-testid=invoice][data-invoice-id="${invoiceId}"]`);
    await detail.waitFor();
    assert.equal(await detail.getAttribute('data-status'), 'paid');
    assert.ok((await detail.locator('.billing-summary').first().textContent()).includes(l.byBalance));

    // The Balance tab: the debit and what is left, as the API says.
    await page.locator('.billing-tabs a[data-tab=balance]').click();
    await page.waitForURL((u) => u.pathname === l.balance);
    const left = sent - total;
    const balance = await call(page, 'GET', 'billing/balance?currency=TRY', { lang });
    assert.deepEqual(balance.balances, [{ amount: left, currency: 'TRY', decimals: 2 }]);
    assert.deepEqual(
      balance.entries.map((e) => [e.kind, e.reason, e.reference, e.amount.amount, e.balanceAfter.amount]),
      [
        ['debit', 'invoice', invoiceId, total, left],
        ['credit', 'transfer', transferId, sent, sent],
      ],
    );
    const debit = ledger.locator('tbody tr[data-kind=debit]');
    await debit.waitFor();
    assert.deepEqual(await ledger.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.dataset.entryId)), balance.entries.map((e) => e.id), 'the ledger, newest first');
    const [, , debitReason, debitRef, debitAmount, debitAfter] = await cells(debit);
    assert.deepEqual([debitReason, debitRef, debitAmount, debitAfter], [l.invoice, invoice.number, `−${fmt(total)}`, fmt(left)]);
    assert.equal((await page.locator('[data-testid=balances] li[data-currency=TRY]').textContent()).trim(), fmt(left));

    // svc-orders starts the order when it reads invoice.paid.
    await until('the order is in progress', async () => (await call(page, 'GET', `orders/orders/${order.id}`, { lang })).status === 'in_progress');

    // The order's page shows what was invoiced and paid, linking the invoice.
    await page.goto(`${l.orders}/${order.id}`);
    await waitHydrated(page);
    const billed = page.locator(`[data-testid=order-invoice][data-invoice-id="${invoiceId}"][data-status=paid]`);
    await billed.waitFor();
    assert.equal(Number(await billed.locator('[data-total=total] dd').getAttribute('data-amount')), total);
    assert.ok((await billed.textContent()).includes(invoice.number));
    assert.equal(await billed.locator('a').getAttribute('href'), `${l.invoices}/${invoiceId}`);

    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}
