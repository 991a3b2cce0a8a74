import { STAFF_DETAILS, staffPath } from '../../config/paths.js';

// Staff's live notices (svc-auth/live, API.md "Staff's live notices"): what each back-office
// section counts, where a notice leads, and how the counts change as the stream speaks.

/** The categories each menu entry counts (its Turkish section key): orders count revisions and escalations too. */
export const SECTION_CATEGORIES = {
  siparisler: ['orders', 'revisions', 'escalations'],
  havaleler: ['transfers'],
  basvurular: ['applications'],
  talepler: ['tickets'],
  'canli-destek': ['chats'],
};

/** sectionOf is the section whose screen a category's notices are about. */
export const sectionOf = (category) => Object.keys(SECTION_CATEGORIES).find((s) => SECTION_CATEGORIES[s].includes(category));

/**
 * LIVE_SCREENS show what arrives by themselves (live support follows its own stream): while one
 * is on screen its new notices are seen at once, with no count and no toast.
 */
export const LIVE_SCREENS = ['canli-destek'];

/** sectionCount is what a menu entry shows: its categories' counts added up. */
export const sectionCount = (counts, section) => (SECTION_CATEGORIES[section] ?? []).reduce((n, c) => n + (counts?.[c] ?? 0), 0);

/** totalCount is every count added up: the tab title's number. */
export const totalCount = (counts) => Object.values(counts ?? {}).reduce((n, v) => n + (Number(v) || 0), 0);

/** countText shows a count as the server caps it: 100 and more read "99+". */
export const countText = (n) => (n > 99 ? '99+' : String(n));

/**
 * noticePath is where a notice leads in lang: the item's page in its section (an order, an
 * application, a ticket, a conversation), or the section's list searched for it (a transfer).
 */
export function noticePath(lang, notice) {
  const section = sectionOf(notice.category);
  if (!section) return staffPath(lang);
  if (Object.values(STAFF_DETAILS).includes(section)) return staffPath(lang, section, notice.ref);
  return `${staffPath(lang, section)}?${new URLSearchParams({ q: notice.ref })}`;
}

/**
 * withNotice is counts after a notice arrived: its category's count as the server sent it, or,
 * when the server could not count (no number for it) and the notice is new here, one more.
 */
export function withNotice(counts, notice, sent, fresh) {
  const c = notice.category;
  if (sent && typeof sent[c] === 'number') return { ...counts, [c]: sent[c] };
  return fresh ? { ...counts, [c]: (counts?.[c] ?? 0) + 1 } : counts;
}

/** onlyCategories is counts with the given categories taken from next (an answer about them). */
export function onlyCategories(counts, next, categories) {
  const out = { ...counts };
  for (const c of categories) if (typeof next?.[c] === 'number') out[c] = next[c];
  return out;
}

/** TOASTS is how many notices show at once; TOAST_MS how long one stays while the tab is seen. */
export const TOASTS = 3;
export const TOAST_MS = 12_000;

/**
 * withToast is the notices on screen after one more, newest first: it replaces one about the same
 * thing (a visitor writing again), and the oldest go past TOASTS.
 */
export function withToast(toasts, notice, now) {
  const rest = toasts.filter((n) => n.id !== notice.id && !(n.category === notice.category && n.ref === notice.ref));
  return [{ ...notice, shownAt: now }, ...rest].slice(0, TOASTS);
}

/** unexpired drops the notices shown longer than TOAST_MS before now. */
export const unexpired = (toasts, now) => toasts.filter((n) => now - n.shownAt < TOAST_MS);
