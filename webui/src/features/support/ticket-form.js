// The new-ticket form's checks and sending, apart from React so they can be tested: the page
// checks what it can before sending, and shows the server's refusals under their fields.
import { ApiError } from '../../lib/api-client.js';
import { openTicket } from './api/tickets.js';
import { CATEGORIES, MESSAGE_MAX, SUBJECT_MAX, SUBJECT_MIN } from './constants.js';

export const EMPTY_TICKET = { subject: '', category: '', message: '' };

const length = (s) => [...String(s ?? '').trim()].length;

/**
 * checkTicket is the form's own first check: { field: { code, min?, max? } } for what is surely
 * refused (empty, too short or too long); the server checks the rest (characters, lines).
 */
export function checkTicket(values) {
  const errors = {};
  const subject = length(values.subject);
  if (!subject) errors.subject = { code: 'required' };
  else if (subject < SUBJECT_MIN) errors.subject = { code: 'tooShort', min: SUBJECT_MIN };
  else if (subject > SUBJECT_MAX) errors.subject = { code: 'tooLong', max: SUBJECT_MAX };
  if (!CATEGORIES.includes(values.category)) errors.category = { code: 'required' };
  const message = length(values.message);
  if (!message) errors.message = { code: 'required' };
  else if (message > MESSAGE_MAX) errors.message = { code: 'tooLong', max: MESSAGE_MAX };
  return errors;
}

/**
 * submitTicket opens the ticket: { ticket } when the server took it; { fields } with the server's
 * per-field messages when it refused fields (400); else { message }, the server's own words when
 * it gave any (fallback otherwise).
 */
export async function submitTicket(values, lang, fallback = '') {
  try {
    const ticket = await openTicket({ subject: values.subject.trim(), category: values.category, message: values.message.trim() }, lang);
    return { ticket };
  } catch (err) {
    if (err instanceof ApiError && err.status === 400 && Object.keys(err.fields).length) return { fields: err.fields };
    return { message: err instanceof ApiError && err.code ? err.message : fallback };
  }
}
