import { expect, test } from 'vitest';
import { render, text } from '../lib/test-render.jsx';
import { earningsKey } from '../features/earnings/api/earnings.js';
import { assignedKey, poolKey } from '../features/jobs/api/jobs.js';
import { vacationsKey } from '../features/translators/api/translators.js';
import { TranslatorSummary } from './translator-summary.jsx';

test('the translator’s overview shows their active jobs, the pool, the earnings balance and vacation status, each with its link', () => {
  const answers = (lang) => [
    [assignedKey(lang), [{ id: 'o1' }, { id: 'o2' }]],
    [poolKey(lang), { jobs: [{ id: 'j1' }, { id: 'j2' }, { id: 'j3' }], reason: '' }],
    [earningsKey(lang), { balance: { amount: 173058, currency: 'TRY', decimals: 2 }, payouts: [{ id: 'po-1' }], entries: [] }],
    [vacationsKey(lang), { vacations: [], onVacation: true }],
  ];
  const tr = render(<TranslatorSummary />, { path: '/tr/hesabim/genel-bakis', answers: answers('tr') });
  const card = (html, id) => text(html.match(new RegExp(`data-testid="summary-${id}">(.*?)</div>`))[1]);
  expect(card(tr, 'active')).toBe('Aktif işlerim 2 İşlerime git');
  expect(card(tr, 'pool')).toBe('Havuzdaki işler 3 Havuza git');
  expect(card(tr, 'earnings')).toBe('Kazançlarım 1.730,58 ₺ 1 ödeme talebi bekliyor Kazançlarımı görüntüle');
  expect(card(tr, 'vacation')).toBe('Tatil modu Açık Tatil modunu yönet');
  for (const href of ['/tr/hesabim/aktif-islerim', '/tr/hesabim/havuzdaki-isler', '/tr/hesabim/kazanclar', '/tr/hesabim/tatil-modu']) expect(tr).toContain(`href="${href}"`);
  const en = render(<TranslatorSummary />, { path: '/en/account/overview', answers: answers('en') });
  expect(card(en, 'earnings')).toContain('₺1,730.58');
  expect(en).toContain('href="/en/account/earnings"');
  expect(card(en, 'vacation')).toBe('Vacation mode On Manage vacation mode');
});
