// Lighthouse benchmark of the LinguaPort web UI as nginx serves it.
//
//   cd bench/lighthouse && npm ci && npm run bench      (or: make bench-lighthouse)
//
// Environment:
//   BASE_URL     measure this server (e.g. http://127.0.0.1:8000) instead of starting .bin/devstack
//   RUNS         Lighthouse runs per page (default 1); the run with the median performance score is reported
//   CHROME_PATH  Chromium binary (default /usr/bin/chromium)
//   PAGES        only these pages, by path, comma-separated (e.g. PAGES=/tr,/en); default all ten
//
// Results go into README.md (between the results markers) and results/ (raw JSON summary and the
// HTML report of each page's reported run). Exits non-zero only when the benchmark could not run,
// never because a goal was missed.

import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const README = path.join(HERE, 'README.md');
const RESULTS_DIR = path.join(HERE, 'results');
const MARK_START = '<!-- results:start -->';
const MARK_END = '<!-- results:end -->';

const ALL_PAGES = [
  { name: 'home', lang: 'tr', path: '/tr' },
  { name: 'home', lang: 'en', path: '/en' },
  { name: 'services', lang: 'tr', path: '/tr/hizmetler' },
  { name: 'services', lang: 'en', path: '/en/services' },
  { name: 'service page', lang: 'tr', path: '/tr/profesyonel-tercume' },
  { name: 'service page', lang: 'en', path: '/en/professional-translation' },
  { name: 'FAQ', lang: 'tr', path: '/tr/sik-sorulan-sorular' },
  { name: 'FAQ', lang: 'en', path: '/en/faq' },
  { name: 'blog post', lang: 'tr', path: '/tr/blog/yeminli-tercume-nedir' },
  { name: 'blog post', lang: 'en', path: '/en/blog/what-is-sworn-translation' },
];
const HOME_PATHS = ['/tr', '/en'];

/** selectedPages is ALL_PAGES, or those PAGES (comma-separated paths) names; an unknown path is an error. */
function selectedPages(filter = process.env.PAGES) {
  if (!filter?.trim()) return ALL_PAGES;
  const want = filter.split(',').map((x) => x.trim()).filter(Boolean);
  const unknown = want.filter((w) => !ALL_PAGES.some((p) => p.path === w));
  if (unknown.length) throw new Error(`PAGES names unknown pages ${unknown.join(', ')}; known: ${ALL_PAGES.map((p) => p.path).join(' ')}`);
  return ALL_PAGES.filter((p) => want.includes(p.path));
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const GOALS = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100, initialJsKB: 115 };
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const READY_TIMEOUT_MS = 3 * 60 * 1000;
const STOP_TIMEOUT_MS = 60 * 1000;
const ATTEMPTS = 3; // per Lighthouse run, for Chrome crashes and runtime errors

function log(...args) {
  console.log(`[lighthouse-bench ${new Date().toISOString().slice(11, 19)}]`, ...args);
}

// ---------------------------------------------------------------------------------------------
// Processes this script started, stopped on exit, failure and signals (by pid, nothing else).

let stack = null; // { child, url, dataDir, stop() }
let chrome = null; // chrome-launcher instance of the current run
let cleaningUp = null;

async function cleanup() {
  if (!cleaningUp) {
    cleaningUp = (async () => {
      if (chrome) {
        try {
          await chrome.kill();
        } catch {}
        chrome = null;
      }
      if (stack) await stack.stop();
    })();
  }
  return cleaningUp;
}

for (const [sig, num] of [['SIGINT', 2], ['SIGTERM', 15], ['SIGHUP', 1]]) {
  process.on(sig, () => {
    log(`${sig}: stopping what this benchmark started`);
    cleanup().finally(() => process.exit(128 + num));
  });
}
for (const ev of ['uncaughtException', 'unhandledRejection']) {
  process.on(ev, (err) => {
    console.error(`${ev}:`, err);
    cleanup().finally(() => process.exit(1));
  });
}
// Last resort when the process exits without going through cleanup: Ctrl-C the stack anyway.
process.on('exit', () => {
  if (stack && stack.child.exitCode === null && stack.child.signalCode === null) {
    try {
      process.kill(stack.child.pid, 'SIGINT');
    } catch {}
  }
});

// ---------------------------------------------------------------------------------------------
// The dev stack (.bin/devstack on free ports, data in a fresh temp dir).

