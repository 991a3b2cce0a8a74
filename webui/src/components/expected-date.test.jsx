import { expect, test } from 'vitest';
import { render, text } from '../lib/test-render.jsx';
import { AgencyTime, ExpectedDelivery, ExpectedDeliveryItem } from './expected-date.jsx';

const at = (lang) => ({ path: lang === 'en' ? '/en/account' : '/tr/hesabim' });

test('the expected delivery day is worded in the page language', () => {
  expect(text(render(<ExpectedDelivery date="2026-12-04" />, at('en')))).toBe('Expected delivery: Fri, 4 December 2026');
  expect(text(render(<ExpectedDelivery date="2026-12-04" />, at('tr')))).toBe('Tahmini teslim: 4 Aralık 2026 Cuma');
  const html = render(<ExpectedDelivery date="2027-01-05" testId="expected-date-normal" />, at('en'));
  expect(html).toContain('<time dateTime="2027-01-05">Tue, 5 January 2027</time>');
  expect(html).toContain('data-testid="expected-date-normal"');
});

test('as a summary term, the label and the day', () => {
  const html = render(
    <dl>
      <ExpectedDeliveryItem date="2026-12-04" />
    </dl>,
    at('tr'),
  );
  expect(html).toMatch(/<dt>Tahmini teslim<\/dt><dd><time dateTime="2026-12-04">4 Aralık 2026 Cuma<\/time><\/dd>/);
});

test('without a day (a prerendered page, an old order) nothing is shown', () => {
  for (const date of [undefined, null, '', 'tomorrow', '2026-02-30']) {
    expect(render(<ExpectedDelivery date={date} />, at('en'))).toBe('');
    expect(render(<ExpectedDeliveryItem date={date} />, at('tr'))).toBe('');
  }
});

test("a deadline is shown on Istanbul's clock, saying so", () => {
  // 15:00 UTC is the end of the working day in Istanbul.
  expect(text(render(<AgencyTime value="2026-12-04T15:00:00Z" />, at('en')))).toBe('Fri, 4 December 2026 at 18:00 (Istanbul time)');
  expect(text(render(<AgencyTime value="2026-12-04T15:00:00Z" />, at('tr')))).toBe('4 Aralık 2026 Cuma 18:00 (İstanbul saatiyle)');
  expect(render(<AgencyTime value={null} />, at('en'))).toBe('');
});
