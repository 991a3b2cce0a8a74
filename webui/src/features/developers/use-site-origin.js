import { useSyncExternalStore } from 'react';
import { SITE_URL } from '../../lib/seo.js';

// The site's origin, which the API's base URL and the curl examples start with: the canonical
// address (VITE_SITE_URL) while prerendering and hydrating, so the markup agrees, then the
// browser's own origin, which is where a reader of this copy of the site can call the API.
const subscribe = () => () => {};
const browserOrigin = () => window.location.origin;
const siteOrigin = () => SITE_URL;

/** useSiteOrigin is "https://www.linguaport.com" (or the address the page was opened at, once hydrated). */
export const useSiteOrigin = () => useSyncExternalStore(subscribe, browserOrigin, siteOrigin);
