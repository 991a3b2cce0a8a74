// The countries a customer can be billed in: the 249 codes ISO 3166-1 assigns and Kosovo's XK,
// the same list as svc-billing's (internal/country). Names come from the browser's Intl in the
// page's language, so no list of names is shipped.

const CODES = 'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'.split(' ');
const KNOWN = new Set(CODES);

/** isCountryCode: one of the codes, written in capitals. */
export const isCountryCode = (code) => KNOWN.has(code);

/**
 * countryOptions are { code, name } for a select in lang: Turkey first (the site's market), then
 * the others by name as the language sorts them.
 */
export function countryOptions(lang) {
  let names;
  try {
    names = new Intl.DisplayNames([lang === 'en' ? 'en' : 'tr'], { type: 'region', fallback: 'code' });
  } catch {
    names = { of: (c) => c };
  }
  const collator = new Intl.Collator(lang === 'en' ? 'en' : 'tr');
  const all = CODES.map((code) => ({ code, name: names.of(code) ?? code }));
  const tr = all.find((c) => c.code === 'TR');
  return [tr, ...all.filter((c) => c.code !== 'TR').sort((a, b) => collator.compare(a.name, b.name))];
}

/** countryName is a country's name in lang, or its code when the browser has none. */
export function countryName(lang, code) {
  try {
    return new Intl.DisplayNames([lang === 'en' ? 'en' : 'tr'], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}
