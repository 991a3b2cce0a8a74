import { expect, test, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.js';
import { render, text } from '../../lib/test-render.jsx';
import { toPool } from './api/jobs.js';
import { createClaimer } from './claim.js';
import { PoolView } from './components/job-pool.jsx';

test('a double click on Claim sends one request, and both clicks hear its outcome', async () => {
  let answer;
  const send = vi.fn(async (id) => ({ id, status: 'assigned' }));
  send.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
  const claim = createClaimer(send);
  const first = claim('job-1');
  const second = claim('job-1');
  await Promise.resolve();
  answer({ id: 'job-1', status: 'assigned' });
  expect(await first).toEqual({ outcome: 'claimed', order: { id: 'job-1', status: 'assigned' } });
  expect(await second).toBe(await first);
  expect(send).toHaveBeenCalledTimes(1);
  // Once settled, the job may be claimed again (e.g. after a failure), and another job at any time.
  await claim('job-1');
  await claim('job-2');
  expect(send.mock.calls.map((c) => c[0])).toEqual(['job-1', 'job-1', 'job-2']);
});

test('409 already_taken is "someone else took it"; any other refusal is a failure with the server’s message', async () => {
  const taken = new ApiError(409, { error: { code: 'already_taken', message: 'Bu işi başka bir tercüman aldı.' } });
  const cap = new ApiError(409, { error: { code: 'cap_reached', message: 'Aktif iş sınırınıza ulaştınız.' } });
  expect(await createClaimer(() => Promise.reject(taken))('job-1')).toMatchObject({ outcome: 'taken' });
  expect(await createClaimer(() => Promise.reject(cap))('job-1')).toMatchObject({ outcome: 'failed', error: cap });
  expect(await createClaimer(() => {
    throw new TypeError('offline');
  })('job-1')).toMatchObject({ outcome: 'failed' });
});

const job = {
  id: 'job-1',
  number: 'O-2026-00042',
  service: 'professional-translation',
  sourceLanguage: 'tr',
  targetLanguages: ['en', 'de'],
  unit: 'word',
  quantity: 1234,
  files: [{ name: 'sozlesme.docx', counts: { words: 1234, characters: 7001, pages: 5, minutes: 0 } }],
  brief: 'Hukuki terimler için ekteki sözlüğü kullanın.',
  deadline: '2026-12-01T15:00:00Z',
  pay: { usd: { amount: 4475, currency: 'USD', decimals: 2, formatted: '44.75 USD' }, try: { amount: 123450, currency: 'TRY', decimals: 2 } },
  sworn: true,
};
const answers = [['/api/v1/catalog/languages', { languages: [{ code: 'tr', nameTr: 'Türkçe', nameEn: 'Turkish' }, { code: 'en', nameTr: 'İngilizce', nameEn: 'English' }, { code: 'de', nameTr: 'Almanca', nameEn: 'German' }] }]];
const view = (props, lang = 'tr') => render(<PoolView onClaim={() => {}} {...props} />, { path: lang === 'en' ? '/en/account/job-pool' : '/tr/hesabim/havuzdaki-isler', answers });

test('a pool card shows the pair, service, quantity and unit, the files’ counts, the brief folded, the deadline and the pay', () => {
  const html = view({ pool: toPool({ jobs: [job] }) }, 'en');
  const card = text(html);
  expect(card).toContain('Turkish → English, German');
  expect(card).toContain('Professional Translation');
  expect(card).toContain('1,234 words');
  expect(card).toContain('sozlesme.docx 1,234 words · 5 pages');
  const one = text(view({ pool: toPool({ jobs: [{ ...job, files: [{ name: 'not.txt', counts: { words: 1, characters: 4, pages: 1, minutes: 0 } }] }] }) }, 'en'));
  expect(one).toContain('not.txt 1 word · 1 page');
  expect(card).toMatch(/Pay \S+\s?1,234\.50 \(44\.75 USD\) /); // TRY from minor units with the server's decimals, then USD as worded
  expect(card).toContain('Sworn');
  expect(html).toMatch(/<details class="job__brief"><summary>Customer’s brief<\/summary>/);
  expect(html).toContain('dateTime="2026-12-01T15:00:00Z"');
  expect(html).toContain('aria-label="Take job O-2026-00042"');
});

test('someone else taking the job is said as such; the empty pool says why', () => {
  let html = view({ pool: toPool({ jobs: [] }), notice: { outcome: 'taken', number: 'O-2026-00042' } });
  expect(html).toContain('data-outcome="taken"');
  expect(text(html)).toContain('Bu işi sizden önce başka bir tercüman aldı. Liste yenilendi.');
  expect(html).toContain('data-reason="none"');
  html = view({ pool: toPool({ jobs: [], onVacation: false, activeJobs: 0, activeJobCap: 3 }) });
  expect(text(html)).toContain('Şu anda yetkinliklerinize uyan iş yok.');
  expect(html).toContain('href="/tr/hesabim/yetkinliklerim"');
  html = view({ pool: toPool({ jobs: [], onVacation: true, activeJobs: 0, activeJobCap: 3 }) }, 'en');
  expect(text(html)).toContain('You are on vacation: you do not see the job pool while it lasts.');
  expect(html).toContain('href="/en/account/vacation-mode"');
  html = view({ pool: toPool({ jobs: [], onVacation: false, activeJobs: 3, activeJobCap: 3 }) }, 'en');
  expect(text(html)).toContain('You have reached the number of jobs you can hold at once.');
  expect(html).toContain('href="/en/account/active-jobs"');
  html = view({ pool: toPool({ jobs: [], reason: 'suspended', suspended: true, onVacation: false, activeJobs: 0, activeJobCap: 3 }) });
  expect(html).toContain('data-reason="suspended"');
  expect(text(html)).toContain('Hesabınız yönetim tarafından askıya alındı');
  // While one claim is on its way every Claim button waits.
  html = view({ pool: toPool({ jobs: [job, { ...job, id: 'job-2' }] }), claiming: 'job-1' });
  expect(html.match(/<button[^>]*disabled=""/g)).toHaveLength(2);
  expect(text(html)).toContain('Alınıyor…');
});

test('a pool card offers each file’s first page, folded, in the source language; an old file its short preview', () => {
  const page = 'Madde 1. Taraflar '.repeat(60).trim();
  const files = [
    { name: 'sozlesme.docx', counts: { words: 1234, pages: 5, preview: 'Madde 1. Taraflar' }, preview: page },
    { name: 'eski.docx', counts: { words: 10, preview: 'Eski dosyanın kısa önizlemesi' } },
    { name: 'ses.mp3', counts: { minutes: 3, preview: '' } },
  ];
  const html = view({ pool: toPool({ jobs: [{ ...job, files }] }) });
  const previews = [...html.matchAll(/<details class="job__preview" data-testid="file-preview"><summary>İlk sayfayı göster<\/summary><p lang="tr">(.*?)<\/p><\/details>/g)].map((m) => m[1]);
  expect(previews).toEqual([page, 'Eski dosyanın kısa önizlemesi']);
  expect(text(view({ pool: toPool({ jobs: [{ ...job, files }] }) }, 'en'))).toContain('Show the first page');
});
