import { formatDate, formatMoment, formatNumber, moneyText, withCurrency } from '../../lib/format.js';
import { plainKey } from '../../lib/i18n.js';

// An audit entry's change in words (the audit screen). The services record only the top-level
// fields an action changed, as their APIs answer them (internal/audit): the price list as its
// whole sections (services, tiers, urgencies, add-ons), everything else as fields of the thing.
// Each function here turns one entry into lines { key, label, before, after } ("Price of
// Proofreading EN→TR (tier 1 pairs), per word: $0.035 → $0.04") or { key, label, text } (a
// statement: "Proofreading added: …"). Pure: the words come in as `t`, i18next's for
// texts-audit.js's namespace in the page's language (textsIn(lang, AUDIT_NS)), which fills them in
// and picks plurals; the names of services, languages, people and order steps come as functions;
// so the lines are tested as exact strings.

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isMoney = (v) => isObject(v) && Number.isFinite(v.amount) && typeof v.currency === 'string';
const numberFormat = (lang, opts) => ({ format: (n) => formatNumber(lang, n, opts) });

/** lineText is a line as one string: "<label>: <before> → <after>" or "<label>: <text>". */
export const lineText = (l) => (l.text !== undefined ? `${l.label}: ${l.text}` : `${l.label}: ${l.before} → ${l.after}`);

/**
 * rateText is a per-unit price in centi-cents (850 = $0.085) as money in the page's language,
 * with two to four decimals: "0,085 $", "$0.085", "0,08 $".
 */
export function rateText(lang, centiCents, currency = 'USD') {
  if (!Number.isFinite(centiCents)) return '—';
  const n = numberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 4, useGrouping: 'always' }).format(Math.abs(centiCents) / 10_000);
  return withCurrency(lang, n, currency, centiCents < 0);
}

/** centsText is an amount in cents of the list's currency as money: "25,00 $", "$25.00". */
export const centsText = (lang, cents, currency = 'USD') => (Number.isFinite(cents) ? moneyText(lang, { amount: cents, currency }) : '—');

/** multiplierText is basis points as a factor: 12,500 → "×1,25" (tr), "×1.25" (en). */
export const multiplierText = (lang, bp) => (Number.isFinite(bp) ? `×${numberFormat(lang, { maximumFractionDigits: 4 }).format(bp / 10_000)}` : '—');

/**
 * examplePair names a language pair of a tier for the reader, as upper-case codes: EN→TR when
 * both are of that tier (the agency's usual pair), else the first two codes of the tier; '' when
 * the tiers are not known or the tier has fewer than two languages.
 */
export function examplePair(tiers, tier) {
  if (!isObject(tiers)) return '';
  if (tiers.en === tier && tiers.tr === tier) return 'EN→TR';
  const codes = Object.keys(tiers).filter((c) => tiers[c] === tier).sort();
  return codes.length >= 2 ? `${codes[0].toUpperCase()}→${codes[1].toUpperCase()}` : '';
}

/**
 * priceListLines are the changes between two price lists (or the sections of them an entry
 * holds), one line per changed figure: each service's base rate (the price of its tier 1
 * pairs, named by an example pair), minimum and translator's rate, its unit, services added or
 * removed; each language's tier; each tier's and urgency's multiplier and delivery window; each
 * add-on's prices and services. ctx: { lang, t, serviceName(slug), langName(code), tiers } where
 * tiers (the list's language tiers, when the entry holds none) names the example pair; services
 * (the list's, likewise) gives a pair's unit.
 */
