import { expect, it } from 'vitest';
import { addCommonTexts, commonTextsPending, createI18n, defineTexts, loadCommonTexts, textsIn } from './i18n.js';

// i18next 27 reads an empty text as missing by default and shows the fallback language's text or
// the key instead. Ours are meant: the Turkish sign-up sentence starts with its link, so the
// words before it are '' ("Üyelik sözleşmesini okudum ve kabul ediyorum").
defineTexts('i18n-test', { tr: { before: '', after: ' okudum' }, en: { before: 'I have read ', after: '' } });

it('an empty text stays empty in a render tree and outside one, in both languages', () => {
  for (const lang of ['tr', 'en']) {
    const i18n = createI18n(lang);
    i18n.addResourceBundle('tr', 'i18n-test', { before: '', after: ' okudum' });
    i18n.addResourceBundle('en', 'i18n-test', { before: 'I have read ', after: '' });
    const t = i18n.getFixedT(lang, 'i18n-test');
    expect(t('before') + t('after')).toBe(lang === 'tr' ? ' okudum' : 'I have read ');
    const out = textsIn(lang, 'i18n-test');
    expect(out('before') + out('after')).toBe(lang === 'tr' ? ' okudum' : 'I have read ');
  }
});

// The browser starts with the page's language's shared texts only and adds the other's when a
// route of it is visited: the render tree made before must read them then.
it('shared texts added later reach the render trees made before, and none is pending once loaded', async () => {
  const i18n = createI18n('tr');
  const en = i18n.getResourceBundle('en', 'common');
  const product = en.product;
  addCommonTexts('en', { ...en, product: 'LinguaPort (later)' });
  expect(i18n.getFixedT('en', 'common')('product')).toBe('LinguaPort (later)');
  expect(textsIn('en', 'common')('product')).toBe('LinguaPort (later)');
  addCommonTexts('en', { ...en, product });
  expect(i18n.getFixedT('en', 'common')('product')).toBe(product);
  expect(commonTextsPending('tr')).toBeNull();
  expect(commonTextsPending('en')).toBeNull();
  await expect(loadCommonTexts('en')).resolves.toBeUndefined();
});
