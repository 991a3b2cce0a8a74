import { expect, test, vi } from 'vitest';
import { ChunkLoadError, CHUNK_TIMEOUT_MS, loadChunk } from './lazy-chunk.js';

test('a chunk that loads is returned as is', async () => {
  await expect(loadChunk('home', async () => ({ Component: 'x' }))).resolves.toEqual({ Component: 'x' });
});

test('a failing chunk is a ChunkLoadError "Loading chunk N failed"', async () => {
  const err = await loadChunk('faq', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))).catch((e) => e);
  expect(err).toBeInstanceOf(ChunkLoadError);
  expect(err.name).toBe('ChunkLoadError');
  expect(err.message).toBe('Loading chunk faq failed');
  expect(err.cause.message).toMatch(/Failed to fetch/);
});

test('a chunk still loading after 120 s fails', async () => {
  vi.useFakeTimers();
  try {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const pending = loadChunk('blog', () => new Promise(() => {})).catch((e) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = await pending;
    expect(err.message).toBe('Loading chunk blog failed');
  } finally {
    vi.useRealTimers();
  }
});
