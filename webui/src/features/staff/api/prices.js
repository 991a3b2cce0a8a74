import useSWR, { mutate as mutateGlobal } from 'swr';
import { api } from '../../../lib/api-client.js';
import { pricesUrl } from '../../../lib/api/get-prices.js';
import { parseAmount } from '../../../lib/money.js';
import { FRESH, fetcher } from './staff.js';

// svc-orders' price list (svc-orders/pricing/pricing.go, API.md "Price list"). Staff read it at
// the public address, where their answer also carries the translators' rates and is never
// cached, and save the whole list at admin/prices. Units: base rates, per-unit add-ons and
// translators' rates in USD centi-cents (850 = $0.085), minimums and per-target add-ons in USD
// cents, multipliers in basis points (10,000 = ×1).
export const ADMIN_PRICES = '/api/v1/orders/admin/prices';
export const pricesKey = (lang) => [pricesUrl, lang];
export const useStaffPrices = (lang) => useSWR(pricesKey(lang), fetcher, { ...FRESH, revalidateOnFocus: false });

/** savePrices replaces the price list; the pages' public copy (usePrices) is asked for again. */
export async function savePrices(list, lang) {
  const saved = await api.put(ADMIN_PRICES, list, { lang });
  mutateGlobal(pricesUrl);
  return saved;
}

export const UNITS = ['word', 'page', 'minute'];
export const URGENCIES = ['normal', 'urgent'];
// Digits after the point each kind of figure is shown and typed with.
export const CENTI_CENTS = 4; // dollars with four decimals: 0.085
export const CENTS = 2; // dollars with two decimals: 25.00
export const BASIS_POINTS = 4; // a multiplier: 1.25

/** decimalText shows an integer of minor units with digits decimals (at least two) in the page's language; '' for none. */
export function decimalText(value, digits, lang) {
  if (value === undefined || value === null || value === '') return '';
  return new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'tr-TR', { minimumFractionDigits: Math.min(2, digits), maximumFractionDigits: digits, useGrouping: false }).format(
    Number(value) / 10 ** digits,
  );
}

/**
 * parseDecimal reads a typed figure ("0,085", "25", "1.250,50") into integer minor units of
 * digits decimals, 0 included; null when it is not one. Cents go through money.js's parseAmount.
 */
export function parseDecimal(text, digits) {
  const s = String(text ?? '').trim().replace(/\s/g, '');
  if (/^0+(?:[.,]0*)?$/.test(s)) return 0;
  if (digits === CENTS) return parseAmount(s, 'USD');
  const m = s.match(/^(\d+)(?:[.,](\d+))?$/);
  if (!m || (m[2] ?? '').length > digits) return null;
  const minor = Number(m[1]) * 10 ** digits + Number((m[2] ?? '').padEnd(digits, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** toForm is a price list as the editor's fields hold it: figures as typed text in the page's language. */
export function toForm(list, lang) {
  const dec = (v, d) => decimalText(v, d, lang);
  return {
    services: (list?.services ?? []).map((s) => ({
      service: s.service,
      unit: s.unit,
      baseRate: dec(s.baseRate, CENTI_CENTS),
      minimum: dec(s.minimum ?? 0, CENTS),
      translatorRate: s.translatorRate ? dec(s.translatorRate, CENTI_CENTS) : '',
    })),
    tiers: Object.entries(list?.tierMultipliers ?? {})
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([tier, m]) => ({ tier: String(tier), multiplier: dec(m, BASIS_POINTS) })),
    languages: Object.entries(list?.languageTiers ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, tier]) => ({ code, tier: String(tier) })),
    urgencies: Object.fromEntries(
      URGENCIES.map((u) => {
        const r = list?.urgencies?.[u] ?? {};
        return [u, { multiplier: dec(r.multiplier, BASIS_POINTS), minDays: String(r.window?.minDays ?? ''), maxDays: String(r.window?.maxDays ?? '') }];
      }),
    ),
    addOns: (list?.addOns ?? []).map((a) => ({
      id: a.id,
      nameTr: a.name?.tr ?? '',
      nameEn: a.name?.en ?? '',
      per: a.perTarget > 0 ? 'target' : 'unit',
      amount: a.perTarget > 0 ? dec(a.perTarget, CENTS) : dec(a.perUnit, CENTI_CENTS),
      translatorPerUnit: a.translatorPerUnit ? dec(a.translatorPerUnit, CENTI_CENTS) : '',
      services: [...(a.services ?? [])],
    })),
  };
}

/**
 * fromForm is the price list to send, or { errors } naming each field that is not a figure, by
 * the server's own field names (services.0.baseRate, urgencies.normal, addOns.1), so the editor
 * shows the page's and the server's refusals in the same place.
 */
export function fromForm(form) {
  const errors = {};
  const num = (key, text, digits, { optional = false } = {}) => {
    if (optional && String(text ?? '').trim() === '') return 0;
    const v = parseDecimal(text, digits);
    if (v === null) errors[key] = 'number';
    return v ?? 0;
  };
  const int = (key, text) => {
    const s = String(text ?? '').trim();
    if (!/^\d+$/.test(s)) errors[key] = 'whole';
    return Number(s) || 0;
  };
  const services = form.services.map((s, i) => {
    const out = { service: s.service, unit: s.unit, baseRate: num(`services.${i}.baseRate`, s.baseRate, CENTI_CENTS), minimum: num(`services.${i}.minimum`, s.minimum, CENTS) };
    const tr = num(`services.${i}.translatorRate`, s.translatorRate, CENTI_CENTS, { optional: true });
    return tr ? { ...out, translatorRate: tr } : out;
  });
  const tierMultipliers = Object.fromEntries(form.tiers.map((t) => [t.tier, num(`tierMultipliers.${t.tier}`, t.multiplier, BASIS_POINTS)]));
  const languageTiers = {};
  for (const l of form.languages) {
    const code = l.code.trim().toLowerCase();
    if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/.test(code) || code in languageTiers) errors[`languageTiers.${code || '?'}`] = 'code';
    languageTiers[code] = Number(l.tier);
  }
  const urgencies = Object.fromEntries(
    URGENCIES.map((u) => {
      const r = form.urgencies[u];
      return [u, { multiplier: num(`urgencies.${u}`, r.multiplier, BASIS_POINTS), window: { minDays: int(`urgencies.${u}`, r.minDays), maxDays: int(`urgencies.${u}`, r.maxDays) } }];
    }),
  );
  const addOns = form.addOns.map((a, i) => {
    const out = { id: a.id.trim(), name: { tr: a.nameTr.trim(), en: a.nameEn.trim() } };
    if (a.per === 'target') out.perTarget = num(`addOns.${i}`, a.amount, CENTS);
    else {
      out.perUnit = num(`addOns.${i}`, a.amount, CENTI_CENTS);
      const tr = num(`addOns.${i}`, a.translatorPerUnit, CENTI_CENTS, { optional: true });
      if (tr) out.translatorPerUnit = tr;
    }
    if (a.services.length) out.services = [...a.services];
    return out;
  });
  if (Object.keys(errors).length) return { errors };
  return { list: { services, languageTiers, tierMultipliers, urgencies, addOns } };
}
