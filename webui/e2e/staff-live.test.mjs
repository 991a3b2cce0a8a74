// Staff's live notices against the running stack (svc-auth/live over SSE through nginx and the
// gateway), in each language: a staff member sits on the orders screen; a customer declares a
// bank transfer and pays an order with it, and a visitor opens a live chat. Without a reload the
// menu entries count them, a notice for each appears and leads to its thing, the tab's title
// carries the total while the tab is hidden, and opening a screen clears its count. The
// customers' chat corner is not in the back office.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launch, menuCount, openPage, shot, until, waitHydrated } from './browser.mjs';
import { ADMIN, approveQuote, payFromBalance, session } from './stack.mjs';

const stamp = `${Date.now()}-${process.pid}`;

const L = {
  tr: {
    locale: 'tr-TR',
    orders: '/tr/yonetim/siparisler',
    order: (id) => `/tr/yonetim/siparisler/${id}`,
    chat: (id) => `/tr/yonetim/canli-destek/${id}`,
    paid: (n) => `Yeni ödenmiş sipariş: ${n}`,
    transfer: 'Havale bildirildi: ',
    chatOpened: (name) => `Yeni canlı destek görüşmesi: ${name}`,
    visitor: `Elif Demir ${stamp.slice(-5)}`,
    question: 'Merhaba, apostil işlemini de yapıyor musunuz?',
    titleWord: 'Yeni bildirim',
    register: 'Canlı Müşteri',
  },
  en: {
    locale: 'en-US',
    orders: '/en/admin/orders',
    order: (id) => `/en/admin/orders/${id}`,
    chat: (id) => `/en/admin/live-chat/${id}`,
    paid: (n) => `New paid order: ${n}`,
    transfer: 'Bank transfer declared: ',
    chatOpened: (name) => `New live chat: ${name}`,
    visitor: `Amy Clarke ${stamp.slice(-5)}`,
    question: 'Hello, do you handle the apostille too?',
    titleWord: 'New notice',
    register: 'Live Customer',
  },
};

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** setHidden makes the tab hidden or seen again, as switching tabs does. */
const setHidden = (page, hidden) =>
  page.evaluate((h) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

for (const lang of ['tr', 'en']) {
  const l = L[lang];

  test(`${lang}: staff on the orders screen see a payment, a transfer and a new chat counted and told, without a reload`, async (t) => {
    const staff = await openPage(browser, { locale: l.locale });
    // Closed however the test ends: left open on live support, the page would read the next
    // language's chat as seen (the same staff member), and one failure would make two.
    t.after(() => staff.context().close());
    const login = await staff.request.post('/api/v1/auth/login', { data: { ...ADMIN, rememberMe: false }, headers: { Origin: BASE_URL } });
    assert.equal(login.status(), 200, 'the demo admin signs in');
    await staff.goto(l.orders);
    await waitHydrated(staff);
    // The stream is open (its counts came) and opening the orders screen cleared their count.
    await staff.locator('[data-testid=live-notices][data-connected=true]').waitFor({ state: 'attached' });
    await until('the orders count cleared by opening the screen', async () => (await menuCount(staff, 'siparisler')) === 0);
    const transfersBefore = await menuCount(staff, 'havaleler');

    // A customer declares a bank transfer, staff (through the API) confirm it and the customer
    // pays an order from the balance.
    const customer = await session(`canli-${lang}-${stamp}@example.com`, `Canli-Bildirim-${stamp}`, { register: l.register, lang });
    const admin = await session(ADMIN.email, ADMIN.password, { lang });
    const quote = await customer.call('POST', 'orders/quotes', {
      service: 'professional-translation', sourceLanguage: 'tr', targetLanguages: ['en'], quantity: 250, currency: 'TRY', brief: `Canlı bildirim ${lang}`,
    });
    const { order } = await approveQuote(customer, quote.id);
    const paidAt = Date.now();
    await payFromBalance(customer, admin, quote.id, order.id);

    // Staff see it on the screen they were on: a notice and a count on the orders entry.
    const paid = staff.locator('[data-testid=live-notices] .live-notice[data-category=orders]', { hasText: l.paid(order.number) });
    await paid.waitFor({ timeout: 15_000 });
    console.log(`${lang}: the paid order's notice showed ${Date.now() - paidAt} ms after the payment call began`);
    await until('the orders entry counts the paid order', async () => (await menuCount(staff, 'siparisler')) >= 1);
    await until('the transfers entry counts the declared transfer', async () => (await menuCount(staff, 'havaleler')) >= Math.min(transfersBefore + 1, 99));
    await staff.locator('.live-notice[data-category=transfers]', { hasText: l.transfer }).first().waitFor();
    assert.equal(new URL(staff.url()).pathname, l.orders, 'no navigation happened');

    // A visitor opens a live chat.
    const chatsBefore = await menuCount(staff, 'canli-destek');
    const opened = await fetch(`${BASE_URL}/api/v1/catalog/chat/conversations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: BASE_URL, 'Accept-Language': lang },
      body: JSON.stringify({ name: l.visitor, text: l.question, language: lang }),
    });
    assert.equal(opened.status, 201, 'the visitor opens a chat');
    const conversation = (await opened.json()).conversation;
    const chat = staff.locator('.live-notice[data-category=chats]', { hasText: l.chatOpened(l.visitor) });
    await chat.waitFor({ timeout: 15_000 });
    await until('the live support entry counts the chat', async () => (await menuCount(staff, 'canli-destek')) >= Math.min(chatsBefore + 1, 99));
    await shot(staff, `staff-live-${lang}`, { widths: [] });

    // Hidden, the tab's title carries the total of the counts; seen again, it drops it.
    await setHidden(staff, true);
    const total = (await Promise.all(['siparisler', 'havaleler', 'basvurular', 'talepler', 'canli-destek'].map((s) => menuCount(staff, s)))).reduce((a, b) => a + b, 0);
    await until('the title counts while hidden', async () => (await staff.title()).startsWith(`(${total}) ${l.titleWord}`));
    await setHidden(staff, false);
    await until('the title drops the count once seen', async () => !(await staff.title()).startsWith('('));

    // The chat's notice leads to the conversation; live support's count is then cleared.
    await chat.locator('a').click();
    await staff.waitForURL((u) => u.pathname === l.chat(conversation.id));
    await staff.locator('[data-testid=chat-thread] [data-from=visitor]', { hasText: l.question }).waitFor();
    await until('the live support count cleared once opened', async () => (await menuCount(staff, 'canli-destek')) === 0);
    // The paid order's notice leads to the order.
    if (await paid.count()) {
      await paid.locator('a').click();
      await staff.waitForURL((u) => u.pathname === l.order(order.id));
    }

    // The customers' chat corner stays out of the back office, even once the page is idle.
    await staff.waitForTimeout(1500);
    assert.equal(await staff.locator('[data-testid=chat-widget]').count(), 0, 'no chat corner in the back office');
    assert.deepEqual(staff.problems, []);
  });
}
