// The account's mail in the browser, in both languages (svc-auth API.md "Mails"): a new
// customer's address shows unconfirmed with a button to send the link again; the welcome in the
// capture is HTML with a text part and an absolute link to the page in the account's language,
// which confirms the address; settings keep the optional mails' switches; an unsubscribe link
// that is not ours is refused in words on the site's page.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launch, openPage, until, waitHydrated } from './browser.mjs';
import { mails, session, signIn } from './stack.mjs';

const stamp = `${Date.now()}-${process.pid}`;
const PASSWORD = `Posta-Kutusu-${stamp}`;

const L = {
  tr: {
    locale: 'tr-TR',
    login: '/tr/giris',
    profile: '/tr/hesabim/kisisel-bilgiler',
    settings: '/tr/hesabim/ayarlar',
    verify: '/tr/eposta-dogrula',
    unsubscribe: '/tr/abonelikten-cik',
    subject: "LinguaPort'a hoş geldiniz",
    resend: 'Bağlantıyı yeniden gönder',
    resent: 'Yeni bir doğrulama bağlantısı gönderdik.',
    resentSubject: 'E-posta adresinizi doğrulayın',
    done: 'E-posta adresiniz doğrulandı.',
    saved: 'Tercihleriniz kaydedildi.',
    badLink: 'Bu abonelikten çıkma bağlantısı geçersiz.',
  },
  en: {
    locale: 'en-US',
    login: '/en/login',
    profile: '/en/account/personal-info',
    settings: '/en/account/settings',
    verify: '/en/verify-email',
    unsubscribe: '/en/unsubscribe',
    subject: 'Welcome to LinguaPort',
    resend: 'Send the link again',
    resent: 'We sent you a new confirmation link.',
    resentSubject: 'Confirm your e-mail address',
    done: 'Your e-mail address is confirmed.',
    saved: 'Your preferences are saved.',
    badLink: 'This unsubscribe link is not valid.',
  },
};

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** linkTo is the absolute link to pathname in a mail's text, as a path and query to open on BASE_URL. */
function linkTo(mail, pathname) {
  const found = mail.text.match(/https?:\/\/[^\s"<>]+/g)?.find((u) => new URL(u).pathname === pathname);
  assert.ok(found, `an absolute ${pathname} link in:\n${mail.text}`);
  assert.ok(mail.html.includes(`href="${found}"`), 'the HTML part has the same link as its button');
  const u = new URL(found);
  return `${u.pathname}${u.search}`;
}

for (const lang of ['tr', 'en']) {
  const l = L[lang];
  test(`a new customer confirms their address and sets their mails (${lang})`, async () => {
    const email = `posta-${lang}-${stamp}@linguaport-test.com.tr`;
    await session(email, PASSWORD, { register: `Posta Müşterisi ${lang}`, lang });
    const welcome = await until('the welcome mail', async () => (await mails(email)).find((m) => m.subject === l.subject), 30_000);
    assert.ok(welcome.html.includes(`lang="${lang}"`), 'HTML in the account language');
    const link = linkTo(welcome, l.verify);

    const page = await openPage(browser, { locale: l.locale });
    await signIn(page, l.login, email, PASSWORD);
    await page.goto(l.profile);
    await waitHydrated(page);
    const status = page.locator('[data-testid=email-status]');
    await status.waitFor();
    assert.equal(await status.getAttribute('data-verified'), 'false');
    await status.getByRole('button', { name: l.resend }).click();
    await status.getByText(l.resent).waitFor();
    await until('the new link', async () => (await mails(email)).find((m) => m.subject === l.resentSubject), 30_000);

    // The welcome's link still works after a new one was sent.
    await page.goto(link);
    await waitHydrated(page);
    await page.locator('[data-testid=verify-email][data-state=done]').waitFor();
    assert.ok((await page.textContent('main')).includes(l.done));
    await page.goto(l.profile);
    await waitHydrated(page);
    await page.locator('[data-testid=email-status][data-verified=true]').waitFor();

    // A customer's optional mails: reminders, saved at once and kept.
    await page.goto(l.settings);
    await waitHydrated(page);
    const prefs = page.locator('[data-testid=mail-preferences]');
    const reminders = prefs.getByRole('switch');
    assert.equal(await reminders.count(), 1, 'a customer has the reminders switch only');
    assert.equal(await reminders.isChecked(), true);
    await reminders.click();
    await prefs.getByText(l.saved).waitFor();
    await page.reload();
    await waitHydrated(page);
    await page.locator('[data-testid=mail-preferences]').waitFor();
    assert.equal(await page.locator('[data-testid=mail-preferences]').getByRole('switch').isChecked(), false);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  test(`an unsubscribe link that is not ours is refused on the site's page (${lang})`, async () => {
    const res = await fetch(`${BASE_URL}/api/v1/auth/unsubscribe/bm9ib2R5.offers.Zm9yZ2Vk?lang=${lang}`, { redirect: 'manual' });
    assert.equal(res.status, 303);
    const to = res.headers.get('location');
    assert.ok(to.startsWith(`${l.unsubscribe}?token=`), to);
    const page = await openPage(browser, { locale: l.locale });
    await page.goto(to);
    await waitHydrated(page);
    await page.locator('[data-testid=unsubscribe][data-state=failed]').waitFor();
    assert.ok((await page.textContent('main')).includes(l.badLink));
    await page.context().close();
  });
}