async function freePorts(n) {
  const servers = [];
  try {
    for (let i = 0; i < n; i++) {
      const srv = net.createServer();
      await new Promise((resolve, reject) => {
        srv.once('error', reject);
        srv.listen(0, '127.0.0.1', resolve);
      });
      servers.push(srv);
    }
    return servers.map((s) => s.address().port);
  } finally {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  }
}

async function tailLogs(dataDir) {
  let out = '';
  let files = [];
  try {
    files = (await fsp.readdir(path.join(dataDir, 'logs'))).filter((f) => f.endsWith('.log'));
  } catch {
    return out;
  }
  for (const f of files.sort()) {
    const data = await fsp.readFile(path.join(dataDir, 'logs', f), 'utf8').catch(() => '');
    out += `--- ${f}\n${data.slice(-2000)}\n`;
  }
  return out;
}

async function startStack() {
  const bin = path.join(ROOT, '.bin', 'devstack');
  if (!fs.existsSync(bin)) {
    throw new Error(`${bin} is missing: run \`make build\` first, or set BASE_URL to a running stack`);
  }
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'linguaport-lighthouse-'));
  // Every port the stack takes (PostgreSQL's included) is moved to a free one, as the whole-stack
  // tests do: `devstack ports` names them all, so the benchmark runs beside `make up`.
  const names = execFileSync(bin, ['ports'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.split('=')[0])
    .filter(Boolean);
  const ports = await freePorts(names.length);
  const env = { ...process.env, DEVSTACK_DATA: dataDir };
  names.forEach((n, i) => (env[n] = String(ports[i])));
  const webPort = env.DEVSTACK_WEB_PORT;

  log(`starting ${path.relative(ROOT, bin)} (web port ${webPort}, data ${dataDir})`);
  const started = Date.now();
  const child = spawn(bin, [], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = []; // last lines of its stdout and stderr, for error messages
  const keep = (line) => {
    output.push(line);
    if (output.length > 40) output.shift();
  };
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let spawnError = null;
  child.once('error', (err) => (spawnError = err));

  let stopping = null;
  const s = {
    child,
    dataDir,
    url: `http://127.0.0.1:${webPort}`,
    stop() {
      if (!stopping) {
        stopping = (async () => {
          if (child.exitCode === null && child.signalCode === null && child.pid) {
            log(`stopping devstack (pid ${child.pid}) with SIGINT`);
            child.kill('SIGINT');
            const t = setTimeout(() => {
              log(`devstack did not stop within ${STOP_TIMEOUT_MS / 1000}s of SIGINT; killing pid ${child.pid}`);
              child.kill('SIGKILL');
            }, STOP_TIMEOUT_MS);
            const { code, signal } = await exited;
            clearTimeout(t);
            if (code !== 0) log(`devstack exited with ${signal ?? `code ${code}`}`);
          }
          await fsp.rm(dataDir, { recursive: true, force: true }).catch(() => {});
        })();
      }
      return stopping;
    },
  };
  stack = s;

  const ready = new Promise((resolve) => {
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      keep(line);
      if (line.includes('LinguaPort is running at')) resolve(line);
    });
    readline.createInterface({ input: child.stderr }).on('line', keep);
  });
  let timer;
  const outcome = await Promise.race([
    ready.then((line) => ({ line })),
    exited.then((e) => ({ exit: e })),
    new Promise((resolve) => (timer = setTimeout(() => resolve({ timeout: true }), READY_TIMEOUT_MS))),
  ]);
  clearTimeout(timer);
  if (!outcome.line) {
    const why = spawnError
      ? `could not start devstack: ${spawnError.message}`
      : outcome.timeout
        ? `devstack not ready within ${READY_TIMEOUT_MS / 1000}s`
        : `devstack exited before it was ready (${outcome.exit.signal ?? `code ${outcome.exit.code}`})`;
    const logs = await tailLogs(dataDir);
    await s.stop();
    throw new Error(`${why}\n--- devstack output\n${output.join('\n')}\n${logs}`);
  }
  if (!outcome.line.includes(`:${webPort}`)) {
    await s.stop();
    throw new Error(`unexpected ready line from devstack: ${outcome.line.trim()}`);
  }
  log(`devstack ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${s.url}`);
  return s;
}

// ---------------------------------------------------------------------------------------------
// Home page JavaScript, gzip transfer size: initial (the module entry plus every modulepreload:
// what the browser fetches before the first paint) and loaded for hydration (that, what the entry
// imports dynamically and the page's modules its <meta name="app-modules"> lists, each with its
// static imports: what the entry loads right after the first paint to hydrate the page).