export function priceListLines(before, after, ctx) {
  const { lang, t } = ctx;
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  const currency = a.currency || b.currency || 'USD';
  const tiers = a.languageTiers ?? b.languageTiers ?? ctx.tiers;
  const unitWord = (u) => t(`price.units.${plainKey(u)}`, { defaultValue: u });
  const lines = [];
  const push = (key, label, bv, av) => lines.push({ key, label, before: bv, after: av });

  const bs = new Map((Array.isArray(b.services) ? b.services : []).map((s) => [s.service, s]));
  const as = new Map((Array.isArray(a.services) ? a.services : []).map((s) => [s.service, s]));
  for (const [id, s] of as) {
    const service = ctx.serviceName(id);
    const o = bs.get(id);
    if (!o) {
      if (!bs.size && !Array.isArray(b.services)) continue; // the entry holds no services before: not a change of them
      lines.push({ key: `svc:${id}:added`, label: t('price.added', { service }), text: t('price.addedText', { rate: rateText(lang, s.baseRate, currency), unit: unitWord(s.unit), minimum: centsText(lang, s.minimum, currency) }) });
      continue;
    }
    const unit = unitWord(s.unit);
    if (o.baseRate !== s.baseRate) {
      const pair = examplePair(tiers, 1);
      push(`svc:${id}:baseRate`, t(pair ? 'price.baseRate' : 'price.baseRateNoPair', { service, pair, tier: 1, unit }), rateText(lang, o.baseRate, currency), rateText(lang, s.baseRate, currency));
    }
    if ((o.minimum ?? 0) !== (s.minimum ?? 0)) push(`svc:${id}:minimum`, t('price.minimum', { service }), centsText(lang, o.minimum ?? 0, currency), centsText(lang, s.minimum ?? 0, currency));
    if ((o.translatorRate ?? 0) !== (s.translatorRate ?? 0)) {
      const rate = (v) => (v ? rateText(lang, v, currency) : t('price.defaultShare'));
      push(`svc:${id}:translatorRate`, t('price.translatorRate', { service, unit }), rate(o.translatorRate), rate(s.translatorRate));
    }
    if (o.unit !== s.unit) push(`svc:${id}:unit`, t('price.unit', { service }), unitWord(o.unit), unitWord(s.unit));
  }
  if (Array.isArray(a.services)) {
    for (const [id, o] of bs) {
      if (!as.has(id)) lines.push({ key: `svc:${id}:removed`, label: t('price.removed', { service: ctx.serviceName(id) }), text: `${rateText(lang, o.baseRate, currency)} / ${unitWord(o.unit)}` });
    }
  }

  // A pair's own rate (pricing.PairRate) reads as the issue's example: "price of proofreading
  // EN→TR: 0,08 $ → 0,09 $"; a pair without one is priced by its tier, said in words.
  if (Array.isArray(a.pairRates) || Array.isArray(b.pairRates)) {
    const pairKey = (x) => `${x.service}|${x.source}|${x.target}`;
    const bp = new Map((b.pairRates ?? []).map((x) => [pairKey(x), x]));
    const ap = new Map((a.pairRates ?? []).map((x) => [pairKey(x), x]));
    const own = (x) => (x ? rateText(lang, x.rate, currency) : t('price.tierPrice'));
    for (const key of [...new Set([...bp.keys(), ...ap.keys()])].sort()) {
      const o = bp.get(key);
      const n = ap.get(key);
      if (o?.rate === n?.rate) continue;
      const x = n ?? o;
      const service = ctx.serviceName(x.service);
      // The audit keeps only the fields that changed: a pair's unit is its service's, from the
      // entry when it holds the services, else from the list as it is now.
      const ofService = as.get(x.service) ?? bs.get(x.service) ?? (ctx.services ?? []).find((s) => s.service === x.service);
      const unit = ofService?.unit ? unitWord(ofService.unit) : '';
      const label = t(unit ? 'price.pairRate' : 'price.pairRateNoUnit', { service, pair: `${x.source.toUpperCase()}→${x.target.toUpperCase()}`, unit });
      push(`pair:${key}`, label, own(o), own(n));
    }
  }
  if (isObject(a.languageTiers) || isObject(b.languageTiers)) {
    const bt = b.languageTiers ?? {};
    const at = a.languageTiers ?? {};
    const tierWord = (v) => (v ? t('price.tierValue', { tier: v }) : t('price.notPriced'));
    for (const code of [...new Set([...Object.keys(bt), ...Object.keys(at)])].sort()) {
      if (bt[code] !== at[code]) push(`tier:${code}`, t('price.tier', { language: ctx.langName(code) }), tierWord(bt[code]), tierWord(at[code]));
    }
  }
  if (isObject(a.tierMultipliers) || isObject(b.tierMultipliers)) {
    const bm = b.tierMultipliers ?? {};
    const am = a.tierMultipliers ?? {};
    for (const tier of [...new Set([...Object.keys(bm), ...Object.keys(am)])].sort()) {
      if (bm[tier] !== am[tier]) push(`mult:${tier}`, t('price.multiplier', { tier }), multiplierText(lang, bm[tier]), multiplierText(lang, am[tier]));
    }
  }
  if (isObject(a.urgencies) || isObject(b.urgencies)) {
    const bu = b.urgencies ?? {};
    const au = a.urgencies ?? {};
    const win = (r) => (r?.window ? t('price.window', { min: r.window.minDays, max: r.window.maxDays }) : '—');
    for (const u of [...new Set([...Object.keys(bu), ...Object.keys(au)])].sort()) {
      const urgency = t(`price.urgencies.${plainKey(u)}`, { defaultValue: u });
      if (bu[u]?.multiplier !== au[u]?.multiplier) push(`urg:${u}:mult`, t('price.urgencyMultiplier', { urgency }), multiplierText(lang, bu[u]?.multiplier), multiplierText(lang, au[u]?.multiplier));
      if (win(bu[u]) !== win(au[u])) push(`urg:${u}:window`, t('price.urgencyWindow', { urgency }), win(bu[u]), win(au[u]));
    }
  }
  if (Array.isArray(a.addOns) || Array.isArray(b.addOns)) {
    const ba = new Map((b.addOns ?? []).map((x) => [x.id, x]));
    const aa = new Map((a.addOns ?? []).map((x) => [x.id, x]));
    const name = (x) => x?.name?.[lang] || x?.name?.tr || x?.id;
    const services = (x) => (x?.services?.length ? x.services.map(ctx.serviceName).join(', ') : t('price.allServices'));
    for (const id of [...new Set([...ba.keys(), ...aa.keys()])]) {
      const o = ba.get(id);
      const n = aa.get(id);
      const addOn = name(n ?? o);
      const figure = (x, f, text) => (x?.[f] ? text(x[f]) : '—');
      if ((o?.perUnit ?? 0) !== (n?.perUnit ?? 0)) push(`add:${id}:perUnit`, t('price.addOnPerUnit', { addOn }), figure(o, 'perUnit', (v) => rateText(lang, v, currency)), figure(n, 'perUnit', (v) => rateText(lang, v, currency)));
      if ((o?.perTarget ?? 0) !== (n?.perTarget ?? 0)) push(`add:${id}:perTarget`, t('price.addOnPerTarget', { addOn }), figure(o, 'perTarget', (v) => centsText(lang, v, currency)), figure(n, 'perTarget', (v) => centsText(lang, v, currency)));
      if ((o?.translatorPerUnit ?? 0) !== (n?.translatorPerUnit ?? 0)) {
        const rate = (x) => (!x ? '—' : x.translatorPerUnit ? rateText(lang, x.translatorPerUnit, currency) : t('price.defaultShare'));
        push(`add:${id}:translator`, t('price.addOnTranslator', { addOn }), rate(o), rate(n));
      }
      if (o && n && services(o) !== services(n)) push(`add:${id}:services`, t('price.addOnServices', { addOn }), services(o), services(n));
    }
  }
  const known = new Set(['services', 'pairRates', 'languageTiers', 'tierMultipliers', 'urgencies', 'addOns', 'currency']);
  for (const k of [...new Set([...Object.keys(b), ...Object.keys(a)])]) {
    if (!known.has(k) && compact(b[k]) !== compact(a[k])) push(`other:${k}`, k, compact(b[k]), compact(a[k]));
  }
  return lines;
}

