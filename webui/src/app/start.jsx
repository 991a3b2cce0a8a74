// The app in the browser: loaded by the entry (entry-client.js) right after the prerendered page's
// first paint, it hydrates that page (or renders the SPA shell's screen) with React, the router,
// the page language's shared texts and the page's own chunk.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { browserRoutes, patchDeferredRoutes, routes } from './router.jsx';
import { AppProvider } from './provider.jsx';
import { createI18n, loadCommonTexts } from '../lib/i18n.js';
import { pendingKeys, readPrerendered, revalidateWhenIdle, shouldHydrate } from '../lib/prerendered-data.js';
import { languageOf } from '../config/paths.js';
import { formatNumber } from '../lib/format.js';
import { formatCalendarDate } from '../lib/delivery-date.js';

export async function start() {
  // Not in the task that evaluated the app's modules.
  await nextTask();
  const prerendered = readPrerendered();
  // A not-found page served for a path the route table knows (a browser-only screen the server
  // does not list yet) is rendered afresh rather than hydrated over.
  const hydrate = shouldHydrate(prerendered, window.location) && !(prerendered.notFound && screenOf(window.location) !== 'notFound');
  const lang = languageOf(window.location.pathname, navigator.languages ?? [navigator.language]);
  // Hydration must render exactly what was prerendered, so the lazy page of this URL and the
  // page language's shared texts are loaded before the router starts instead of a fallback first.
  await Promise.all([loadCommonTexts(lang), hydrate && resolveLazyRoutes(prerendered.routes ? routesWithIds(prerendered.routes) : matchedRoutes(window.location))]);

  // Each step below is a task of its own: together they would block the main thread for one
  // long task, and a tap meanwhile would wait for all of them.
  await nextTask();
  const i18n = createI18n(lang);
  await nextTask();
  // A page's first Intl formatter loads ICU's data (about 15 ms on a fast machine, four times that
  // on a slow phone) and its first date format a calendar's: made while rendering, they lengthened
  // the task that drew the first figure or date, so they are made here, each in a task of its own.
  for (const prepare of [() => formatNumber(lang, 0), () => formatCalendarDate(lang, '2026-01-01')]) {
    prepare();
    await nextTask();
  }
  const router = createBrowserRouter(browserRoutes, { patchRoutesOnNavigation: patchDeferredRoutes });
  await nextTask();
  // The answers the page was prerendered with are fetched again once hydration is over, not during it.
  const use = hydrate ? [revalidateWhenIdle(pendingKeys(prerendered.data))] : [];
  const app = (
    <AppProvider i18n={i18n} fallback={hydrate ? prerendered.data : {}} use={use}>
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

const matchedRoutes = (location) => (matchRoutes(routes, location) ?? []).map((m) => m.route);

/** routesWithIds finds the routes of these ids (the prerenderer's matches) in the table, without compiling its paths. */
function routesWithIds(ids) {
  const wanted = new Set(ids);
  const found = [];
  const walk = (list) => {
    for (const route of list) {
      if (wanted.has(route.id)) found.push(route);
      if (route.children) walk(route.children);
    }
  };
  walk(routes);
  return found;
}

// A task of its own after this one (scheduler.yield keeps the page's place in the queue where it exists).
const nextTask = () => (globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0)));

async function resolveLazyRoutes(matched) {
  await Promise.all(
    matched.map(async (route) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      delete route.lazy;
    }),
  );
}