function parseAttrs(s) {
  const attrs = {};
  const re = /([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
  let m;
  while ((m = re.exec(s))) attrs[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  return attrs;
}

function initialScripts(html, pageUrl) {
  const urls = [];
  const re = /<(script|link)\b([^>]*)>/gi;
  let m;
  while ((m = re.exec(html))) {
    const a = parseAttrs(m[2]);
    let src = null;
    if (m[1].toLowerCase() === 'script' && a.type === 'module' && a.src) src = a.src;
    if (m[1].toLowerCase() === 'link' && (a.rel ?? '').toLowerCase().split(/\s+/).includes('modulepreload') && a.href) src = a.href;
    if (src) {
      const u = new URL(src, pageUrl).href;
      if (!urls.includes(u)) urls.push(u);
    }
  }
  return urls;
}

// GET with Accept-Encoding: gzip and no decoding, so the body length is the transferred size.
function getRaw(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const mod = url.startsWith('https:') ? https : http;
    const req = mod.get(url, { headers: { 'Accept-Encoding': 'gzip', ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(30000, () => req.destroy(new Error(`timeout fetching ${url}`)));
    req.on('error', reject);
  });
}

function decode(res) {
  const enc = (res.headers['content-encoding'] ?? '').toLowerCase();
  if (enc === 'gzip') return zlib.gunzipSync(res.body);
  if (enc === 'br') return zlib.brotliDecompressSync(res.body);
  if (enc === 'deflate') return zlib.inflateSync(res.body);
  return res.body;
}

// The page's module entry: its <script type="module" src> (modulepreload links may come before it).
function moduleEntry(html, pageUrl) {
  for (const m of html.matchAll(/<script\b([^>]*)>/gi)) {
    const a = parseAttrs(m[1]);
    if (a.type === 'module' && a.src) return new URL(a.src, pageUrl).href;
  }
  return null;
}

// The modules the prerenderer lists for the entry to load with the app: <meta name="app-modules" content="/a.js /b.js">.
function appModules(html, pageUrl) {
  for (const m of html.matchAll(/<meta\b([^>]*)>/gi)) {
    const a = parseAttrs(m[1]);
    if (a.name === 'app-modules') return (a.content ?? '').split(/\s+/).filter(Boolean).map((x) => new URL(x, pageUrl).href);
  }
  return [];
}

// Dynamic imports with a literal relative path: import("./x.js"), import(`./x.js`).
function dynamicImports(code, fileUrl) {
  const out = new Set();
  for (const m of code.matchAll(/\bimport\(\s*(["'`])(\.{1,2}\/[^"'`$]+)\1\s*\)/g)) out.add(new URL(m[2], fileUrl).href);
  return [...out];
}

// Static imports (import ... from "x", import "x", export ... from "x"), not dynamic import().
function staticImports(code, fileUrl) {
  const out = new Set();
  const re = /(?:^|[;}\n])\s*(?:import\s*(?:[\w$*{}\s,]+?\s*from\s*)?|export\s*(?:\*|\{[^}]*\})\s*from\s*)["']([^"']+)["']/g;
  let m;
  while ((m = re.exec(code))) {
    if (m[1].startsWith('.') || m[1].startsWith('/')) out.add(new URL(m[1], fileUrl).href);
  }
  return out;
}

async function measureInitialJs(base) {
  const files = new Map(); // url -> { gzipBytes, rawBytes, encoding }
  const fetchFile = async (u) => {
    if (files.has(u)) return files.get(u);
    const res = await getRaw(u);
    if (res.status !== 200) throw new Error(`GET ${u}: HTTP ${res.status}`);
    const raw = decode(res);
    const code = raw.toString('utf8');
    const f = {
      url: u,
      gzipBytes: res.body.length,
      rawBytes: raw.length,
      encoding: res.headers['content-encoding'] ?? 'identity',
      imports: staticImports(code, u),
      dynamicImports: dynamicImports(code, u),
    };
    files.set(u, f);
    return f;
  };
  const pages = [];
  for (const p of HOME_PATHS) {
    const pageUrl = base + p;
    const res = await getRaw(pageUrl);
    if (res.status !== 200) throw new Error(`GET ${pageUrl}: HTTP ${res.status}`);
    const html = decode(res).toString('utf8');
    const urls = initialScripts(html, pageUrl);
    if (urls.length === 0) throw new Error(`no <script type="module" src> or modulepreload found in ${pageUrl}`);
    const list = [];
    for (const u of urls) list.push(await fetchFile(u));
    // Static imports of those files the HTML does not preload (the browser loads them before the
    // entry runs, so they are initial JS too; reported, not added to the total).
    const missing = new Set();
    for (const f of list) for (const i of f.imports) if (!urls.includes(i)) missing.add(i);
    const notPreloaded = [];
    for (const u of missing) {
      try {
        const f = await fetchFile(u);
        notPreloaded.push({ url: u, gzipBytes: f.gzipBytes, rawBytes: f.rawBytes });
      } catch (err) {
        notPreloaded.push({ url: u, error: err.message });
      }
    }
    // Hydration: everything above, what the entry imports dynamically (the app) and the page's
    // modules, with their static imports, transitively.
    const entryUrl = moduleEntry(html, pageUrl);
    if (!entryUrl) throw new Error(`no <script type="module" src> in ${pageUrl}`);
    const entry = await fetchFile(entryUrl);
    const hydration = new Map();
    const queue = [...list.map((f) => f.url), ...missing, ...entry.dynamicImports, ...appModules(html, pageUrl)];
    while (queue.length) {
      const u = queue.shift();
      if (hydration.has(u)) continue;
      const f = await fetchFile(u);
      hydration.set(u, f);
      queue.push(...f.imports);
    }
    const total = [...hydration.values()];
    const brief = ({ url, gzipBytes, rawBytes, encoding }) => ({ url, gzipBytes, rawBytes, encoding });
    pages.push({
      path: p,
      files: list.map(brief),
      gzipBytes: list.reduce((s, f) => s + f.gzipBytes, 0),
      rawBytes: list.reduce((s, f) => s + f.rawBytes, 0),
      notPreloaded,
      hydration: {
        files: total.map(brief),
        gzipBytes: total.reduce((s, f) => s + f.gzipBytes, 0),
        rawBytes: total.reduce((s, f) => s + f.rawBytes, 0),
      },
    });
  }
  return { pages };
}

// ---------------------------------------------------------------------------------------------
// Lighthouse.

async function lighthouseOnce(url) {
  chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false, // ours stops the stack too
    logLevel: 'silent',
  });
  try {
    let browser = null;
    try {
      const v = await fetch(`http://127.0.0.1:${chrome.port}/json/version`).then((r) => r.json());
      browser = v.Browser ?? null;
    } catch {}
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!result?.lhr) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    for (const c of CATEGORIES) {
      if (typeof lhr.categories[c]?.score !== 'number') {
        const errs = Object.values(lhr.audits)
          .filter((a) => a.scoreDisplayMode === 'error')
          .map((a) => `${a.id}: ${a.errorMessage}`);
        throw new Error(`no ${c} score (${errs.slice(0, 3).join('; ') || 'no audit error given'})`);
      }
    }
    return { lhr, html: result.report, browser };
  } finally {
    const c = chrome;
    chrome = null;
    try {
      await c.kill();
    } catch {}
  }
}

async function lighthouseRun(url) {
  let lastErr;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      return await lighthouseOnce(url);
    } catch (err) {
      lastErr = err;
      log(`  attempt ${attempt}/${ATTEMPTS} failed: ${err.message}`);
    }
  }
  throw new Error(`Lighthouse failed on ${url}: ${lastErr.message}`);
}

const pct = (score) => Math.round(score * 100);

function runSummary(lhr) {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, pct(lhr.categories[c].score)]));
  const metrics = Object.fromEntries(METRICS.map(([id, k]) => [k, lhr.audits[id]?.numericValue ?? null]));
  return { scores, metrics, benchmarkIndex: lhr.environment?.benchmarkIndex ?? null };
}

