import { expect, test } from 'vitest';
import { render, text } from '../../lib/test-render.jsx';
import { chartKey } from './api/charts.js';
import { ChartsView, LINKS, chartLink } from './components/charts.jsx';

const weeks = (make) => Array.from({ length: 12 }, (_, i) => ({ week: `2026-W${37 + i}`, date: new Date(Date.UTC(2026, 8, 7 + 7 * i)).toISOString().slice(0, 10), ...make(i) }));
const charts = {
  revenue: {
    data: {
      currency: 'TRY', decimals: 2, rateMicros: 27_500_000,
      weeks: weeks((i) => ({ paid: i === 11 ? 275_000 : 0, refunded: 0, net: i === 11 ? 275_000 : 0, invoices: i === 11 ? 1 : 0, refunds: 0 })),
      mix: [{ currency: 'USD', decimals: 2, invoices: 1, refunds: 0, net: 10_000, netTry: 275_000 }],
      totals: { paid: 275_000, refunded: 0, net: 275_000, invoices: 1, refunds: 0 },
    },
  },
  trends: {
    data: {
      weeks: weeks((i) => ({ paid: i === 11 ? 3 : 0, completed: i === 11 ? 2 : 0, dated: i === 11 ? 2 : 0, onTime: i === 11 ? 1 : 0, claimed: i === 11 ? 1 : 0,
        claimMedianMinutes: i === 11 ? 95 : null, assignedByStaff: 0, waiting: i === 11 ? 2 : 0 })),
      load: [{ translatorId: 'tr-a', active: 2, cap: 3 }],
    },
  },
};
// A table's rows as words, row by row.
const rows = (html, testid) => {
  const section = html.slice(html.indexOf(`data-testid="staff-chart-${testid}"`));
  return [...section.slice(0, section.indexOf('</section>')).matchAll(/<tr>(.*?)<\/tr>/g)].map((m) => text(m[1]));
};

test('each chart has its heading, its figures as a table for screen readers and a link to the list behind it, in Turkish', () => {
  const html = render(<ChartsView charts={charts} />, { path: '/tr/yonetim' });
  for (const title of ['Haftalık gelir', 'Haftalık siparişler', 'Zamanında teslim oranı', 'Havuzdan alınma süresi', 'Çevirmen iş yükü']) expect(html).toContain(`>${title}</h3>`);
  expect(rows(html, 'revenue')).toContain('23 Kas 2.750,00 ₺ 0,00 ₺ 2.750,00 ₺ 1');
  expect(html).toContain('12 haftada net gelir: 2.750,00 ₺');
  expect(html).toContain('1 $ = 27,50 ₺');
  expect(rows(html, 'revenue')).toContain('USD 1 0 100,00 $ 2.750,00 ₺');
  expect(rows(html, 'orders')).toContain('23 Kas 3 2');
  expect(rows(html, 'onTime')).toContain('23 Kas %50 1 / 2');
  expect(rows(html, 'claim')).toContain('23 Kas 1 sa 35 dk 1 0 2');
  expect(rows(html, 'load')).toContain('1 tr-a 2 3 %67');
  // Revenue leads to the invoices paid in its 12 weeks, and each week to its own.
  expect(html).toContain('href="/tr/yonetim/faturalar?paidFrom=2026-09-07&amp;paidTo=2026-11-29"');
  expect(html).toContain('aria-label="23 Kas haftasında ödenen faturalar" href="/tr/yonetim/faturalar?paidFrom=2026-11-23&amp;paidTo=2026-11-29"');
  expect(html).toContain('href="/tr/yonetim/faturalar?paidFrom=2026-09-07&amp;paidTo=2026-09-13"');
  expect(html).toContain('href="/tr/yonetim/siparisler?status=completed"');
  expect(html).toContain('href="/tr/yonetim/siparisler?status=in_progress"');
  expect(html).toContain('href="/tr/yonetim/cevirmenler"');
  // The canvas is the sighted reader's; screen readers get the table.
  expect(html).toMatch(/class="staff-chart__plot" aria-hidden="true"/);
});

test('in English, and a service that fails or has not answered costs only its own charts', () => {
  const html = render(<ChartsView charts={{ revenue: { error: new Error('svc-billing down') }, trends: charts.trends }} />, { path: '/en/admin' });
  expect(html).toContain('>Revenue by week</h3>');
  expect(html).toContain('The chart’s figures could not be loaded.');
  expect(rows(html, 'orders')).toContain('23 Nov 3 2');
  expect(rows(html, 'claim')).toContain('23 Nov 1 h 35 min 1 0 2');
  expect(html).toContain('href="/en/admin/orders?status=completed"');
  expect(html).toContain('href="/en/admin/translators"');
  expect(html).toContain('1 translator with active jobs: the jobs in hand against the cap.');
  const weeks = render(<ChartsView charts={charts} />, { path: '/en/admin' });
  expect(weeks).toContain('aria-label="Invoices paid in the week of 23 Nov" href="/en/admin/invoices?paidFrom=2026-11-23&amp;paidTo=2026-11-29"');
  const waiting = render(<ChartsView charts={{}} />, { path: '/en/admin' });
  expect(waiting).toContain('aria-busy="true"');
  expect(waiting).not.toContain('could not be loaded');
});

test('the charts’ figures come from the services that own them, and each link only to a section the back office has', () => {
  expect([chartKey('revenue', 'tr')[0], chartKey('trends', 'en')[0]]).toEqual(['/api/v1/billing/admin/revenue', '/api/v1/orders/admin/trends']);
  expect(chartLink('en', 'load', ['siparisler'])).toBeUndefined();
  expect(chartLink('en', 'claim', ['siparisler'])).toBe('/en/admin/orders?status=in_progress');
  expect(chartLink('en', 'revenue', ['faturalar'], { paidFrom: '2026-12-28', paidTo: '2027-01-03' })).toBe('/en/admin/invoices?paidFrom=2026-12-28&paidTo=2027-01-03');
  expect(chartLink('en', 'revenue', ['siparisler'], { paidFrom: '2026-12-28' })).toBeUndefined();
  expect(Object.keys(LINKS)).toEqual(['revenue', 'orders', 'onTime', 'claim', 'load']);
});
