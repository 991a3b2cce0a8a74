import { expect, test } from 'vitest';
import { validateForgot, validateLogin, validatePasswordChange, validatePasswordReset, validateProfile, validateRegistration } from './validate.js';

const ok = { fullName: 'Ayşe Yılmaz', email: 'ayse@example.com', password: 'uzun-bir-parola', confirmPassword: 'uzun-bir-parola', acceptTerms: true };

test('a complete registration passes', () => {
  expect(validateRegistration(ok)).toEqual({});
  expect(validateRegistration({ ...ok, email: '  ayse@example.com ' })).toEqual({});
});

test('registration: every field is required and the terms must be accepted', () => {
  expect(validateRegistration({ fullName: ' ', email: '', password: '', confirmPassword: '', acceptTerms: false })).toEqual({
    fullName: ['required'],
    email: ['required'],
    password: ['required'],
    confirmPassword: ['required'],
    acceptTerms: ['terms'],
  });
});

test('registration mirrors svc-auth rules: name 2–100, a valid email up to 254, password 10–128', () => {
  expect(validateRegistration({ ...ok, fullName: 'A' })).toEqual({ fullName: ['tooShort', { min: 2 }] });
  expect(validateRegistration({ ...ok, fullName: 'a'.repeat(101) })).toEqual({ fullName: ['tooLong', { max: 100 }] });
  expect(validateRegistration({ ...ok, fullName: 'Ş'.repeat(100) })).toEqual({});
  expect(validateRegistration({ ...ok, email: 'ayse@example' })).toEqual({ email: ['email'] });
  expect(validateRegistration({ ...ok, email: 'ayse example.com' })).toEqual({ email: ['email'] });
  expect(validateRegistration({ ...ok, email: `${'a'.repeat(250)}@x.co` })).toEqual({ email: ['tooLong', { max: 254 }] });
  expect(validateRegistration({ ...ok, password: '123456789', confirmPassword: '123456789' })).toEqual({ password: ['passwordShort'] });
  expect(validateRegistration({ ...ok, password: 'çğüşöıİ123', confirmPassword: 'çğüşöıİ123' })).toEqual({});
  const long = 'p'.repeat(129);
  expect(validateRegistration({ ...ok, password: long, confirmPassword: long })).toEqual({ password: ['passwordLong'] });
});

test('registration: a confirmation that differs is the spec §5 mismatch', () => {
  expect(validateRegistration({ ...ok, confirmPassword: 'uzun-bir-parolA' })).toEqual({ confirmPassword: ['passwordMismatch'] });
  expect(validateRegistration({ ...ok, password: 'kisa', confirmPassword: 'baska' })).toEqual({ password: ['passwordShort'], confirmPassword: ['passwordMismatch'] });
});

test('login and forgot password need an email address (and a password to log in)', () => {
  expect(validateLogin({ email: 'ayse@example.com', password: 'x' })).toEqual({});
  expect(validateLogin({ email: 'nope', password: '' })).toEqual({ email: ['email'], password: ['required'] });
  expect(validateForgot({ email: '' })).toEqual({ email: ['required'] });
  expect(validateForgot({ email: 'ayse@example.com' })).toEqual({});
});

test('changing and resetting a password', () => {
  const change = { currentPassword: 'eski-parola-1', newPassword: 'yeni-parola-1', confirmPassword: 'yeni-parola-1' };
  expect(validatePasswordChange(change)).toEqual({});
  expect(validatePasswordChange({ ...change, confirmPassword: 'yeni-parola-2' })).toEqual({ confirmPassword: ['passwordMismatch'] });
  expect(validatePasswordChange({ currentPassword: '', newPassword: 'kisa', confirmPassword: '' })).toEqual({
    currentPassword: ['required'],
    newPassword: ['passwordShort'],
    confirmPassword: ['required'],
  });
  expect(validatePasswordReset({ newPassword: 'yeni-parola-1', confirmPassword: 'yeni-parola-1' })).toEqual({});
  expect(validatePasswordReset({ newPassword: 'yeni-parola-1', confirmPassword: 'x' })).toEqual({ confirmPassword: ['passwordMismatch'] });
});

test('personal info: name required; phone, company and address optional within limits', () => {
  const p = { fullName: 'Ayşe Yılmaz', phone: '', companyName: '', address: '' };
  expect(validateProfile(p)).toEqual({});
  expect(validateProfile({ ...p, phone: '+90 (532) 123-45-67' })).toEqual({});
  expect(validateProfile({ fullName: '', phone: 'abc', companyName: 'c'.repeat(121), address: 'a'.repeat(501) })).toEqual({
    fullName: ['required'],
    phone: ['phone'],
    companyName: ['tooLong', { max: 120 }],
    address: ['tooLong', { max: 500 }],
  });
  expect(validateProfile({ ...p, phone: '12345' })).toEqual({ phone: ['phone'] });
});

test('the messages shown for the page checks are svc-auth messages and the spec §5 text', async () => {
  const { authTexts } = await import('./texts.js');
  expect(authTexts.tr.fieldErrors.passwordMismatch).toBe('Yeni parolalar eşleşmiyor!');
  expect(authTexts.en.fieldErrors.passwordMismatch).toBe('New passwords do not match!');
  expect(authTexts.tr.fieldErrors.passwordShort).toBe('Parola en az 10 karakter olmalı.');
  expect(authTexts.en.fieldErrors.terms).toBe('You must accept the membership agreement.');
  // Every key a validator can give is a text in both languages (auth texts or the common form texts).
  const { common } = await import('../../locales/common.js');
  const keys = new Set(
    [
      validateRegistration({ fullName: '', email: 'x', password: 'k', confirmPassword: 'j', acceptTerms: false }),
      validateRegistration({ fullName: 'A', email: '', password: 'p'.repeat(129), confirmPassword: '', acceptTerms: true }),
      validateProfile({ fullName: 'a'.repeat(101), phone: 'x', companyName: 'c'.repeat(121), address: '' }),
    ].flatMap((e) => Object.values(e).map(([k]) => k)),
  );
  for (const lang of ['tr', 'en']) {
    for (const k of keys) expect(authTexts[lang].fieldErrors[k] ?? common[lang].form[k], `${lang} ${k}`).toBeTruthy();
  }
});
