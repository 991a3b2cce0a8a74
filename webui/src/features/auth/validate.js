// The auth forms check what svc-auth checks (svc-auth API.md "Rules"), so most mistakes show
// before sending; the server stays the authority and its field messages are shown as given.

export const LIMITS = { nameMin: 2, nameMax: 100, emailMax: 254, passwordMin: 10, passwordMax: 128, companyMax: 120, addressMax: 500 };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9 +()-]{7,20}$/;
const length = (s) => [...s].length;

function checkEmail(errors, value) {
  const email = value.trim();
  if (!email) errors.email = ['required'];
  else if (length(email) > LIMITS.emailMax) errors.email = ['tooLong', { max: LIMITS.emailMax }];
  else if (!EMAIL.test(email)) errors.email = ['email'];
}

function checkName(errors, value) {
  const name = value.trim();
  if (!name) errors.fullName = ['required'];
  else if (length(name) < LIMITS.nameMin) errors.fullName = ['tooShort', { min: LIMITS.nameMin }];
  else if (length(name) > LIMITS.nameMax) errors.fullName = ['tooLong', { max: LIMITS.nameMax }];
}

// A new password and its confirmation: the confirmation must repeat it exactly (spec §5).
function checkNewPassword(errors, field, password, confirmation) {
  if (!password) errors[field] = ['required'];
  else if (length(password) < LIMITS.passwordMin) errors[field] = ['passwordShort'];
  else if (length(password) > LIMITS.passwordMax) errors[field] = ['passwordLong'];
  if (!confirmation) errors.confirmPassword = ['required'];
  else if (confirmation !== password) errors.confirmPassword = ['passwordMismatch'];
}

/** Each validator returns { field: [key, params] } for each broken rule; empty when valid. */
export function validateLogin(v) {
  const errors = {};
  checkEmail(errors, v.email);
  if (!v.password) errors.password = ['required'];
  return errors;
}

export function validateForgot(v) {
  const errors = {};
  checkEmail(errors, v.email);
  return errors;
}

export function validateRegistration(v) {
  const errors = {};
  checkName(errors, v.fullName);
  checkEmail(errors, v.email);
  checkNewPassword(errors, 'password', v.password, v.confirmPassword);
  if (!v.acceptTerms) errors.acceptTerms = ['terms'];
  return errors;
}

export function validateProfile(v) {
  const errors = {};
  checkName(errors, v.fullName);
  const phone = v.phone.trim();
  if (phone && !PHONE.test(phone)) errors.phone = ['phone'];
  if (length(v.companyName.trim()) > LIMITS.companyMax) errors.companyName = ['tooLong', { max: LIMITS.companyMax }];
  if (length(v.address.trim()) > LIMITS.addressMax) errors.address = ['tooLong', { max: LIMITS.addressMax }];
  return errors;
}

export function validatePasswordChange(v) {
  const errors = {};
  if (!v.currentPassword) errors.currentPassword = ['required'];
  checkNewPassword(errors, 'newPassword', v.newPassword, v.confirmPassword);
  return errors;
}

export function validatePasswordReset(v) {
  const errors = {};
  checkNewPassword(errors, 'newPassword', v.newPassword, v.confirmPassword);
  return errors;
}
