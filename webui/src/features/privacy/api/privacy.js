import useSWR from 'swr';
import { API_BASE, api, fetcher } from '../../../lib/api-client.js';

// KVKK requests (svc-auth API.md "KVKK requests"): the signed-in person's own, a visitor's through
// the form and its mailed links, and staff's list.
const PRIVACY = '/api/v1/auth/privacy';

export const privacyRequestsKey = (lang) => [`${PRIVACY}/requests`, lang];

/** usePrivacyRequests is the signed-in person's requests, newest first. */
export const usePrivacyRequests = (lang) => useSWR(privacyRequestsKey(lang), (k) => fetcher(k).then((d) => d?.requests ?? []));

/** askCopy starts a request for a copy of the signed-in person's data (409 privacy_request_open while one runs). */
export const askCopy = (lang) => api.post(`${PRIVACY}/requests`, { kind: 'copy' }, { lang });

/** askByEmail asks as a visitor (kind copy or erasure): 202 whatever the address; the confirmation link is mailed to it. */
export const askByEmail = (email, kind, lang) => api.post(`${PRIVACY}/visitor-requests`, { email: email.trim(), kind }, { lang });

/** askErasure asks for the signed-in person's account and data to be erased, confirmed with their password; the account closes at once. */
export const askErasure = (password, lang) => api.post(`${PRIVACY}/requests`, { kind: 'erasure', password }, { lang });

/** confirmRequest starts the visitor's request a mailed link names. */
export const confirmRequest = (token, lang) => api.post(`${PRIVACY}/confirm`, { token }, { lang });

/** copyUrl downloads the signed-in person's ready copy; visitorCopyUrl a visitor's, by the mailed link's token. */
export const copyUrl = (id) => `${API_BASE}${PRIVACY}/requests/${encodeURIComponent(id)}/copy.zip`;
export const visitorCopyUrl = (token) => `${API_BASE}${PRIVACY}/copy.zip?token=${encodeURIComponent(token)}`;

const STAFF = '/api/v1/auth/admin/privacy/requests';

/** useStaffPrivacyRequests is staff's list in state ('' for every state), newest first. */
export const useStaffPrivacyRequests = (lang, state) =>
  useSWR([`${STAFF}${state ? `?state=${encodeURIComponent(state)}` : ''}`, lang], (k) => fetcher(k));

/** useConsents is the account's consents: { marketingEmails, history: [{ kind, given, version, lang, at }] }. */
export const consentsKey = (lang) => ['/api/v1/auth/me/consents', lang];
export const useConsents = (lang) => useSWR(consentsKey(lang), fetcher);

/** setMarketing records the marketing e-mails' choice (given or withdrawn) and answers the consents. */
export const setMarketing = (given, lang) => api.put('/api/v1/auth/me/consents/marketing', { given }, { lang });
