// Texts of the web UI, one way everywhere (issue 26):
// - A namespace is a feature's or a screen's texts in both languages, { tr: {...}, en: {...} },
//   declared once with defineTexts(ns, bundles) at the top of the module that ships it: a
//   feature's texts.js (or texts-<part>.js / <part>-texts.js when it is large), a screen's or a
//   shared component's own file when only it uses them. So a page's texts load with its chunk.
// - Components read them with the hook defineTexts returns (`const t = useJobsTexts()`), the
//   shared ones with useCommonTexts(); functions given a lang (status labels, units) with
//   textsIn(lang, ns). No `texts[lang]` lookups and no `lang === 'en' ? 'x' : 'y'` for words.
// - The shared texts (the common namespace) are one module per language, locales/common.<lang>.js:
//   the browser loads the page's language before it hydrates (app/start.jsx) and the other one
//   when a route of that language is first visited (app/router.jsx), so the app carries one
//   language's shared texts, not both. The prerenderer and the tests import locales/common.js,
//   which adds both.
//   Only RouteError and Skeleton call useTranslation('common') themselves: they draw outside
//   the LanguageProvider.
// - Both languages have the same keys; counts use i18next plurals, called with `count`: English
//   x_one and x_other, Turkish x alone (the noun stays singular: "3 kelime") or x_one and x_other,
//   never x_other alone. lib/i18n-parity.test.js checks every namespace for both.
// - Figures in texts (money, numbers, dates) are formatted by lib/format.js.
import { createInstance } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { LANGUAGES } from '../config/paths.js';
import { useLanguage } from './language-context.js';

/**
 * createI18n returns an i18next instance for one render tree, initialised synchronously so the
 * first render (prerendered or hydrating) already has its texts.
 */
export function createI18n(lang) {
  if (!commonTexts[lang]) throw new Error(`the common texts of "${lang}" are not loaded (loadCommonTexts)`);
  const i18n = createInstance();
  instances.add(i18n);
  i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'tr',
    supportedLngs: LANGUAGES,
    ns: ['common'],
    defaultNS: 'common',
    resources: Object.fromEntries(Object.entries(commonTexts).map(([l, bundle]) => [l, { common: bundle }])),
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
  registerTexts(ns, bundles);
  if (outside) addBundles(outside, ns, bundles);
  return () => useTexts(ns, bundles);
}

/** registerTexts notes a namespace's bundles for definedTexts (defineTexts calls it; locales/common.js for the shared texts). */
export function registerTexts(ns, bundles) {
  const all = registry.get(ns) ?? [];
  if (!all.includes(bundles)) registry.set(ns, [...all, bundles]);
}

// Texts read outside a component (a status's label, a unit's name, in functions given a lang)
// come from this instance, which holds every namespace defined so far. It is made on first use:
// made when this module loaded, its init was a fifth of the task that evaluates the app's modules.
let outside = null;

function outsideTexts() {
  if (!outside) {
    outside = createInstance();
    outside.init({ lng: 'tr', fallbackLng: 'tr', supportedLngs: LANGUAGES, resources: {}, initAsync: false, interpolation: { escapeValue: false }, returnObjects: true, returnEmptyString: true });
    // The shared texts come from what is loaded of them (commonTexts), not from the registry,
    // which has them only where locales/common.js added both languages.
    for (const [ns, all] of registry) if (ns !== 'common') for (const bundles of all) addBundles(outside, ns, bundles);
    for (const [lang, bundle] of Object.entries(commonTexts)) outside.addResourceBundle(lang, 'common', bundle, true, true);
  }
  return outside;
}

function addBundles(i18n, ns, bundles) {
  for (const l of LANGUAGES) if (bundles[l]) i18n.addResourceBundle(l, ns, bundles[l], true, true);
}

/** textsIn is `t` of namespace ns in lang for code outside components; ns must be defined (defineTexts) by the caller's module. */
export const textsIn = (lang, ns) => outsideTexts().getFixedT(lang === 'en' ? 'en' : 'tr', ns);

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
    for (const l of LANGUAGES) {
      if (bundles[l] && !i18n.hasResourceBundle(l, ns)) i18n.addResourceBundle(l, ns, bundles[l]);
    }
  }
  return useTranslation(ns, { lng: lang }).t;
}

// The shared texts by language, as far as they are loaded: the page's language before the first
// render, the other once a route of it is visited (or both, in the prerenderer and the tests).
const commonTexts = {};
// Every render tree's instance, which a language loaded later is added to (the browser has one).
const instances = new Set();
const pendingCommon = new Map();

// One module per language, so each is its own chunk and the other language is not loaded with the page.
const commonModules = {
  tr: () => import('../locales/common.tr.js'),
  en: () => import('../locales/common.en.js'),
};

/** addCommonTexts adds the shared texts of lang, to every render tree made so far and to come. */
export function addCommonTexts(lang, bundle) {
  commonTexts[lang] = bundle;
  outside?.addResourceBundle(lang, 'common', bundle, true, true);
  for (const i18n of instances) i18n.addResourceBundle(lang, 'common', bundle, true, true);
}

/**
 * loadCommonTexts resolves once the shared texts of lang are loaded; commonTextsPending(lang)
 * is that promise while they load (one per language) and null once they are there.
 */
export function loadCommonTexts(lang) {
  return commonTextsPending(lang) ?? Promise.resolve();
}

export function commonTextsPending(lang) {
  if (commonTexts[lang] || !commonModules[lang]) return null;
  if (!pendingCommon.has(lang)) {
    const loading = commonModules[lang]().then(
      (m) => addCommonTexts(lang, m.texts),
      (err) => {
        pendingCommon.delete(lang); // a later navigation tries again
        throw err;
      },
    );
    pendingCommon.set(lang, loading);
  }
  return pendingCommon.get(lang);
}

/** useCommonTexts reads the texts every page shares (locales/common.<lang>.js). */
export const useCommonTexts = () => useTexts('common', commonTexts);
