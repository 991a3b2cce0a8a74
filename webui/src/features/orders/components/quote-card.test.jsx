import { afterEach, expect, test, vi } from 'vitest';
import { formatMoney } from '../../../lib/format.js';
import { render, text } from '../../../lib/test-render.jsx';
import { approveQuote } from '../api/orders.js';
import { OrdersProvider } from '../orders-context.jsx';
import { QuoteCard } from './quote-card.jsx';

afterEach(() => vi.unstubAllGlobals());
const TRY = (amount) => ({ amount, currency: 'TRY', decimals: 2 });

const quote = (extra = {}) => ({
  id: 'q1',
  number: 'Q-2026-00012',
  status: 'pending',
  service: 'professional-translation',
  sourceLanguage: 'tr',
  targetLanguages: ['en'],
  urgency: 'normal',
  addOns: [],
  unit: 'word',
  quantity: 400,
  files: [],
  lines: [],
  total: TRY(123457),
  createdAt: '2026-11-23T10:00:00Z',
  expiresAt: '2099-12-07T10:00:00Z',
  version: 1,
  revisions: [],
  ...extra,
});

const show = (q, lang = 'tr') =>
  render(
    <OrdersProvider currency="TRY">
      <QuoteCard quote={q} />
    </OrdersProvider>,
    { path: lang === 'tr' ? '/tr/hesabim/siparislerim' : '/en/account/orders' },
  );

test('a revised quote shows the new price, the old one and the staff note in both languages', () => {
  const revised = quote({
    version: 2,
    revisions: [{ version: 2, previous: TRY(187000), total: TRY(123457), note: 'Noter masrafı eklendi.', at: '2026-11-24T10:00:00Z' }],
  });
  const tr = text(show(revised));
  expect(tr).toContain(`Fiyat güncellendi: ${text(formatMoney(187000, 'TRY', 'tr'))} yerine ${text(formatMoney(123457, 'TRY', 'tr'))}.`);
  expect(tr).toContain('Ekibimizin notu: Noter masrafı eklendi.');
  const en = text(show(revised, 'en'));
  expect(en).toContain(`The price was updated: ${text(formatMoney(123457, 'TRY', 'en'))} instead of ${text(formatMoney(187000, 'TRY', 'en'))}.`);
  expect(en).toContain('Note from our team: Noter masrafı eklendi.');
  expect(show(quote())).not.toContain('data-testid="quote-revision"');
});

test('a cancelled quote says so with the reason and offers no approval', () => {
  const tr = show(quote({ status: 'cancelled', cancelReason: 'Belge okunamıyor.' }));
  expect(text(tr)).toContain('İptal edildi');
  expect(text(tr)).toContain('Bu teklif ekibimiz tarafından iptal edildi; onaylanamaz.');
  expect(text(tr)).toContain('İptal gerekçesi: Belge okunamıyor.');
  expect(tr).not.toContain('data-action="approve"');
  const en = text(show(quote({ status: 'cancelled', cancelReason: 'Unreadable.' }), 'en'));
  expect(en).toContain('Our team cancelled this quote; it can no longer be approved.');
  expect(en).toContain('Reason: Unreadable.');
});

test('approving sends the price version the customer saw', async () => {
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ quote: {}, order: { id: 'o1' } }), { status: 200, headers: { 'Content-Type': 'application/json' } })));
  vi.stubGlobal('fetch', fetch);
  await approveQuote('q1', 'tr', 2);
  const [url, init] = fetch.mock.calls[0];
  expect(url).toBe('/api/v1/orders/quotes/q1/approve');
  expect(JSON.parse(init.body)).toEqual({ version: 2 });
});
