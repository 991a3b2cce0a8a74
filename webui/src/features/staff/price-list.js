import { formatNumber, formatPercent, withCurrency } from '../../lib/format.js';

// The price list editor's arithmetic (issue 25), kept apart from React so it is tested alone. A
// list is svc-orders' (pricing.go, pairs.go): rates in USD centi-cents per unit, multipliers in
// basis points, and pairRates, the pairs with their own rate. A row is one service from one
// language to another with the rate it is priced at: its own rate, or the service's base rate ×
// the multiplier of the higher tier of the two languages.

// A row's rate is kept exactly in "x" units, 10,000 to a centi-cent (1e-8 USD): a tier's
// multiplier in basis points times a base rate in centi-cents is always a whole number of them.
export const X_PER_CENTI_CENT = 10_000;
// MAX_PAIR_RATES is svc-orders' pricing.MaxPairRates: what fits the 64 KB body limit.
export const MAX_PAIR_RATES = 500;
// A percentage is typed with at most two decimals and kept in hundredths of a percent.
export const MIN_PERCENT = -9_999; // -99.99 %: a rate never reaches 0
export const MAX_PERCENT = 100_000; // +1,000 %

export const rowKey = (service, source, target) => `${service}|${source}|${target}`;

/** divRound is a / b (b > 0) rounded half up, for non-negative whole numbers, exact (BigInt). */
export function divRound(a, b) {
  const n = BigInt(a);
  const d = BigInt(b);
  return Number((n * 2n + d) / (2n * d));
}

/** pairRows are every priced row of list: each service, each source, each other target. */
export function pairRows(list) {
  const codes = Object.keys(list?.languageTiers ?? {}).sort();
  const own = new Map((list?.pairRates ?? []).map((p) => [rowKey(p.service, p.source, p.target), p.rate]));
  const rows = [];
  for (const s of list?.services ?? []) {
    for (const source of codes) {
      for (const target of codes) {
        if (source === target) continue;
        const key = rowKey(s.service, source, target);
        const tier = Math.max(list.languageTiers[source], list.languageTiers[target]);
        const rate = own.get(key);
        rows.push({
          key,
          service: s.service,
          source,
          target,
          unit: s.unit,
          tier,
          own: rate !== undefined,
          x: rate !== undefined ? rate * X_PER_CENTI_CENT : s.baseRate * (list.tierMultipliers?.[tier] ?? 0),
        });
      }
    }
  }
  return rows;
}

/**
 * filterRows keeps the rows a filter chooses: service, source and target codes ('' for any),
 * kind ('own', 'tier' or '' for both) and q, a search matched (case- and accent-insensitively, in
 * the page's language) against either language's code or name (nameOf(code)).
 */
export function filterRows(rows, { service = '', source = '', target = '', kind = '', q = '' }, nameOf = (c) => c, lang = 'tr') {
  const fold = (s) => s.toLocaleLowerCase(lang === 'en' ? 'en-US' : 'tr-TR').normalize('NFD').replace(/\p{Diacritic}/gu, '');
  const words = fold(q.trim()).split(/\s+/).filter(Boolean);
  const names = new Map();
  const named = (code) => {
    if (!names.has(code)) names.set(code, fold(`${code} ${nameOf(code)}`));
    return names.get(code);
  };
  return rows.filter(
    (r) =>
      (!service || r.service === service) &&
      (!source || r.source === source) &&
      (!target || r.target === target) &&
      (!kind || (kind === 'own') === r.own) &&
      words.every((w) => named(r.source).includes(w) || named(r.target).includes(w)),
  );
}

/** sortRows orders rows by service (the list's order), then source and target by name. */
export function sortRows(rows, services, nameOf = (c) => c, lang = 'tr') {
  const order = new Map(services.map((s, i) => [s.service, i]));
  const collator = new Intl.Collator(lang === 'en' ? 'en-US' : 'tr-TR');
  return [...rows].sort(
    (a, b) => order.get(a.service) - order.get(b.service) || collator.compare(nameOf(a.source), nameOf(b.source)) || collator.compare(nameOf(a.target), nameOf(b.target)),
  );
}

/** parsePercent reads "+5", "-3", "2,5 %" into hundredths of a percent; null when it is not one in range or is 0. */
export function parsePercent(text) {
  const m = String(text ?? '').trim().replace(/\s|%/g, '').match(/^([+-]?)(\d{1,4})(?:[.,](\d{1,2}))?$/);
  if (!m) return null;
  const v = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0')));
  return v === 0 || v < MIN_PERCENT || v > MAX_PERCENT ? null : v;
}