// --- failing audits, compact --------------------------------------------------------------------

function shortUrl(u, base) {
  if (typeof u !== 'string') return String(u);
  if (base && u.startsWith(base)) return u.slice(base.length) || '/';
  return u;
}

function flatItems(details) {
  if (!details) return [];
  if (details.type === 'list') return (details.items ?? []).flatMap((d) => flatItems(d));
  return Array.isArray(details.items) ? details.items : [];
}

function itemLabel(item, base) {
  const node = item.node?.type === 'node' ? item.node : item.node ?? null;
  if (node && (node.selector || node.nodeLabel || node.snippet)) {
    const sel = node.selector || node.snippet;
    return sel.length > 80 ? `${sel.slice(0, 77)}…` : sel;
  }
  if (item.source?.url) return `${shortUrl(item.source.url, base)}${item.source.line != null ? `:${item.source.line + 1}` : ''}`;
  for (const k of ['url', 'groupLabel', 'statistic', 'phase', 'label', 'description', 'issueType', 'name', 'entity']) {
    const v = item[k];
    if (typeof v === 'string' && v) return shortUrl(v, base).slice(0, 100);
    if (v && typeof v === 'object' && typeof v.text === 'string') return v.text.slice(0, 100);
  }
  return null;
}

function itemValue(item) {
  const num = (v) => (v && typeof v === 'object' && 'value' in v ? v.value : v);
  if (typeof item.wastedBytes === 'number' && item.wastedBytes > 0) return `${(item.wastedBytes / 1024).toFixed(1)} KiB`;
  for (const k of ['wastedMs', 'total', 'duration', 'timing']) {
    if (typeof item[k] === 'number') return `${Math.round(item[k])} ms`;
  }
  if (typeof item.score === 'number') return item.score.toFixed(3);
  if (typeof num(item.value) === 'number') return String(num(item.value));
  return null;
}

