import { expect, test } from 'vitest';
import { newEntries, nextUpload, uploadsReducer } from './upload-queue.js';
import { fileEntry } from './wizard-state.js';

const blob = (name, size = 10) => ({ name, size });

test('chosen files queue up; too large ones and those past the limit fail at once', () => {
  const existing = [fileEntry({ id: 'f1', name: 'a.docx' }), { key: 'x', status: 'error' }];
  const added = newEntries(existing, [blob('b.docx'), blob('huge.mp4', 51), blob('c.txt'), blob('d.txt')], { maxFiles: 3, maxBytes: 50 });
  expect(added.map((e) => [e.name, e.status, e.errorKey])).toEqual([
    ['b.docx', 'queued', ''],
    ['huge.mp4', 'error', 'errors.tooLarge'],
    ['c.txt', 'queued', ''],
    ['d.txt', 'error', 'errors.tooMany'],
  ]);
  expect(new Set(added.map((e) => e.key)).size).toBe(4);
  expect(added[0].blob).toEqual(blob('b.docx'));
  expect(added[1].blob).toBeNull();
});

test('an upload goes from queued through its progress to done, keyed by the server id from then on', () => {
  let entries = newEntries([], [blob('a.docx'), blob('b.docx')]);
  const [a, b] = entries.map((e) => e.key);
  expect(nextUpload(entries, false).key).toBe(a);
  entries = uploadsReducer(entries, { type: 'start', key: a });
  entries = uploadsReducer(entries, { type: 'progress', key: a, value: 0.5 });
  expect(entries[0]).toMatchObject({ status: 'uploading', progress: 0.5 });
  expect(nextUpload(entries, true)).toBeNull();
  entries = uploadsReducer(entries, { type: 'progress', key: a, value: 7 });
  expect(entries[0].progress).toBe(1);
  entries = uploadsReducer(entries, { type: 'done', key: a, file: { id: 'f1', name: 'a.docx' } });
  expect(entries[0]).toMatchObject({ key: 'f1', status: 'done', progress: 1, blob: null, file: { id: 'f1' } });
  expect(nextUpload(entries, false).key).toBe(b);
  entries = uploadsReducer(entries, { type: 'start', key: b });
  entries = uploadsReducer(entries, { type: 'failed', key: b, error: 'The content is not what the extension says.' });
  expect(entries[1]).toMatchObject({ status: 'error', error: 'The content is not what the extension says.', blob: null });
  expect(nextUpload(entries, false)).toBeNull();
  entries = uploadsReducer(entries, { type: 'remove', key: 'f1' });
  expect(entries.map((e) => e.key)).toEqual([b]);
});

test('an upload interrupted by the page (its request gone) is sent again first', () => {
  let entries = newEntries([], [blob('a.docx'), blob('b.docx')]);
  entries = uploadsReducer(entries, { type: 'start', key: entries[1].key });
  expect(nextUpload(entries, false).name).toBe('b.docx');
  expect(nextUpload(entries, true)).toBeNull();
  expect(() => uploadsReducer(entries, { type: 'nope' })).toThrow();
});
