import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { routes } from './app/router.jsx';
import { AppProvider } from './app/provider.jsx';
import { createI18n } from './lib/i18n.js';
import { readPrerendered, shouldHydrate } from './lib/prerendered-data.js';
import { languageOf } from './config/paths.js';
import './app/app.css';

async function start() {
  const prerendered = readPrerendered();
  // A not-found page served for a path the route table knows (a browser-only screen the server
  // does not list yet) is rendered afresh rather than hydrated over.
  const hydrate = shouldHydrate(prerendered, window.location) && !(prerendered.notFound && screenOf(window.location) !== 'notFound');
  // Hydration must render exactly what was prerendered, so the lazy page of this URL is
  // loaded before the router starts instead of showing a fallback first.
  if (hydrate) await resolveLazyRoutes(window.location);

  const lang = languageOf(window.location.pathname, navigator.languages ?? [navigator.language]);
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

start();
