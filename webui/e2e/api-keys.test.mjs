// API keys in a real browser (DESIGN §15): a customer makes a key in Settings, sees its secret
// once, uses it from another program through the site (as themselves, in another service too),
// sees its last use and revokes it, after which the key is refused in the page's language; a
// sandbox key (issue 29) is chosen in the same form, starts lp_test_, is marked in the list and
// acts in the customer's sandbox space; staff find every key in the back office (sandbox keys
// marked), revoke one (the customer sees who did) and find both actions in the audit log. In both
// languages; SCREENSHOTS keeps each step at 1366 and 390 px.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launch, openPage, shot, waitHydrated } from './browser.mjs';
import { ADMIN, session, signIn } from './stack.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());
const stamp = `${Date.now()}-${process.pid}`;

test('a customer makes a key, uses it from a program, sees its last use and revokes it', async () => {
  for (const lang of ['tr', 'en']) {
    const email = `api-keys-${lang}-${stamp}@example.com`;
    await session(email, 'Uzun-Bir-Parola-9', { register: lang === 'tr' ? 'Ayşe Entegratör' : 'Alex Integrator', lang });
    const page = await openPage(browser, { locale: lang === 'tr' ? 'tr-TR' : 'en-GB' });
    page.on('dialog', (d) => d.accept());
    await signIn(page, lang === 'tr' ? '/tr/giris' : '/en/login', email, 'Uzun-Bir-Parola-9');
    const settings = lang === 'tr' ? '/tr/hesabim/ayarlar' : '/en/account/settings';
    await page.goto(settings);
    await waitHydrated(page);
    await shot(page, `keys-${lang}-1-settings`, { top: true });
    await page.locator('[data-tab=api-keys]').click();
    await page.waitForURL((u) => u.pathname.endsWith(lang === 'tr' ? '/api-anahtarlari' : '/api-keys'));
    await page.locator('[data-testid=api-keys]').waitFor();
    await shot(page, `keys-${lang}-2-empty`, { top: true });
    // A refused name first, then a key.
    await page.locator('[data-action=create-key]').click();
    await page.locator('.field__error').first().waitFor();
    await shot(page, `keys-${lang}-3-refused`, { top: true });
    await page.locator('input[name=name]').fill(lang === 'tr' ? 'Web sitesi CMS' : 'Website CMS');
    await page.locator('[data-action=create-key]').click();
    const secretBox = page.locator('[data-testid=api-key-secret] [data-secret]');
    await secretBox.waitFor();
    const secret = await secretBox.textContent();
    assert.match(secret, /^lp_live_[a-z2-7]{32}$/);
    await shot(page, `keys-${lang}-4-secret`, { top: true });
    // The key works through the site as its customer, from another program.
    const r = await fetch(`${BASE_URL}/api/v1/auth/me`, { headers: { Authorization: `Bearer ${secret}`, 'Accept-Language': lang } });
    const me = await r.json();
    assert.equal(r.status, 200, JSON.stringify(me));
    assert.equal(me.user.email, email);
    const q = await fetch(`${BASE_URL}/api/v1/orders/quotes`, { headers: { Authorization: `Bearer ${secret}` } });
    assert.equal(q.status, 200);
    await page.locator('[data-action=secret-stored]').click();
    await page.reload();
    await page.locator('[data-key-id]').first().waitFor();
    assert.match(await page.locator('[data-key-id]').first().textContent(), lang === 'tr' ? /Son kullanım/ : /Last used/);
    await shot(page, `keys-${lang}-5-listed`, { top: true });
    await page.locator('[data-action=revoke-key]').first().click();
    await page.locator('[data-key-id][data-active=false]').first().waitFor();
    await shot(page, `keys-${lang}-6-revoked`, { top: true });
    const after = await fetch(`${BASE_URL}/api/v1/orders/quotes`, { headers: { Authorization: `Bearer ${secret}`, 'Accept-Language': lang } });
    const refused = await after.json();
    assert.equal(after.status, 401, JSON.stringify(refused));
    assert.equal(refused.error.code, 'key_revoked');
    assert.equal(refused.error.message, lang === 'tr' ? 'Bu API anahtarı iptal edildi.' : 'This API key has been revoked.');
    await page.context().close();
  }
});

