import { expect, test } from 'vitest';
import { render, text } from '../../lib/test-render.jsx';
import { activeJobs, toPool } from './api/jobs.js';
import { JobFacts } from './components/job-facts.jsx';
import { DueJobsList } from './components/due-jobs.jsx';

const job = { id: 'j1', number: 'O-2026-00042', service: 'professional-translation', sourceLanguage: 'tr', targetLanguages: ['en'], unit: 'word', quantity: 400,
  deadline: '2026-12-04T15:00:00Z', expectedDate: '2026-12-04' };
const answers = [['/api/v1/catalog/languages', { languages: [] }]];
const at = (lang) => ({ path: lang === 'en' ? '/en/account/job-pool' : '/tr/hesabim/havuzdaki-isler', answers });

test("a job's deadline reads on Istanbul's clock, with the day the customer was promised", () => {
  const pooled = toPool({ jobs: [job] }).jobs[0];
  expect(pooled.expectedDate).toBe('2026-12-04');
  const en = text(render(<JobFacts job={pooled} />, at('en')));
  expect(en).toContain('Fri, 4 December 2026 at 18:00 (Istanbul time)');
  expect(en).toContain('Expected delivery Fri, 4 December 2026');
  const tr = text(render(<JobFacts job={pooled} />, at('tr')));
  expect(tr).toContain('4 Aralık 2026 Cuma 18:00 (İstanbul saatiyle)');
  expect(tr).toContain('Tahmini teslim 4 Aralık 2026 Cuma');
});

test('an active job keeps the order’s day and deadline', () => {
  const [active] = activeJobs([{ ...job, status: 'assigned', sourceLanguage: 'tr', history: [] }]);
  expect(active.expectedDate).toBe('2026-12-04');
  expect(text(render(<DueJobsList jobs={[active]} />, at('en')))).toContain('Fri, 4 December 2026 at 18:00 (Istanbul time)');
});
