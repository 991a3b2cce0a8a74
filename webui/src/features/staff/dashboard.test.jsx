import { expect, test } from 'vitest';
import { STAFF_SECTIONS } from '../../config/paths.js';
import { render, text } from '../../lib/test-render.jsx';
import { summaryKey } from './api/summary.js';
import { CARDS, DashboardView, cardLink } from './components/dashboard.jsx';

// A card's words without its link's (whether it has one depends on the sections built so far).
const figure = (html, key) => text(html.match(new RegExp(`data-testid="staff-count-${key}">(.*?)</div>`))[1]).replace(/ (Listeyi aç|Open the list)$/, '');
const summaries = {
  orders: { data: { quotesPending: 4, escalated: 2, unassigned: 7, revisionsEscalated: 1 } },
  billing: { error: new Error('svc-billing down') },
  translators: { data: { applicationsSubmitted: 0, ticketsOpen: 12 } },
  catalog: { data: { inquiriesOpen: 3 } },
};

test('the dashboard shows one card per need from the services’ summaries; a summary that fails costs only its own cards', () => {
  const tr = render(<DashboardView summaries={summaries} />, { path: '/tr/yonetim' });
  expect(figure(tr, 'quotes')).toBe('Onay bekleyen teklifler 4');
  expect(figure(tr, 'escalated')).toBe('Kimsenin almadığı işler 2 Çevirmen atanmamış: 7');
  expect(figure(tr, 'applications')).toBe('Yeni çevirmen başvuruları 0');
  expect(figure(tr, 'tickets')).toBe('Açık destek talepleri 12');
  expect(figure(tr, 'inquiries')).toBe('Yanıtlanmamış iletişim ve kurumsal mesajlar 3');
  // svc-billing did not answer: its three cards say so, nothing else is lost.
  for (const key of ['invoicesPastDue', 'transfers', 'payouts']) expect(figure(tr, key)).toContain('Yüklenemedi');
  const en = render(<DashboardView summaries={summaries} />, { path: '/en/admin' });
  expect(figure(en, 'payouts')).toBe('Translator payouts requested Could not load');
  expect(figure(en, 'escalated')).toBe('Jobs nobody took 2 Without a translator: 7');
  expect(figure(en, 'revisionsEscalated')).toBe('Revisions escalated to staff 1');
  expect(figure(tr, 'revisionsEscalated')).toBe('Yönetime bildirilen düzeltmeler 1');
  // A summary still on its way shows an ellipsis, not a zero.
  expect(figure(render(<DashboardView summaries={{}} />, { path: '/en/admin' }), 'quotes')).toContain('…');
});

test('each figure links to its list with the filter that shows just those things, in the page’s language', () => {
  const want = {
    quotes: ['/tr/yonetim/teklifler?status=pending', '/en/admin/quotes?status=pending'],
    invoicesPastDue: ['/tr/yonetim/faturalar?pastDue=true', '/en/admin/invoices?pastDue=true'],
    escalated: ['/tr/yonetim/siparisler?status=escalated', '/en/admin/orders?status=escalated'],
    revisionsEscalated: ['/tr/yonetim/siparisler?status=revision_requested', '/en/admin/orders?status=revision_requested'],
    transfers: ['/tr/yonetim/havaleler', '/en/admin/transfers'],
    applications: ['/tr/yonetim/basvurular?status=submitted', '/en/admin/applications?status=submitted'],
    tickets: ['/tr/yonetim/talepler?status=open', '/en/admin/tickets?status=open'],
    inquiries: ['/tr/yonetim/mesajlar?status=open', '/en/admin/inquiries?status=open'],
    payouts: ['/tr/yonetim/odemeler?status=requested', '/en/admin/payouts?status=requested'],
  };
  const tr = render(<DashboardView summaries={summaries} />, { path: '/tr/yonetim' });
  const en = render(<DashboardView summaries={summaries} />, { path: '/en/admin' });
  for (const card of CARDS) {
    const [trHref, enHref] = want[card.key];
    // Only sections the back office has are linked (paths.js builds only those).
    const built = STAFF_SECTIONS.includes(card.section);
    expect(tr.includes(`href="${trHref}"`), card.key).toBe(built);
    expect(en.includes(`href="${enHref}"`), card.key).toBe(built);
  }
  for (const key of ['transfers', 'applications', 'tickets', 'inquiries', 'payouts']) expect(tr).toContain(`href="${want[key][0]}"`);
});

test('a card whose section the back office does not have yet shows its figure without a link', () => {
  const sections = ['havaleler', 'mesajlar'];
  expect(cardLink('tr', CARDS.find((c) => c.key === 'quotes'), sections)).toBeUndefined();
  expect(cardLink('en', CARDS.find((c) => c.key === 'inquiries'), sections)).toBe('/en/admin/inquiries?status=open');
  const html = render(<DashboardView summaries={summaries} sections={sections} />, { path: '/tr/yonetim' });
  expect(figure(html, 'quotes')).toBe('Onay bekleyen teklifler 4');
  expect(html).not.toContain('/tr/yonetim/teklifler');
  expect(html).toContain('href="/tr/yonetim/havaleler"');
  // The figures come from each service's summary.
  expect(['orders', 'billing', 'translators', 'catalog'].map((a) => summaryKey(a, 'tr')[0])).toEqual([
    '/api/v1/orders/admin/summary',
    '/api/v1/billing/admin/summary',
    '/api/v1/translators/admin/summary',
    '/api/v1/catalog/admin/summary',
  ]);
});
