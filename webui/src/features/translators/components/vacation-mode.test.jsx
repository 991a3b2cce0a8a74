import { expect, test } from 'vitest';
import { render, text } from '../../../lib/test-render.jsx';
import { vacationStatus, validateVacation } from '../vacation.js';
import { VacationView } from './vacation-mode.jsx';

const due = <p data-testid="due-stub">O-2026-00007</p>;
const periods = {
  over: { id: 'v0', start: '2026-08-01', end: '2026-08-10', note: '', status: 'over' },
  running: { id: 'v1', start: '2026-11-20', end: '2026-11-30', note: 'Aile ziyareti', status: 'running' },
  upcoming: { id: 'v2', start: '2026-12-24', end: '2027-01-02', note: '', status: 'upcoming' },
};
const view = (data, lang = 'tr') => render(<VacationView data={data} due={due} onEnd={() => {}} onAdded={() => {}} />, { path: lang === 'en' ? '/en/account/vacation-mode' : '/tr/hesabim/tatil-modu' });
const statusOf = (html) => text(html.match(/data-testid="vacation-status"[^>]*>(.*?)<\/section>/)[1]);

test('on vacation: the running period is the status, it can be ended today, and the jobs still due are listed', () => {
  const html = view({ vacations: [periods.over, periods.running, periods.upcoming], onVacation: true });
  expect(html).toContain('data-state="on"');
  expect(statusOf(html)).toBe('Durum Şu anda tatildesiniz (20 Kas 2026 – 30 Kas 2026).');
  expect(html).toContain('data-testid="due-stub"');
  expect(text(html)).toContain('Hâlâ teslim etmeniz gereken işler');
  // Each period with its status; a running one ends today, an upcoming one is removed, an over one neither.
  expect(text(html)).toContain('Devam ediyor Tatili bugün bitir');
  expect(text(html)).toContain('Yaklaşan Dönemi kaldır');
  expect(html.match(/data-status="over"[^]*?<\/li>/)[0]).not.toContain('<button');
});

test('with a period coming, the status names it and the due jobs are shown; with none, neither', () => {
  let html = view({ vacations: [periods.upcoming], onVacation: false }, 'en');
  expect(statusOf(html)).toBe('Status Your next vacation runs from 24 Dec 2026 to 2 Jan 2027.');
  expect(html).toContain('data-testid="due-stub"');
  html = view({ vacations: [periods.over], onVacation: false }, 'en');
  expect(statusOf(html)).toBe('Status You are not on vacation: you see the job pool and can take jobs.');
  expect(html).not.toContain('data-testid="due-stub"');
});

test('the server’s onVacation wins over the periods, and a new period is checked before it is sent', () => {
  expect(vacationStatus({ vacations: [periods.running], onVacation: false }).state).toBe('off');
  expect(vacationStatus({ vacations: [periods.running] }).state).toBe('on');
  expect(validateVacation({ start: '2026-12-10', end: '2026-12-01' }, '2026-11-23')).toEqual({ end: { code: 'endBeforeStart' } });
  expect(validateVacation({ start: '2026-11-01', end: '2026-11-10' }, '2026-11-23')).toEqual({ end: { code: 'over' } });
  expect(validateVacation({ start: '2026-12-01', end: '2027-03-01' }, '2026-11-23')).toEqual({ end: { code: 'tooLongVacation', max: 90 } });
  expect(validateVacation({ start: '2026-12-01', end: '2026-12-14', note: 'Bayram' }, '2026-11-23')).toEqual({});
});
