import { expect, test } from 'vitest';
import { fieldsFor, normalize, validTckn, validVkn, validateDetails } from './rules.js';

test('TCKN: 11 digits, no leading 0, both check digits (API.md)', () => {
  for (const ok of ['10000000146', '12345678950']) expect(validTckn(ok), ok).toBe(true);
  // d10 wrong, d11 wrong, leading zero, 10 digits, letters
  for (const bad of ['10000000156', '10000000147', '01234567890', '1000000014', '1000000014a', '']) expect(validTckn(bad), bad).toBe(false);
});

test('VKN: 10 digits with the Revenue Administration check digit (API.md)', () => {
  expect(validVkn('4540536920')).toBe(true);
  for (const bad of ['4540536921', '4540536929', '454053692', '45405369200', 'abcdefghij']) expect(validVkn(bad), bad).toBe(false);
});

const company = {
  type: 'company', companyName: 'Örnek Çeviri A.Ş.', taxOffice: 'Kadıköy', vkn: '4540536920',
  address: 'Rıhtım Cad. 5', city: 'İstanbul', postcode: '34716', country: 'TR', email: 'muhasebe@example.com.tr',
};

test("API.md's example company passes; spaces in the VKN and a lower-case country are normalised", () => {
  expect(validateDetails(company)).toEqual({});
  expect(validateDetails({ ...company, vkn: ' 454 053 6920 ', country: 'tr' })).toEqual({});
  expect(normalize({ ...company, vkn: '454 053 6920', country: ' tr ', tckn: '10000000146' })).toMatchObject({ vkn: '4540536920', country: 'TR', tckn: '' });
});

test('the fields that apply follow the type and the country', () => {
  expect(fieldsFor('individual', 'TR')).toEqual(['fullName', 'tckn']);
  expect(fieldsFor('company', 'TR')).toEqual(['companyName', 'taxOffice', 'vkn']);
  expect(fieldsFor('individual', 'DE')).toEqual(['fullName', 'taxId']);
  expect(fieldsFor('company', 'DE')).toEqual(['companyName', 'taxId']);
  // Fields that do not apply are emptied before saving, so no stale TCKN travels with a company.
  expect(normalize({ type: 'company', country: 'DE', tckn: '10000000146', vkn: '4540536920', taxOffice: 'X', taxId: 'DE123' })).toMatchObject({ tckn: '', vkn: '', taxOffice: '', taxId: 'DE123' });
});

test('each rule of the table refuses what the server refuses', () => {
  const code = (details) => Object.fromEntries(Object.entries(validateDetails(details)).map(([k, v]) => [k, v.code]));
  expect(code({ type: '' })).toMatchObject({ type: 'choice', country: 'required', address: 'required', city: 'required', email: 'required' });
  expect(code({ ...company, vkn: '4540536921' })).toEqual({ vkn: 'checksum' });
  expect(code({ ...company, vkn: '123' })).toEqual({ vkn: 'vknShape' });
  expect(code({ ...company, taxOffice: '' })).toEqual({ taxOffice: 'required' });
  expect(code({ ...company, companyName: 'Ö' })).toEqual({ companyName: 'length' });
  expect(code({ ...company, postcode: '3471' })).toEqual({ postcode: 'postcodeTr' });
  expect(code({ ...company, postcode: '' })).toEqual({});
  expect(code({ ...company, address: 'Kısa' })).toEqual({ address: 'length' });
  expect(code({ ...company, address: 'Rıhtım Cad.\n5' })).toEqual({ address: 'oneLine' });
  expect(code({ ...company, email: 'muhasebe' })).toEqual({ email: 'email' });
  expect(code({ ...company, country: 'QQ' }).country).toBe('country');
  expect(code({ ...company, country: 'XK', taxOffice: '', vkn: '', taxId: 'KS-123/4' })).toEqual({});
  const person = { type: 'individual', fullName: 'Ayşe Yılmaz', tckn: '10000000146', address: 'Moda Cad. 12', city: 'İstanbul', country: 'TR', email: 'ayse@example.com' };
  expect(code(person)).toEqual({});
  expect(code({ ...person, tckn: '10000000147' })).toEqual({ tckn: 'checksum' });
  expect(code({ ...person, tckn: '0000000014' })).toEqual({ tckn: 'tcknShape' });
  expect(code({ ...person, tckn: '01000000146' })).toEqual({ tckn: 'tcknShape' });
  // Abroad: the tax id is optional for individuals, required for companies, with its own shape.
  expect(code({ ...person, country: 'GB', tckn: '', postcode: 'SW1A 1AA' })).toEqual({});
  expect(code({ ...person, country: 'GB', taxId: 'x' })).toEqual({ taxId: 'taxId' });
  expect(code({ ...company, country: 'DE', taxOffice: '', vkn: '', postcode: '10115' })).toEqual({ taxId: 'required' });
});