/** scale is a rate in centi-cents changed by percent (hundredths of a percent), half up to a centi-cent. */
export function scale(x, percent) {
  return divRound(BigInt(x) * BigInt(10_000 + percent), X_PER_CENTI_CENT * 10_000);
}

/**
 * bulkChange is list with the chosen rows' rates changed by percent, each new rate rounded half
 * up to a centi-cent ($0.0001). A service all of whose rows are chosen has its base rate changed
 * (and its own pair rates): every pair follows, and no own rates are added. Otherwise each chosen
 * row gets its own rate. { list } or { error: 'tooMany' } past MAX_PAIR_RATES.
 */
export function bulkChange(list, chosen, percent) {
  const perService = new Map();
  for (const r of chosen) perService.set(r.service, (perService.get(r.service) ?? 0) + 1);
  const n = Object.keys(list.languageTiers ?? {}).length;
  const whole = new Set([...perService].filter(([, count]) => count === n * (n - 1)).map(([s]) => s));
  const pairs = new Map((list.pairRates ?? []).map((p) => [rowKey(p.service, p.source, p.target), p]));
  for (const r of chosen) {
    if (whole.has(r.service) && !r.own) continue;
    pairs.set(r.key, { service: r.service, source: r.source, target: r.target, rate: scale(r.x, percent) });
  }
  const next = {
    ...list,
    services: list.services.map((s) => (whole.has(s.service) ? { ...s, baseRate: scale(s.baseRate * X_PER_CENTI_CENT, percent) } : s)),
    pairRates: [...pairs.values()],
  };
  if (next.pairRates.length > MAX_PAIR_RATES) return { error: 'tooMany' };
  return { list: next };
}

/**
 * diffRows are the rows whose rate differs between two lists: { row, before, after } with the
 * rates in x units (before null for a pair newly priced, after null for one no longer priced).
 */
export function diffRows(before, after) {
  const old = new Map(pairRows(before).map((r) => [r.key, r]));
  const out = [];
  for (const row of pairRows(after)) {
    const was = old.get(row.key);
    old.delete(row.key);
    if (!was || was.x !== row.x || was.own !== row.own) out.push({ row, before: was ? was.x : null, after: row.x });
  }
  for (const was of old.values()) out.push({ row: was, before: was.x, after: null });
  return out;
}

/** setPairRate gives a pair its own rate (centi-cents), a language the list does not price yet entering at tier. */
export function setPairRate(list, { service, source, target }, rate, tier = 1) {
  const tiers = { ...list.languageTiers };
  for (const code of [source, target]) tiers[code] ??= tier;
  const rest = (list.pairRates ?? []).filter((p) => !(p.service === service && p.source === source && p.target === target));
  return { ...list, languageTiers: tiers, pairRates: [...rest, { service, source, target, rate }] };
}

/** removePairRate takes a pair's own rate away: it is priced by its tier again. */
export function removePairRate(list, { service, source, target }) {
  return { ...list, pairRates: (list.pairRates ?? []).filter((p) => !(p.service === service && p.source === source && p.target === target)) };
}

/** removeLanguage stops pricing a language: its tier and its pairs' own rates go. */
export function removeLanguage(list, code) {
  const { [code]: _, ...tiers } = list.languageTiers;
  return { ...list, languageTiers: tiers, pairRates: (list.pairRates ?? []).filter((p) => p.source !== code && p.target !== code) };
}

/** normalized is a list in one order (pairs sorted, no empty pairRates) so two lists compare as text. */
export function normalized(list) {
  const pairs = [...(list?.pairRates ?? [])].sort((a, b) => rowKey(a.service, a.source, a.target).localeCompare(rowKey(b.service, b.source, b.target)));
  const { pairRates: _, ...rest } = list ?? {};
  const sortKeys = (o) => Object.fromEntries(Object.entries(o ?? {}).sort(([a], [b]) => a.localeCompare(b)));
  const out = { ...rest, languageTiers: sortKeys(rest.languageTiers), tierMultipliers: sortKeys(rest.tierMultipliers), urgencies: sortKeys(rest.urgencies) };
  return pairs.length ? { ...out, pairRates: pairs } : out;
}

/** isChanged says whether the draft differs from the saved list. */
export const isChanged = (saved, draft) => JSON.stringify(normalized(saved)) !== JSON.stringify(normalized(draft));

/** rateText shows a rate in x units as US dollars in the page's language: "0,0893 $", "$0.10625". */
export function rateText(x, lang) {
  return withCurrency(lang, formatNumber(lang, x / 1e8, { minimumFractionDigits: 2, maximumFractionDigits: 8, useGrouping: 'always' }), 'USD');
}

/** percentText shows hundredths of a percent with their sign: "+5%" in English, "+%5" in Turkish. */
export const percentText = (p, lang) => formatPercent(lang, p, { signed: true });
