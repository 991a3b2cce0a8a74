import { expect, test } from 'vitest';
import { fieldErrors, formReducer, initialForm, payload } from '../form-state.js';
import { render, text } from '../test-render.jsx';
import { BillingFormView } from './billing-form.jsx';

const EMPTY = { type: '', fullName: '', tckn: '', companyName: '', taxOffice: '', vkn: '', taxId: '', address: '', city: '', postcode: '', country: '', email: '', complete: false };
const view = (state, lang = 'tr') => render(<BillingFormView state={state} dispatch={() => {}} onSubmit={() => {}} />, { path: lang === 'en' ? '/en/account/billing-info' : '/tr/hesabim/fatura-bilgileri' });
const errorOf = (html, name) => html.match(new RegExp(`<p id="[^"]*-${name}-error" class="field__error">([^<]*)</p>`))?.[1];

test("the server's 400 field messages are shown under their fields, and editing a field clears its message", () => {
  let state = initialForm({ ...EMPTY, type: 'company', companyName: 'Örnek Çeviri A.Ş.', taxOffice: 'Kadıköy', vkn: '4540536920', address: 'Rıhtım Cad. 5', city: 'İstanbul', country: 'TR', email: 'muhasebe@example.com.tr', complete: true });
  // The page's own rules find nothing; the server refuses two fields anyway (it is the authority).
  expect(fieldErrors(state)).toEqual({});
  state = formReducer(state, { type: 'submit' });
  state = formReducer(state, { type: 'server', fields: { vkn: 'Bu VKN Gelir İdaresi kayıtlarında yok.', email: 'Bu adrese e-posta gönderilemiyor.' } });
  const html = view(state);
  expect(errorOf(html, 'vkn')).toBe('Bu VKN Gelir İdaresi kayıtlarında yok.');
  expect(errorOf(html, 'email')).toBe('Bu adrese e-posta gönderilemiyor.');
  expect(html).toMatch(/name="vkn"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="vkn"/);
  expect(html).toContain('role="alert"');
  expect(text(html)).toContain('Lütfen işaretli alanları düzeltin.');

  state = formReducer(state, { type: 'change', field: 'vkn', value: '4540536920' });
  const after = view(state);
  expect(errorOf(after, 'vkn')).toBeUndefined();
  expect(errorOf(after, 'email')).toBe('Bu adrese e-posta gönderilemiyor.');
});

test("the page's own rules show once a field is left, in the page's language, for the fields the type and country use", () => {
  let state = initialForm(EMPTY);
  expect(state.values).toMatchObject({ type: 'individual', country: 'TR' });
  let html = view(state, 'en');
  // An individual in Turkey: full name and TCKN, no company fields; nothing is red before it is touched.
  expect(html).toContain('name="tckn"');
  expect(html).not.toContain('name="vkn"');
  expect(html).not.toContain('name="taxId"');
  expect(html).not.toContain('field__error');
  expect(text(html)).toContain('Complete your billing details: your invoices need them.');

  state = formReducer(state, { type: 'change', field: 'tckn', value: '10000000147' });
  state = formReducer(state, { type: 'blur', field: 'tckn' });
  html = view(state, 'en');
  expect(errorOf(html, 'tckn')).toBe('The check digits of this number do not add up; please check it.');
  expect(errorOf(html, 'fullName')).toBeUndefined(); // not left yet
  state = formReducer(state, { type: 'change', field: 'tckn', value: '10000000146' });
  expect(errorOf(view(state, 'en'), 'tckn')).toBeUndefined();

  // A company abroad: company name and tax id (required); the TCKN typed before is not sent.
  state = formReducer(state, { type: 'change', field: 'type', value: 'company' });
  state = formReducer(state, { type: 'change', field: 'country', value: 'DE' });
  state = formReducer(state, { type: 'submit' });
  html = view(state);
  expect(html).toContain('name="taxId"');
  expect(html).not.toContain('name="taxOffice"');
  expect(errorOf(html, 'taxId')).toBe('Bu alan zorunludur.');
  expect(errorOf(html, 'companyName')).toBe('Bu alan zorunludur.');
  expect(payload(state.values)).toMatchObject({ type: 'company', country: 'DE', tckn: '' });
  // The countries are named in the page's language, Turkey first.
  expect(html.indexOf('value="TR"')).toBeLessThan(html.indexOf('value="AF"'));
  expect(html).toContain('>Almanya</option>');
  expect(view(state, 'en')).toContain('>Germany</option>');
});

test('after saving, the form says so and holds what the server saved', () => {
  const saved = { ...EMPTY, type: 'individual', fullName: 'Ayşe Yılmaz', tckn: '10000000146', address: 'Moda Cad. 12', city: 'İstanbul', country: 'TR', email: 'ayse@example.com', complete: true, updatedAt: '2026-05-04T09:30:00.000Z' };
  const state = formReducer(formReducer(initialForm(EMPTY), { type: 'submit' }), { type: 'saved', profile: saved });
  const html = view(state);
  expect(text(html)).toContain('Fatura bilgileriniz kaydedildi.');
  expect(html).not.toContain('billing-incomplete');
  expect(html).toContain('value="Ayşe Yılmaz"');
});
