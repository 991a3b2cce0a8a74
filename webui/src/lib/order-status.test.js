import { expect, test } from 'vitest';
import {
  DISPLAY_STATUSES,
  ESCALATION_REASONS,
  HISTORY_STEPS,
  ORDER_PHASES,
  ORDER_STATUSES,
  ROLES,
  displayStatusLabel,
  displayStatusOf,
  historyEntryText,
  historyLine,
  historyStepTexts,
  orderPhase,
  orderStatusLabel,
  orderStatusTexts,
} from './order-status.js';

const LANGS = ['tr', 'en'];
const CODE = /^[a-z]+(_[a-z]+)+$|^(claimed|unclaimed|reassigned|auto|assigned|delivered|completed)$/;

// Every state and every step has its own words for each reader in both languages: a code added
// without them fails here, and no word is a code.
test.each(LANGS.flatMap((lang) => ROLES.map((role) => [lang, role])))('every order state has words in %s for the %s', (lang, role) => {
  for (const phase of ORDER_PHASES) {
    const words = orderStatusTexts[lang][role][phase];
    expect(words, `${lang}/${role}/${phase}`).toBeTruthy();
    expect(words).not.toMatch(CODE);
    expect(orderStatusLabel(lang, role, phase)).toBe(words);
  }
  for (const step of HISTORY_STEPS) {
    const words = historyStepTexts[lang][role][step];
    expect(words, `${lang}/${role}/${step}`).toBeTruthy();
    expect(words).not.toMatch(CODE);
  }
});

test('the two languages never share a word for a state the other names differently', () => {
  for (const role of ROLES) {
    expect(Object.keys(orderStatusTexts.tr[role]).sort()).toEqual(Object.keys(orderStatusTexts.en[role]).sort());
    expect(Object.keys(historyStepTexts.tr[role]).sort()).toEqual(Object.keys(historyStepTexts.en[role]).sort());
  }
  for (const lang of LANGS) for (const r of ESCALATION_REASONS) expect(historyStepTexts[lang].reasons[r]).toBeTruthy();
  expect(DISPLAY_STATUSES.map((s) => displayStatusLabel('tr', s))).toEqual(['Devam ediyor', 'Tamamlandı']);
  expect(DISPLAY_STATUSES.map((s) => displayStatusLabel('en', s))).toEqual(['In progress', 'Completed']);
});

test('the customer reads each state as the issue names it', () => {
  const en = ORDER_STATUSES.map((s) => orderStatusLabel('en', 'customer', s));
  expect(en).toEqual(['Awaiting payment', 'Paid, finding a translator', 'In translation', 'Delivered, waiting for your review', 'Revision in progress', 'Completed']);
  const tr = ORDER_STATUSES.map((s) => orderStatusLabel('tr', 'customer', s));
  expect(tr).toEqual(['Ödeme bekleniyor', 'Ödendi, çevirmen atanıyor', 'Çeviride', 'Teslim edildi, onayınızı bekliyor', 'Düzeltme yapılıyor', 'Tamamlandı']);
});

test('only a completed order is completed: a delivered one and one awaiting payment are in progress', () => {
  expect(displayStatusOf({ status: 'delivered', displayStatus: 'completed' })).toBe('in_progress');
  expect(displayStatusOf({ status: 'completed' })).toBe('completed');
  for (const s of ['awaiting_payment', 'in_progress', 'assigned', 'delivered', 'revision_requested']) expect(displayStatusOf({ status: s })).toBe('in_progress');
  expect(orderStatusLabel('en', 'customer', { status: 'delivered', displayStatus: 'completed' })).toBe('Delivered, waiting for your review');
  expect(orderStatusLabel('en', 'customer', { status: 'awaiting_payment' })).toBe('Awaiting payment');
});

test('staff see the escalations; customers are told it is being arranged', () => {
  expect(orderPhase({ status: 'in_progress', escalated: true })).toBe('escalated');
  expect(orderPhase({ status: 'revision_requested', escalated: true })).toBe('revision_escalated');
  expect(orderStatusLabel('en', 'staff', { status: 'revision_requested', escalated: true })).toBe('Escalated revision');
  expect(orderStatusLabel('en', 'customer', { status: 'revision_requested', escalated: true })).toBe('Revision in progress');
  expect(orderStatusLabel('en', 'translator', { status: 'in_progress' })).toBe('In your pool');
  // A state a newer server sends reads as in progress, never as its code.
  expect(orderStatusLabel('en', 'customer', 'on_hold')).toBe('In progress');
  expect(orderStatusLabel('de', 'nobody', 'completed')).toBe('Tamamlandı');
});

test('history entries: steps in words, old notes mapped, people\'s notes kept', () => {
  const entries = [
    [{ status: 'assigned', step: 'claimed', note: '' }, 'Bir çevirmen siparişinizi üstlendi', 'Taken from the pool'],
    [{ status: 'assigned', note: 'claimed' }, 'Bir çevirmen siparişinizi üstlendi', 'Taken from the pool'],
    [{ status: 'in_progress', note: 'unclaimed' }, 'Yeni bir çevirmen aranıyor', 'Given back to the pool'],
    [{ status: 'completed', note: 'auto' }, 'Düzeltme süresi dolduğu için tamamlandı', 'The revision period ended: completed'],
    [{ status: 'assigned', note: 'reassigned' }, 'Siparişiniz başka bir çevirmene verildi', 'Given to another translator'],
  ];
  for (const [entry, customerTr, translatorEn] of entries) {
    expect(historyEntryText('tr', 'customer', entry)).toEqual({ title: customerTr, note: '' });
    expect(historyEntryText('en', 'translator', entry)).toEqual({ title: translatorEn, note: '' });
  }
  const revision = { status: 'revision_requested', step: 'revision_returned', note: 'The second page is missing.' };
  expect(historyLine('en', 'customer', revision)).toBe('Your revision request went to the translator — The second page is missing.');
  expect(historyLine('tr', 'translator', revision)).toBe('Düzeltme size geri geldi — The second page is missing.');
  expect(historyLine('en', 'customer', { status: 'delivered', note: 'Done.' })).toBe('Delivered, waiting for your review — Done.');
  const escalated = { status: 'revision_requested', step: 'revision_escalated', reason: 'overdue' };
  expect(historyLine('en', 'staff', escalated)).toBe('Revision escalated to staff (revision deadline passed)');
  expect(historyLine('tr', 'staff', { ...escalated, reason: 'unavailable' })).toBe('Düzeltme yöneticiye iletildi (çevirmen müsait değil)');
  expect(historyLine('en', 'customer', escalated)).toBe('We are arranging your revision');
  // Every step, in both languages and for each reader, comes out as words.
  for (const lang of LANGS) for (const role of ROLES) for (const step of HISTORY_STEPS) {
    const line = historyLine(lang, role, { status: 'assigned', step });
    expect(line).toBe(historyStepTexts[lang][role][step]);
    expect(line).not.toContain(step);
  }
});
