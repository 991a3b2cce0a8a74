import { expect, test } from 'vitest';
import { clearDraft, DRAFT_KEY, DRAFT_TTL_MS, fileEntry, hasProgress, initialDraft, loadDraft, restoreDraft, saveDraft, serializeDraft, setField } from './wizard-state.js';
import { validateDraft } from './order-request.js';
import { memoryStorage } from './test-storage.js';

const t0 = Date.parse('2026-05-01T10:00:00Z');
const contract = { id: 'f1', name: 'contract.docx', size: 48213, format: 'docx', contentType: 'application/vnd…', purpose: 'source', counts: { words: 250, characters: 1400, pages: 2, minutes: 0, manualCount: false, preview: 'The first…' } };

function draftWithUploads() {
  return {
    ...initialDraft('tr', 'professional-translation'),
    targets: ['en', 'de'],
    files: [
      fileEntry(contract),
      { key: 'upload-a', name: 'big.pdf', size: 9, status: 'uploading', progress: 0.4, error: '', blob: {}, file: null },
      { key: 'upload-b', name: 'virus.exe', size: 9, status: 'error', progress: 0, error: 'Unsupported.', blob: null, file: null },
    ],
    urgency: 'urgent',
    addOns: ['sworn'],
    brief: 'Keep the legal terms.',
  };
}

test('a new draft goes from the page language to the other site language, files first, normal delivery', () => {
  expect(initialDraft('tr')).toEqual({ service: '', source: 'tr', targets: ['en'], mode: 'files', files: [], quantity: '', urgency: 'normal', addOns: [], brief: '', quoteId: '', wantsQuote: false });
  expect(initialDraft('en', 'proofreading')).toMatchObject({ service: 'proofreading', source: 'en', targets: ['tr'] });
  expect(hasProgress(initialDraft('en'))).toBe(false);
});

test('only uploaded files are saved, by what the page shows of them', () => {
  const saved = serializeDraft(draftWithUploads(), t0);
  expect(saved).toEqual({
    v: 1,
    savedAt: t0,
    service: 'professional-translation',
    source: 'tr',
    targets: ['en', 'de'],
    mode: 'files',
    files: [{ id: 'f1', name: 'contract.docx', size: 48213, format: 'docx', counts: contract.counts }],
    quantity: '',
    urgency: 'urgent',
    addOns: ['sworn'],
    brief: 'Keep the legal terms.',
    quoteId: '',
    wantsQuote: false,
  });
  // JSON all the way: nothing of a File or Blob is kept.
  expect(JSON.parse(JSON.stringify(saved))).toEqual(saved);
});

test('a saved draft comes back as it was, its files as done uploads', () => {
  const storage = memoryStorage();
  saveDraft(draftWithUploads(), storage, t0);
  const back = loadDraft('tr', storage, t0 + 5 * 60_000);
  expect(back).toMatchObject({ service: 'professional-translation', source: 'tr', targets: ['en', 'de'], mode: 'files', urgency: 'urgent', addOns: ['sworn'], brief: 'Keep the legal terms.' });
  expect(back.files).toEqual([{ key: 'f1', name: 'contract.docx', size: 48213, status: 'done', progress: 1, error: '', file: { id: 'f1', name: 'contract.docx', size: 48213, format: 'docx', counts: contract.counts } }]);
  expect(hasProgress(back)).toBe(true);
  // Saving the restored draft again gives the same thing: nothing drifts over a sign-in round trip.
  expect(serializeDraft(back, t0)).toEqual(serializeDraft(draftWithUploads(), t0));
});

test('a typed quantity and a created quote survive as well', () => {
  const storage = memoryStorage();
  saveDraft({ ...initialDraft('en', 'transcription'), mode: 'quantity', quantity: '1.500', quoteId: 'q1' }, storage, t0);
  expect(loadDraft('en', storage, t0)).toMatchObject({ mode: 'quantity', quantity: '1.500', quoteId: 'q1', service: 'transcription' });
});

