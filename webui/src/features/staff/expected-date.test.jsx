import { afterEach, expect, test, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.js';
import { createRequestOnce } from '../../lib/request-once.js';
import { render, text } from '../../lib/test-render.jsx';
import { changeExpectedDate, expectedDateBody } from './api/orders.js';
import { ExpectedDateForm, expectedDateProblems, istanbulToday } from './components/expected-date-form.jsx';
import { StaffOrderView } from './components/order-detail.jsx';
import { staffExpectedDateTexts } from './expected-date-texts.js';

afterEach(() => vi.unstubAllGlobals());
const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const order = (extra = {}) => ({
  id: 'o1',
  number: 'O-2026-00007',
  status: 'assigned',
  customerId: 'cust-1',
  translatorId: 'tr-1',
  service: 'professional-translation',
  sourceLanguage: 'tr',
  targetLanguages: ['en'],
  addOns: [],
  total: { amount: 187000, currency: 'TRY', decimals: 2 },
  createdAt: '2026-11-23T10:00:00Z',
  expectedDate: '2026-12-04',
  deadline: '2026-12-04T15:00:00Z',
  history: [],
  ...extra,
});

/** keys lists a texts object's keys, nested ones as paths. */
const keys = (o, prefix = '') => Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`])).sort();

test('the form says the same things in Turkish and English', () => {
  expect(keys(staffExpectedDateTexts.en)).toEqual(keys(staffExpectedDateTexts.tr));
});

test('a paid order whose work is under way offers to move its date; one not paid or delivered does not', () => {
  const tr = render(<StaffOrderView order={order()} eligibility={{ candidates: [], excluded: [] }} />, { path: '/tr/yonetim/siparisler/o1' });
  expect(tr).toContain('data-testid="expected-date-form"');
  expect(text(tr)).toContain('Tahmini teslim tarihi');
  expect(text(tr)).toContain('4 Aralık 2026 Cuma');
  expect(text(tr)).toContain('İstanbul saatiyle 18:00'); // the day's deadline on Istanbul's clock, saying so
  expect(tr).toMatch(/<input(?=[^>]*type="date")(?=[^>]*name="expectedDate")[^>]*value="2026-12-04"/);
  expect(tr).toContain(`min="${istanbulToday()}"`);
  for (const status of ['in_progress', 'assigned']) {
    expect(render(<StaffOrderView order={order({ status })} eligibility={{ candidates: [], excluded: [] }} />, { path: '/en/admin/orders/o1' })).toContain('data-testid="expected-date-form"');
  }
  for (const o of [order({ status: 'awaiting_payment', deadline: undefined, expectedDate: undefined }), order({ status: 'delivered' }), order({ status: 'completed' })]) {
    expect(render(<StaffOrderView order={o} eligibility={{ candidates: [], excluded: [] }} />, { path: '/en/admin/orders/o1' })).not.toContain('data-testid="expected-date-form"');
  }
});

test('the form refuses no day, the same day and no note before sending, and sends a trimmed day and note', async () => {
  expect(expectedDateProblems({ expectedDate: '', note: ' ' }, '2026-12-04')).toEqual({ expectedDate: 'dateRequired', note: 'noteRequired' });
  expect(expectedDateProblems({ expectedDate: '2026-12-04', note: 'Belge uzun.' }, '2026-12-04')).toEqual({ expectedDate: 'sameDay' });
  expect(expectedDateProblems({ expectedDate: '2026-12-07', note: 'Belge uzun.' }, '2026-12-04')).toEqual({});
  expect(expectedDateBody(' 2026-12-07 ', ' Belge beklenenden uzun. ')).toEqual({ expectedDate: '2026-12-07', note: 'Belge beklenenden uzun.' });
  const fetch = vi.fn(() => Promise.resolve(json(200, order({ expectedDate: '2026-12-07', deadline: '2026-12-07T15:00:00Z' }))));
  vi.stubGlobal('fetch', fetch);
  await changeExpectedDate('o1', expectedDateBody('2026-12-07', 'Belge uzun.'), 'en');
  const [url, init] = fetch.mock.calls[0];
  expect(url).toBe('/api/v1/orders/admin/orders/o1/expected-date');
  expect(init.method).toBe('POST');
  expect(init.headers['Accept-Language']).toBe('en');
  expect(JSON.parse(init.body)).toEqual({ expectedDate: '2026-12-07', note: 'Belge uzun.' });
});

test('the server’s refusal shows under the field it names, and a 409 above the button, in the page’s words', async () => {
  const refused = createRequestOnce();
  const fields = { expectedDate: 'The expected date must be a business day (not a weekend or a public holiday).' };
  await refused.run('expected-date', () => Promise.reject(new ApiError(400, { error: { code: 'validation_failed', message: 'Some fields are not valid.', fields } })));
  const en = render(<ExpectedDateForm order={order()} request={refused} />, { path: '/en/admin/orders/o1' });
  expect(en).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*-expectedDate-hint [^"]*-expectedDate-error"/);
  expect(text(en)).toContain(fields.expectedDate);
  const fixed = createRequestOnce();
  const message = 'Bu siparişin tahmini teslim tarihi şu an değiştirilemez.';
  await fixed.run('expected-date', () => Promise.reject(new ApiError(409, { error: { code: 'expected_date_fixed', message } })));
  const tr = render(<ExpectedDateForm order={order()} request={fixed} />, { path: '/tr/yonetim/siparisler/o1' });
  expect(tr).toContain('role="alert"');
  expect(text(tr)).toContain(message);
});

test('today is counted in Istanbul: 22:30 UTC on 3 December is already 4 December there', () => {
  expect(istanbulToday(new Date('2026-12-03T22:30:00Z'))).toBe('2026-12-04');
  expect(istanbulToday(new Date('2026-12-03T20:30:00Z'))).toBe('2026-12-03');
});
