// The billing details form's state, kept free of React: what the customer typed, which fields
// they have left (their own rules then show as they type), and the server's field messages,
// which win over the page's own until the field is edited.
import { DETAIL_FIELDS, normalize, validateDetails } from './rules.js';

/** initialForm opens the form on the saved details; an empty profile opens as an individual in Turkey. */
export function initialForm(profile) {
  const values = {};
  for (const f of DETAIL_FIELDS) values[f] = String(profile?.[f] ?? '');
  values.type ||= 'individual';
  values.country ||= 'TR';
  return { values, touched: {}, server: {}, status: '', complete: !!profile?.complete };
}

export function formReducer(state, action) {
  switch (action.type) {
    case 'change': {
      const { [action.field]: _dropped, ...server } = state.server;
      return { ...state, values: { ...state.values, [action.field]: action.value }, server, status: '' };
    }
    case 'blur':
      return { ...state, touched: { ...state.touched, [action.field]: true } };
    case 'submit':
      return { ...state, touched: Object.fromEntries(DETAIL_FIELDS.map((f) => [f, true])), status: 'saving' };
    case 'invalid':
      return { ...state, status: 'invalid' };
    case 'server':
      // A 400: each refused field's message from the server, in the page's language.
      return { ...state, server: action.fields ?? {}, status: 'invalid' };
    case 'failed':
      return { ...state, status: 'failed', message: action.message };
    case 'saved':
      return { ...initialForm(action.profile), status: 'saved' };
    default:
      return state;
  }
}

/**
 * fieldErrors are the messages to show under the fields: the server's as sent, else the page's
 * own rule (an { code, min, max } for the caller to word) for a field the customer has left.
 */
export function fieldErrors(state) {
  const local = validateDetails(state.values);
  const out = {};
  for (const f of DETAIL_FIELDS) {
    if (state.server[f]) out[f] = { message: state.server[f] };
    else if (local[f] && state.touched[f]) out[f] = local[f];
  }
  // The server may name a field the form does not show (a stale value): say it at the top.
  for (const [f, message] of Object.entries(state.server)) if (!DETAIL_FIELDS.includes(f)) out[f] = { message };
  return out;
}

/** payload is what PUT profile gets: the normalised details, without the server's own fields. */
export const payload = (values) => normalize(values);