test('a quote asked for before signing in is still asked for after a round trip', () => {
  const storage = memoryStorage();
  saveDraft({ ...draftWithUploads(), wantsQuote: true }, storage, t0);
  expect(loadDraft('tr', storage, t0 + 60_000).wantsQuote).toBe(true);
  saveDraft({ ...draftWithUploads(), wantsQuote: 'yes' }, storage, t0);
  expect(loadDraft('tr', storage, t0).wantsQuote).toBe(true); // saved as a boolean
  storage.setItem(DRAFT_KEY, JSON.stringify({ ...serializeDraft(draftWithUploads(), t0), wantsQuote: 'yes' }));
  expect(loadDraft('tr', storage, t0).wantsQuote).toBe(false); // only a real true counts when read back
});

test('stale, foreign or malformed drafts are dropped; malformed fields fall back', () => {
  const storage = memoryStorage();
  saveDraft(draftWithUploads(), storage, t0);
  expect(loadDraft('tr', storage, t0 + DRAFT_TTL_MS + 1)).toBeNull();
  expect(storage.getItem(DRAFT_KEY)).toBeNull();
  expect(restoreDraft({ ...serializeDraft(draftWithUploads(), t0), v: 2 }, 'tr', t0)).toBeNull();
  expect(restoreDraft(null, 'tr', t0)).toBeNull();
  expect(restoreDraft('text', 'tr', t0)).toBeNull();
  expect(loadDraft('tr', memoryStorage({ [DRAFT_KEY]: '{not json' }), t0)).toBeNull();
  const odd = restoreDraft(
    { v: 1, savedAt: t0, service: 7, source: null, targets: 'en', mode: 'fax', files: [{ id: '' }, null, { id: 'f2', name: 'a.txt' }], quantity: 12, urgency: 'yesterday', addOns: [1, 'sworn'], brief: {}, quoteId: [] },
    'en',
    t0,
  );
  expect(odd).toEqual({
    service: '',
    source: 'en',
    targets: ['tr'],
    mode: 'files',
    files: [fileEntry({ id: 'f2', name: 'a.txt', counts: {} })],
    quantity: '',
    urgency: 'normal',
    addOns: ['sworn'],
    brief: '',
    quoteId: '',
    wantsQuote: false,
  });
});

test('clearing forgets the draft; without storage nothing fails', () => {
  const storage = memoryStorage();
  saveDraft(draftWithUploads(), storage, t0);
  clearDraft(storage);
  expect(loadDraft('tr', storage, t0)).toBeNull();
  expect(() => saveDraft(draftWithUploads(), null, t0)).not.toThrow();
  expect(loadDraft('tr', null, t0)).toBeNull();
});

test('the source language is never a target: choosing it as source takes it off, restoring drops it', () => {
  const draft = { ...initialDraft('tr'), targets: ['en', 'de'] }; // tr → en, de
  expect(setField(draft, 'source', 'en')).toMatchObject({ source: 'en', targets: ['de'] });
  // The only target becoming the source swaps the pair.
  expect(setField({ ...draft, targets: ['en'] }, 'source', 'en')).toMatchObject({ source: 'en', targets: ['tr'] });
  expect(setField({ ...draft, targets: ['en'] }, 'source', 'fr')).toMatchObject({ source: 'fr', targets: ['en'] });
  // Adding the source as a target does nothing.
  expect(setField(draft, 'targets', ['en', 'tr'])).toMatchObject({ targets: ['en'] });
  const saved = serializeDraft({ ...draft, source: 'tr', targets: ['tr', 'en'] }, Date.now());
  expect(restoreDraft(saved, 'tr').targets).toEqual(['en']);
  expect(validateDraft({ ...draft, targets: ['tr'], mode: 'quantity', quantity: '5' }).targets).toBe('errors.sameLanguage');
});
