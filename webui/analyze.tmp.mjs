import { SourceMapConsumer } from 'source-map-js';
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const dir = 'dist-analyze/assets';
const texts = {};
for (const f of readdirSync(dir).filter((f) => f.endsWith('.js') && /^(index|i18n|home|page-meta|service-cards|get-services)/.test(f))) {
  const code = readFileSync(`${dir}/${f}`, 'utf8');
  const map = new SourceMapConsumer(JSON.parse(readFileSync(`${dir}/${f}.map`, 'utf8')));
  const lines = code.split('\n');
  let prev = null;
  const add = (p, text) => {
    const src = p.source ?? '?';
    const key = src.includes('node_modules/') ? src.replace(/.*node_modules\//, '').split('/')[0] : src.replace(/.*\/src\//, 'src/');
    texts[key] = (texts[key] ?? '') + text;
  };
  map.eachMapping((m) => {
    if (prev) {
      const line = lines[prev.generatedLine - 1];
      const end = m.generatedLine === prev.generatedLine ? m.generatedColumn : line.length;
      add(prev, line.slice(prev.generatedColumn, end));
    }
    prev = m;
  });
}
const rows = Object.entries(texts).map(([k, t]) => [k, t.length, gzipSync(t).length]).sort((a, b) => b[2] - a[2]);
let own = 0; for (const r of rows) if (r[0].startsWith('src/')) own += r[2];
console.log(rows.slice(0, 40).map((r) => r.join('\t')).join('\n')); console.log('own gz sum', own);
