import { api } from '../../lib/api-client.js';

// Live support (svc-catalog/chat), the visitor's and customer's side; the staff's is
// features/staff/api/chat.js. A visitor's conversation is theirs by a secret token, sent as X-Chat-Token (and as
// ?token= by an EventSource, which cannot send headers); a signed-in customer's by their session.
export const CHAT = '/api/v1/catalog/chat';

const enc = encodeURIComponent;
const tokenHeaders = (token) => (token ? { 'X-Chat-Token': token } : {});
/** newKey is a fresh idempotency key: a send repeated with it (a double click, a retry) is stored once. */
export const newKey = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export const chatStatus = (lang) => api.get(`${CHAT}/status`, { lang });
/** startChat opens a conversation with its first message; a visitor's answer carries the token to keep. */
export const startChat = ({ name, email, text, language }, key, lang) =>
  api.post(`${CHAT}/conversations`, { name, email, text, language }, { lang, headers: { 'Idempotency-Key': key } });
export const sendChat = (id, token, { text, email }, key, lang) =>
  api.post(`${CHAT}/conversations/${enc(id)}/messages`, { text, email: email || undefined }, { lang, headers: { ...tokenHeaders(token), 'Idempotency-Key': key } });
export const chatThread = (id, token, lang) => api.get(`${CHAT}/conversations/${enc(id)}`, { lang, headers: tokenHeaders(token) });
export const myChats = (lang) => api.get(`${CHAT}/mine`, { lang });
/** chatEventsUrl is a conversation's event stream, resuming after message number after. */
export function chatEventsUrl(id, token, after = 0) {
  const q = new URLSearchParams();
  if (token) q.set('token', token);
  if (after) q.set('after', String(after));
  const s = q.toString();
  return `${CHAT}/conversations/${enc(id)}/events${s ? `?${s}` : ''}`;
}
