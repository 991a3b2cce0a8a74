import useSWRInfinite from 'swr/infinite';
import { STAFF_SECTIONS, staffPath } from '../../../config/paths.js';
import { FRESH, fetcher, query } from './staff.js';

// Each service keeps the record of what its staff changed (internal/audit) and serves it as
// GET /api/v1/<area>/admin/audit: 50 entries a page, newest first, by object and by staff member.
export const AUDIT_AREAS = ['orders', 'billing', 'translators', 'catalog'];

/** objectFilter is "kind:id" trimmed, or '' when it is not of that form. */
export function objectFilter(text) {
  const s = String(text ?? '').trim();
  return /^[a-z_]+:[^\s:][^\s]*$/.test(s) ? s : '';
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
