import { expect, test } from 'vitest';
import { expectedDay } from './calculator.js';

test('each urgency shows its own expected day; an older answer has the asked urgency only', () => {
  const estimate = { urgency: 'normal', expectedDate: '2026-12-04', expectedDates: { normal: '2026-12-04', urgent: '2026-12-01' } };
  expect(expectedDay(estimate, 'normal')).toBe('2026-12-04');
  expect(expectedDay(estimate, 'urgent')).toBe('2026-12-01');
  const single = { urgency: 'urgent', expectedDate: '2026-12-01' };
  expect(expectedDay(single, 'urgent')).toBe('2026-12-01');
  expect(expectedDay(single, 'normal')).toBeUndefined();
  expect(expectedDay(null, 'normal')).toBeUndefined();
});
