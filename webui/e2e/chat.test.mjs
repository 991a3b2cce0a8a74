// Live support against the running stack (svc-catalog/chat through nginx and the gateway), in
// both languages: a visitor opens the corner and writes; a staff member in the back office sees
// the conversation counted on the menu (staff's live notices) and in the list without reloading,
// and answers; the visitor sees the answer arrive live, signed as the team in their language.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launch, menuCount, openPage, waitHydrated, until } from './browser.mjs';

const stamp = `${Date.now()}-${process.pid}`;
const ADMIN = { email: 'admin@linguaport.local', password: 'Yonetici-Demo-2026' };

const L = {
  tr: {
    locale: 'tr-TR',
    home: '/tr',
    backOffice: '/tr/yonetim',
    section: '/tr/yonetim/canli-destek',
    open: 'Canlı destek',
    name: 'Adınız',
    message: 'Mesajınız',
    start: 'Görüşmeyi başlat',
    reply: 'Yanıtınız',
    signature: 'LinguaPort destek',
    visitor: `Zeynep Kaya ${stamp.slice(-5)}`,
    question: 'Merhaba, noter onaylı tercüme kaç günde biter?',
    answer: 'Merhaba! Genellikle iki iş günü içinde teslim ediyoruz.',
    more: 'Teşekkürler, dosyamı yüklüyorum.',
  },
  en: {
    locale: 'en-US',
    home: '/en',
    backOffice: '/en/admin',
    section: '/en/admin/live-chat',
    open: 'Live support',
    name: 'Your name',
    message: 'Your message',
    start: 'Start the conversation',
    reply: 'Your answer',
    signature: 'LinguaPort support',
    visitor: `Sam Carter ${stamp.slice(-5)}`,
    question: 'Hello, how long does a certified translation take?',
    answer: 'Hello! Usually two working days.',
    more: 'Thanks, uploading my file now.',
  },
};

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

for (const lang of ['tr', 'en']) {
  const l = L[lang];

  test(`${lang}: a visitor's message reaches staff in the back office live, and their answer reaches the visitor live`, async (t) => {
    // Staff sign in and stay in the back office (its dashboard): from now on they are online.
    // Both pages go when the test ends, passed or not: a staff page left open on live support
    // would read the next test's conversation as seen, and a failure would cascade.
    const staff = await openPage(browser, { locale: l.locale });
    t.after(() => staff.context().close());
    const login = await staff.request.post('/api/v1/auth/login', { data: { ...ADMIN, rememberMe: false }, headers: { Origin: BASE_URL } });
    assert.equal(login.status(), 200, 'the demo admin signs in');
    await staff.goto(l.backOffice);
    await waitHydrated(staff);
    await until('staff are online', async () => (await (await fetch(`${BASE_URL}/api/v1/catalog/chat/status`)).json()).staffOnline);
    await staff.locator('[data-testid=live-notices][data-connected=true]').waitFor({ state: 'attached' });
    const before = await menuCount(staff, 'canli-destek');

    // The visitor opens the corner (loaded once the page is idle) and writes.
    const visitor = await openPage(browser, { locale: l.locale });
    t.after(() => visitor.context().close());
    await visitor.goto(l.home);
    await waitHydrated(visitor);
    const corner = visitor.locator('[data-testid=chat-widget]');
    await corner.locator('button.chat-widget__button').click();
    await corner.locator('.chat__status[data-online=true]').waitFor();
    await corner.getByLabel(l.name).fill(l.visitor);
    await corner.getByLabel(l.message).fill(l.question);
    await corner.getByRole('button', { name: l.start }).click();
    await corner.locator('.chat__message[data-from=visitor]', { hasText: l.question }).waitFor();

    // Staff, elsewhere in the back office: the menu counts the new conversation.
    await until('the menu counts the conversation', async () => (await menuCount(staff, 'canli-destek')) === Math.min(before + 1, 100));

    // The list shows the conversation without a reload; staff open it and answer.
    await staff.locator(`nav a[data-section=canli-destek]`).click();
    await staff.waitForURL((u) => u.pathname === l.section);
    const row = staff.locator('[data-testid=chat-conversations] tr', { hasText: l.visitor });
    await row.waitFor();
    await row.locator('a').click();
    const thread = staff.locator('[data-testid=chat-thread]');
    await thread.locator('[data-from=visitor]', { hasText: l.question }).waitFor();
    // Seen: the count goes.
    await until('counted no more once seen', async () => (await menuCount(staff, 'canli-destek')) === 0);
    await staff.getByLabel(l.reply).fill(l.answer);
    const replied = staff.waitForResponse((r) => r.request().method() === 'POST' && /\/admin\/chat\/conversations\/[^/]+\/messages$/.test(new URL(r.url()).pathname));
    await staff.locator('.staff-reply button[type=submit]').click();
    assert.equal((await replied).status(), 201, 'the answer is stored');

    // The visitor sees the answer arrive, with no reload.
    const answer = corner.locator('.chat__message[data-from=staff]', { hasText: l.answer });
    await answer.waitFor({ timeout: 15_000 });
    assert.ok((await answer.locator('.chat__meta').textContent()).startsWith(`${l.signature} · `), 'signed as the team in the page\'s language');
    // Staff back on the list: the visitor's next words show in their row without a reload (the
    // list is a paged one, which a refresh must reach too), and in the thread.
    await staff.locator('nav a[data-section=canli-destek]').click();
    await staff.waitForURL((u) => u.pathname === l.section);
    await row.waitFor();
    await corner.getByLabel(l.message).fill(l.more);
    await corner.locator('.chat__form button[type=submit]').click();
    await row.filter({ hasText: l.more }).waitFor({ timeout: 15_000 });
    await row.locator('a').click();
    await thread.locator('[data-from=visitor]', { hasText: l.more }).waitFor({ timeout: 15_000 });
    // Staff looking at live support see the visitor's words there: no count, no notice.
    await staff.waitForTimeout(1000);
    assert.equal(await menuCount(staff, 'canli-destek'), 0, 'no count for what is on screen');
    assert.equal(await staff.locator('.live-notice[data-category=chats]').count(), 0, 'no notice for what is on screen');

    // The conversation is kept: after a reload the corner shows it again (the token in localStorage).
    await visitor.reload();
    await waitHydrated(visitor);
    await corner.locator('button.chat-widget__button').click();
    await corner.locator('.chat__message[data-from=staff]', { hasText: l.answer }).waitFor();

    assert.deepEqual(visitor.problems, []);
    assert.deepEqual(staff.problems, []);
  });
}
