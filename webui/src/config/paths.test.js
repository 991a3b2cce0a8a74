import { test } from 'vitest';
import assert from 'node:assert/strict';
import { PATHS, ACCOUNT_MENUS, accountPath, isStaffPath, languageOf, path, switchLanguage } from './paths.js';

test('every screen of spec §2 has both paths under its language', () => {
  for (const [key, p] of Object.entries(PATHS)) {
    assert.match(p.tr, /^\/tr(\/|$)/, key);
    assert.match(p.en, /^\/en(\/|$)/, key);
  }
  assert.equal(path('faq', 'en'), '/en/faq');
  assert.equal(path('developers', 'tr'), '/tr/gelistiriciler');
  assert.equal(path('blog', 'tr', 'yeminli-tercume-nedir'), '/tr/blog/yeminli-tercume-nedir');
  assert.throws(() => path('nowhere', 'tr'));
});

test('switching language maps each segment both ways', () => {
  const cases = [
    ['/tr', '/en'],
    ['/tr/hizmetler', '/en/services'],
    ['/tr/sik-sorulan-sorular', '/en/faq'],
    ['/tr/gelistiriciler', '/en/developers'],
    ['/tr/gizlilik-sozlesmesi', '/en/privacy-policy'],
    ['/tr/tercuman-kayit', '/en/freelance-translator'],
    ['/tr/siparis/profesyonel-tercume', '/en/order/professional-translation'],
    ['/tr/hesabim/kisisel-bilgiler', '/en/account/personal-info'],
    ['/tr/hesabim/havuzdaki-isler', '/en/account/job-pool'],
    ['/tr/paraphrasing-hizmeti', '/en/paraphrasing-service'],
    ['/tr/proofreading-hizmeti', '/en/proofreading-service'],
    ['/tr/parola-sifirla', '/en/reset-password'],
    ['/tr/eposta-dogrula', '/en/verify-email'],
    ['/tr/abonelikten-cik', '/en/unsubscribe'],
    ['/tr/hesabim/ayarlar/api-anahtarlari', '/en/account/settings/api-keys'],
    ['/tr/hesabim/ayarlar/webhooklar', '/en/account/settings/webhooks'],
  ];
  for (const [tr, en] of cases) {
    assert.equal(switchLanguage(tr, 'en'), en, tr);
    assert.equal(switchLanguage(en, 'tr'), tr, en);
  }
  // Paths already in the target language are left alone, trailing slashes dropped.
  assert.equal(switchLanguage('/en/services/', 'en'), '/en/services');
  // Unknown segments are kept unless an alternate is known (blog slugs come from the API).
  assert.equal(switchLanguage('/tr/blog/yeminli-tercume-nedir', 'en', { 'yeminli-tercume-nedir': 'what-is-sworn-translation' }), '/en/blog/what-is-sworn-translation');
  assert.equal(switchLanguage('/tr/hesabim/siparislerim/abc123', 'en'), '/en/account/orders/abc123');
  assert.equal(switchLanguage('/', 'en'), '/en');
  assert.throws(() => switchLanguage('/tr', 'de'));
});

test('language comes from the path, then the browser, then tr', () => {
  assert.equal(languageOf('/en/faq', ['tr-TR']), 'en');
  assert.equal(languageOf('/tr', ['en-US']), 'tr');
  assert.equal(languageOf('/', ['de-DE', 'en-GB']), 'en');
  assert.equal(languageOf('/', ['de-DE']), 'tr');
  assert.equal(languageOf('/', []), 'tr');
});

test('account menus per role, with English sub-paths', () => {
  assert.deepEqual(
    ACCOUNT_MENUS.customer.map((s) => accountPath('en', s)),
    ['/en/account/overview', '/en/account/personal-info', '/en/account/orders', '/en/account/files', '/en/account/billing-info', '/en/account/settings'],
  );
  assert.deepEqual(
    ACCOUNT_MENUS.translator.map((s) => accountPath('en', s).split('/').pop()),
    ['overview', 'personal-info', 'bank-accounts', 'earnings', 'active-jobs', 'job-pool', 'past-jobs', 'vacation-mode', 'support', 'competencies', 'settings'],
  );
  assert.equal(accountPath('tr', 'ayarlar'), '/tr/hesabim/ayarlar');
  assert.throws(() => accountPath('en', 'nope'));
});

test('the back office is told apart from the site (the customers’ chat corner stays out of it)', () => {
  for (const p of ['/tr/yonetim', '/tr/yonetim/siparisler', '/en/admin', '/en/admin/live-chat/c1']) assert.equal(isStaffPath(p), true, p);
  for (const p of ['/tr', '/en/administration', '/tr/yonetimler', '/en/account/orders', '/tr/hesabim']) assert.equal(isStaffPath(p), false, p);
});
