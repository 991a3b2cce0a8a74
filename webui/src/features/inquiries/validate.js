// The form checks what svc-catalog checks, so most mistakes are shown before sending; the
// server's answer stays the authority and its field messages are shown as given.

export const LIMITS = { nameMin: 2, nameMax: 100, companyMax: 120, messageMin: 10, messageMax: 5000 };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{7,20}$/;

/** validateInquiry returns { field: [key, params] } for each broken rule; empty when valid. */
export function validateInquiry(v, kind) {
  const errors = {};
  const name = v.name.trim();
  if (!name) errors.name = ['required'];
  else if (name.length < LIMITS.nameMin) errors.name = ['tooShort', { min: LIMITS.nameMin }];
  else if (name.length > LIMITS.nameMax) errors.name = ['tooLong', { max: LIMITS.nameMax }];
  if (!v.email.trim()) errors.email = ['required'];
  else if (!EMAIL.test(v.email.trim())) errors.email = ['email'];
  if (v.phone.trim() && !PHONE.test(v.phone.trim())) errors.phone = ['phone'];
  if (kind === 'corporate' && !v.company.trim()) errors.company = ['required'];
  else if (v.company.trim().length > LIMITS.companyMax) errors.company = ['tooLong', { max: LIMITS.companyMax }];
  const message = v.message.trim();
  if (!message) errors.message = ['required'];
  else if (message.length < LIMITS.messageMin) errors.message = ['tooShort', { min: LIMITS.messageMin }];
  else if (message.length > LIMITS.messageMax) errors.message = ['tooLong', { max: LIMITS.messageMax }];
  return errors;
}
