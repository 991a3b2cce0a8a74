// The pages of single items below an account section (an order, a quote). Their segments are
// in paths.js (ACCOUNT_DETAILS) with the language map; these helpers live apart so that only the
// account and order screens load them, not every page.
import { ACCOUNT_DETAILS, PATHS, accountDetailSegments } from './paths.js';

/** accountDetailPath is an item's page: /tr/hesabim/siparislerim/{id}, /en/account/orders/quotes/{id}. */
export function accountDetailPath(lang, kind, id) {
  if (!ACCOUNT_DETAILS[kind]) throw new Error(`unknown account detail ${kind}`);
  if (!id) throw new Error(`no id for the ${kind} page`);
  return [PATHS.account[lang], ...accountDetailSegments(lang, kind), encodeURIComponent(id)].join('/');
}

/**
 * accountDetailOf reads the part of an account path after /tr/hesabim/ (or /en/account/) in
 * lang: { kind, id } for an item's page, else null.
 */
export function accountDetailOf(lang, rest) {
  const segments = String(rest ?? '').split('/').filter(Boolean);
  for (const kind of Object.keys(ACCOUNT_DETAILS)) {
    const fixed = accountDetailSegments(lang, kind);
    if (segments.length === fixed.length + 1 && fixed.every((s, i) => s === segments[i])) return { kind, id: segments.at(-1) };
  }
  return null;
}
