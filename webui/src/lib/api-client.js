// One way to talk to the API: JSON in and out, the page's language sent along, errors as
// ApiError carrying the server's error ({"error":{"code","message","fields"}}) so forms can show
// its message and field errors as given.

export const API_BASE = import.meta.env?.VITE_API_BASE ?? '';

export class ApiError extends Error {
  constructor(status, body) {
    const error = body?.error ?? {};
    super(error.message || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = error.code;
    /** fields holds the server's per-field messages, e.g. { email: 'Geçerli bir e-posta girin.' }. */
    this.fields = error.fields ?? {};
  }
}

async function request(method, url, { body, lang, signal } = {}) {
  const headers = { Accept: 'application/json' };
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

export const api = {
  get: (url, opts) => request('GET', url, opts),
  post: (url, body, opts) => request('POST', url, { ...opts, body }),
};
