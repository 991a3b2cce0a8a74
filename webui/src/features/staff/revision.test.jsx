import { afterEach, expect, test, vi } from 'vitest';
import { render, text } from '../../lib/test-render.jsx';
import { assignOrder } from './api/orders.js';
import { StaffOrderView } from './components/order-detail.jsx';
import { RevisionPanel, deliveredBy } from './components/revision-panel.jsx';

afterEach(() => vi.unstubAllGlobals());
const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const names = (id) => ({ 'tr-1': 'Ayşe Yılmaz', 'tr-2': 'Mehmet Öz', 'tr-3': 'Zeynep Kaya', 'tr-4': 'Can Demir', 'tr-5': 'Elif Ak' })[id] ?? id;
const revision = (extra = {}) => ({
  id: 'o1',
  number: 'O-2026-00007',
  status: 'revision_requested',
  customerId: 'cust-1',
  translatorId: 'tr-1',
  service: 'professional-translation',
  sourceLanguage: 'tr',
  targetLanguages: ['en'],
  addOns: [],
  total: { amount: 187000, currency: 'TRY', decimals: 2 },
  createdAt: '2026-11-23T10:00:00Z',
  revisionReason: 'Tablo başlıkları çevrilmemiş.',
  revisionDue: '2026-11-25T09:00:00Z',
  history: [
    { status: 'assigned', at: '2026-11-23T11:00:00Z', note: '', step: 'claimed' },
    { status: 'delivered', at: '2026-11-23T15:00:00Z', note: '' },
    { status: 'revision_requested', at: '2026-11-23T09:00:00Z', note: 'Tablo başlıkları çevrilmemiş.', step: 'revision_returned', translatorId: 'tr-1' },
  ],
  ...extra,
});
const eligibility = {
  candidates: [
    { translatorId: 'tr-1', activeJobs: 3, activeJobCap: 3, current: true },
    { translatorId: 'tr-2', activeJobs: 1, activeJobCap: 3 },
  ],
  excluded: [
    { translatorId: 'tr-3', reason: 'no_competency' },
    { translatorId: 'tr-4', reason: 'at_cap' },
    { translatorId: 'tr-5', reason: 'suspended' },
  ],
};

test('a revision shows the reason, who delivered, the deadline in Turkey’s time, and the way back to that translator', () => {
  const html = render(<StaffOrderView order={revision()} eligibility={eligibility} nameOf={names} />, { path: '/tr/yonetim/siparisler/o1' });
  const words = text(html);
  expect(words).toContain('Müşterinin gerekçesi Tablo başlıkları çevrilmemiş.');
  expect(words).toContain('Teslim eden çevirmen Ayşe Yılmaz');
  expect(words).toContain('Düzeltme süresi 25 Kas 2026 12:00'); // 09:00 UTC is noon in Istanbul
  expect(words).toContain('Ayşe Yılmaz adlı çevirmene geri gönder');
  expect(words).toContain('Başka birine ver');
  expect(words).toContain('yönetimin bir şey yapması gerekmiyor');
  // The revision's own panel, not the assignment form of a job in the pool.
  expect(html).not.toContain('data-testid="assign"');
  expect(html).not.toContain('data-testid="give-other"');
});

test('an escalated revision says why, and giving it on lists the others with their load and who cannot take it, in words', () => {
  const escalated = revision({ revisionEscalatedAt: '2026-11-25T10:00:00Z', revisionEscalation: 'overdue' });
  const en = render(<RevisionPanel order={escalated} eligibility={eligibility} nameOf={names} giveOpen />, { path: '/en/admin/orders/o1' });
  const words = text(en);
  expect(en).toContain('data-reason="overdue"');
  expect(words).toContain('Escalated to staff');
  expect(words).toContain('It was not redelivered by the revision deadline.');
  expect(words).toContain('Revision due 25 Nov 2026, 12:00');
  expect(words).toContain('Send back to Ayşe Yılmaz');
  // The translator who has it is the send-back button, not one of the others.
  expect(en).toMatch(/<option value="tr-2">Mehmet Öz \(1\/3 jobs\)<\/option>/);
  expect(en).not.toContain('<option value="tr-1">');
  expect(words).toContain('Zeynep Kaya: Competent for only some of the language pairs or the service');
  expect(words).toContain('Can Demir: At their job cap');
  expect(words).toContain('Elif Ak: Suspended');
  const away = render(<RevisionPanel order={revision({ revisionEscalatedAt: '2026-11-23T09:00:00Z', revisionEscalation: 'unavailable' })} eligibility={{ candidates: [], excluded: [{ translatorId: 'tr-1', reason: 'on_vacation' }] }} nameOf={names} giveOpen />, { path: '/tr/yonetim/siparisler/o1' });
  expect(text(away)).toContain('Teslim eden çevirmen işi şu an geri alamıyor');
  expect(text(away)).toContain('Şu anda düzeltmeyi alabilecek başka çevirmen yok.');
  expect(text(away)).toContain('Ayşe Yılmaz: İzinde');
});

test('after staff gave it on, the page names who delivered and who has it now, and the timeline who had it before', () => {
  const given = revision({
    translatorId: 'tr-2',
    history: [
      ...revision().history,
      { status: 'revision_requested', at: '2026-11-25T10:00:00Z', note: '', step: 'revision_reassigned', translatorId: 'tr-2', previousTranslatorId: 'tr-1', by: 'staff-1' },
    ],
  });
  expect(deliveredBy(given)).toBe('tr-1');
  expect(deliveredBy(revision())).toBe('tr-1');
  const words = text(render(<StaffOrderView order={given} eligibility={eligibility} nameOf={names} />, { path: '/en/admin/orders/o1' }));
  expect(words).toContain('Delivered by Ayşe Yılmaz');
  expect(words).toContain('The revision is now with Mehmet Öz');
  expect(words).toContain('Send back to Mehmet Öz');
  expect(words).toContain('Previously: Ayşe Yılmaz');
});

test('sending back asks for no translator and names the one the page showed', async () => {
  const fetch = vi.fn(() => Promise.resolve(json(200, revision())));
  vi.stubGlobal('fetch', fetch);
  await assignOrder('o1', '', 'tr-1', 'tr');
  const [url, init] = fetch.mock.calls[0];
  expect(url).toBe('/api/v1/orders/admin/orders/o1/assign');
  expect(JSON.parse(init.body)).toEqual({ translatorId: '', from: 'tr-1' });
});
