import { API_BASE, ApiError, withSessionRefresh } from './api-client.js';

/**
 * sendForm POSTs a multipart form with XMLHttpRequest, whose upload progress fetch cannot report,
 * renewing an expired session once as api-client's calls do. It answers the server's JSON, or
 * fails with ApiError carrying the server's error (also for a 2xx answer that accept refuses), a
 * TypeError when the network failed, or an AbortError when signal aborted it. form() builds the
 * body afresh for each try; onProgress hears the share sent, 0 to 1, starting at 0 on each try and
 * ending at 1 once every byte is sent (the answer may take longer: an upload is counted first).
 */
export function sendForm(url, form, { lang, headers = {}, onProgress, signal, accept = () => true, XHR = globalThis.XMLHttpRequest } = {}) {
  const once = () => {
    onProgress?.(0);
    return send(url, form(), { lang, headers, onProgress, signal, accept, XHR });
  };
  return withSessionRefresh(once, lang);
}

function send(url, body, { lang, headers, onProgress, signal, accept, XHR }) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XHR();
    xhr.open('POST', API_BASE + url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (lang) xhr.setRequestHeader('Accept-Language', lang);
    for (const [k, v] of Object.entries(headers)) if (v) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    // Every byte is sent: the share is 1 even when no progress event said so, and what follows
    // (the server reading and counting the file) is the wait the page shows as such.
    xhr.upload.onload = () => onProgress?.(1);
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = (fn, value) => {
      signal?.removeEventListener('abort', abort);
      fn(value);
    };
    xhr.onload = () => {
      let data;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && accept(data)) settle(resolve, data);
      else settle(reject, new ApiError(xhr.status, data));
    };
    xhr.onerror = () => settle(reject, new TypeError('The upload failed: network error.'));
    xhr.onabort = () => settle(reject, new DOMException('The upload was aborted.', 'AbortError'));
    xhr.send(body);
  });
}
