import { expect, test } from 'vitest';
import { toQuantity } from './quantity.js';

test('the count is a whole number; grouping marks are dropped and anything else is 0 for the server to reject', () => {
  expect(toQuantity('1000')).toBe(1000);
  expect(toQuantity(' 1.000 ')).toBe(1000);
  expect(toQuantity('1,000')).toBe(1000);
  expect(toQuantity('12 500')).toBe(12500);
  expect(toQuantity('')).toBe(0);
  expect(toQuantity('abc')).toBe(0);
  expect(toQuantity('-5')).toBe(0);
  expect(toQuantity('1e3')).toBe(0);
  expect(toQuantity(undefined)).toBe(0);
  expect(toQuantity('99999999999999999999999')).toBe(Number.MAX_SAFE_INTEGER);
});
