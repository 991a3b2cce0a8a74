// Signing up, in and out, and the account area (spec §2–§6, svc-auth API.md) in a real browser
// against the running stack, in Turkish and English. Every run uses fresh email addresses.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launch, openPage, waitHydrated } from './browser.mjs';

const stamp = `${Date.now()}-${process.pid}`;
const PASSWORD = `Mavi-Kelebek-${stamp}`;

const L = {
  tr: {
    locale: 'tr-TR',
    register: '/tr/kayit-ol',
    login: '/tr/giris',
    overview: '/tr/hesabim/genel-bakis',
    personal: '/tr/hesabim/kisisel-bilgiler',
    settings: '/tr/hesabim/ayarlar',
    name: 'Ayşe Yılmaz',
    greeting: (n) => `Merhaba, ${n}!`,
    personalTitle: 'Kişisel Bilgiler',
    mismatch: 'Yeni parolalar eşleşmiyor!',
  },
  en: {
    locale: 'en-US',
    register: '/en/register',
    login: '/en/login',
    overview: '/en/account/overview',
    personal: '/en/account/personal-info',
    settings: '/en/account/settings',
    name: 'Jane Doe',
    greeting: (n) => `Hello, ${n}!`,
    personalTitle: 'Personal info',
    mismatch: 'New passwords do not match!',
  },
};

