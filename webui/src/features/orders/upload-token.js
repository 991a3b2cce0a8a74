// A visitor's uploads belong to the upload token of their first upload (svc-orders API.md: valid
// 2 hours, replaced by a new one when unknown or expired) until a quote is created with it. The
// token is kept in sessionStorage so that signing in or registering, inline or through a
// provider's pages, does not lose the files uploaded before.
import { readJson, remove, sessionStore, writeJson } from './storage.js';

export const UPLOAD_TOKEN_KEY = 'linguaport.orders.uploadToken';
// The server's validity. A token kept longer does no harm (the server replaces it on the next
// upload), one dropped early would orphan the files uploaded with it.
export const UPLOAD_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;

/** loadUploadToken is the stored token, or '' when there is none or it has run out. */
export function loadUploadToken(storage = sessionStore(), now = Date.now()) {
  const stored = readJson(storage, UPLOAD_TOKEN_KEY);
  if (!stored || typeof stored.token !== 'string' || !stored.token || typeof stored.savedAt !== 'number') return '';
  if (now - stored.savedAt > UPLOAD_TOKEN_TTL_MS || stored.savedAt > now + 60_000) {
    remove(storage, UPLOAD_TOKEN_KEY);
    return '';
  }
  return stored.token;
}

/** saveUploadToken keeps the token an upload answered with; every answer renews the clock. */
export function saveUploadToken(token, storage = sessionStore(), now = Date.now()) {
  if (typeof token !== 'string' || !token) return;
  writeJson(storage, UPLOAD_TOKEN_KEY, { token, savedAt: now });
}

/** clearUploadToken forgets the token once a quote has taken its files over. */
export function clearUploadToken(storage = sessionStore()) {
  remove(storage, UPLOAD_TOKEN_KEY);
}