/** compact is a value no words are known for as short text: "key: value, …" for objects, never JSON braces. */
export function compact(v) {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.map(compact).join(', ') || '—';
  if (isObject(v)) return Object.entries(v).map(([k, x]) => `${k}: ${compact(x)}`).join(', ') || '—';
  const s = String(v);
  return s.length > 160 ? `${s.slice(0, 159)}…` : s;
}

// Fields naming a person by id, shown by their name.
const PERSON_FIELDS = new Set(['translatorId', 'previousTranslatorId', 'decidedBy', 'closedBy', 'handledBy', 'by', 'customerId']);
const LANGUAGE_FIELDS = new Set(['lang', 'language', 'sourceLanguage', 'targetLanguage', 'nativeLanguage']);
// Growing lists of messages, replies and timeline entries: what the action added is shown.
const TEXT_OF_ITEM = ['body', 'message', 'text', 'note'];
// Keys inside a recorded object that say nothing to a reader (ids, counters).
const HIDDEN_KEYS = new Set(['id', 'seq', 'version', 'conversationId', 'entryId']);
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * valueWords is one recorded value in words: a status in words of the thing's kind, a person's
 * name, money as money, a date or moment as the page's language writes it, yes/no, a language's
 * or service's name, numbers grouped, objects as their known fields, anything else compact.
 */
