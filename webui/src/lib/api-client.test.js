import { afterEach, expect, test, vi } from 'vitest';
import { api, ApiError, REFRESH_URL } from './api-client.js';

// A fake fetch answering from a script of [status, body] per call, recording the calls.
function fakeFetch(answers) {
  const calls = [];
  const fn = vi.fn(async (url, init) => {
    calls.push(`${init.method} ${url}`);
    const next = typeof answers === 'function' ? answers(url, init) : answers.shift();
    if (!next) throw new Error(`unexpected call ${init.method} ${url}`);
    const [status, body] = next;
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn };
}
const expired = [401, { error: { code: 'token_expired', message: 'Oturumun süresi doldu.' } }];

afterEach(() => vi.unstubAllGlobals());

test('patch sends JSON with the page language', async () => {
  const { fn } = fakeFetch([[200, { user: { fullName: 'Ayşe' } }]]);
  expect(await api.patch('/api/v1/auth/me', { fullName: 'Ayşe' }, { lang: 'en' })).toEqual({ user: { fullName: 'Ayşe' } });
  const [url, init] = fn.mock.calls[0];
  expect(url).toBe('/api/v1/auth/me');
  expect(init.method).toBe('PATCH');
  expect(init.body).toBe('{"fullName":"Ayşe"}');
  expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'Accept-Language': 'en' });
});

test('an expired access token is refreshed once and the call repeated', async () => {
  const { calls } = fakeFetch([expired, [200, { user: {} }], [200, { user: { id: 'u1' } }]]);
  expect(await api.get('/api/v1/auth/me')).toEqual({ user: { id: 'u1' } });
  expect(calls).toEqual(['GET /api/v1/auth/me', `POST ${REFRESH_URL}`, 'GET /api/v1/auth/me']);
});

test('a state-changing call is repeated with its body after the refresh', async () => {
  const { calls, fn } = fakeFetch([expired, [200, { user: {} }], [204]]);
  expect(await api.post('/api/v1/auth/password', { currentPassword: 'a' })).toBeUndefined();
  expect(calls).toEqual(['POST /api/v1/auth/password', `POST ${REFRESH_URL}`, 'POST /api/v1/auth/password']);
  expect(fn.mock.calls[2][1].body).toBe('{"currentPassword":"a"}');
});

test('never loops: a second token_expired after the refresh is the answer', async () => {
  const { calls } = fakeFetch([expired, [200, { user: {} }], expired]);
  const err = await api.get('/api/v1/auth/messages').catch((e) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect(err.code).toBe('token_expired');
  expect(calls).toHaveLength(3);
});

test('a failed refresh ends it: the original 401 is thrown and the call not repeated', async () => {
  const { calls } = fakeFetch([expired, [401, { error: { code: 'session_expired', message: 'x' } }]]);
  const err = await api.get('/api/v1/auth/me').catch((e) => e);
  expect(err.status).toBe(401);
  expect(err.code).toBe('token_expired');
  expect(calls).toEqual(['GET /api/v1/auth/me', `POST ${REFRESH_URL}`]);
});

test('refresh itself is never retried, and other errors are not refreshed', async () => {
  let { calls } = fakeFetch([expired]);
  await expect(api.post(REFRESH_URL)).rejects.toMatchObject({ status: 401, code: 'token_expired' });
  expect(calls).toEqual([`POST ${REFRESH_URL}`]);

  ({ calls } = fakeFetch([[401, { error: { code: 'invalid_credentials', message: 'E-posta ya da parola hatalı.' } }]]));
  await expect(api.post('/api/v1/auth/login', {})).rejects.toMatchObject({ status: 401, message: 'E-posta ya da parola hatalı.' });
  expect(calls).toHaveLength(1);

  ({ calls } = fakeFetch([[403, { error: { code: 'token_expired' } }], [500]]));
  await expect(api.get('/api/v1/x')).rejects.toMatchObject({ status: 403 });
  await expect(api.get('/api/v1/y')).rejects.toMatchObject({ status: 500, message: 'HTTP 500' });
  expect(calls).toHaveLength(2);
});

test('calls that expire together share one refresh (the refresh token rotates)', async () => {
  let refreshes = 0;
  const seen = new Map();
  fakeFetch((url) => {
    if (url === REFRESH_URL) {
      refreshes++;
      return [200, { user: {} }];
    }
    const n = (seen.get(url) ?? 0) + 1;
    seen.set(url, n);
    return n === 1 ? expired : [200, { url }];
  });
  const [a, b] = await Promise.all([api.get('/api/v1/auth/me'), api.get('/api/v1/auth/messages')]);
  expect(a).toEqual({ url: '/api/v1/auth/me' });
  expect(b).toEqual({ url: '/api/v1/auth/messages' });
  expect(refreshes).toBe(1);
});
