import { describe, expect, it } from 'vitest';
import { createI18n, definedTexts } from './i18n.js';

// Every module of the app, so every defineTexts call has run (entry files render, tests are not app).
const modules = import.meta.glob(['../**/*.{js,jsx}', '!../**/*.test.{js,jsx}', '!../entry-*.{js,jsx}', '!../**/test-*.{js,jsx}'], { eager: true });

// i18next's plural suffixes. A plural family counts as one key, its base: English writes x_one and
// x_other; Turkish, whose noun stays singular after a number ("3 kelime"), writes x alone, or x_one
// and x_other when the one reads differently. Never x_other alone: i18next asks Turkish for x_one
// when count is 1 (Intl.PluralRules('tr') says "one") and falls back to x, not to x_other, so a
// lone x_other shows the key itself.
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key) => key.replace(PLURAL, '');

/** keysOf lists the paths of a bundle's texts, plural families folded to their base; arrays by index. */
function keysOf(value, prefix = '', out = new Map()) {
  if (Array.isArray(value) || (value && typeof value === 'object')) {
    for (const [k, v] of Object.entries(value)) keysOf(v, prefix ? `${prefix}.${base(k)}` : base(k), out);
  } else {
    out.set(prefix, typeof value);
  }
  return out;
}

/** pluralGaps lists plural families missing _one or _other ("1 words" is what English without _one writes). */
function pluralGaps(value, prefix = '', out = []) {
  if (!value || typeof value !== 'object') return out;
  const keys = Object.keys(value);
  for (const k of keys) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (PLURAL.test(k)) {
      const b = base(k);
      for (const need of ['one', 'other']) if (!keys.includes(`${b}_${need}`) && !out.includes(`${prefix ? `${prefix}.` : ''}${b}_${need}`)) out.push(`${prefix ? `${prefix}.` : ''}${b}_${need}`);
    }
    pluralGaps(value[k], path, out);
  }
  return out;
}

describe('texts', () => {
  const all = definedTexts();

  it('are defined for the whole app', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(100);
    expect(all.length).toBeGreaterThan(40);
  });

  it.each(all)('namespace %s is defined in one module', (ns, bundles) => {
    expect(bundles).toHaveLength(1);
  });

  it.each(all)('namespace %s has the same keys in tr and en', (ns, [bundle]) => {
    const tr = keysOf(bundle.tr);
    const en = keysOf(bundle.en);
    expect([...tr.keys()].filter((k) => !en.has(k)), 'in tr only').toEqual([]);
    expect([...en.keys()].filter((k) => !tr.has(k)), 'in en only').toEqual([]);
  });

  it.each(all)('namespace %s has both plural forms wherever it has one', (ns, [bundle]) => {
    expect(pluralGaps(bundle.en), 'en').toEqual([]);
    expect(pluralGaps(bundle.tr), 'tr').toEqual([]);
  });

  // The texts that read "1 questions", "1 words" and the like before they had plural forms.
  it.each([
    ['faq', 'count', 'Showing 1 question', 'Showing 2 questions', '1 soru gösteriliyor'],
    ['orders', 'upload.announceDone', 'a.pdf uploaded: 1 word.', 'a.pdf uploaded: 2 words.', 'a.pdf yüklendi: 1 kelime.'],
    ['staff-content', 'blog.total', '1 post in all', '2 posts in all', 'Toplam 1 yazı'],
    ['staff-dashboard', 'charts.load.more', 'and 1 more translator', 'and 2 more translators', 've 1 çevirmen daha'],
    ['staff-dashboard', 'charts.orders.summary', 'This week 1 order was paid and 3 completed.', 'This week 2 orders were paid and 3 completed.', 'Bu hafta 1 sipariş ödendi, 3 sipariş tamamlandı.'],
  ])('%s %s has its plural forms', (ns, key, enOne, enTwo, trOne) => {
    const [, [bundle]] = all.find(([n]) => n === ns);
    const i18n = createI18n('en');
    i18n.addResourceBundle('tr', ns, bundle.tr);
    i18n.addResourceBundle('en', ns, bundle.en);
    const vars = (n) => ({ ns, count: n, name: 'a.pdf', words: n, total: n, paid: n, completed: 3 });
    expect(i18n.t(key, vars(1))).toBe(enOne);
    expect(i18n.t(key, vars(2))).toBe(enTwo);
    expect(i18n.t(key, { ...vars(1), lng: 'tr' })).toBe(trOne);
  });
});
