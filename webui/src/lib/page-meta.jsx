import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useLanguage } from './language.jsx';
import { absoluteUrl, alternatePaths, jsonForScript, pageTitle } from './seo.js';
import { DEFAULT_LANGUAGE } from '../config/paths.js';

// While prerendering, pages report their meta into a collector the prerenderer writes into
// <head>; in the browser the same call updates the document after each navigation.
const MetaCollector = createContext(null);
export const MetaCollectorProvider = MetaCollector.Provider;

/**
 * usePageMeta declares the page's title (without the product name), description, language
 * alternates for slugs, and JSON-LD. home: the home page's title leads with the product name.
 */
export function usePageMeta({ title, description, alternates, jsonLd, home = false, noindex = false }) {
  const collector = useContext(MetaCollector);
  const lang = useLanguage();
  const { pathname } = useLocation();
  const fullTitle = pageTitle(title, { home });
  if (collector) Object.assign(collector, { title: fullTitle, description, alternates, jsonLd, noindex });

  const altKey = JSON.stringify(alternates ?? null);
  const ldKey = JSON.stringify(jsonLd ?? null);
  useEffect(() => {
    document.title = fullTitle;
    document.documentElement.lang = lang;
    setMeta('name', 'description', description);
    setMeta('name', 'robots', noindex ? 'noindex' : null);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:url', absoluteUrl(pathname));
    const paths = alternatePaths(pathname, JSON.parse(altKey) ?? undefined);
    setLink('canonical', null, noindex ? null : absoluteUrl(pathname));
    for (const l of ['tr', 'en']) setLink('alternate', l, noindex ? null : absoluteUrl(paths[l]));
    setLink('alternate', 'x-default', noindex ? null : absoluteUrl(paths[DEFAULT_LANGUAGE]));
    for (const el of document.querySelectorAll('script[data-page-ld]')) el.remove();
    for (const ld of [].concat(JSON.parse(ldKey) ?? [])) {
      const el = document.createElement('script');
      el.type = 'application/ld+json';
      el.dataset.pageLd = '';
      el.textContent = jsonForScript(ld);
      document.head.append(el);
    }
  }, [fullTitle, description, lang, pathname, altKey, ldKey, noindex]);
}

function setMeta(attr, key, content) {
  let el = document.head.querySelector(`meta[${attr}="${key}"]`);
  if (!content) return el?.remove();
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.append(el);
  }
  el.setAttribute('content', content);
}

function setLink(rel, hreflang, href) {
  const selector = hreflang ? `link[rel="${rel}"][hreflang="${hreflang}"]` : `link[rel="${rel}"]:not([hreflang])`;
  let el = document.head.querySelector(selector);
  if (!href) return el?.remove();
  if (!el) {
    el = document.createElement('link');
    el.rel = rel;
    if (hreflang) el.hreflang = hreflang;
    document.head.append(el);
  }
  el.href = href;
}
