import { expect, test } from 'vitest';
import { validateInquiry } from './validate.js';

const ok = { name: 'Ayşe Yılmaz', email: 'ayse@example.com', phone: '', company: '', message: 'Bir sözleşmenin çevirisi için teklif istiyorum.' };

test('a complete contact request passes; corporate requests need a company', () => {
  expect(validateInquiry(ok, 'contact')).toEqual({});
  expect(validateInquiry(ok, 'corporate')).toEqual({ company: ['required'] });
  expect(validateInquiry({ ...ok, company: 'Kaya A.Ş.' }, 'corporate')).toEqual({});
});

test('each broken rule is reported on its field', () => {
  expect(validateInquiry({ name: ' ', email: 'nope', phone: 'abc', company: '', message: 'short' }, 'contact')).toEqual({
    name: ['required'],
    email: ['email'],
    phone: ['phone'],
    message: ['tooShort', { min: 10 }],
  });
  expect(validateInquiry({ ...ok, name: 'A', message: 'x'.repeat(5001) }, 'contact')).toEqual({
    name: ['tooShort', { min: 2 }],
    message: ['tooLong', { max: 5000 }],
  });
});
