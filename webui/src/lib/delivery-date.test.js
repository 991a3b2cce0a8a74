import { describe, expect, test } from 'vitest';
import { formatAgencyTime, formatCalendarDate, parseCalendarDate } from './delivery-date.js';

describe('formatCalendarDate', () => {
  test('writes the day in the page language, with its weekday', () => {
    expect(formatCalendarDate('en', '2026-12-04')).toBe('Fri, 4 December 2026');
    expect(formatCalendarDate('tr', '2026-12-04')).toBe('4 Aralık 2026 Cuma');
    expect(formatCalendarDate('tr', '2028-02-29')).toBe('29 Şubat 2028 Salı');
  });

  test('is the same day in every time zone of the reader', () => {
    // The day is a calendar day: parsed and written in UTC, so no offset moves it.
    expect(parseCalendarDate('2027-01-01').toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(formatCalendarDate('en', '2027-01-01')).toBe('Fri, 1 January 2027');
  });

  test('writes nothing for a missing or broken day', () => {
    for (const v of [undefined, null, '', '2026-13-01', '2027-02-29', '4 December', '2026-12-04T15:00:00Z', 20261204]) {
      expect(formatCalendarDate('en', v)).toBe('');
    }
  });
});

describe('formatAgencyTime', () => {
  test("shows a deadline on Istanbul's clock", () => {
    // 15:00 UTC is 18:00 in Istanbul; 21:30 UTC on Thursday is already Friday there.
    expect(formatAgencyTime('en', '2026-12-04T15:00:00Z')).toBe('Fri, 4 December 2026 at 18:00');
    expect(formatAgencyTime('tr', '2026-12-04T15:00:00Z')).toBe('4 Aralık 2026 Cuma 18:00');
    expect(formatAgencyTime('en', '2026-12-03T21:30:00Z')).toBe('Fri, 4 December 2026 at 00:30');
    expect(formatAgencyTime('en', 'soon')).toBe('');
  });
});
