import { expect, test } from 'vitest';
import { formatDate, formatNumber, formatSize } from './format.js';

test('numbers, sizes and dates follow the page language', () => {
  expect(formatNumber('tr', 12500)).toBe('12.500');
  expect(formatNumber('en', 12500)).toBe('12,500');
  expect(formatNumber('en', undefined)).toBe('');
  expect(formatSize('en', 512)).toBe('512 B');
  expect(formatSize('en', 48213)).toBe('48 KB');
  expect(formatSize('tr', 5.5 * 1024 * 1024)).toBe('5,5 MB');
  expect(formatDate('en', '2026-05-01T10:00:00Z')).toBe('1 May 2026');
  expect(formatDate('tr', '2026-05-01T10:00:00Z')).toBe('1 May 2026');
  expect(formatDate('en', null)).toBe('');
  expect(formatDate('en', 'soon')).toBe('');
});