function auditFinding(a, base, extra = {}) {
  const items = flatItems(a.details);
  const shown = [];
  for (const it of items) {
    const label = itemLabel(it, base);
    if (!label) continue;
    const v = itemValue(it);
    shown.push(v ? `${label} (${v})` : label);
    if (shown.length === 3) break;
  }
  return {
    id: a.id,
    title: a.title,
    score: a.score,
    displayValue: a.displayValue ?? null,
    items: items.length,
    examples: shown,
    ...extra,
  };
}

function failingAudits(lhr, base) {
  const out = {};
  for (const c of ['accessibility', 'best-practices', 'seo']) {
    out[c] = lhr.categories[c].auditRefs
      .map((r) => lhr.audits[r.id])
      .filter((a) => a && typeof a.score === 'number' && a.score < 1 && !['informative', 'manual', 'notApplicable'].includes(a.scoreDisplayMode))
      .map((a) => auditFinding(a, base));
  }
  // Performance: opportunities/diagnostics with savings that do not pass, plus any diagnostic
  // with savings on a metric that itself scores below 0.9 (e.g. JS execution time when TBT is high).
  const metricScore = Object.fromEntries(METRICS.map(([id, k]) => [k, lhr.audits[id]?.score ?? 1]));
  const perf = [];
  for (const r of lhr.categories.performance.auditRefs) {
    if (r.group === 'metrics' || r.group === 'hidden') continue;
    const a = lhr.audits[r.id];
    if (!a || ['notApplicable', 'manual', 'error'].includes(a.scoreDisplayMode)) continue;
    const ms = a.details?.overallSavingsMs ?? 0;
    const bytes = a.details?.overallSavingsBytes ?? 0;
    const metricSavings = Object.fromEntries(Object.entries(a.metricSavings ?? {}).filter(([, v]) => v > 0));
    const hasSavings = ms > 0 || bytes > 0 || Object.keys(metricSavings).length > 0;
    const failing = typeof a.score === 'number' && a.score < 1;
    const onFailingMetric = Object.keys(metricSavings).some((k) => (metricScore[k] ?? 1) < 0.9);
    if ((failing && hasSavings) || onFailingMetric) {
      perf.push(auditFinding(a, base, { savingsMs: ms, savingsBytes: bytes, metricSavings }));
    }
  }
  perf.sort((x, y) => (y.savingsMs || 0) - (x.savingsMs || 0) || (y.savingsBytes || 0) - (x.savingsBytes || 0));
  out.performance = perf;
  out.runWarnings = lhr.runWarnings ?? [];
  return out;
}

// ---------------------------------------------------------------------------------------------
// Report.

const kb = (bytes) => (bytes / 1000).toFixed(1);
const sec = (ms) => (ms == null ? '–' : `${(ms / 1000).toFixed(2)} s`);
const msf = (ms) => (ms == null ? '–' : `${Math.round(ms)} ms`);
const mark = (ok) => (ok ? '' : ' ✗');

