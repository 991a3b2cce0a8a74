// One way to talk to the API: JSON in and out, the page's language sent along, errors as
// ApiError carrying the server's error ({"error":{"code","message","fields"}}) so forms can show
// its message and field errors as given.

export const API_BASE = import.meta.env?.VITE_API_BASE ?? '';

// The access token lives 15 minutes; an API that sees it expired answers 401 token_expired, and
// the browser renews the session with the refresh token (svc-auth API.md) and repeats the call.
export const REFRESH_URL = '/api/v1/auth/refresh';

export class ApiError extends Error {
  constructor(status, body) {
    const error = body?.error ?? {};
    super(error.message || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = error.code;
    /** fields holds the server's per-field messages, e.g. { email: 'Geçerli bir e-posta girin.' }. */
    this.fields = error.fields ?? {};
    /** body is the whole answer, for what some errors carry beside the message (a payment's missing amount). */
    this.body = body;
  }
}

async function send(method, url, { body, lang, signal, headers: extra } = {}) {
  // extra: a call's own headers, e.g. a payment's Idempotency-Key.
  const headers = { ...extra, Accept: 'application/json' };
  if (lang) headers['Accept-Language'] = lang;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(API_BASE + url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
  const text = await res.text();
  let data;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

// Calls that fail together in this tab share one refresh: one request instead of many. Other tabs
// refreshing at the same moment are fine too (svc-auth accepts a just-rotated token for a few
// seconds and answers it with the same new one).
let refreshing = null;
function refreshSession(lang) {
  refreshing ??= send('POST', REFRESH_URL, { lang }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * withSessionRefresh runs call() and, when it fails with 401 token_expired, renews the session
 * once and runs it again. Calls that are not fetch (an upload's XMLHttpRequest) use it too.
 */
export async function withSessionRefresh(call, lang) {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401 || err.code !== 'token_expired') throw err;
    try {
      await refreshSession(lang);
    } catch {
      throw err; // the session is over: the caller sees the original 401
    }
    return call(); // once: a second token_expired is not refreshed again
  }
}

const request = (method, url, opts) => (url === REFRESH_URL ? send(method, url, opts) : withSessionRefresh(() => send(method, url, opts), opts?.lang));

export const api = {
  get: (url, opts) => request('GET', url, opts),
  post: (url, body, opts) => request('POST', url, { ...opts, body }),
  patch: (url, body, opts) => request('PATCH', url, { ...opts, body }),
  put: (url, body, opts) => request('PUT', url, { ...opts, body }),
  delete: (url, opts) => request('DELETE', url, opts),
};

/**
 * fetcher is SWR's one fetcher for the API: a key is a URL, or [url, lang] for an answer in the
 * page's language (sent as Accept-Language, and part of the key so each language caches apart).
 */
export const fetcher = (key) => (Array.isArray(key) ? api.get(key[0], { lang: key[1] }) : api.get(key));
