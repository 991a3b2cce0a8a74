// A prerendered page carries the API answers it was rendered with in a JSON data block (not a
// script, so the CSP is untouched); the browser starts from them and hydrates the same markup.

export const DATA_ELEMENT_ID = 'prerendered-data';

/** recordKeys is an SWR middleware that notes every key a render asks for. */
export const recordKeys = (seen) => (useSWRNext) => (key, fetcher, config) => {
  if (typeof key === 'string') seen.add(key);
  return useSWRNext(key, fetcher, config);
};

/** readPrerendered returns { url, hydrate, data } of the page, or null for the SPA shell. */
export function readPrerendered(doc = document) {
  const el = doc.getElementById(DATA_ELEMENT_ID);
  if (!el) return null;
  try {
    return JSON.parse(el.textContent);
  } catch (err) {
    console.error('Prerendered data is unreadable; rendering afresh.', err);
    return null;
  }
}

/**
 * shouldHydrate: the markup may be hydrated only if it was rendered for this very URL, or it is
 * a not-found page, which reads the same for every unknown URL of its language.
 */
export function shouldHydrate(prerendered, location) {
  if (!prerendered) return false;
  if (prerendered.notFound) return location.pathname.split('/')[1] === prerendered.lang;
  return prerendered.url === location.pathname + location.search;
}
