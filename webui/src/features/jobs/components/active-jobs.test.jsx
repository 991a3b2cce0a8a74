import { expect, test } from 'vitest';
import { render, text } from '../../../lib/test-render.jsx';
import { activeJobs } from '../api/jobs.js';
import { ActiveJobsView } from './active-jobs.jsx';

const now = Date.parse('2026-11-23T09:30:00Z');
const base = { service: 'proofreading', sourceLanguage: 'en', targetLanguages: ['tr'], unit: 'word', quantity: 800, deliveries: [], files: [{ id: 'f1', name: 'report.docx', counts: { words: 800 } }] };
const orders = [
  { ...base, id: 'o1', number: 'O-2026-00011', status: 'assigned', brief: '', pay: { usd: { amount: 6293, currency: 'USD', decimals: 2, formatted: '62.93 USD' }, try: { amount: 173058, currency: 'TRY', decimals: 2, formatted: '1.730,58 TRY' } }, deadline: '2026-11-25T12:00:00Z', claimedAt: '2026-11-23T09:00:00Z', history: [{ status: 'assigned', at: '2026-11-23T09:00:00Z', note: 'claimed' }] },
  { ...base, id: 'o2', number: 'O-2026-00012', status: 'assigned', revisionReason: 'Tablo başlıkları çevrilmemiş.', history: [{ status: 'assigned', at: '2026-11-20T09:00:00Z' }] },
];

test('each active job shows its source downloads, the revision reason, a give-back within the hour, and the delivery form', () => {
  const html = render(<ActiveJobsView jobs={activeJobs(orders, now)} onChanged={() => {}} />, { path: '/tr/hesabim/aktif-islerim' });
  const [first, second] = html.split('<li><article').slice(1);
  expect(first).toContain('href="/api/v1/orders/files/f1"');
  expect(first).toContain('aria-label="report.docx dosyasını indir"');
  expect(text(first)).toContain('İşi bırak');
  expect(text(first)).toContain('Size atandı'); // the state in the translator's words
  expect(first).not.toContain('data-testid="revision-reason"');
  expect(text(second)).toContain('Müşteri düzeltme istedi Tablo başlıkları çevrilmemiş.');
  expect(text(second)).not.toContain('İşi bırak'); // claimed days ago
  expect(html.match(/data-testid="deliver-form"/g)).toHaveLength(2);
  expect(html).toMatch(/<progress|type="file"/);
  expect(text(first)).toContain('Ücret 1.730,58 TRY (62.93 USD)');
});

test('with nothing assigned, the page points to the job pool', () => {
  const html = render(<ActiveJobsView jobs={[]} onChanged={() => {}} />, { path: '/en/account/active-jobs' });
  expect(text(html)).toContain('You have no active jobs.');
  expect(html).toContain('href="/en/account/job-pool"');
});
