import { expect, test } from 'vitest';
import { quantityLabel } from './quantity-field.jsx';

test('the quantity is labelled by the unit: words, pages, minutes, else a plain quantity', () => {
  expect(quantityLabel('tr', 'word')).toBe('Kelime sayısı');
  expect(quantityLabel('tr', 'page')).toBe('Sayfa sayısı');
  expect(quantityLabel('en', 'minute')).toBe('Length (minutes)');
  expect(quantityLabel('en', undefined)).toBe('Quantity');
  expect(quantityLabel('tr', 'hour')).toBe('Miktar');
});
