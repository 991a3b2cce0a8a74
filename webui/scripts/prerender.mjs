// Prerenders every public page in both languages into dist/, plus the not-found pages, the SPA
// shell, sitemap.xml and robots.txt. Runs after `vite build` (client) and `vite build --ssr`.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const snapshotFile = resolve(root, process.env.CATALOG_SNAPSHOT ?? 'build/catalog-snapshot.json');
const siteUrl = (process.env.VITE_SITE_URL ?? 'https://www.linguaport.com').replace(/\/$/, '');

const { render, prerenderedPaths } = await import(pathToFileURL(join(root, 'build/ssr/entry-server.js')).href);
const template = await readFile(join(dist, 'index.html'), 'utf8');
let snapshot;
try {
  snapshot = JSON.parse(await readFile(snapshotFile, 'utf8'));
} catch (err) {
  throw new Error(`cannot read the catalogue snapshot ${snapshotFile} (make webui writes it with \`svc-catalog snapshot\`): ${err.message}`, { cause: err });
}

// The entry (entry-client.js) is a small bootstrap: nothing but it and the CSS loads before the
// first paint. Right after it, the entry loads the app (app/start.jsx) and, listed in
// <meta name="app-modules">, the page's own chunk and its language's shared texts with what they
// import, so hydration does not wait for a second round trip once the app runs. The app's CSS is
// linked in the head, as the page is drawn with it before the app loads.
const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8'));
const APP = 'src/app/start.jsx';
if (!manifest[APP] || !manifest['index.html']?.dynamicImports?.includes(APP)) throw new Error(`the entry does not load ${APP} in the build manifest`);
const entryFiles = new Set(chunkFiles('index.html'));
const appFiles = new Set(chunkFiles(APP));
function chunkFiles(key, seen = new Set()) {
  const c = manifest[key];
  if (!c || seen.has(key)) return [];
  seen.add(key);
  return [c.file, ...(c.imports ?? []).flatMap((k) => chunkFiles(k, seen))];
}
function chunkCss(key, seen = new Set()) {
  const c = manifest[key];
  if (!c || seen.has(key)) return [];
  seen.add(key);
  return [...(c.css ?? []), ...(c.imports ?? []).flatMap((k) => chunkCss(k, seen))];
}
const linkedCss = new Set(chunkCss('index.html'));
const appCss = [...new Set(chunkCss(APP))].filter((f) => !linkedCss.has(f));
// The app's files first (the entry preloads in this order), then the page's and its texts'.
function pageModules(chunk, lang) {
  const keys = lang ? [`src/locales/common.${lang}.js`, ...(chunk ? [`src/app/routes/${chunk}.jsx`] : [])] : [];
  for (const k of keys) if (!manifest[k]) throw new Error(`no ${k} in the build manifest`);
  const files = [...new Set([...appFiles, ...keys.flatMap((k) => chunkFiles(k))])].filter((f) => !entryFiles.has(f));
  return `\n    <meta name="app-modules" content="${files.map((f) => `/${f}`).join(' ')}">`;
}
const appStyles = appCss.map((f) => `\n    <link rel="stylesheet" crossorigin href="/${f}">`).join('');

const jsonForScript = (v) => JSON.stringify(v).replace(/</g, '\\u003c');

function page({ lang, head, html, data, chunk, modules = true }) {
  // modules=false: the shell, which serves screens of either language, preloads the app's files only.
  const out = template
    .replace('<html lang="tr">', `<html lang="${lang}">`)
    .replace('<!--app-head-->', head + pageModules(chunk, modules ? lang : null))
    // After the entry's own stylesheet (Vite puts it last in the head), in the order the app had them.
    .replace('</head>', appStyles ? `${appStyles}\n  </head>` : '</head>')
    .replace('<!--app-html-->', html)
    .replace('<!--app-data-->', data ? `<script type="application/json" id="prerendered-data">${jsonForScript(data)}</script>` : '');
  for (const marker of ['<!--app-head-->', '<!--app-html-->', '<!--app-data-->']) {
    if (out.includes(marker)) throw new Error(`template marker ${marker} left in a page`);
  }
  return out;
}

async function write(file, content) {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
}

// Public pages: the route table's screens and one page per blog post in the snapshot.
const pages = prerenderedPaths().map(({ path, lang }) => ({ path, lang }));
for (const key of Object.keys(snapshot)) {
  const m = key.match(/^\/api\/v1\/catalog\/blog\/(tr|en)\/([^/?]+)$/);
  if (m) pages.push({ path: `/${m[1]}/blog/${m[2]}`, lang: m[1] });
}

const seenTitles = new Map();
const sitemap = [];
for (const { path, lang } of pages) {
  const r = await render(path, lang, snapshot);
  if (r.status !== 200) throw new Error(`${path} rendered with status ${r.status}`);
  if (seenTitles.has(r.meta.title)) throw new Error(`${path} has the same title as ${seenTitles.get(r.meta.title)}: ${r.meta.title}`);
  seenTitles.set(r.meta.title, path);
  await write(join(dist, path, 'index.html'), page({ lang, head: r.head, html: r.html, chunk: r.chunk, data: { url: path, lang, routes: r.routeIds, data: r.data } }));
  sitemap.push({ path, lang, alternates: r.alternates });
}

// Not-found pages, one per language, served by nginx with status 404 for any unknown path.
for (const lang of ['tr', 'en']) {
  const r = await render(`/${lang}/404`, lang, snapshot);
  await write(join(dist, '404', `${lang}.html`), page({ lang, head: r.head, html: r.html, chunk: r.chunk, data: { notFound: true, lang, data: r.data } }));
}

// The SPA shell for screens that only live in the browser (orders, account) and the root.
const shell = page({
  lang: 'tr',
  head: '<title>LinguaPort</title>\n    <meta name="robots" content="noindex">',
  html: '<p class="loading" role="status">Yükleniyor...</p>',
  data: null,
  // The shell serves every browser-only screen in either language: the app loads the rest itself.
  modules: false,
});
await write(join(dist, 'index.html'), shell);

await write(
  join(dist, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${sitemap
  .map(
    ({ path, alternates }) => `  <url>
    <loc>${siteUrl}${path}</loc>
${Object.entries(alternates)
  .map(([l, p]) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${siteUrl}${p}"/>`)
  .join('\n')}
  </url>`,
  )
  .join('\n')}
</urlset>
`,
);
await write(
  join(dist, 'robots.txt'),
  `User-agent: *
Allow: /
Disallow: /tr/hesabim/
Disallow: /en/account/
Disallow: /tr/siparis/
Disallow: /en/order/
Disallow: /tr/parola-sifirla
Disallow: /en/reset-password
Disallow: /tr/eposta-dogrula
Disallow: /en/verify-email
Disallow: /tr/abonelikten-cik
Disallow: /en/unsubscribe
Disallow: /tr/kvkk-basvurusu
Disallow: /en/data-request
Disallow: /api/

Sitemap: ${siteUrl}/sitemap.xml
`,
);
await rm(join(dist, '.vite'), { recursive: true });
console.log(`prerendered ${pages.length} pages, 2 not-found pages, the shell, sitemap.xml and robots.txt`);
