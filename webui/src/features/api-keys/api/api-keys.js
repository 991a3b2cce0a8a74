import useSWR from 'swr';
import { api, fetcher } from '../../../lib/api-client.js';

// The customer's API keys (svc-auth API.md "API keys"): listed, made (the secret is answered this
// once), revoked; and staff's list of every key.
const KEYS = '/api/v1/auth/keys';

export const apiKeysKey = (lang) => [KEYS, lang];

/** useApiKeys is the signed-in customer's keys, newest first, never their secrets. */
export const useApiKeys = (lang) => useSWR(apiKeysKey(lang), (k) => fetcher(k).then((d) => d?.keys ?? []));

/** createApiKey makes a key ({ name, scope: 'read' | 'read+write', sandbox, expiresAt? }) and answers it with its secret. */
export const createApiKey = (key, lang) => api.post(KEYS, key, { lang });

/** revokeApiKey revokes one of the customer's keys; its requests stop at once. */
export const revokeApiKey = (id, lang) => api.post(`${KEYS}/${encodeURIComponent(id)}/revoke`, undefined, { lang });

const STAFF = '/api/v1/auth/admin/keys';

/** useStaffApiKeys is one page of every customer's keys, newest first (after: the cursor). */
export const useStaffApiKeys = (lang, after) => useSWR([`${STAFF}${after ? `?after=${encodeURIComponent(after)}` : ''}`, lang], fetcher);

/** staffRevokeApiKey revokes any key. */
export const staffRevokeApiKey = (id, lang) => api.post(`${STAFF}/${encodeURIComponent(id)}/revoke`, undefined, { lang });
