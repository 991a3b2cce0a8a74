// A prerendered page carries the API answers it was rendered with in a JSON data block (not a
// script, so the CSP is untouched); the browser starts from them and hydrates the same markup.

import { useEffect } from 'react';
import { whenIdle as onIdle } from './idle.js';

export const DATA_ELEMENT_ID = 'prerendered-data';

/** recordKeys is an SWR middleware that notes every key a render asks for. */
export const recordKeys = (seen) => (useSWRNext) => (key, fetcher, config) => {
  if (typeof key === 'string') seen.add(key);
  return useSWRNext(key, fetcher, config);
};

/**
 * revalidateWhenIdle is an SWR middleware for a hydrating page: a key the page was prerendered
 * with (in pending) is not fetched while the page hydrates, where its answer is the prerendered
 * one, but once the browser is idle after it, so the fetch and whatever re-render its answer
 * causes do not lengthen hydration's tasks. Keys the page asks for later fetch as usual.
 */
export const revalidateWhenIdle =
  (pending, whenIdle = onIdle) =>
  (useSWRNext) =>
  (key, fetcher, config) => {
    const prerendered = typeof key === 'string' && pending.has(key);
    const swr = useSWRNext(key, fetcher, prerendered ? { ...config, revalidateOnMount: false } : config);
    const { mutate } = swr;
    useEffect(() => {
      if (!prerendered || pending.get(key)) return;
      pending.set(key, true); // scheduled once, by the first of its users to mount
      whenIdle(() => {
        pending.delete(key);
        mutate();
      });
    }, [prerendered, key, mutate]);
    return swr;
  };

/** pendingKeys is revalidateWhenIdle's map of the prerendered keys, none scheduled yet. */
export const pendingKeys = (data) => new Map(Object.keys(data ?? {}).map((key) => [key, false]));

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