export function valueWords(field, v, kind, ctx) {
  const { lang, t } = ctx;
  if (v === null || v === undefined || v === '') return t('values.none');
  if (isMoney(v)) return moneyText(lang, v);
  if (typeof v === 'boolean') return v ? t('values.yes') : t('values.no');
  if ((field === 'status' || field === 'displayStatus') && typeof v === 'string') return t([`statuses.${plainKey(kind)}.${plainKey(v)}`, `statuses.order.${plainKey(v)}`], { defaultValue: v });
  if (PERSON_FIELDS.has(field) && typeof v === 'string') return ctx.userName(v);
  if (LANGUAGE_FIELDS.has(field) && typeof v === 'string') return ctx.langName(v);
  if (field === 'service' && typeof v === 'string') return ctx.serviceName(v);
  if ((field === 'step' || field === 'next') && typeof v === 'string') return t(`steps.${plainKey(v)}`, { defaultValue: v });
  if (typeof v === 'number') return numberFormat(lang, { maximumFractionDigits: 4 }).format(v);
  if (typeof v === 'string') {
    if (DATE_ONLY.test(v)) return formatDate(lang, v, { dateStyle: 'medium', timeZone: 'UTC' });
    if (MOMENT.test(v)) return formatMoment(lang, v) || v;
    return v.length > 160 ? `${v.slice(0, 159)}…` : v;
  }
  if (Array.isArray(v)) {
    if (v.every(isMoney)) return v.map((m) => moneyText(lang, m)).join(', ') || t('values.none');
    if (field === 'targetLanguages' || field === 'workingLanguages') return v.map(ctx.langName).join(', ');
    // Language pairs (a translator's competencies): EN→TR.
    if (v.length && v.every((x) => isObject(x) && typeof x.source === 'string' && typeof x.target === 'string')) return v.map((x) => `${x.source.toUpperCase()}→${x.target.toUpperCase()}`).join(', ');
    if (v.every((x) => typeof x !== 'object' || x === null)) return v.map((x) => valueWords(field, x, kind, ctx)).join(', ') || t('values.none');
    return t('values.items', { count: v.length });
  }
  // A text kept in both languages ({tr, en}: an FAQ's question, a testimonial) reads in the page's.
  if (Object.keys(v).length && Object.keys(v).every((k) => k === 'tr' || k === 'en')) return valueWords(field, v[lang] || v.tr || v.en, kind, ctx);
  // A message (a live support answer) reads as its text.
  if (typeof v.text === 'string' && ('from' in v || 'author' in v)) return `“${v.text.length > 120 ? `${v.text.slice(0, 119)}…` : v.text}”`;
  if (field === 'fulfilment' && Array.isArray(v.steps)) {
    return v.steps.filter((s) => s.done).map((s) => t(`steps.${plainKey(s.step)}`, { defaultValue: s.step })).join(', ') || t('values.none');
  }
  return Object.entries(v)
    .filter(([k, x]) => !HIDDEN_KEYS.has(k) && x !== null && x !== undefined && x !== '' && !(Array.isArray(x) && !x.length))
    .map(([k, x]) => `${t(`fields.${plainKey(k)}`, { defaultValue: k })}: ${valueWords(k, x, kind, ctx)}`)
    .join(', ') || t('values.none');
}

