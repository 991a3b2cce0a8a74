import { expect, test } from 'vitest';
import { shouldHydrate } from './prerendered-data.js';

const at = (pathname, search = '') => ({ pathname, search });

test('markup is hydrated only on the URL it was rendered for', () => {
  const page = { url: '/tr/blog', lang: 'tr', data: {} };
  expect(shouldHydrate(page, at('/tr/blog'))).toBe(true);
  expect(shouldHydrate(page, at('/tr/blog', '?page=2'))).toBe(false);
  expect(shouldHydrate(page, at('/en/blog'))).toBe(false);
  expect(shouldHydrate(null, at('/tr/hesabim/ayarlar'))).toBe(false);
});

test('a not-found page hydrates on any unknown URL of its language', () => {
  const notFound = { notFound: true, lang: 'en', data: {} };
  expect(shouldHydrate(notFound, at('/en/no-such-page'))).toBe(true);
  expect(shouldHydrate(notFound, at('/tr/no-such-page'))).toBe(false);
});
