import { expect, test } from 'vitest';
import { DEFAULT_SERVICE, initialValues, unitOf, URGENCIES } from './calculator.js';

test('the first render is professional translation of 1000 words from the page language to the other, normal delivery', () => {
  expect(initialValues('tr')).toEqual({ service: 'professional-translation', source: 'tr', target: 'en', quantity: '1000', urgency: 'normal' });
  expect(initialValues('en')).toEqual({ service: 'professional-translation', source: 'en', target: 'tr', quantity: '1000', urgency: 'normal' });
  expect(URGENCIES).toEqual(['normal', 'urgent']);
});

test('the unit comes from the price list, else from an estimate of that service, else the default is priced per word', () => {
  const units = { 'desktop-publishing': 'page', transcription: 'minute', [DEFAULT_SERVICE]: 'word' };
  expect(unitOf('desktop-publishing', units, null)).toBe('page');
  expect(unitOf('transcription', null, { service: 'transcription', unit: 'minute' })).toBe('minute');
  expect(unitOf('transcription', null, { service: 'proofreading', unit: 'word' })).toBeUndefined();
  expect(unitOf(DEFAULT_SERVICE, null, null)).toBe('word');
  expect(unitOf(DEFAULT_SERVICE, { [DEFAULT_SERVICE]: 'page' }, null)).toBe('page');
  expect(unitOf('paraphrasing', null, null)).toBeUndefined();
});
