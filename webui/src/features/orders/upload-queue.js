// The wizard's uploads as plain data: each file is an entry that is queued, uploading (with its
// progress), done (with the server's File) or failed (with a message). Files go up one at a
// time: a visitor's first upload creates the upload token the next ones must carry, so they
// cannot start before it has answered.
import { MAX_FILE_BYTES, MAX_FILES } from './order-request.js';

let seq = 0;
const newKey = () => `upload-${Date.now().toString(36)}-${(seq++).toString(36)}`;

/**
 * newEntries turns chosen files into entries: queued, or failed at once with a text key when
 * a file is over the size limit or the order would hold more than MAX_FILES files.
 */
export function newEntries(existing, files, { maxFiles = MAX_FILES, maxBytes = MAX_FILE_BYTES } = {}) {
  let count = existing.filter((e) => e.status !== 'error').length;
  return [...files].map((f) => {
    const entry = { key: newKey(), name: f.name, size: f.size, status: 'queued', progress: 0, error: '', errorKey: '', blob: f, file: null };
    if (f.size > maxBytes) return { ...entry, status: 'error', errorKey: 'errors.tooLarge', blob: null };
    if (count >= maxFiles) return { ...entry, status: 'error', errorKey: 'errors.tooMany', blob: null };
    count++;
    return entry;
  });
}

export function uploadsReducer(entries, action) {
  const patch = (key, change) => entries.map((e) => (e.key === key ? { ...e, ...change } : e));
  switch (action.type) {
    case 'add':
      return [...entries, ...action.entries];
    case 'start':
      return patch(action.key, { status: 'uploading', progress: 0, error: '', errorKey: '' });
    case 'progress':
      return patch(action.key, { progress: Math.max(0, Math.min(1, action.value)) });
    case 'done':
      // Keyed by the server's id from now on, as a restored draft's files are.
      return entries.map((e) => (e.key === action.key ? { ...e, key: action.file.id, status: 'done', progress: 1, blob: null, file: action.file } : e));
    case 'failed':
      return patch(action.key, { status: 'error', error: action.error ?? '', errorKey: action.errorKey ?? '', blob: null });
    case 'remove':
      return entries.filter((e) => e.key !== action.key);
    case 'reset':
      return action.entries;
    default:
      throw new Error(`unknown upload action ${action.type}`);
  }
}

/**
 * nextUpload is the entry to send now, or null: nothing while an upload is on its way (busy),
 * else an entry left "uploading" whose request is gone (the caller knows none is on its way),
 * else the first queued one.
 */
export function nextUpload(entries, busy) {
  if (busy) return null;
  return entries.find((e) => e.status === 'uploading' && e.blob) ?? entries.find((e) => e.status === 'queued' && e.blob) ?? null;
}
