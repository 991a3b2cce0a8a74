import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { api, fetcher } from '../../../lib/api-client.js';
import { revalidate } from '../../../lib/revalidate.js';
import { FRESH } from './staff.js';

// Live support, the staff's side (svc-catalog/chat): the conversations, answering them and their
// event stream, which keeps the staff member online while it is open.
const STAFF_CHAT = '/api/v1/catalog/admin/chat';
const enc = encodeURIComponent;
export const STAFF_EVENTS = `${STAFF_CHAT}/events`;
export const CHAT_EVENT_TYPES = ['message', 'read', 'closed'];

/** conversationsPageKey is the SWR Infinite key of the conversations with a status, 30 a page, newest activity first. */
export const conversationsPageKey = (lang, status) => (index, previous) => {
  if (previous && (!previous.more || !previous.conversations?.length)) return null;
  const q = new URLSearchParams({ status });
  if (previous) q.set('before', previous.conversations.at(-1).id);
  return [`${STAFF_CHAT}/conversations?${q}`, lang];
};
export const useConversationPages = (lang, status) => useSWRInfinite(conversationsPageKey(lang, status), fetcher, { ...FRESH, revalidateFirstPage: true });
export const staffThreadKey = (id, lang) => [`${STAFF_CHAT}/conversations/${enc(id)}`, lang];
export const useStaffThread = (id, lang) => useSWR(staffThreadKey(id, lang), fetcher, FRESH);
/** replyChat sends one answer under key, the submission's Idempotency-Key: a double click answers once. */
export const replyChat = (id, text, key, lang) => api.post(`${STAFF_CHAT}/conversations/${enc(id)}/messages`, { text }, { lang, headers: { 'Idempotency-Key': key } });
export const markChatRead = (id, lang) => api.post(`${STAFF_CHAT}/conversations/${enc(id)}/read`, undefined, { lang });
export const closeChat = (id, lang) => api.post(`${STAFF_CHAT}/conversations/${enc(id)}/close`, undefined, { lang });

/**
 * refreshStaffChat fetches every staff chat answer in the cache again: the lists (plain and paged)
 * and the threads, keeping them on screen meanwhile (lib/revalidate.js).
 */
export const refreshStaffChat = () => revalidate((key) => key.includes(`${STAFF_CHAT}/conversations`));
