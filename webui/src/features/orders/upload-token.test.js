import { expect, test } from 'vitest';
import { clearUploadToken, loadUploadToken, saveUploadToken, UPLOAD_TOKEN_KEY, UPLOAD_TOKEN_TTL_MS } from './upload-token.js';
import { memoryStorage } from './test-storage.js';

const t0 = Date.parse('2026-05-01T10:00:00Z');

test('the token of the first upload is kept for the next uploads and survives a reload of the tab', () => {
  const storage = memoryStorage();
  expect(loadUploadToken(storage, t0)).toBe('');
  saveUploadToken('tok-1', storage, t0);
  expect(JSON.parse(storage.getItem(UPLOAD_TOKEN_KEY))).toEqual({ token: 'tok-1', savedAt: t0 });
  // What another page of the same tab (after signing in) reads back.
  expect(loadUploadToken(memoryStorage(Object.fromEntries(storage.map)), t0 + 60_000)).toBe('tok-1');
});

test('a replaced token (the old one expired) replaces the stored one; each answer renews the clock', () => {
  const storage = memoryStorage();
  saveUploadToken('tok-1', storage, t0);
  saveUploadToken('tok-2', storage, t0 + UPLOAD_TOKEN_TTL_MS - 1000);
  expect(loadUploadToken(storage, t0 + UPLOAD_TOKEN_TTL_MS + 1000)).toBe('tok-2');
});

test('a token past the server validity, or from the future, is dropped', () => {
  const storage = memoryStorage();
  saveUploadToken('tok-1', storage, t0);
  expect(loadUploadToken(storage, t0 + UPLOAD_TOKEN_TTL_MS)).toBe('tok-1');
  expect(loadUploadToken(storage, t0 + UPLOAD_TOKEN_TTL_MS + 1)).toBe('');
  expect(storage.getItem(UPLOAD_TOKEN_KEY)).toBeNull();
  saveUploadToken('tok-2', storage, t0 + 3_600_000);
  expect(loadUploadToken(storage, t0)).toBe('');
});

test('empty answers, malformed storage and a missing storage give no token', () => {
  const storage = memoryStorage();
  saveUploadToken('', storage, t0);
  saveUploadToken(undefined, storage, t0);
  expect(storage.map.size).toBe(0);
  for (const bad of ['{', '"tok"', '{"token":5,"savedAt":1}', '{"token":"x"}', 'null']) {
    expect(loadUploadToken(memoryStorage({ [UPLOAD_TOKEN_KEY]: bad }), t0), bad).toBe('');
  }
  expect(loadUploadToken(null, t0)).toBe('');
  expect(() => saveUploadToken('tok', null, t0)).not.toThrow();
  const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('quota'); }, removeItem: () => {} };
  expect(loadUploadToken(refusing, t0)).toBe('');
  expect(() => saveUploadToken('tok', refusing, t0)).not.toThrow();
});

test('the token is forgotten once a quote has taken the files over', () => {
  const storage = memoryStorage();
  saveUploadToken('tok-1', storage, t0);
  clearUploadToken(storage);
  expect(loadUploadToken(storage, t0)).toBe('');
});
