import { afterEach, expect, test, vi } from 'vitest';
import { ApiError, REFRESH_URL } from '../../../lib/api-client.js';
import { uploadFile, UPLOAD_URL } from './upload-file.js';

// A scripted XMLHttpRequest: each instance answers with the next [status, body] of answers after
// reporting progress, unless the test aborts it first.
function fakeXhr(answers) {
  const sent = [];
  class FakeXHR {
    constructor() {
      this.headers = {};
      this.upload = {};
    }
    open(method, url) {
      Object.assign(this, { method, url });
    }
    setRequestHeader(k, v) {
      this.headers[k] = v;
    }
    abort() {
      this.aborted = true;
      queueMicrotask(() => this.onabort?.());
    }
    send(body) {
      sent.push(this);
      this.body = body;
      const answer = answers.shift();
      queueMicrotask(() => {
        if (this.aborted) return;
        if (answer === 'network') return this.onerror?.();
        if (answer[2] !== 'no progress') {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
          this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        }
        this.upload.onload?.(); // every byte sent; the answer follows once the file is counted
        [this.status, this.responseText] = [answer[0], answer[1] === undefined ? '' : typeof answer[1] === 'string' ? answer[1] : JSON.stringify(answer[1])];
        this.onload?.();
      });
    }
  }
  return { XHR: FakeXHR, sent };
}

const file = new File(['Merhaba dünya'], 'merhaba.txt', { type: 'text/plain' });
const counted = { file: { id: 'f1', name: 'merhaba.txt', counts: { words: 2 } }, uploadToken: 'tok-1' };

afterEach(() => vi.unstubAllGlobals());

test('a file goes up as the multipart field "file" with the language, reporting its progress', async () => {
  const { XHR, sent } = fakeXhr([[201, counted]]);
  const progress = [];
  expect(await uploadFile(file, { lang: 'en', XHR, onProgress: (p) => progress.push(p) })).toEqual(counted);
  const [xhr] = sent;
  expect([xhr.method, xhr.url]).toEqual(['POST', UPLOAD_URL]);
  expect(xhr.headers).toEqual({ Accept: 'application/json', 'Accept-Language': 'en' });
  expect(xhr.body.get('file').name).toBe('merhaba.txt');
  expect(progress).toEqual([0, 0.5, 1, 1]);
});

// The page shows "Counting…" once the share is 1: it must reach 1 when the bytes are sent, even
// from a browser that reports no computable progress.
test('the share reaches 1 when every byte is sent, before the counted answer', async () => {
  const { XHR } = fakeXhr([[201, counted, 'no progress']]);
  const progress = [];
  expect(await uploadFile(file, { lang: 'tr', XHR, onProgress: (p) => progress.push(p) })).toEqual(counted);
  expect(progress).toEqual([0, 1]);
});

test("a visitor's later uploads carry the upload token", async () => {
  const { XHR, sent } = fakeXhr([[201, { ...counted, uploadToken: 'tok-1' }]]);
  await uploadFile(file, { lang: 'tr', uploadToken: 'tok-1', XHR });
  expect(sent[0].headers['X-Upload-Token']).toBe('tok-1');
});

test("a refused file fails with the server's error, in the page's language", async () => {
  const body = { error: { code: 'unsupported_type', message: 'Bu dosya türünü kabul etmiyoruz.', fields: {} } };
  const { XHR } = fakeXhr([[415, body]]);
  const err = await uploadFile(file, { lang: 'tr', XHR }).catch((e) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect([err.status, err.code, err.message]).toEqual([415, 'unsupported_type', 'Bu dosya türünü kabul etmiyoruz.']);
});

test("a proxy's answer without JSON and a broken network fail without a server message", async () => {
  const { XHR } = fakeXhr([[413, '<html>Request Entity Too Large</html>'], 'network']);
  const err = await uploadFile(file, { XHR }).catch((e) => e);
  expect([err.status, err.code]).toEqual([413, undefined]);
  expect(await uploadFile(file, { XHR }).catch((e) => e)).toBeInstanceOf(TypeError);
});

test('aborting stops the request and fails with an AbortError', async () => {
  const { XHR, sent } = fakeXhr([[201, counted]]);
  const controller = new AbortController();
  const pending = uploadFile(file, { XHR, signal: controller.signal });
  controller.abort();
  const err = await pending.catch((e) => e);
  expect(err.name).toBe('AbortError');
  expect(sent[0].aborted).toBe(true);
  const already = await uploadFile(file, { XHR, signal: controller.signal }).catch((e) => e);
  expect(already.name).toBe('AbortError');
});

test('an expired session is renewed once and the file sent again', async () => {
  const expired = [401, { error: { code: 'token_expired', message: 'Session expired.' } }];
  const { XHR, sent } = fakeXhr([expired, [201, counted]]);
  const fetch = vi.fn(async () => new Response(JSON.stringify({ user: {} }), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  expect(await uploadFile(file, { lang: 'en', XHR })).toEqual(counted);
  expect(sent).toHaveLength(2);
  expect(fetch.mock.calls[0][0]).toBe(REFRESH_URL);
});
