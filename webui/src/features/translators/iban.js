// IBANs as the page shows and checks them. The check is only a hint while typing: svc-translators
// validates every IBAN itself (ISO 13616 and each country's length) and its answer decides.

// The lengths of the countries translators most often bank in; another country gets only the
// checksum hint, and the server knows the rest.
const LENGTHS = {
  TR: 26, DE: 22, GB: 22, FR: 27, NL: 18, BE: 16, AT: 20, CH: 21, IT: 27, ES: 24, PT: 25, IE: 22,
  LU: 20, DK: 18, SE: 24, NO: 15, FI: 18, PL: 28, CZ: 24, GR: 27, RO: 24, BG: 22, HU: 28, CY: 28,
  AZ: 28, GE: 22, UA: 29, SA: 24, AE: 23, QA: 29, KW: 30, BH: 22, JO: 30, LB: 28, IL: 23, EG: 29,
};

/** compactIban drops spaces and dashes and upper-cases what the translator typed or pasted. */
export const compactIban = (value) => String(value ?? '').replace(/[\s-]/g, '').toUpperCase();

/** groupIban writes an IBAN in groups of four: TR33 0006 1005 1978 6457 8413 26. */
export const groupIban = (value) => compactIban(value).replace(/(.{4})(?=.)/g, '$1 ');

/** maskIban hides all but the country, check digits and last four characters, still grouped. */
export function maskIban(value) {
  const iban = compactIban(value);
  if (iban.length <= 8) return groupIban(iban);
  return groupIban(iban.slice(0, 4) + '•'.repeat(iban.length - 8) + iban.slice(-4));
}

/** mod97 is the remainder of the IBAN's rearranged digits (letters as 10–35) by 97. */
function mod97(iban) {
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(String(rest) + digits.slice(i, i + 7)) % 97;
  return rest;
}

/**
 * ibanProblem is the hint for a typed IBAN: '' when it looks right (or nothing is typed),
 * 'format' for characters no IBAN has, 'length' for the wrong length of a known country,
 * 'checksum' when the check digits do not add up.
 */
export function ibanProblem(value) {
  const iban = compactIban(value);
  if (!iban) return '';
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return 'format';
  const want = LENGTHS[iban.slice(0, 2)];
  if (want && iban.length !== want) return 'length';
  return mod97(iban) === 1 ? '' : 'checksum';
}