function osName() {
  try {
    const m = fs.readFileSync('/etc/os-release', 'utf8').match(/^PRETTY_NAME="?([^"\n]*)"?/m);
    if (m) return m[1];
  } catch {}
  return `${os.type()} ${os.release()}`;
}

function formatFinding(f) {
  let s = `\`${f.id}\``;
  const bits = [];
  if (f.displayValue) bits.push(f.displayValue);
  if (f.metricSavings && Object.keys(f.metricSavings).length) {
    bits.push(
      Object.entries(f.metricSavings)
        .map(([k, v]) => `${k} −${k === 'CLS' ? v.toFixed(3) : `${Math.round(v)} ms`}`)
        .join(', '),
    );
  }
  if (f.savingsBytes > 0 && !(f.displayValue ?? '').includes('KiB')) bits.push(`${(f.savingsBytes / 1024).toFixed(0)} KiB`);
  if (bits.length) s += ` (${bits.join('; ')})`;
  if (f.examples.length) s += `: ${f.examples.join(', ')}${f.items > f.examples.length ? `, … ${f.items} in all` : ''}`;
  return s;
}

function renderResults(summary) {
  const L = [];
  const m = summary.machine;
  L.push(`Last run: ${summary.date.slice(0, 16).replace('T', ' ')} UTC, ${summary.durationSec} s, ${summary.runs} run(s) per page` +
    `${summary.pagesMeasured === 'all' || !summary.pagesMeasured ? '' : ` (only ${summary.pagesMeasured.map((x) => `\`${x}\``).join(', ')}: PAGES)`}` +
    `${summary.runs > 1 ? ' (the run with the median performance score is shown, the range in brackets)' : ''}, ` +
    `${summary.startedStack ? 'against a devstack this script started' : `against \`${summary.baseUrl}\``}.`);
  L.push('');
  L.push(`Machine: ${m.cpuModel} × ${m.cpus}, ${m.memGiB} GiB, ${m.os}, load average at start ${m.loadavg}. ` +
    `${summary.chromium ?? 'Chromium (version unknown)'}, Lighthouse ${summary.lighthouse}, Node ${summary.node}, ` +
    `Lighthouse benchmarkIndex ${summary.benchmarkIndex ?? '–'}.`);
  L.push('');
  L.push('Mobile (Lighthouse default: Moto G Power emulation, simulated slow 4G and 4× CPU slowdown). ✗ = goal missed.');
  L.push('');
  L.push('| page | perf | a11y | best pr. | SEO | FCP | LCP | TBT | CLS | Speed Index |');
  L.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const p of summary.pages) {
    const s = p.reported.scores;
    const mt = p.reported.metrics;
    const perfs = p.runs.map((r) => r.scores.performance);
    const range = perfs.length > 1 ? ` (${Math.min(...perfs)}–${Math.max(...perfs)})` : '';
    L.push(
      `| ${p.name} \`${p.path}\` | ${s.performance}${range}${mark(s.performance >= GOALS.performance)} | ` +
        `${s.accessibility}${mark(s.accessibility >= GOALS.accessibility)} | ` +
        `${s['best-practices']}${mark(s['best-practices'] >= GOALS['best-practices'])} | ` +
        `${s.seo}${mark(s.seo >= GOALS.seo)} | ${sec(mt.FCP)} | ${sec(mt.LCP)} | ${msf(mt.TBT)} | ` +
        `${mt.CLS == null ? '–' : mt.CLS.toFixed(3)} | ${sec(mt.SI)} |`,
    );
  }
  const met = summary.pages.filter((p) => CATEGORIES.every((c) => p.reported.scores[c] >= GOALS[c])).length;
  L.push('');
  L.push(`Score goals met on ${met} of ${summary.pages.length} pages.`);
  L.push('');

  L.push('### Home page JavaScript');
  L.push('');
  L.push('Initial (before first paint): the `<script type="module" src>` entry plus every `<link rel="modulepreload">` in the served HTML. ' +
    'Loaded for hydration (total): that, plus what the entry imports dynamically right after the first paint (the app) and the page\'s ' +
    'modules its `<meta name="app-modules">` lists (its chunk, its language\'s shared texts), each with its static imports: ' +
    'all the JavaScript the page runs to hydrate, deferred or not. Each file fetched with `Accept-Encoding: gzip`; ' +
    'gzip = bytes on the wire (nginx gzip), raw = decoded. 1 KB = 1000 bytes (as in Vite\'s output).');
  L.push('');
  L.push(`| page | initial files | initial raw KB | initial gzip KB | goal ≤ ${GOALS.initialJsKB} KB gzip | hydration files | hydration raw KB | hydration gzip KB |`);
  L.push('|---|---:|---:|---:|---|---:|---:|---:|');
  for (const p of summary.initialJs.pages) {
    const h = p.hydration;
    L.push(`| \`${p.path}\` | ${p.files.length} | ${kb(p.rawBytes)} | ${kb(p.gzipBytes)} | ${p.gzipBytes <= GOALS.initialJsKB * 1000 ? 'met' : 'not met'} | ` +
      `${h.files.length} | ${kb(h.rawBytes)} | ${kb(h.gzipBytes)} |`);
  }
  L.push('');
  const all = new Map();
  for (const p of summary.initialJs.pages) {
    const initial = new Set(p.files.map((f) => f.url));
    for (const f of p.hydration.files) {
      const e = all.get(f.url) ?? { ...f, in: [], initial: false };
      e.in.push(p.path);
      e.initial ||= initial.has(f.url);
      all.set(f.url, e);
    }
  }
  L.push('| file | raw KB | gzip KB | loaded | by |');
  L.push('|---|---:|---:|---|---|');
  for (const f of [...all.values()].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    const enc = f.encoding === 'gzip' ? '' : f.encoding === 'identity' ? ' (sent uncompressed)' : ` (sent ${f.encoding})`;
    L.push(`| \`${shortUrl(f.url, summary.baseUrl)}\` | ${kb(f.rawBytes)} | ${kb(f.gzipBytes)}${enc} | ${f.initial ? 'initial' : 'after first paint'} | ${f.in.map((p) => `\`${p}\``).join(' ')} |`);
  }
  for (const p of summary.initialJs.pages) {
    if (p.notPreloaded.length) {
      L.push('');
      L.push(`Static imports of \`${p.path}\`'s initial JS without a modulepreload (loaded before the entry runs, not in the sum): ` +
        p.notPreloaded.map((f) => `\`${shortUrl(f.url, summary.baseUrl)}\` ${f.error ? `(${f.error})` : `${kb(f.gzipBytes)} KB gzip`}`).join(', ') + '.');
    }
  }
  L.push('');

  L.push('### What failed, per page');
  L.push('');
  L.push('Audits scoring below 1 in accessibility, best practices and SEO; in performance, opportunities and diagnostics ' +
    'with estimated savings that do not pass, and diagnostics with savings on a metric scoring below 0.9. ' +
    'Up to three examples each (KiB as Lighthouse reports them). Full reports: `results/html/`.');
  L.push('');
  const names = { accessibility: 'a11y', 'best-practices': 'best practices', seo: 'SEO', performance: 'perf' };
  for (const p of summary.pages) {
    const f = p.failing;
    const lines = [];
    for (const c of ['accessibility', 'best-practices', 'seo', 'performance']) {
      for (const x of f[c]) lines.push(`  - ${names[c]}: ${formatFinding(x)}`);
    }
    for (const w of f.runWarnings) lines.push(`  - warning: ${w}`);
    L.push(`- **${p.name} \`${p.path}\`**${lines.length ? '' : ': nothing'}`);
    L.push(...lines);
  }
  return L.join('\n');
}

