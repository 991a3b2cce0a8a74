import { expect, test } from 'vitest';
import { activeJobs, toActiveJob, toPool } from './jobs.js';

const order = (extra = {}) => ({
  id: 'o1',
  number: 'O-2026-00007',
  status: 'assigned',
  service: 'professional-translation',
  sourceLanguage: 'tr',
  targetLanguages: ['en'],
  unit: 'word',
  quantity: 500,
  brief: 'Resmî dil.',
  files: [{ id: 'f1', name: 'dilekce.docx', size: 2048, counts: { words: 500 } }],
  deliveries: [],
  history: [
    { status: 'in_progress', at: '2026-11-23T08:00:00Z', note: '' },
    { status: 'assigned', at: '2026-11-23T09:00:00Z', note: 'claimed' },
  ],
  claimedAt: '2026-11-23T09:00:00Z',
  ...extra,
});

test('a job can be given back within an hour of claiming it, and not after', () => {
  expect(toActiveJob(order(), Date.parse('2026-11-23T09:59:00Z'))).toMatchObject({ canUnclaim: true, unclaimUntil: '2026-11-23T10:00:00.000Z', canDeliver: true });
  expect(toActiveJob(order(), Date.parse('2026-11-23T10:00:01Z')).canUnclaim).toBe(false);
  // The server's own answer wins when it gives one.
  expect(toActiveJob(order({ canUnclaim: false }), Date.parse('2026-11-23T09:10:00Z')).canUnclaim).toBe(false);
  // Without claimedAt, the timeline's "claimed" step tells when; a job staff assigned cannot be given back.
  expect(toActiveJob(order({ claimedAt: undefined }), Date.parse('2026-11-23T09:10:00Z')).canUnclaim).toBe(true);
  const assigned = order({ claimedAt: undefined, history: [{ status: 'assigned', at: '2026-11-23T09:00:00Z', note: '' }] });
  expect(toActiveJob(assigned, Date.parse('2026-11-23T09:10:00Z'))).toMatchObject({ canUnclaim: false, canDeliver: true });
});

test('a job sent back for a revision carries the customer’s reason; source files download from svc-orders', () => {
  const back = order({
    history: [
      { status: 'assigned', at: '2026-11-20T09:00:00Z', note: '' },
      { status: 'delivered', at: '2026-11-21T09:00:00Z', note: '' },
      { status: 'revision_requested', at: '2026-11-22T09:00:00Z', note: 'Üçüncü paragraf eksik.' },
      { status: 'assigned', at: '2026-11-22T10:00:00Z', note: '' },
    ],
    claimedAt: undefined,
    deliveries: [{ id: 'd1' }],
  });
  const job = toActiveJob(back, Date.parse('2026-11-22T10:05:00Z'));
  expect(job.revisionReason).toBe('Üçüncü paragraf eksik.');
  expect(job.canUnclaim).toBe(false); // already delivered once: it stays with whoever did it
  expect(job.files[0]).toMatchObject({ name: 'dilekce.docx', url: '/api/v1/orders/files/f1' });
  expect(toActiveJob(order({ revisionReason: 'Terimler tutarsız.' })).revisionReason).toBe('Terimler tutarsız.');
});

test('active jobs are the orders on the desk, nearest deadline first', () => {
  const orders = [
    order({ id: 'late', deadline: '2026-12-10T12:00:00Z' }),
    order({ id: 'done', status: 'delivered' }),
    order({ id: 'open' }),
    order({ id: 'soon', deadline: '2026-12-01T12:00:00Z' }),
    order({ id: 'back', status: 'revision_requested' }),
    order({ id: 'finished', status: 'completed' }),
  ];
  const jobs = activeJobs(orders);
  expect(jobs.map((j) => j.id)).toEqual(['soon', 'late', 'open', 'back']);
  // A revision is the translator's to redeliver, with no staff step.
  expect(jobs.find((j) => j.id === 'back').canDeliver).toBe(true);
});

test('an empty pool says why from the answer: on vacation, at the cap, or nothing matching', () => {
  expect(toPool({ jobs: [], onVacation: true, activeJobs: 0, activeJobCap: 3 }).reason).toBe('vacation');
  expect(toPool({ jobs: [], onVacation: false, activeJobs: 3, activeJobCap: 3 }).reason).toBe('cap');
  expect(toPool({ jobs: [], onVacation: false, activeJobs: 1, activeJobCap: 3 }).reason).toBe('noMatch');
  expect(toPool({ jobs: [{ id: 'j1' }], onVacation: false, activeJobs: 1, activeJobCap: 3 }).reason).toBe('');
  expect(toPool({ jobs: [], reason: 'at_cap' }).reason).toBe('cap');
});