/** itemText is one message, reply or timeline entry as a short line. */
function itemText(field, item, ctx) {
  if (field === 'history' && ctx.historyText) return ctx.historyText(item);
  // A priced line (a quote's, an invoice's): its target language or description and its amount.
  const amount = item?.total ?? item?.amount;
  if (isObject(item) && (item.targetLanguage || item.description) && amount !== undefined) {
    const what = (isObject(item.description) ? item.description[ctx.lang] || item.description.tr : item.description) || ctx.langName(item.targetLanguage);
    return `${what}: ${isMoney(amount) ? moneyText(ctx.lang, amount) : centsText(ctx.lang, amount)}`;
  }
  const body = TEXT_OF_ITEM.map((k) => item?.[k]).find((x) => typeof x === 'string' && x);
  const s = body ?? compact(item);
  return `“${s.length > 120 ? `${s.slice(0, 119)}…` : s}”`;
}

/**
 * fieldLines are an entry's changed fields in words, one line each: the field's name, before
 * and after (valueWords). A list that grew by the action (a timeline, a ticket's messages, an
 * inquiry's replies) reads as what was added; a thing created or deleted reads as its fields.
 */
export function fieldLines(entry, ctx) {
  const { t } = ctx;
  const kind = entry?.object?.kind;
  const b = isObject(entry?.before) ? entry.before : null;
  const a = isObject(entry?.after) ? entry.after : null;
  if (!b && !a) {
    if (entry?.before == null && entry?.after == null) return [];
    return [{ key: '-', label: t('changes'), before: compact(entry.before), after: compact(entry.after) }];
  }
  const fields = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])].filter((f) => f !== 'version' && f !== 'id');
  return fields.map((field) => {
    const bv = b?.[field] ?? null;
    const av = a?.[field] ?? null;
    const label = t(`fields.${plainKey(field)}`, { defaultValue: field });
    if (Array.isArray(av) && av.some(isObject) && !av.every(isMoney) && (bv === null || Array.isArray(bv))) {
      const old = bv ?? [];
      const grew = old.length < av.length && old.every((x, i) => JSON.stringify(x) === JSON.stringify(av[i]));
      const list = (items) => items.map((x) => itemText(field, x, ctx)).join('; ') || t('values.none');
      // A list the action added to (a timeline, a ticket's messages) reads as what it added;
      // one it rewrote (a quote's lines) as before and after.
      if (grew) return { key: field, label, text: t('values.added', { items: list(av.slice(old.length)) }) };
      return { key: field, label, before: list(old), after: list(av) };
    }
    return { key: field, label, before: valueWords(field, bv, kind, ctx), after: valueWords(field, av, kind, ctx) };
  });
}

/** entryLines are an entry's change in words: the price list's by figure, any other thing's by field. */
export function entryLines(entry, ctx) {
  if (entry?.object?.kind === 'price_list') return priceListLines(entry.before, entry.after, ctx);
  return fieldLines(entry, ctx);
}
