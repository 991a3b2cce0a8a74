import { expect, test } from 'vitest';
import { render, text } from '../../../lib/test-render.jsx';
import { activeJobs, toActiveJob } from '../api/jobs.js';
import { ActiveJobsView } from './active-jobs.jsx';

const now = Date.parse('2026-11-23T09:30:00Z');
const revision = {
  id: 'o3',
  number: 'O-2026-00013',
  status: 'revision_requested',
  service: 'proofreading',
  sourceLanguage: 'en',
  targetLanguages: ['tr'],
  unit: 'word',
  quantity: 800,
  files: [{ id: 'f1', name: 'report.docx', counts: { words: 800 } }],
  deliveries: [{ id: 'd1', name: 'report-tr.docx' }],
  revisionReason: 'Tablo başlıkları çevrilmemiş.',
  revisionDue: '2026-11-25T09:00:00Z',
  claimedAt: '2026-11-20T09:00:00Z',
  history: [
    { status: 'assigned', at: '2026-11-20T09:00:00Z', note: '', step: 'claimed' },
    { status: 'delivered', at: '2026-11-21T09:00:00Z', note: '' },
    { status: 'revision_requested', at: '2026-11-23T09:00:00Z', note: 'Tablo başlıkları çevrilmemiş.', step: 'revision_returned', translatorId: 'tr-1' },
  ],
};

test('a revision on the desk shows the reason, its deadline in Turkey’s time in the page language, and the delivery form', () => {
  const tr = render(<ActiveJobsView jobs={activeJobs([revision], now)} onChanged={() => {}} />, { path: '/tr/hesabim/aktif-islerim' });
  expect(text(tr)).toContain('Müşteri düzeltme istedi Tablo başlıkları çevrilmemiş.');
  expect(text(tr)).toContain('Düzeltme süresi: 25 Kas 2026 12:00 (İstanbul saatiyle)'); // 09:00 UTC is noon in Istanbul
  expect(tr).toContain('data-testid="deliver-form"');
  expect(text(tr)).not.toContain('proje yöneticisi');
  expect(text(tr)).not.toContain('İşi bırak');
  const en = render(<ActiveJobsView jobs={activeJobs([revision], now)} onChanged={() => {}} />, { path: '/en/account/active-jobs' });
  expect(text(en)).toContain('Revise by 25 Nov 2026, 12:00 (Istanbul time)');
  expect(text(en)).toContain('Deliver the revised files below');
  expect(text(en)).not.toContain('project manager');
});

test('a revision is the translator’s to deliver; an assigned job carries no revision deadline', () => {
  expect(toActiveJob(revision, now)).toMatchObject({ canDeliver: true, revisionDue: '2026-11-25T09:00:00Z', canUnclaim: false });
  const assigned = toActiveJob({ ...revision, status: 'assigned', claimedAt: undefined, deliveries: [], history: [{ status: 'assigned', at: '2026-11-23T09:00:00Z', note: '', step: 'claimed' }] }, now);
  expect(assigned).toMatchObject({ canDeliver: true, revisionDue: null, claimedAt: '2026-11-23T09:00:00Z', canUnclaim: true });
});

test('the job shows the order’s rounds in the translator’s words, with the customer’s reason and no code', () => {
  const tr = render(<ActiveJobsView jobs={activeJobs([revision], now)} onChanged={() => {}} />, { path: '/tr/hesabim/aktif-islerim' });
  expect(tr).toContain('data-testid="job-history"');
  expect(text(tr)).toContain('Siparişin geçmişi');
  expect(text(tr)).toContain('Düzeltme size geri geldi');
  expect(text(tr)).toContain('İş havuzdan alındı');
  const en = render(<ActiveJobsView jobs={activeJobs([revision], now)} onChanged={() => {}} />, { path: '/en/account/active-jobs' });
  expect(text(en)).toContain('Order history');
  for (const code of ['revision_returned', 'claimed', 'revision_requested']) expect(text(en)).not.toContain(code);
});
