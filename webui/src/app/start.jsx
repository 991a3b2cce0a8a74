// The app in the browser: loaded by the entry (entry-client.js) right after the prerendered page's
// first paint, it hydrates that page (or renders the SPA shell's screen) with React, the router,
// the page language's shared texts and the page's own chunk.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { routes } from './router.jsx';
import { AppProvider } from './provider.jsx';
import { createI18n, loadCommonTexts } from '../lib/i18n.js';
import { readPrerendered, shouldHydrate } from '../lib/prerendered-data.js';
import { languageOf } from '../config/paths.js';

export async function start() {
  const prerendered = readPrerendered();
  // A not-found page served for a path the route table knows (a browser-only screen the server
  // does not list yet) is rendered afresh rather than hydrated over.
  const hydrate = shouldHydrate(prerendered, window.location) && !(prerendered.notFound && screenOf(window.location) !== 'notFound');
  const lang = languageOf(window.location.pathname, navigator.languages ?? [navigator.language]);
  // Hydration must render exactly what was prerendered, so the lazy page of this URL and the
  // page language's shared texts are loaded before the router starts instead of a fallback first.
  await Promise.all([loadCommonTexts(lang), hydrate && resolveLazyRoutes(window.location)]);

  const router = createBrowserRouter(routes);
  const app = (
    <AppProvider i18n={createI18n(lang)} fallback={hydrate ? prerendered.data : {}}>
      <RouterProvider router={router} />
    </AppProvider>
  );
  const root = document.getElementById('root');
  const onRecoverableError = (err) => console.error('Hydration recovered from an error:', err);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page, so the prerendered page stays responsive meanwhile.
  startTransition(() => {
    if (hydrate) hydrateRoot(root, app, { onRecoverableError });
    else createRoot(root).render(app);
  });
}

function screenOf(location) {
  return matchRoutes(routes, location)?.at(-1)?.route.handle?.screen;
}

async function resolveLazyRoutes(location) {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      delete route.lazy;
    }),
  );
}
