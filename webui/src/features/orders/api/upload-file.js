import { API_BASE, ApiError, withSessionRefresh } from '../../../lib/api-client.js';

export const UPLOAD_URL = '/api/v1/orders/files';

/**
 * uploadFile sends one file to svc-orders as multipart field `file` with XMLHttpRequest, whose
 * upload progress fetch cannot report. It answers { file, uploadToken } (the token only for
 * visitors) or fails with ApiError carrying the server's error, a TypeError when the network
 * failed, or an AbortError when signal aborted it. uploadToken is the visitor's token from an
 * earlier upload; onProgress hears the share sent, 0 to 1.
 */
export function uploadFile(blob, { lang, uploadToken, onProgress, signal, XHR = globalThis.XMLHttpRequest } = {}) {
  const once = () => {
    onProgress?.(0);
    return send(blob, { lang, uploadToken, onProgress, signal, XHR });
  };
  return withSessionRefresh(once, lang);
}

function send(blob, { lang, uploadToken, onProgress, signal, XHR }) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XHR();
    xhr.open('POST', API_BASE + UPLOAD_URL);
    xhr.setRequestHeader('Accept', 'application/json');
    if (lang) xhr.setRequestHeader('Accept-Language', lang);
    if (uploadToken) xhr.setRequestHeader('X-Upload-Token', uploadToken);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
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
      if (xhr.status >= 200 && xhr.status < 300 && data?.file) settle(resolve, data);
      else settle(reject, new ApiError(xhr.status, data));
    };
    xhr.onerror = () => settle(reject, new TypeError('The upload failed: network error.'));
    xhr.onabort = () => settle(reject, new DOMException('The upload was aborted.', 'AbortError'));
    const form = new FormData();
    form.append('file', blob, blob.name);
    xhr.send(form);
  });
}
