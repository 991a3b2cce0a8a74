import { expect, test } from 'vitest';
import { render, text } from '../../../lib/test-render.jsx';
import { EDocumentsExport, lastMonth, periodProblem } from './e-documents-export.jsx';

test('the export starts at last month, across a year too', () => {
  expect(lastMonth('2026-11-29')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  expect(lastMonth('2027-01-05')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  expect(lastMonth('2028-03-01')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
});

test('a period is exported when it has both days in order and at most 92 of them', () => {
  expect(periodProblem('2026-10-01', '2026-10-31')).toBe('');
  expect(periodProblem('2026-10-01', '2026-12-31')).toBe('');
  expect(periodProblem('2026-10-01', '2027-01-01')).toBe('tooLong');
  expect(periodProblem('2026-10-31', '2026-10-01')).toBe('order');
  expect(periodProblem('', '2026-10-01')).toBe('missing');
});

test('the download links the ZIP of the period, in both languages', () => {
  const tr = render(<EDocumentsExport today="2026-11-29" />, { path: '/tr/yonetim/faturalar' });
  expect(tr).toContain('href="/api/v1/billing/admin/e-documents.zip?from=2026-10-01&amp;to=2026-10-31"');
  expect(text(tr)).toContain('Muhasebe için e-Arşiv belgeleri');
  const en = render(<EDocumentsExport today="2026-11-29" />, { path: '/en/admin/invoices' });
  expect(text(en)).toContain('Download ZIP');
});
