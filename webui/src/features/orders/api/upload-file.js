import { sendForm } from '../../../lib/upload.js';

export const UPLOAD_URL = '/api/v1/orders/files';

/**
 * uploadFile sends one file to svc-orders as multipart field `file` (lib/upload.js reports its
 * progress). It answers { file, uploadToken } (the token only for visitors) or fails as sendForm
 * does. uploadToken is the visitor's token from an earlier upload; onProgress hears the share
 * sent, 0 to 1.
 */
export function uploadFile(blob, { lang, uploadToken, onProgress, signal, XHR } = {}) {
  const form = () => {
    const body = new FormData();
    body.append('file', blob, blob.name);
    return body;
  };
  return sendForm(UPLOAD_URL, form, { lang, headers: { 'X-Upload-Token': uploadToken }, onProgress, signal, XHR, accept: (data) => !!data?.file });
}
