import { expect, test } from 'vitest';
import { ApiError } from '../../lib/api-client.js';
import { BRIEF_MAX, briefLength, buildEstimateBody, buildQuoteBody, missingForEstimate, readOrderError, validateDraft } from './order-request.js';
import { fileEntry, initialDraft } from './wizard-state.js';

const files = [fileEntry({ id: 'f1', name: 'a.docx' }), { key: 'up', name: 'b.pdf', status: 'uploading', blob: {}, file: null }, fileEntry({ id: 'f2', name: 'c.txt' })];
const draft = { ...initialDraft('tr', 'professional-translation'), targets: ['en', 'de'], files, quantity: '2.500', urgency: 'urgent', addOns: ['sworn'], brief: '  Keep the terms.  ' };

test('with files the estimate names the uploaded files and carries the upload token, never a quantity', () => {
  expect(buildEstimateBody(draft, { currency: 'EUR', uploadToken: 'tok' })).toEqual({
    service: 'professional-translation',
    sourceLanguage: 'tr',
    targetLanguages: ['en', 'de'],
    urgency: 'urgent',
    addOns: ['sworn'],
    currency: 'EUR',
    fileIds: ['f1', 'f2'],
    uploadToken: 'tok',
  });
  // A signed-in customer who never uploaded as a visitor has no token to send.
  expect(buildEstimateBody(draft, { currency: 'EUR' })).not.toHaveProperty('uploadToken');
});

test('with a typed count the estimate carries the quantity as a number, and no files or token', () => {
  const body = buildEstimateBody({ ...draft, mode: 'quantity' }, { currency: 'TRY', uploadToken: 'tok' });
  expect(body).toEqual({ service: 'professional-translation', sourceLanguage: 'tr', targetLanguages: ['en', 'de'], urgency: 'urgent', addOns: ['sworn'], currency: 'TRY', quantity: 2500 });
});

test('the quote is the estimate plus the trimmed brief', () => {
  expect(buildQuoteBody(draft, { currency: 'USD', uploadToken: 'tok' })).toEqual({ ...buildEstimateBody(draft, { currency: 'USD', uploadToken: 'tok' }), brief: 'Keep the terms.' });
  expect(buildQuoteBody({ ...draft, mode: 'quantity' }, { currency: 'USD' })).toMatchObject({ quantity: 2500, brief: 'Keep the terms.' });
});

test('a price is asked for only once a service, a target and files or a count are there', () => {
  expect(missingForEstimate(draft)).toBe('');
  expect(missingForEstimate({ ...draft, service: '' })).toBe('service');
  expect(missingForEstimate({ ...draft, targets: [] })).toBe('targets');
  expect(missingForEstimate({ ...draft, files: [files[1]] })).toBe('files');
  expect(missingForEstimate({ ...draft, mode: 'quantity', quantity: ' ' })).toBe('quantity');
  expect(missingForEstimate({ ...draft, mode: 'quantity', files: [] })).toBe('');
});

test('the page stops a quote while uploads run, without files or count, targets, or with a long brief', () => {
  expect(validateDraft(draft)).toEqual({ files: 'errors.uploading' });
  const ready = { ...draft, files: [files[0]] };
  expect(validateDraft(ready)).toEqual({});
  expect(validateDraft({ ...ready, files: [], targets: [] })).toEqual({ files: 'errors.noFiles', targets: 'errors.targets' });
  expect(validateDraft({ ...ready, mode: 'quantity', quantity: '' })).toEqual({ quantity: 'errors.noQuantity' });
  expect(validateDraft({ ...ready, brief: 'x'.repeat(BRIEF_MAX) })).toEqual({});
  expect(validateDraft({ ...ready, brief: 'x'.repeat(BRIEF_MAX + 1) })).toEqual({ brief: 'errors.briefTooLong' });
});

test('the brief is counted in characters, an emoji being one', () => {
  expect(briefLength('çeviri')).toBe(6);
  expect(briefLength('👍🏽 ok')).toBe(5);
  expect(briefLength(undefined)).toBe(0);
});

test("the server's field errors land on the wizard's fields, and fileIds.N on the N-th file sent", () => {
  const err = new ApiError(400, {
    error: {
      code: 'validation_failed',
      message: 'Please correct the marked fields.',
      fields: {
        targetLanguages: 'A target language cannot be the source language.',
        'fileIds.1': 'This file is a scan; enter a word count instead.',
        'fileIds.7': 'File not found.',
        fileIds: 'Too many files.',
        brief: 'At most 5,000 characters.',
        'addOns.0': 'This add-on is not offered with this service.',
        currency: 'Unknown currency.',
      },
    },
  });
  expect(readOrderError(err, ['f1', 'f2'])).toEqual({
    fields: { targets: 'A target language cannot be the source language.', files: 'Too many files.', brief: 'At most 5,000 characters.', addOns: 'This add-on is not offered with this service.' },
    fileErrors: { f2: 'This file is a scan; enter a word count instead.' },
    message: 'Please correct the marked fields. File not found. Unknown currency.',
  });
});

test('failures without an error of the server have no message of their own', () => {
  expect(readOrderError(new ApiError(502, undefined))).toEqual({ fields: {}, fileErrors: {}, message: null });
  expect(readOrderError(new TypeError('Failed to fetch'))).toEqual({ fields: {}, fileErrors: {}, message: null });
  const forbidden = new ApiError(403, { error: { code: 'forbidden', message: 'Only customers can ask for quotes.' } });
  expect(readOrderError(forbidden)).toEqual({ fields: {}, fileErrors: {}, message: 'Only customers can ask for quotes.' });
});
