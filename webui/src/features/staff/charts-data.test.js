import { expect, test } from 'vitest';
import { claimChart, duration, loadChart, onTimeChart, ordersChart, percent, revenueChart, tryAxis, weekEnd, weekLabel } from './charts-data.js';

const week = (date, i, extra) => ({ week: `2026-W${37 + i}`, date, start: `${date}T00:00:00Z`, ...extra });

const revenue = {
  currency: 'TRY',
  decimals: 2,
  rateMicros: 27_500_000,
  weeks: [
    week('2026-11-16', 10, { paid: 99_990, refunded: 0, net: 99_990, invoices: 1, refunds: 0 }),
    week('2026-11-23', 11, { paid: 275_083, refunded: 275_000, net: 83, invoices: 2, refunds: 1 }),
  ],
  mix: [
    { currency: 'USD', decimals: 2, invoices: 1, refunds: 0, net: 10_000, netTry: 275_000 },
    { currency: 'JPY', decimals: 0, invoices: 1, refunds: 0, net: 1234, netTry: 83 },
  ],
  totals: { paid: 375_073, refunded: 275_000, net: 100_073, invoices: 3, refunds: 1 },
};

test('revenue: the net as bars and the refunds as a line in kuruş, every amount written as TRY in the page’s language, the mix in each currency', () => {
  const tr = revenueChart('tr', revenue);
  expect(tr.x).toEqual([0, 1]);
  expect(tr.labels).toEqual(['16 Kas', '23 Kas']);
  expect(tr.series).toEqual([[99_990, 83], [0, 275_000]]);
  expect(tr.rows[1]).toEqual(['23 Kas', '2.750,83 ₺', '2.750,00 ₺', '0,83 ₺', '2']);
  expect(tr.total).toBe('1.000,73 ₺');
  expect(tr.mix).toEqual([
    { currency: 'USD', invoices: '1', refunds: '0', net: '100,00 $', netTry: '2.750,00 ₺' },
    { currency: 'JPY', invoices: '1', refunds: '0', net: '1.234 ¥', netTry: '0,83 ₺' },
  ]);
  const en = revenueChart('en', revenue);
  expect(en.labels).toEqual(['16 Nov', '23 Nov']);
  expect(en.rows[0]).toEqual(['16 Nov', '₺999.90', '₺0.00', '₺999.90', '1']);
  expect(en.mix[0].net).toBe('$100.00');
  // Nothing answered yet: empty series, not a crash.
  expect(revenueChart('tr', undefined)).toMatchObject({ x: [], series: [[], []], rows: [], mix: [], total: '0,00 ₺' });
});

const trends = {
  weeks: [
    week('2026-11-16', 10, { paid: 1, completed: 2, dated: 1, onTime: 0, claimed: 1, claimMedianMinutes: 30, assignedByStaff: 0, waiting: 0 }),
    week('2026-11-23', 11, { paid: 1234, completed: 3, dated: 3, onTime: 2, claimed: 2, claimMedianMinutes: 125, assignedByStaff: 1, waiting: 1 }),
    week('2026-11-30', 12, { paid: 0, completed: 0, dated: 0, onTime: 0, claimed: 0, claimMedianMinutes: null, assignedByStaff: 0, waiting: 0 }),
  ],
  load: [
    { translatorId: 'tr-a', active: 2, cap: 2 },
    { translatorId: 'tr-b', active: 1, cap: 3 },
  ],
};

test('orders paid and completed per week, grouped as the language groups thousands', () => {
  const tr = ordersChart('tr', trends);
  expect(tr.series).toEqual([[1, 1234, 0], [2, 3, 0]]);
  expect(tr.rows[1]).toEqual(['23 Kas', '1.234', '3']);
  expect(ordersChart('en', trends).rows[1]).toEqual(['23 Nov', '1,234', '3']);
});

test('on-time rate: on time of those with an expected date, in percent; a week without any is a gap, not 0 %', () => {
  const tr = onTimeChart('tr', trends);
  expect(tr.series).toEqual([[0, 66.7, null]]);
  expect(tr.rows).toEqual([
    ['16 Kas', '%0', '0 / 1'],
    ['23 Kas', '%67', '2 / 3'],
    ['30 Kas', '–', '0 / 0'],
  ]);
  expect(onTimeChart('en', trends).rows[1]).toEqual(['23 Nov', '67%', '2 / 3']);
});

test('time to claim: the median in hours for the chart, in hours and minutes for people; none claimed is a gap', () => {
  const en = claimChart('en', trends);
  expect(en.series).toEqual([[0.5, 2.08, null]]);
  expect(en.rows[1]).toEqual(['23 Nov', '2 h 5 min', '2', '1', '1']);
  expect(claimChart('tr', trends).rows[0]).toEqual(['16 Kas', '30 dk', '1', '0', '0']);
  expect(duration('tr', 120)).toBe('2 sa');
  expect(duration('en', null)).toBe('');
});

test('translator load: active jobs against the cap, named once the names are known, the fullest first as answered', () => {
  const names = { 'tr-a': 'Ayşe Demir' };
  const tr = loadChart('tr', trends, (id) => names[id]);
  expect(tr.labels).toEqual(['Ayşe Demir', 'tr-b']);
  expect(tr.series).toEqual([[2, 1], [2, 3]]);
  expect(tr.rows).toEqual([
    ['Ayşe Demir', '2', '2', '%100'],
    ['tr-b', '1', '3', '%33'],
  ]);
  const many = { load: Array.from({ length: 15 }, (_, i) => ({ translatorId: `t${i}`, active: 1, cap: 3 })) };
  expect(loadChart('en', many)).toMatchObject({ more: 3 });
  expect(loadChart('en', many).x).toHaveLength(12);
});

test('numbers for axes: TRY compact, percentages per language', () => {
  expect(tryAxis('en', 1_250_000)).toBe('₺12.5k');
  expect(tryAxis('tr', 1_250_000)).toBe('12,5\u00a0B ₺');
  expect(percent('tr', 0.5)).toBe('%50');
  expect(weekLabel('en', '2026-12-28')).toBe('28 Dec');
});

test('a week runs Monday to Sunday, across a month and a year', () => {
  expect(weekEnd('2026-11-23')).toBe('2026-11-29');
  expect(weekEnd('2026-11-30')).toBe('2026-12-06');
  expect(weekEnd('2026-12-28')).toBe('2027-01-03');
  const c = revenueChart('en', { weeks: [{ week: '2026-W52', date: '2026-12-21' }, { week: '2026-W53', date: '2026-12-28' }] });
  expect(c.periods).toEqual([{ paidFrom: '2026-12-21', paidTo: '2026-12-27' }, { paidFrom: '2026-12-28', paidTo: '2027-01-03' }]);
  expect(c.window).toEqual({ paidFrom: '2026-12-21', paidTo: '2027-01-03' });
});
