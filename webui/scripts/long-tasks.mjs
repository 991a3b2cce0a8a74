// The main thread's long tasks of one page load, as Lighthouse's mobile TBT counts them: Chromium
// with the CPU slowed four times (Lighthouse's simulation multiplies what it observes by four),
// traced with V8's sampler on, every task over 50 ms listed with the functions its samples fall
// in, mapped back to the sources when the build has source maps (SOURCEMAP=1 npm run build).
//
//   node scripts/long-tasks.mjs http://127.0.0.1:8000/tr
//
// RATE (CPU slowdown, 4), LIMIT (ms, 50), WAIT (ms to trace after load, 6000), TOP (functions per
// task, 8), CHROME_PATH (/usr/bin/chromium). bench/lighthouse/README.md says what it found.
import fs from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';

const url = new URL(process.argv[2] ?? 'http://127.0.0.1:8000/tr');
const rate = Number(process.env.RATE ?? 4);
const limit = Number(process.env.LIMIT ?? 50);
const topN = Number(process.env.TOP ?? 8);
const assets = join(import.meta.dirname, '..', 'dist', 'assets');

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
let trace;
try {
  // A phone-sized window, as Lighthouse's mobile emulation.
  const page = await (await browser.newContext({ viewport: { width: 412, height: 823 } })).newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler', 'v8.execute', 'blink.user_timing', 'loading'] });
  await page.goto(url.href);
  await page.waitForTimeout(Number(process.env.WAIT ?? 6000));
  trace = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
} finally {
  await browser.close();
}

const nav = trace.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith('http'));
if (!nav) throw new Error('the trace has no navigation of the page');
const onMain = (e) => e.pid === nav.pid && e.tid === nav.tid;

// The V8 sampler's profile: nodes (with parents) and samples, in chunks.
const nodes = new Map();
const samples = [];
const profile = trace.find((e) => e.name === 'Profile' && e.pid === nav.pid);
let ts = profile?.args?.data?.startTime ?? 0;
for (const e of trace) {
  if (e.name !== 'ProfileChunk' || e.pid !== nav.pid || e.id !== profile?.id) continue;
  const { cpuProfile = {}, timeDeltas = [] } = e.args.data;
  for (const n of cpuProfile.nodes ?? []) nodes.set(n.id, n);
  (cpuProfile.samples ?? []).forEach((id, i) => {
    ts += timeDeltas[i];
    samples.push({ id, ts });
  });
}

const maps = new Map();
function sourceMap(file) {
  if (!maps.has(file)) {
    const path = join(assets, `${file}.map`);
    maps.set(file, fs.existsSync(path) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(path, 'utf8'))) : null);
  }
  return maps.get(file);
}
const labels = new Map();
function label(id) {
  if (labels.has(id)) return labels.get(id);
  const frame = nodes.get(id)?.callFrame ?? {};
  const name = frame.functionName || '(anonymous)';
  const file = (frame.url ?? '').match(/\/assets\/([^/?]+\.js)$/)?.[1];
  let text = frame.url ? `${name} ${frame.url.replace(url.origin, '')}` : name;
  const map = file && sourceMap(file);
  if (map) {
    const o = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    text = `${o.name || name} ${(o.source ?? '?').replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/')}:${o.line}`;
  }
  labels.set(id, text);
  return text;
}

const tasks = trace.filter((e) => onMain(e) && e.name === 'RunTask' && e.dur > limit * 1000 && e.ts >= nav.ts);
const top = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, topN).map(([k, v]) => `    ${v.toFixed(1).padStart(6)} ms  ${k}`);
let blocking = 0;
for (const task of tasks) {
  blocking += task.dur / 1000 - limit;
  // Time under each function (inclusive), React's and the scheduler's own frames left out.
  const under = new Map();
  const within = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur);
  within.forEach((s, i) => {
    const dt = ((within[i + 1]?.ts ?? s.ts) - s.ts) / 1000;
    const seen = new Set();
    for (let id = s.id; id; id = nodes.get(id)?.parent) {
      const l = label(id);
      if (seen.has(l) || l.startsWith('(root)') || /react-dom|scheduler\//.test(l)) continue;
      seen.add(l);
      under.set(l, (under.get(l) ?? 0) + dt);
    }
  });
  // What Chromium did in it besides script: the longest of each kind.
  const kinds = new Map();
  for (const e of trace) {
    if (!onMain(e) || e.ph !== 'X' || e === task || e.ts < task.ts || e.ts >= task.ts + task.dur) continue;
    if (['Layout', 'UpdateLayoutTree', 'ParseHTML', 'Paint', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'RunMicrotasks', 'MajorGC', 'MinorGC'].includes(e.name)) {
      kinds.set(e.name, Math.max(kinds.get(e.name) ?? 0, e.dur / 1000));
    }
  }
  const what = [...kinds].map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');
  console.log([`at ${((task.ts - nav.ts) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(1)} ms [${what}]`, ...top(under)].join('\n'));
}
console.log(`${tasks.length} tasks over ${limit} ms, ${blocking.toFixed(0)} ms over it in all (CPU ${rate}x slower)`);
