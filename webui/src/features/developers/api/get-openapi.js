import useSWR from 'swr';
import { api } from '../../../lib/api-client.js';
import { answerWith } from '../../../lib/swr-answer.js';
import { OPENAPI_URL } from '../openapi.js';

// The public API's OpenAPI document (the gateway's GET /api/v1/openapi.json), fetched in the
// browser only: the key is an array, which the prerenderer does not record (lib/prerendered-data.js
// records string keys), so the prerendered page holds the introduction and the operations come
// after hydration. It is the same in both languages: one key, no Accept-Language.
export const openApiKey = [OPENAPI_URL];

const fetchDocument = ([url]) => api.get(url);

/** useOpenApi is the document: { doc, error, isLoading, mutate }. */
export function useOpenApi() {
  return answerWith(useSWR(openApiKey, fetchDocument, { revalidateOnFocus: false, revalidateIfStale: false }), 'doc');
}
