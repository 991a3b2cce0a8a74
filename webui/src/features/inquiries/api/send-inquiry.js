import { api } from '../../../lib/api-client.js';

/** sendInquiry posts a contact or corporate request; field errors come back as ApiError.fields. */
export function sendInquiry(inquiry, lang) {
  return api.post('/api/v1/catalog/inquiries', { ...inquiry, language: lang }, { lang });
}