test('a customer makes a sandbox key: lp_test_, marked as such, acting in their sandbox space', async () => {
  for (const lang of ['tr', 'en']) {
    const email = `api-keys-sandbox-${lang}-${stamp}@example.com`;
    const customer = await session(email, 'Uzun-Bir-Parola-9', { register: lang === 'tr' ? 'Ayşe Entegratör' : 'Alex Integrator', lang });
    const live = await customer.call('POST', 'auth/keys', { name: 'CMS', scope: 'read+write' });
    assert.equal(live.sandbox, false);
    const page = await openPage(browser, { locale: lang === 'tr' ? 'tr-TR' : 'en-GB' });
    await signIn(page, lang === 'tr' ? '/tr/giris' : '/en/login', email, 'Uzun-Bir-Parola-9');
    await page.goto(lang === 'tr' ? '/tr/hesabim/ayarlar/api-anahtarlari' : '/en/account/settings/api-keys');
    await waitHydrated(page);
    const form = page.locator('[data-testid=api-key-form]');
    // Live is chosen until the sandbox is.
    assert.equal(await form.locator('input[name=environment][value=live]').isChecked(), true);
    await form.locator('input[name=name]').fill(lang === 'tr' ? 'CMS deneme' : 'CMS test');
    await form.locator('input[name=environment][value=sandbox]').check();
    assert.equal(await form.locator('input[name=environment][value=live]').isChecked(), false);
    await shot(page, `keys-${lang}-7-sandbox-form`, { top: true });
    await form.locator('[data-action=create-key]').click();
    const box = page.locator('[data-testid=api-key-secret][data-sandbox=true]');
    await box.waitFor();
    await box.locator('[data-testid=sandbox-badge]').waitFor();
    assert.match(await box.locator('[data-testid=sandbox-key-note]').textContent(), lang === 'tr' ? /deneme ortamı \(sandbox\) anahtarıdır/ : /This is a sandbox key/);
    const secret = (await box.locator('[data-secret]').textContent()).trim();
    assert.match(secret, /^lp_test_[a-z2-7]{32}$/);
    await shot(page, `keys-${lang}-8-sandbox-secret`, { top: true });

    // The key works, as the customer, in their sandbox space: what it registers is not live.
    const me = await fetch(`${BASE_URL}/api/v1/auth/me`, { headers: { Authorization: `Bearer ${secret}`, 'Accept-Language': lang } });
    assert.equal(me.status, 200);
    assert.equal((await me.json()).user.email, email);
    const q = await fetch(`${BASE_URL}/api/v1/orders/quotes`, { headers: { Authorization: `Bearer ${secret}` } });
    assert.equal(q.status, 200);
    const hook = await fetch(`${BASE_URL}/api/v1/auth/webhooks`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json', 'Accept-Language': lang },
      body: JSON.stringify({ url: 'https://hooks.example.com/linguaport-sandbox', description: '', types: ['order.paid'] }),
    });
    const hookBody = await hook.json();
    if (hook.status === 201) {
      assert.ok(!(await customer.call('GET', 'auth/webhooks')).endpoints.some((e) => e.id === hookBody.id), 'a sandbox endpoint is not live');
      assert.ok((await customer.call('GET', 'auth/webhooks?space=sandbox')).endpoints.some((e) => e.id === hookBody.id), 'a sandbox endpoint is in the sandbox');
    } else {
      // example.com's address may be refused (it must be public): as a field, never as the key's fault.
      assert.equal(hook.status, 400, JSON.stringify(hookBody));
    }

    // Listed: the sandbox key marked, the live one not.
    await page.locator('[data-action=secret-stored]').click();
    const sandboxItem = page.locator('[data-key-id][data-sandbox=true]');
    await sandboxItem.waitFor();
    assert.equal(await sandboxItem.count(), 1);
    assert.match(await sandboxItem.textContent(), /lp_test_/);
    await sandboxItem.locator('[data-testid=sandbox-badge]').waitFor();
    const liveItem = page.locator(`[data-key-id="${live.id}"]`);
    assert.equal(await liveItem.getAttribute('data-sandbox'), 'false');
    assert.equal(await liveItem.locator('[data-testid=sandbox-badge]').count(), 0);
    const mine = await customer.call('GET', 'auth/keys');
    assert.deepEqual(mine.keys.map((k) => k.sandbox), [true, false]);
    await shot(page, `keys-${lang}-9-sandbox-listed`, { top: true });
    await page.context().close();
  }
});

test('staff see every key, revoke one, and find it in the audit log', async () => {
  const customer = await session(`api-keys-staff-${stamp}@example.com`, 'Uzun-Bir-Parola-9', { register: 'Deniz Müşteri' });
  const made = await customer.call('POST', 'auth/keys', { name: 'Destek masası', scope: 'read' });
  const sandbox = await customer.call('POST', 'auth/keys', { name: 'Destek masası, deneme', scope: 'read', sandbox: true });
  assert.match(sandbox.secret, /^lp_test_/);
  for (const lang of ['tr', 'en']) {
    const page = await openPage(browser, { locale: lang === 'tr' ? 'tr-TR' : 'en-GB' });
    page.on('dialog', (d) => d.accept());
    await signIn(page, lang === 'tr' ? '/tr/giris' : '/en/login', ADMIN.email, ADMIN.password);
    await page.goto(lang === 'tr' ? '/tr/yonetim/api-anahtarlari' : '/en/admin/api-keys');
    await waitHydrated(page);
    await page.locator('[data-testid=staff-api-keys]').waitFor();
    await page.locator(`[data-key-id="${made.id}"] a`).filter({ hasText: 'Deniz Müşteri' }).waitFor();
    // The sandbox key is marked, the live one not.
    await page.locator(`[data-key-id="${sandbox.id}"][data-sandbox=true] [data-testid=sandbox-badge]`).waitFor();
    assert.equal(await page.locator(`[data-key-id="${made.id}"] [data-testid=sandbox-badge]`).count(), 0);
    await shot(page, `keys-staff-${lang}-1-list`);
    if (lang === 'tr') {
      await page.locator(`[data-key-id="${made.id}"] [data-action=staff-revoke-key]`).click();
      await page.locator(`[data-key-id="${made.id}"][data-active=false]`).waitFor();
      await shot(page, `keys-staff-${lang}-2-revoked`);
    }
    await page.goto(lang === 'tr' ? `/tr/yonetim/denetim?area=auth&object=apikey:${made.id}` : `/en/admin/audit?area=auth&object=apikey:${made.id}`);
    await waitHydrated(page);
    await page.getByText(lang === 'tr' ? 'API anahtarı oluşturdu' : 'Created an API key').waitFor();
    if (lang === 'tr') await page.getByText('API anahtarını iptal etti').waitFor();
    await shot(page, `keys-staff-${lang}-3-audit`);
    await page.context().close();
  }
  const mine = await customer.call('GET', 'auth/keys');
  assert.equal(mine.keys.find((k) => k.id === made.id).revokedBy, 'staff');
});
