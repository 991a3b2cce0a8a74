import { expect, test } from 'vitest';
import { afterSignIn, loginPath, safeReturnTo } from './return-to.js';

test('returnTo accepts the site own paths under /tr/ and /en/', () => {
  for (const ok of ['/tr/hesabim/ayarlar', '/en/account/personal-info', '/tr/siparis/profesyonel-tercume?adim=2', '/en/blog/what-is-sworn-translation#top']) {
    expect(safeReturnTo(ok), ok).toBe(ok);
  }
});

test('returnTo refuses anything that could leave the site', () => {
  const bad = [
    undefined, null, '', 42, '/', '/tr', '/en', '/de/page', 'tr/hesabim', 'https://evil.example/tr/', '//evil.example/tr/x',
    '/tr//evil.example', '/en/\\evil.example', '/tr/a\nb', 'javascript:alert(1)', '/TR/hesabim', ` /tr/hesabim`,
    `/tr/${'a'.repeat(2001)}`,
  ];
  for (const v of bad) expect(safeReturnTo(v), String(v)).toBeUndefined();
});

test('after signing in: the validated returnTo, else the account overview', () => {
  expect(afterSignIn('/tr/hesabim/ayarlar', 'tr')).toBe('/tr/hesabim/ayarlar');
  expect(afterSignIn('//evil.example', 'tr')).toBe('/tr/hesabim/genel-bakis');
  expect(afterSignIn(undefined, 'en')).toBe('/en/account/overview');
  // Staff go to the back office, unless they were on their way somewhere.
  expect(afterSignIn(undefined, 'tr', { type: 'admin' })).toBe('/tr/yonetim');
  expect(afterSignIn(undefined, 'en', { type: 'admin' })).toBe('/en/admin');
  expect(afterSignIn('/en/admin/orders', 'en', { type: 'admin' })).toBe('/en/admin/orders');
  expect(afterSignIn(undefined, 'tr', { type: 'translator' })).toBe('/tr/hesabim/genel-bakis');
});

test('the login path carries returnTo encoded, or nothing when it is not acceptable', () => {
  expect(loginPath('tr', '/tr/hesabim/ayarlar')).toBe('/tr/giris?returnTo=%2Ftr%2Fhesabim%2Fayarlar');
  expect(loginPath('en', '/en/account/orders?page=2')).toBe('/en/login?returnTo=%2Fen%2Faccount%2Forders%3Fpage%3D2');
  expect(loginPath('en', 'https://evil.example')).toBe('/en/login');
});
