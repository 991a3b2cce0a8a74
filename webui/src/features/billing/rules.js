// The rules of the billing details (svc-billing API.md, "Billing details"), checked in the page
// as the customer types so most mistakes show before saving. The server checks the same rules
// and is the authority: its 400 field messages replace these. Kept free of React to be tested.
import { isCountryCode } from './countries.js';

export const DETAIL_FIELDS = ['type', 'fullName', 'tckn', 'companyName', 'taxOffice', 'vkn', 'taxId', 'address', 'city', 'postcode', 'country', 'email'];
export const TYPES = ['individual', 'company'];

const digits = (s) => [...s].map(Number);

/** validTckn: 11 digits, not starting with 0, with both check digits right. */
export function validTckn(value) {
  if (!/^[1-9]\d{10}$/.test(value)) return false;
  const d = digits(value);
  const odd = d[0] + d[2] + d[4] + d[6] + d[8];
  const even = d[1] + d[3] + d[5] + d[7];
  const d10 = (((odd * 7 - even) % 10) + 10) % 10;
  const d11 = d.slice(0, 10).reduce((a, b) => a + b, 0) % 10;
  return d[9] === d10 && d[10] === d11;
}

/** validVkn: 10 digits with the Revenue Administration's check digit. */
export function validVkn(value) {
  if (!/^\d{10}$/.test(value)) return false;
  const d = digits(value);
  let sum = 0;
  for (let i = 1; i <= 9; i++) {
    const t = (d[i - 1] + 10 - i) % 10;
    if (t === 0) continue;
    const v = (t * 2 ** (10 - i)) % 9;
    sum += v === 0 ? 9 : v;
  }
  return d[9] === (10 - (sum % 10)) % 10;
}

/** inTurkey: billed in Turkey; an empty country counts as Turkey, the form's default. */
export const inTurkey = (country) => !country || country.toUpperCase() === 'TR';

/**
 * fieldsFor lists the identity fields that apply to a type and country, in the form's order;
 * every other identity field must be empty (API.md: no number that is not the customer's).
 */
export function fieldsFor(type, country) {
  const tr = inTurkey(country);
  if (type === 'company') return tr ? ['companyName', 'taxOffice', 'vkn'] : ['companyName', 'taxId'];
  return tr ? ['fullName', 'tckn'] : ['fullName', 'taxId'];
}
const IDENTITY = ['fullName', 'tckn', 'companyName', 'taxOffice', 'vkn', 'taxId'];

/**
 * normalize is what the server checks: values trimmed, the country in capitals, spaces inside a
 * TCKN or VKN removed, and the identity fields that do not apply emptied.
 */
export function normalize(details) {
  const out = {};
  for (const f of DETAIL_FIELDS) out[f] = String(details?.[f] ?? '').trim();
  out.country = out.country.toUpperCase();
  out.tckn = out.tckn.replace(/\s+/g, '');
  out.vkn = out.vkn.replace(/\s+/g, '');
  const applies = fieldsFor(out.type, out.country);
  for (const f of IDENTITY) if (!applies.includes(f)) out[f] = '';
  return out;
}

const length = (s) => [...s].length;
// An error is { code, min?, max? }; the form words it in the page's language.
const bounds = (value, min, max) => (length(value) < min || length(value) > max ? { code: 'length', min, max } : null);
const required = (value, check) => (value ? check(value) : { code: 'required' });

const RULES = {
  type: (v) => (TYPES.includes(v) ? null : { code: 'choice' }),
  country: (v) => required(v, (c) => (isCountryCode(c) ? null : { code: 'country' })),
  address: (v) => required(v, (a) => (/[\r\n]/.test(a) ? { code: 'oneLine' } : bounds(a, 5, 300))),
  city: (v) => required(v, (c) => bounds(c, 2, 100)),
  postcode: (v, d) => {
    if (!v) return null;
    if (inTurkey(d.country)) return /^\d{5}$/.test(v) ? null : { code: 'postcodeTr' };
    return /^[\p{L}\p{Nd} -]{3,12}$/u.test(v) ? null : { code: 'postcode' };
  },
  email: (v) => required(v, (e) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e) ? null : { code: 'email' })),
  fullName: (v) => required(v, (n) => bounds(n, 2, 100)),
  tckn: (v) => required(v, (n) => (!/^\d{11}$/.test(n) || n[0] === '0' ? { code: 'tcknShape' } : validTckn(n) ? null : { code: 'checksum' })),
  companyName: (v) => required(v, (n) => bounds(n, 2, 200)),
  taxOffice: (v) => required(v, (n) => bounds(n, 2, 100)),
  vkn: (v) => required(v, (n) => (!/^\d{10}$/.test(n) ? { code: 'vknShape' } : validVkn(n) ? null : { code: 'checksum' })),
  taxId: (v, d) => {
    if (!v) return d.type === 'company' ? { code: 'required' } : null;
    return /^[\p{L}\p{Nd} ./-]{2,30}$/u.test(v) ? null : { code: 'taxId' };
  },
};

/**
 * validateDetails checks the details as the server would and answers { field: error } for the
 * fields that break a rule (empty when they can be saved).
 */
export function validateDetails(details) {
  const d = normalize(details);
  const applies = new Set(['type', 'country', 'address', 'city', 'postcode', 'email', ...fieldsFor(d.type, d.country)]);
  const errors = {};
  for (const f of applies) {
    const err = RULES[f](d[f], d);
    if (err) errors[f] = err;
  }
  return errors;
}
