// Prerendering: renders one URL to HTML at build time with the catalogue snapshot as its data.
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes, prerenderedPaths } from './app/router.jsx';
import { AppProvider } from './app/provider.jsx';
import { createI18n } from './lib/i18n.js';
// Both languages' shared texts: the prerenderer renders either language at any time.
import './locales/common.js';
import { MetaCollectorProvider } from './lib/page-meta.jsx';
import { recordKeys } from './lib/prerendered-data.js';
import { alternatePaths, headTags } from './lib/seo.js';
import { companyKey } from './lib/api/get-company.js';

export { prerenderedPaths };

const handler = createStaticHandler(routes);

/**
 * render returns the page's markup, head tags, status and the API answers it used. snapshot
 * maps API URLs to answers; a key the snapshot lacks is an error, not an empty page.
 */
export async function render(url, lang, snapshot) {
  // Every page's structured data names the agency by its configured facts.
  if (!snapshot[companyKey]) throw new Error(`the snapshot lacks ${companyKey}: the agency's facts`);
  const context = await handler.query(new Request(new URL(url, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${url} redirects to ${context.headers.get('Location')}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const keys = new Set();
  const meta = {};
  const html = renderToString(
    <AppProvider i18n={createI18n(lang)} fallback={snapshot} use={[recordKeys(keys)]}>
      <MetaCollectorProvider value={meta}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </MetaCollectorProvider>
    </AppProvider>,
  );
  const missing = [...keys].filter((k) => !(k in snapshot));
  if (missing.length) throw new Error(`${url} needs API answers the snapshot lacks: ${missing.join(', ')}`);
  if (!meta.title) throw new Error(`${url} declares no page meta`);
  const data = Object.fromEntries([...keys].map((k) => [k, snapshot[k]]));
  const pathname = new URL(url, 'http://prerender.local').pathname;
  const alternates = alternatePaths(pathname, meta.alternates);
  alternates['x-default'] = alternates.tr;
  const chunk = context.matches.at(-1)?.route.handle?.chunk;
  // The browser loads the lazy routes of these ids before hydrating, without matching the URL against the whole table.
  const routeIds = context.matches.map((m) => m.route.id);
  return { html, head: headTags(pathname, lang, meta, snapshot[companyKey]), status: context.statusCode, data, meta, alternates, chunk, routeIds };
}
