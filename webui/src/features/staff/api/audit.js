import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { STAFF_SECTIONS, staffPath } from '../../../config/paths.js';
import { moneyText } from '../../../lib/format.js';
import { fetcher } from '../../../lib/api-client.js';
import { usersKey } from './customers.js';
import { FRESH, query } from './staff.js';

// Each service keeps the record of what its staff changed (internal/audit) and serves it as
// GET /api/v1/<area>/admin/audit: 50 entries a page, newest first, by object and by staff member.
export const AUDIT_AREAS = ['orders', 'billing', 'translators', 'catalog', 'auth'];

// The kinds of things each area's service records (the services' API.md "Staff audit").
export const AUDIT_KINDS = {
  orders: ['order', 'quote', 'price_list'],
  billing: ['invoice', 'transfer', 'payout', 'balance', 'customer'],
  translators: ['application', 'translator', 'ticket'],
  catalog: ['post', 'faq', 'testimonial', 'figures', 'inquiry', 'chat_conversation'],
  auth: ['apikey'],
};
// Things there is one of: their id in the audit.
export const SINGLE_OBJECTS = { price_list: 'current', figures: 'current' };

/** areaOfKind is the area whose service records kind, or '' for none. */
export const areaOfKind = (kind) => AUDIT_AREAS.find((a) => AUDIT_KINDS[a].includes(kind)) ?? '';

/** objectFilter is "kind:id" trimmed, or '' when it is not of that form. */
export function objectFilter(text) {
  const s = String(text ?? '').trim();
  return /^[a-z_]+:[^\s:][^\s]*$/.test(s) ? s : '';
}

/** splitObject is a filter's { kind, id } ('' each when there is none). */
export function splitObject(text) {
  const s = objectFilter(text);
  if (!s) return { kind: '', id: '' };
  const i = s.indexOf(':');
  return { kind: s.slice(0, i), id: s.slice(i + 1) };
}

/** auditPageKey is the SWR Infinite key of an area's entries: each next page before the last entry shown. */
export const auditPageKey = (lang, { area, object, actor } = {}) => (index, previous) => {
  if (!AUDIT_AREAS.includes(area)) return null;
  if (previous && (!previous.more || !previous.entries?.length)) return null;
  const before = previous?.entries.at(-1).id;
  return [`/api/v1/${area}/admin/audit${query({ object: objectFilter(object), actor: actor?.trim(), before })}`, lang];
};
export const useAuditPages = (lang, filter) => useSWRInfinite(auditPageKey(lang, filter), fetcher, { ...FRESH, revalidateFirstPage: true });

/** auditPath is the back office's audit screen showing one object's history in an area, or null while there is no such screen. */
export function auditPath(lang, area, kind, id, sections = STAFF_SECTIONS) {
  if (!sections.includes('denetim')) return null;
  return staffPath(lang, 'denetim') + query({ area, object: `${kind}:${id}` });
}

// svc-auth's staff members (GET admin/staff): the names of who acted, and the choice of one.
export const staffMembersKey = (lang) => ['/api/v1/auth/admin/staff', lang];
export function useStaffMembers(lang) {
  const { data, error } = useSWR(staffMembersKey(lang), fetcher, FRESH);
  return { members: data?.users, error };
}

/**
 * useStaffNames is a function from a staff member's id to their name, '' while it is unknown:
 * the staff list's name or, for those of ids it lacks once it has answered (someone no longer
 * staff, or the list failed), their account's (admin/users, as the audit screen names who
 * decided). Callers show their own word for '' (never the bare id).
 */
export function useStaffNames(lang, ids = []) {
  const { members, error } = useStaffMembers(lang);
  const staff = new Map((members ?? []).map((m) => [m.id, m.name]));
  const missing = members || error ? ids.filter((id) => id && !staff.has(id)) : [];
  const { data } = useSWR(usersKey(missing, lang), fetcher, FRESH);
  const accounts = new Map((data?.users ?? []).map((u) => [u.id, u.name]));
  return (id) => staff.get(id) || accounts.get(id) || '';
}

const enc = encodeURIComponent;
const full = (...parts) => parts.filter(Boolean).join(' · ');

