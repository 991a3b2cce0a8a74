// Code chunks load lazily with a 120 second timeout; a chunk that fails or times out is reported
// as a ChunkLoadError "Loading chunk N failed" (spec §7, §8).

export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(chunk, cause) {
    super(`Loading chunk ${chunk} failed`, { cause });
    this.name = 'ChunkLoadError';
  }
}

/** loadChunk runs importer and fails with ChunkLoadError after timeoutMs or on any failure. */
export function loadChunk(chunk, importer, timeoutMs = CHUNK_TIMEOUT_MS) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([importer(), timeout])
    .catch((err) => {
      throw new ChunkLoadError(chunk, err);
    })
    .finally(() => clearTimeout(timer));
}
