// What a page says about itself to browsers and search engines: title, description, canonical
// URL, hreflang alternates and structured data. Pure, so the prerenderer and the browser agree.
import { LANGUAGES, DEFAULT_LANGUAGE, switchLanguage } from '../config/paths.js';

export const PRODUCT = 'LinguaPort';
export const SITE_URL = (import.meta.env?.VITE_SITE_URL ?? 'https://www.linguaport.com').replace(/\/$/, '');

/** pageTitle carries the product name: "Hizmetler | LinguaPort"; the home page leads with it. */
export function pageTitle(title, { home = false } = {}) {
  if (!title) return PRODUCT;
  return home ? `${PRODUCT} | ${title}` : `${title} | ${PRODUCT}`;
}

export function absoluteUrl(pathname) {
  return SITE_URL + pathname;
}

/**
 * alternatePaths is the page's path in each language; segments without a counterpart (blog
 * slugs) are mapped by the page's own alternates, e.g. { en: '/en/blog/what-is-sworn-translation' }.
 */
export function alternatePaths(pathname, overrides = {}) {
  const out = {};
  for (const lang of LANGUAGES) out[lang] = overrides[lang] ?? switchLanguage(pathname, lang);
  return out;
}

const escapeHtml = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

// JSON inside <script> must not close the element early.
export const jsonForScript = (v) => JSON.stringify(v).replace(/</g, '\\u003c');

/**
 * organization is the JSON-LD every page carries; company is the agency's facts (svc-catalog's
 * GET company, from the snapshot the page is prerendered with). Without them it names the
 * product only.
 */
export function organization(lang, company) {
  const org = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: PRODUCT,
    url: absoluteUrl(`/${lang}`),
    logo: absoluteUrl('/favicon.svg'),
    sameAs: [],
  };
  if (!company) return org;
  return {
    ...org,
    name: company.tradeName,
    legalName: company.legalName,
    taxID: company.taxNumber,
    email: company.email.general,
    telephone: company.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.address.street,
      addressLocality: company.address.city,
      addressRegion: company.address.district,
      postalCode: company.address.postcode,
      addressCountry: company.address.country,
    },
  };
}

/** serviceLd is the schema.org Service of a service page at path. */
export function serviceLd({ name, description, serviceType, path, lang }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name,
    description,
    serviceType,
    url: absoluteUrl(path),
    provider: { '@type': 'Organization', name: PRODUCT, url: absoluteUrl(`/${lang}`) },
    areaServed: 'Worldwide',
    availableLanguage: LANGUAGES,
  };
}

/**
 * headTags renders a page's head for the prerendered HTML. meta: { title, description,
 * alternates, jsonLd, noindex }; company: the agency's facts for the Organization JSON-LD.
 */
export function headTags(pathname, lang, meta, company) {
  const tags = [`<title>${escapeHtml(meta.title)}</title>`];
  if (meta.description) tags.push(`<meta name="description" content="${escapeHtml(meta.description)}">`);
  if (meta.noindex) {
    tags.push('<meta name="robots" content="noindex">');
  } else {
    const alternates = alternatePaths(pathname, meta.alternates);
    tags.push(`<link rel="canonical" href="${escapeHtml(absoluteUrl(pathname))}">`);
    for (const l of LANGUAGES) tags.push(`<link rel="alternate" hreflang="${l}" href="${escapeHtml(absoluteUrl(alternates[l]))}">`);
    tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(absoluteUrl(alternates[DEFAULT_LANGUAGE]))}">`);
  }
  tags.push(`<meta property="og:title" content="${escapeHtml(meta.title)}">`);
  if (meta.description) tags.push(`<meta property="og:description" content="${escapeHtml(meta.description)}">`);
  tags.push(`<meta property="og:url" content="${escapeHtml(absoluteUrl(pathname))}">`);
  tags.push(`<meta property="og:locale" content="${lang === 'en' ? 'en_US' : 'tr_TR'}">`);
  tags.push(`<script type="application/ld+json">${jsonForScript(organization(lang, company))}</script>`);
  for (const ld of [].concat(meta.jsonLd ?? [])) tags.push(`<script type="application/ld+json" data-page-ld>${jsonForScript(ld)}</script>`);
  return tags.join('\n    ');
}
