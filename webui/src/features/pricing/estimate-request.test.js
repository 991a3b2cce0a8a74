import { expect, test } from 'vitest';
import { ApiError } from '../../lib/api-client.js';
import { buildEstimateRequest, readEstimateError } from './estimate-request.js';

const values = { service: 'proofreading', source: 'tr', target: 'de', quantity: '2500', urgency: 'urgent' };

test('the request carries one target language in a list, the count as a number and the display currency', () => {
  expect(buildEstimateRequest(values, 'EUR')).toEqual({
    service: 'proofreading',
    sourceLanguage: 'tr',
    targetLanguages: ['de'],
    quantity: 2500,
    urgency: 'urgent',
    addOns: [],
    currency: 'EUR',
  });
  expect(buildEstimateRequest({ ...values, target: '' }, 'USD').targetLanguages).toEqual([]);
});

test("the server's field messages land on the calculator's fields as given", () => {
  const err = new ApiError(400, {
    error: {
      code: 'validation_failed',
      message: 'Lütfen işaretli alanları düzeltin.',
      fields: { targetLanguages: 'Hedef dil, kaynak dille aynı olamaz.', quantity: 'Sıfırdan büyük bir sayı girin.', sourceLanguage: 'x', service: 'y', urgency: 'z' },
    },
  });
  expect(readEstimateError(err)).toEqual({
    fields: { target: 'Hedef dil, kaynak dille aynı olamaz.', quantity: 'Sıfırdan büyük bir sayı girin.', source: 'x', service: 'y', urgency: 'z' },
    message: 'Lütfen işaretli alanları düzeltin.',
  });
});

test('messages of fields the form lacks join the message; failures without a server error have none', () => {
  const currency = new ApiError(400, { error: { code: 'unknown_currency', message: 'Unknown currency.', fields: { currency: 'Unknown currency.' } } });
  expect(readEstimateError(currency)).toEqual({ fields: {}, message: 'Unknown currency.' });
  const addOn = new ApiError(400, { error: { code: 'validation_failed', message: 'Please correct the marked fields.', fields: { addOns: 'This add-on is not offered with this service.' } } });
  expect(readEstimateError(addOn).message).toBe('Please correct the marked fields. This add-on is not offered with this service.');
  expect(readEstimateError(new ApiError(502, undefined))).toEqual({ fields: {}, message: null });
  expect(readEstimateError(new TypeError('Failed to fetch'))).toEqual({ fields: {}, message: null });
});
