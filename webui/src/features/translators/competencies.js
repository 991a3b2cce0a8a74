// The competencies form's state, kept free of React: directed language pairs as rows the
// translator adds and removes, the services and specialisations chosen, the sworn status and
// certificates, with the page's own rules and the server's field messages (which win until the
// field is edited).
import { MAX_PAIRS } from './constants.js';

let seq = 0;
const rowKey = () => `pair-${(seq++).toString(36)}`;

/** initialCompetencies opens the form on the saved profile; an empty profile has one empty row. */
export function initialCompetencies(profile) {
  const c = profile?.competencies ?? {};
  const pairs = (c.pairs ?? []).map((p) => ({ key: rowKey(), source: p.source ?? '', target: p.target ?? '' }));
  return {
    pairs: pairs.length ? pairs : [{ key: rowKey(), source: '', target: '' }],
    services: [...(c.services ?? [])],
    specializations: [...(c.specializations ?? [])],
    sworn: c.sworn ? { enabled: true, court: c.sworn.court ?? '', certificateDate: c.sworn.certificateDate ?? '', verified: !!c.sworn.verified } : { enabled: false, court: '', certificateDate: '', verified: false },
    certificates: c.certificates ?? '',
    server: {},
    submitted: false,
    status: '',
    message: '',
  };
}

// The server's field names for a row are pairs.N.source / pairs.N.target (or pairs.N): editing
// a row drops its messages, and the messages of the rows after a removed one move up with them.
// svc-translators names the whole list (pairs) for a bad pair, so editing any row drops that too.
const withoutServer = (server, prefix) => Object.fromEntries(Object.entries(server).filter(([k]) => k !== prefix && !k.startsWith(`${prefix}.`) && !(prefix.startsWith('pairs.') && k === 'pairs')));

export function competenciesReducer(state, action) {
  const edited = (change, prefix) => ({ ...state, ...change, server: withoutServer(state.server, prefix), status: '' });
  switch (action.type) {
    case 'addPair':
      if (state.pairs.length >= MAX_PAIRS) return state;
      return edited({ pairs: [...state.pairs, { key: rowKey(), source: action.source ?? '', target: action.target ?? '' }] }, 'pairs');
    case 'removePair':
      return edited({ pairs: state.pairs.filter((p) => p.key !== action.key) }, 'pairs');
    case 'setPair': {
      const i = state.pairs.findIndex((p) => p.key === action.key);
      if (i < 0) return state;
      const pairs = state.pairs.map((p) => (p.key === action.key ? { ...p, [action.field]: action.value } : p));
      return edited({ pairs }, `pairs.${i}`);
    }
    case 'toggle': {
      const list = state[action.field];
      return edited({ [action.field]: list.includes(action.value) ? list.filter((x) => x !== action.value) : [...list, action.value] }, action.field);
    }
    case 'sworn':
      return edited({ sworn: { ...state.sworn, [action.field]: action.value, verified: false } }, 'sworn');
    case 'set':
      return edited({ [action.field]: action.value }, action.field);
    case 'submit':
      return { ...state, submitted: true, status: 'saving', message: '' };
    case 'invalid':
      return { ...state, status: 'invalid' };
    case 'server':
      return { ...state, server: action.fields ?? {}, status: 'invalid' };
    case 'failed':
      return { ...state, status: 'failed', message: action.message };
    case 'saved':
      return { ...initialCompetencies(action.profile), status: 'saved' };
    default:
      return state;
  }
}

/** validateCompetencies: { field: { code, max? } } with pairs.N.source / pairs.N.target for a row. */
export function validateCompetencies(state) {
  const out = {};
  const seen = new Set();
  const filled = state.pairs.filter((p) => p.source || p.target);
  if (!filled.length) out.pairs = { code: 'pairsRequired' };
  if (state.pairs.length > MAX_PAIRS) out.pairs = { code: 'tooMany', max: MAX_PAIRS };
  state.pairs.forEach((p, i) => {
    if (!p.source && !p.target) return; // an empty row is dropped when saving
    if (!p.source) out[`pairs.${i}.source`] = { code: 'required' };
    if (!p.target) out[`pairs.${i}.target`] = { code: 'required' };
    if (p.source && p.source === p.target) out[`pairs.${i}.target`] = { code: 'samePair' };
    const k = `${p.source}>${p.target}`;
    if (p.source && p.target && seen.has(k)) out[`pairs.${i}.target`] = { code: 'duplicatePair' };
    seen.add(k);
  });
  if (!state.services.length) out.services = { code: 'required' };
  if (state.sworn.enabled) {
    if (!state.sworn.court.trim()) out['sworn.court'] = { code: 'required' };
    if (!state.sworn.certificateDate) out['sworn.certificateDate'] = { code: 'required' };
  }
  if ([...state.certificates].length > 1000) out.certificates = { code: 'tooLong', max: 1000 };
  return out;
}

/** competenciesErrors: the server's messages as sent, else the page's rules once the form was sent. */
export function competenciesErrors(state) {
  const out = state.submitted ? validateCompetencies(state) : {};
  for (const [k, message] of Object.entries(state.server)) out[k] = { message };
  return out;
}

/** competenciesBody is what PUT profile/competencies takes; empty rows are left out. */
export function competenciesBody(state) {
  return {
    pairs: state.pairs.filter((p) => p.source || p.target).map(({ source, target }) => ({ source, target })),
    services: state.services,
    specializations: state.specializations,
    sworn: state.sworn.enabled ? { court: state.sworn.court.trim(), certificateDate: state.sworn.certificateDate } : null,
    certificates: state.certificates.trim(),
  };
}
