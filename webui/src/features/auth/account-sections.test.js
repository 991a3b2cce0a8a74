import { test } from 'vitest';
import assert from 'node:assert/strict';
import { ACCOUNT_MENUS, accountPath } from '../../config/paths.js';
import { accountSection, menuOf, sectionTexts } from './account-sections.js';

test('an account sub-path in either language gives its Turkish section key', () => {
  assert.equal(accountSection('tr', 'kisisel-bilgiler'), 'kisisel-bilgiler');
  assert.equal(accountSection('en', 'personal-info'), 'kisisel-bilgiler');
  assert.equal(accountSection('en', 'job-pool'), 'havuzdaki-isler');
  // A segment in the other language, a non-account segment or nothing is no section.
  assert.equal(accountSection('en', 'kisisel-bilgiler'), undefined);
  assert.equal(accountSection('tr', 'personal-info'), undefined);
  assert.equal(accountSection('en', 'services'), undefined);
  assert.equal(accountSection('tr', ''), undefined);
  for (const key of [...ACCOUNT_MENUS.customer, ...ACCOUNT_MENUS.translator]) {
    for (const lang of ['tr', 'en']) assert.equal(accountSection(lang, accountPath(lang, key).split('/').pop()), key);
  }
});

test('menus per role, customer as the fallback, with a label for every entry in both languages', () => {
  assert.deepEqual(menuOf('translator'), ACCOUNT_MENUS.translator);
  assert.deepEqual(menuOf('customer'), ACCOUNT_MENUS.customer);
  assert.deepEqual(menuOf('admin'), ACCOUNT_MENUS.customer);
  for (const lang of ['tr', 'en']) {
    for (const key of [...ACCOUNT_MENUS.customer, ...ACCOUNT_MENUS.translator]) assert.ok(sectionTexts[lang].sections[key], `${lang} ${key}`);
  }
});