const email = (what, lang) => `e2e-${what}-${lang}-${stamp}@example.com`;
// Chromium reports every 4xx answer on the console; the tests that expect one leave it out.
const without = (problems, status) => problems.filter((m) => !m.includes(`status of ${status}`));

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** api calls svc-auth directly (no browser), as a page of the site would. */
async function api(method, path, body, lang) {
  const res = await fetch(`${BASE_URL}/api/v1/auth/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': lang, Origin: BASE_URL },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

// One account per language for the tests that only need someone to sign in.
const accounts = {};
async function account(lang) {
  if (!accounts[lang]) {
    const a = { fullName: `${L[lang].name} ${stamp.slice(-5)}`, email: email('user', lang), password: PASSWORD };
    const res = await api('POST', 'register', { ...a, confirmPassword: a.password, acceptTerms: true }, lang);
    assert.equal(res.status, 201, `register ${a.email}: ${JSON.stringify(res.body)}`);
    accounts[lang] = a;
  }
  return accounts[lang];
}

async function signIn(page, { email: address, password }, { remember = false } = {}) {
  const form = page.locator('[data-testid=login-form]');
  await form.locator('input[name=email]').fill(address);
  await form.locator('input[name=password]').fill(password);
  if (remember) await form.locator('input[name=rememberMe]').check();
  await form.locator('button[type=submit]').click();
}

const daysLeft = (cookie) => (cookie.expires - Date.now() / 1000) / 86400;
const cookie = async (page, name) => (await page.context().cookies()).find((c) => c.name === name);

for (const lang of ['tr', 'en']) {
  const l = L[lang];

  test(`${lang}: sign up, log out, log in with remember me; the header shows the account menu`, async () => {
    const page = await openPage(browser, { locale: l.locale });
    const name = `${l.name} ${stamp.slice(-4)}`;
    const address = email('signup', lang);

    await page.goto(l.register);
    await waitHydrated(page);
    const form = page.locator('[data-testid=register-form]');
    await form.locator('input[name=fullName]').fill(name);
    await form.locator('input[name=email]').fill(address);
    await form.locator('input[name=password]').fill(PASSWORD);
    await form.locator('input[name=confirmPassword]').fill(PASSWORD);
    await form.locator('input[name=acceptTerms]').check();
    await form.locator('button[type=submit]').click();

    // Signing up signs in and opens the account overview, greeting the new user by name.
    await page.waitForURL((u) => u.pathname === l.overview);
    await page.waitForFunction((g) => document.querySelector('h1')?.textContent === g, l.greeting(name));
    const token = await cookie(page, 'authToken');
    assert.ok(token, 'authToken cookie set');
    assert.equal(token.httpOnly, true, 'authToken is HttpOnly');
    assert.equal(token.sameSite, 'Strict');
    assert.equal(token.path, '/');
    const userData = await cookie(page, 'userData');
    assert.equal(userData?.httpOnly, false, 'userData is readable by the page');
    assert.deepEqual(JSON.parse(decodeURIComponent(userData.value.replace(/\+/g, ' '))), { name, type: 'customer' });
    assert.ok(daysLeft(token) > 6.9 && daysLeft(token) <= 7, `without remember me the session lasts ${daysLeft(token)} days`);
    const menuButton = page.locator('header .account-menu__button');
    await menuButton.waitFor();
    assert.match(await menuButton.textContent(), new RegExp(name));
    assert.equal(await page.locator(`header .site-header__tools a.button[href="${l.login}"]`).count(), 0, 'no login button while signed in');

    // Logging out reloads the page: the account page now sends the visitor to the login page.
    await menuButton.click();
    await page.locator('header .account-menu__logout').click();
    await page.waitForURL((u) => u.pathname === l.login && u.searchParams.get('returnTo') === l.overview);
    await waitHydrated(page);
    await page.locator(`header .site-header__tools a.button[href="${l.login}"]`).waitFor();
    assert.equal(await cookie(page, 'userData'), undefined, 'userData cleared');
    assert.equal(await cookie(page, 'authToken'), undefined, 'authToken cleared');

    // Logging in with remember me keeps the session for 30 days and goes back where it was.
    await signIn(page, { email: address, password: PASSWORD }, { remember: true });
    await page.waitForURL((u) => u.pathname === l.overview);
    await page.waitForFunction((g) => document.querySelector('h1')?.textContent === g, l.greeting(name));
    const remembered = await cookie(page, 'authToken');
    assert.ok(daysLeft(remembered) > 29.9 && daysLeft(remembered) <= 30, `with remember me the session lasts ${daysLeft(remembered)} days`);

    // A fresh page load confirms the session from the cookies; the header's menu works by keyboard.
    await page.goto(l.register);
    await waitHydrated(page);
    await menuButton.waitFor();
    assert.match(await menuButton.textContent(), new RegExp(name));
    await menuButton.focus();
    await page.keyboard.press('Enter');
    assert.equal(await menuButton.getAttribute('aria-expanded'), 'true');
    const entries = await page.locator('header .account-menu__item').evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? 'logout'));
    assert.equal(entries.length, 7, `customer menu and logout: ${entries}`);
    assert.equal(entries[0], l.overview);
    assert.ok(entries.includes(l.settings) && entries.at(-1) === 'logout', String(entries));
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.classList.contains('account-menu__item'));
    await page.keyboard.press('Escape');
    assert.equal(await menuButton.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.evaluate(() => document.activeElement.classList.contains('account-menu__button')), true, 'focus returns to the button');

    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  test(`${lang}: a wrong password shows the server's message`, async () => {
    const a = await account(lang);
    // The message is the server's own, in the page's language.
    const expected = await api('POST', 'login', { email: a.email, password: `${PASSWORD}-wrong`, rememberMe: false }, lang);
    assert.equal(expected.status, 401);
    assert.equal(expected.body.error.code, 'invalid_credentials');

    const page = await openPage(browser, { locale: l.locale });
    await page.goto(l.login);
    await waitHydrated(page);
    await signIn(page, { email: a.email, password: `${PASSWORD}-also-wrong` });
    const alert = page.locator('[data-testid=login-form] .form__error[role=alert]');
    await alert.waitFor();
    assert.equal((await alert.textContent()).trim(), expected.body.error.message);
    assert.equal(new URL(page.url()).pathname, l.login, 'stays on the login page');
    assert.equal(await page.locator('header .account-menu__button').count(), 0);
    assert.equal(await cookie(page, 'userData'), undefined);
    assert.deepEqual(without(page.problems, 401), []);
    await page.context().close();
  });

  test(`${lang}: on the settings page a password mismatch shows the spec's message`, async () => {
    const a = await account(lang);
    const page = await openPage(browser, { locale: l.locale });
    await page.goto(`${l.login}?returnTo=${encodeURIComponent(l.settings)}`);
    await waitHydrated(page);
    await signIn(page, a);
    await page.waitForURL((u) => u.pathname === l.settings);
    const form = page.locator('[data-testid=password-form]');
    await form.waitFor();
    await form.locator('input[name=currentPassword]').fill(a.password);
    await form.locator('input[name=newPassword]').fill(`${PASSWORD}-new`);
    await form.locator('input[name=confirmPassword]').fill(`${PASSWORD}-other`);
    await form.locator('button[type=submit]').click();
    const error = form.locator('input[name=confirmPassword] ~ .field__error');
    await error.waitFor();
    assert.equal((await error.textContent()).trim(), l.mismatch);
    assert.equal(await form.locator('input[name=confirmPassword]').getAttribute('aria-invalid'), 'true');

    // A wrong current password is the server's to say, beside its field.
    await form.locator('input[name=currentPassword]').fill(`${PASSWORD}-not-mine`);
    await form.locator('input[name=confirmPassword]').fill(`${PASSWORD}-new`);
    await form.locator('button[type=submit]').click();
    const current = form.locator('input[name=currentPassword] ~ .field__error');
    await current.waitFor();
    assert.ok((await current.textContent()).trim().length > 0);
    assert.equal(await form.locator('input[name=confirmPassword] ~ .field__error').count(), 0, 'the mismatch is gone');
    assert.deepEqual(without(page.problems, 400), []);
    await page.context().close();
  });

  test(`${lang}: a visitor opening an account page signs in and comes back to it`, async () => {
    const a = await account(lang);
    const page = await openPage(browser, { locale: l.locale });
    await page.goto(l.personal);
    await page.waitForURL((u) => u.pathname === l.login && u.searchParams.get('returnTo') === l.personal);
    await waitHydrated(page);
    assert.equal(await page.locator(`header .site-header__tools a.button[href="${l.login}"]`).count(), 1, 'the visitor sees the login button');
    await signIn(page, a);
    await page.waitForURL((u) => u.pathname === l.personal);
    await page.waitForFunction((h) => document.querySelector('h1')?.textContent === h, l.personalTitle);
    const form = page.locator('[data-testid=profile-form]');
    assert.equal(await form.locator('input[name=email]').inputValue(), a.email);
    assert.equal(await form.locator('input[name=email]').getAttribute('readonly'), '');
    assert.equal(await form.locator('input[name=fullName]').inputValue(), a.fullName);
    assert.match(await page.title(), new RegExp(`^${l.personalTitle} – .+ \\| LinguaPort$`));
    assert.equal(await page.getAttribute('meta[name=robots]', 'content'), 'noindex');
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}
