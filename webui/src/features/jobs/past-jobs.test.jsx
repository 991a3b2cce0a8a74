import { expect, test } from 'vitest';
import { render, text } from '../../lib/test-render.jsx';
import { pastJobsPageKey, toPastJob } from './api/jobs.js';
import { PastJobsView } from './components/past-jobs.jsx';

const TRY = { amount: 56100, currency: 'TRY', decimals: 2, formatted: '561,00 TRY' };
const USD = { amount: 2040, currency: 'USD', decimals: 2, formatted: '20.40 USD' };
const file = (id, name) => ({ id, name, size: 100, counts: { words: 400, pages: 2 } });
const answer = {
  jobs: [
    {
      id: 'o2', number: 'O-2026-00008', status: 'delivered', service: 'professional-translation', sourceLanguage: 'tr', targetLanguages: ['en'],
      unit: 'word', quantity: 400, files: [file('f2', 'kaynak.docx')], deliveries: [file('d2', 'ceviri.docx')],
      deliveredAt: '2026-11-24T10:00:00Z', completedAt: null, pay: { try: TRY, usd: USD },
    },
    {
      id: 'o1', number: 'O-2026-00007', status: 'completed', service: 'proofreading', sourceLanguage: 'en', targetLanguages: ['tr'],
      unit: 'word', quantity: 100, files: [], deliveries: [file('d1', 'final.docx')],
      deliveredAt: '2026-11-20T10:00:00Z', completedAt: '2026-11-21T09:00:00Z', pay: { try: TRY, usd: USD },
    },
  ],
  more: true,
  next: 'o1',
};
const answers = [['/api/v1/catalog/languages', { languages: [{ code: 'tr', nameTr: 'Türkçe', nameEn: 'Turkish' }, { code: 'en', nameTr: 'İngilizce', nameEn: 'English' }] }]];

test('past jobs page by the server’s cursor, newest first, and stop when it says there is no more', () => {
  const key = pastJobsPageKey('en');
  expect(key(0, null)).toEqual(['/api/v1/orders/jobs/past', 'en']);
  expect(key(1, { jobs: answer.jobs.map(toPastJob), more: true, next: 'o1' })).toEqual(['/api/v1/orders/jobs/past?before=o1', 'en']);
  expect(key(2, { jobs: [], more: false, next: '' })).toBeNull();
});

test('a past job shows its number, pair, state in the translator’s words, its date, files to download and pay', () => {
  const jobs = answer.jobs.map(toPastJob);
  const en = render(<PastJobsView jobs={jobs} more />, { path: '/en/account/past-jobs', answers });
  const words = text(en);
  expect(words).toContain('Job O-2026-00008');
  expect(words).toContain('Turkish → English');
  expect(words).toContain('Delivered, with the customer');
  expect(words).toContain('Completed Completed:');
  expect(en).toContain('dateTime="2026-11-21T09:00:00Z"'); // a completed job by its completion
  expect(en).toContain('dateTime="2026-11-24T10:00:00Z"');
  expect(en).toContain('href="/api/v1/orders/files/d2"');
  expect(en).toContain('href="/api/v1/orders/files/f2"');
  expect(words).toContain('561,00 TRY (20.40 USD)');
  expect(words).not.toContain('Deadline');
  expect(en).toContain('data-testid="past-more"');
  const tr = text(render(<PastJobsView jobs={jobs} />, { path: '/tr/hesabim/gecmis-islerim', answers }));
  expect(tr).toContain('Teslim edildi, müşteride');
  expect(tr).toContain('Teslim ettiğiniz dosyalar');
  expect(text(render(<PastJobsView jobs={[]} />, { path: '/tr/hesabim/gecmis-islerim' }))).toContain('Henüz teslim ettiğiniz bir iş yok.');
});
