// Texts of the web UI, one way everywhere (issue 26):
// - A namespace is a feature's or a screen's texts in both languages, { tr: {...}, en: {...} },
//   declared once with defineTexts(ns, bundles) at the top of the module that ships it: a
//   feature's texts.js (or texts-<part>.js / <part>-texts.js when it is large), a screen's or a
//   shared component's own file when only it uses them. So a page's texts load with its chunk.
// - Components read them with the hook defineTexts returns (`const t = useJobsTexts()`), the
//   shared ones with useCommonTexts(); functions given a lang (status labels, units) with
//   textsIn(lang, ns). No `texts[lang]` lookups and no `lang === 'en' ? 'x' : 'y'` for words.
//   Only RouteError and Skeleton call useTranslation('common') themselves: they draw outside
//   the LanguageProvider.
// - Both languages have the same keys; counts use i18next plurals, called with `count`: English
//   x_one and x_other, Turkish x alone (the noun stays singular: "3 kelime") or x_one and x_other,
//   never x_other alone. lib/i18n-parity.test.js checks every namespace for both.
// - Figures in texts (money, numbers, dates) are formatted by lib/format.js.
import { createInstance } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { common } from '../locales/common.js';
import { useLanguage } from './language-context.js';

/**
 * createI18n returns an i18next instance for one render tree, initialised synchronously so the
 * first render (prerendered or hydrating) already has its texts.
 */
export function createI18n(lang) {
  const i18n = createInstance();
  i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'tr',
    supportedLngs: ['tr', 'en'],
    ns: ['common'],
    defaultNS: 'common',
    resources: { tr: { common: common.tr }, en: { common: common.en } },
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnObjects: true,
    returnEmptyString: true, // an empty text is meant (Turkish puts a sentence's link first); i18next 27 would read it as missing
  });
  return i18n;
}

// Every namespace defined with defineTexts and the bundles given for it, for the test that checks
// both languages have the same keys and no two modules share a namespace.
const registry = new Map();

/**
 * defineTexts declares the texts of one namespace, { tr: {...}, en: {...} }, and returns the hook
 * that reads them: `export const useJobsTexts = defineTexts('jobs', { tr, en })`. It is called at
 * the top of the module that ships the texts, so they load with that module's chunk. A namespace
 * is defined in one module only (i18n-parity.test.js checks it).
 */
export function defineTexts(ns, bundles) {
  const all = registry.get(ns) ?? [];
  if (!all.includes(bundles)) registry.set(ns, [...all, bundles]);
  for (const l of ['tr', 'en']) outside.addResourceBundle(l, ns, bundles[l], true, true);
  return () => useTexts(ns, bundles);
}

// Texts read outside a component (a status's label, a unit's name, in functions given a lang)
// come from this instance, which holds every namespace defined so far.
const outside = createInstance();
outside.init({ lng: 'tr', fallbackLng: 'tr', supportedLngs: ['tr', 'en'], resources: {}, initAsync: false, interpolation: { escapeValue: false }, returnObjects: true, returnEmptyString: true });

/** textsIn is `t` of namespace ns in lang for code outside components; ns must be defined (defineTexts) by the caller's module. */
export const textsIn = (lang, ns) => outside.getFixedT(lang === 'en' ? 'en' : 'tr', ns);

/** plainKey is a key made of a server's code, safe to look up: i18next would read '.' and ':' in it as paths and namespaces. */
export const plainKey = (code) => (/^[\w-]+$/.test(String(code ?? '')) ? String(code) : '\u0000');

/** definedTexts is every namespace defined so far with the bundles given for it: [[ns, [{ tr, en }, ...]], ...]. */
export const definedTexts = () => [...registry.entries()];

/**
 * useTexts returns `t` for the page's language in namespace ns, adding the namespace's texts
 * (shipped with the route's chunk) the first time they are needed.
 */
export function useTexts(ns = 'common', bundles) {
  const lang = useLanguage();
  const { i18n } = useTranslation();
  if (bundles) {
    for (const l of ['tr', 'en']) {
      if (!i18n.hasResourceBundle(l, ns)) i18n.addResourceBundle(l, ns, bundles[l]);
    }
  }
  return useTranslation(ns, { lng: lang }).t;
}

/** useCommonTexts reads the texts every page shares (locales/common.js), loaded with the app. */
export const useCommonTexts = defineTexts('common', common);