// Where the objects of each kind are listed for staff (their screens' list routes, searched by
// q when the route can) and read one by one (for the name of an object given in the address).
// items(data) are a list answer's objects; one(data) is a single answer's object.
const SOURCES = {
  order: { lists: ['/api/v1/orders/admin/orders'], items: (d) => d?.orders, one: (id) => `/api/v1/orders/admin/orders/${enc(id)}` },
  quote: { lists: ['/api/v1/orders/admin/quotes'], items: (d) => d?.quotes, one: (id) => `/api/v1/orders/admin/quotes/${enc(id)}` },
  invoice: { lists: ['/api/v1/billing/admin/invoices'], items: (d) => d?.invoices, one: (id) => `/api/v1/billing/admin/invoices/${enc(id)}` },
  // Transfers and payouts are listed by status, one list each; none of them is read alone.
  transfer: { lists: ['declared', 'confirmed', 'rejected'].map((s) => `/api/v1/billing/admin/transfers?status=${s}`), items: (d) => d?.transfers },
  payout: { lists: ['requested', 'paid', 'rejected'].map((s) => `/api/v1/billing/admin/payouts?status=${s}`), items: (d) => d?.payouts },
  // A balance's id is its customer's; a customer (their e-Fatura registration) is svc-auth's account.
  balance: { lists: ['/api/v1/auth/admin/customers'], items: (d) => d?.customers, one: (id) => `/api/v1/auth/admin/customers/${enc(id)}` },
  customer: { lists: ['/api/v1/auth/admin/customers'], items: (d) => d?.customers, one: (id) => `/api/v1/auth/admin/customers/${enc(id)}` },
  application: { lists: ['/api/v1/translators/admin/applications'], items: (d) => d?.applications, one: (id) => `/api/v1/translators/admin/applications/${enc(id)}` },
  translator: { lists: ['/api/v1/translators/admin/translators'], items: (d) => d?.translators, one: (id) => `/api/v1/translators/admin/translators/${enc(id)}` },
  ticket: { lists: ['/api/v1/translators/admin/tickets'], items: (d) => d?.tickets, one: (id) => `/api/v1/translators/admin/tickets/${enc(id)}` },
  post: { lists: ['/api/v1/catalog/admin/blog'], items: (d) => d?.posts, one: (id) => `/api/v1/catalog/admin/blog/${enc(id)}` },
  // The FAQ, the testimonials and the conversations are not searched by the server: the page filters them.
  faq: { lists: ['/api/v1/catalog/admin/faq'], items: (d) => d?.items, local: true },
  testimonial: { lists: ['/api/v1/catalog/admin/testimonials'], items: (d) => d?.testimonials, local: true },
  inquiry: { lists: ['/api/v1/catalog/admin/inquiries'], items: (d) => d?.inquiries, one: (id) => `/api/v1/catalog/admin/inquiries/${enc(id)}` },
  chat_conversation: {
    lists: ['open', 'closed'].map((s) => `/api/v1/catalog/admin/chat/conversations?status=${s}`),
    items: (d) => d?.conversations,
    one: (id) => `/api/v1/catalog/admin/chat/conversations/${enc(id)}`,
    local: true,
  },
};
export const PICKABLE_KINDS = Object.keys(SOURCES);

/** objectId is a listed object's id as the audit records it. */
export const objectId = (kind, o) => (kind === 'translator' ? o?.translatorId || o?.id : o?.id) ?? '';

/**
 * objectLabel names one object of kind for the picker and the filter: an order, quote or
 * invoice by number, a person by name and e-mail, a post by title, a transfer by sender and
 * amount. lang picks a two-language text's side.
 */
export function objectLabel(kind, o, lang) {
  if (!o) return '';
  const both = (t) => (t && typeof t === 'object' ? t[lang] || t.tr || t.en : t);
  switch (kind) {
    case 'order':
    case 'quote':
      return o.number || o.id;
    case 'invoice':
      return full(o.number, o.orderNumber);
    case 'transfer':
      return full(o.sender, moneyText(lang, o.amount), o.date);
    case 'payout':
      return full(o.translatorName || o.translatorId, moneyText(lang, o.amount));
    case 'balance':
    case 'customer':
      return full(o.fullName, o.email);
    case 'application':
      return full([o.firstName, o.lastName].filter(Boolean).join(' ') || o.name, o.email);
    case 'translator':
      return full(o.fullName, o.email);
    case 'ticket':
      return full(o.subject, o.translatorName);
    case 'post':
      return full(o.title, o.lang?.toUpperCase());
    case 'faq':
      return both(o.question) || o.id;
    case 'testimonial':
      return full(o.author, o.company);
    case 'inquiry':
      return full(o.name, o.email);
    case 'chat_conversation':
      return full((o.conversation ?? o).name, (o.conversation ?? o).email);
    default:
      return o.id;
  }
}

/** pickerKeys are the SWR keys of the lists an object of kind is picked from, searched for q. */
export function pickerKeys(kind, q, lang) {
  const src = SOURCES[kind];
  if (!src) return [];
  const term = src.local ? '' : String(q ?? '').trim();
  return src.lists.map((url) => [term ? `${url}${url.includes('?') ? '&' : '?'}${query({ q: term }).slice(1)}` : url, lang]);
}

/** pickerItems are the lists' objects as { id, label }, those a local list holds filtered by q, at most 50. */
export function pickerItems(kind, answers, q, lang) {
  const src = SOURCES[kind];
  if (!src) return [];
  const fold = (s) => String(s ?? '').toLocaleLowerCase(lang === 'en' ? 'en' : 'tr');
  const term = fold(String(q ?? '').trim());
  const seen = new Set();
  const out = [];
  for (const d of answers) {
    for (const o of src.items(d) ?? []) {
      const id = objectId(kind, o);
      const label = objectLabel(kind, o, lang);
      if (!id || seen.has(id) || (src.local && term && !fold(label).includes(term))) continue;
      seen.add(id);
      out.push({ id, label });
    }
  }
  return out.slice(0, 50);
}

/** objectNameKey is the SWR key of the one object the filter names (null when its kind is not read alone). */
export const objectNameKey = (kind, id, lang) => (SOURCES[kind]?.one && id ? [SOURCES[kind].one(id), lang] : null);