const HEADER_FALLBACK = `# Lighthouse benchmark\n\nSee \`run.mjs\`.\n\n## Results\n\n`;

async function writeReadme(section) {
  let text = await fsp.readFile(README, 'utf8').catch(() => HEADER_FALLBACK);
  const block = `${MARK_START}\n${section}\n${MARK_END}`;
  const i = text.indexOf(MARK_START);
  const j = text.indexOf(MARK_END);
  if (i >= 0 && j > i) text = text.slice(0, i) + block + text.slice(j + MARK_END.length);
  else text = `${text.replace(/\s*$/, '\n\n')}${block}\n`;
  await fsp.writeFile(README, text);
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const t0 = Date.now();
  const runs = Number.parseInt(process.env.RUNS ?? '1', 10);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`RUNS must be a positive integer, got ${process.env.RUNS}`);
  if (!fs.existsSync(CHROME_PATH)) throw new Error(`Chromium not found at ${CHROME_PATH} (set CHROME_PATH)`);
  const PAGES = selectedPages();

  let base = process.env.BASE_URL?.replace(/\/+$/, '');
  if (base) {
    log(`using ${base}`);
  } else {
    base = (await startStack()).url;
  }

  // Every page must be served before anything is measured.
  for (const p of PAGES) {
    const res = await getRaw(base + p.path).catch((err) => ({ status: err.message }));
    if (res.status !== 200) throw new Error(`GET ${base + p.path}: ${typeof res.status === 'number' ? `HTTP ${res.status}` : res.status}`);
  }

  log('measuring home page JS');
  const initialJs = await measureInitialJs(base);
  for (const p of initialJs.pages) {
    log(`  ${p.path}: initial (before first paint) ${p.files.length} files, ${kb(p.gzipBytes)} KB gzip (${kb(p.rawBytes)} KB raw); ` +
      `loaded for hydration (total) ${p.hydration.files.length} files, ${kb(p.hydration.gzipBytes)} KB gzip (${kb(p.hydration.rawBytes)} KB raw)`);
  }

  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const htmlDir = path.join(RESULTS_DIR, 'html');
  await fsp.mkdir(htmlDir, { recursive: true });

  const pages = [];
  let chromium = null;
  let lighthouseVersion = null;
  const benchIdx = [];
  for (const p of PAGES) {
    const url = base + p.path;
    const results = [];
    for (let r = 1; r <= runs; r++) {
      const t = Date.now();
      const res = await lighthouseRun(url);
      const sum = runSummary(res.lhr);
      results.push({ ...res, sum });
      chromium ??= res.browser;
      lighthouseVersion ??= res.lhr.lighthouseVersion;
      if (sum.benchmarkIndex) benchIdx.push(sum.benchmarkIndex);
      const s = sum.scores;
      log(`${p.path} run ${r}/${runs} (${((Date.now() - t) / 1000).toFixed(0)} s): perf ${s.performance}, a11y ${s.accessibility}, ` +
        `bp ${s['best-practices']}, seo ${s.seo}, LCP ${sec(sum.metrics.LCP)}, TBT ${msf(sum.metrics.TBT)}`);
    }
    // Median by performance score (lower middle for an even count), ties broken by run order.
    const order = results.map((_, i) => i).sort((a, b) => results[a].sum.scores.performance - results[b].sum.scores.performance || a - b);
    const med = results[order[Math.floor((order.length - 1) / 2)]];
    const slug = p.path.replace(/^\//, '').replace(/\//g, '_');
    await fsp.writeFile(path.join(htmlDir, `${slug}.html`), med.html);
    pages.push({
      name: p.name,
      lang: p.lang,
      path: p.path,
      url,
      runs: results.map((r) => r.sum),
      reported: med.sum,
      failing: failingAudits(med.lhr, base),
    });
  }

  benchIdx.sort((a, b) => a - b);
  const summary = {
    date: new Date().toISOString(),
    baseUrl: base,
    startedStack: Boolean(stack),
    runs,
    pagesMeasured: PAGES.length === ALL_PAGES.length ? 'all' : PAGES.map((p) => p.path),
    durationSec: Math.round((Date.now() - t0) / 1000),
    machine: {
      cpuModel: os.cpus()[0]?.model?.trim() ?? 'unknown CPU',
      cpus: os.cpus().length,
      memGiB: Math.round(os.totalmem() / 2 ** 30),
      os: osName(),
      loadavg: startLoad, // at the start of the run: what else was using the machine
    },
    chromium: chromium ? chromium.replace(/^(Headless)?Chrome\//, 'Chromium ') : null,
    lighthouse: lighthouseVersion,
    node: process.versions.node,
    benchmarkIndex: benchIdx.length ? Math.round(benchIdx[Math.floor((benchIdx.length - 1) / 2)]) : null,
    goals: GOALS,
    pages,
    initialJs,
  };
  await fsp.writeFile(path.join(RESULTS_DIR, `summary-${stamp}.json`), JSON.stringify(summary, null, 2) + '\n');
  await fsp.writeFile(path.join(RESULTS_DIR, 'latest.json'), JSON.stringify(summary, null, 2) + '\n');
  await writeReadme(renderResults(summary));
  log(`done in ${summary.durationSec} s: README.md updated, results/summary-${stamp}.json and results/html/ written`);
}

const startLoad = os.loadavg().map((x) => x.toFixed(2)).join(' ');
let code = 0;
try {
  await main();
} catch (err) {
  console.error(`lighthouse benchmark failed: ${err.stack ?? err}`);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);
