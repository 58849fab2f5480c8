/**
 * Bundle sizes of the built console and site against DESIGN's budgets ("Performance budgets"):
 *   console login route ≤ 250 KB gzip of JS, console shell after login ≤ 450 KB gzip,
 *   site home ≤ 100 KB gzip.
 *
 * Reads each app's Vite manifest (dist/.vite/manifest.json). The JS a route needs is the entry
 * chunk and everything it imports statically, plus — when the route's module is a lazy chunk of
 * its own — that chunk and its static imports:
 *   console login: entry + the chunk of src/pages/login/… (if lazy)
 *   console shell: entry + the chunk of src/app/layout/AppLayout.tsx (if lazy)
 *   site home:     entry (the home page is in the entry)
 * Override the matched modules with CONSOLE_LOGIN_MATCH / CONSOLE_SHELL_MATCH / SITE_HOME_MATCH
 * (regular expressions over manifest keys).
 *
 * Build first (`npm run build -w @bencao/admin`, `npm run build -w @bencao/site`), then:
 *   node bench/bundle-size.mjs            prints figures, exits 0 (a benchmark, not a test)
 *   node bench/bundle-size.mjs --strict   exits 1 when a budget is over or a build is missing
 * Gzip is level 9, as the server's precompressed .gz files (scripts/vitePrecompress.ts); 1 KB = 1024 bytes.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const strict = process.argv.includes('--strict');
const KB = 1024;
const kb = (n) => `${(n / KB).toFixed(1)} KB`;

const APPS = [
  {
    name: 'console',
    dir: 'apps/admin/dist',
    build: 'npm run build -w @bencao/admin',
    routes: [
      { name: 'login', budget: 250 * KB, match: process.env.CONSOLE_LOGIN_MATCH ?? String.raw`(^|/)src/pages/login/` },
      { name: 'shell', budget: 450 * KB, match: process.env.CONSOLE_SHELL_MATCH ?? String.raw`(^|/)src/app/layout/Shell\.tsx$` },
    ],
  },
  {
    name: 'site',
    dir: 'apps/site/dist',
    build: 'npm run build -w @bencao/site',
    routes: [
      { name: 'home', budget: 100 * KB, match: process.env.SITE_HOME_MATCH ?? String.raw`(^|/)src/pages/Home\.tsx$` },
    ],
  },
];

/** raw and gzip bytes of a file of the build, memoized */
function sizer(dist) {
  const cache = new Map();
  return (file) => {
    if (!cache.has(file)) {
      const buf = fs.readFileSync(path.join(dist, file));
      cache.set(file, { raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length });
    }
    return cache.get(file);
  };
}

/** manifest keys reachable from `keys` through static imports */
function staticClosure(manifest, keys) {
  const seen = new Set();
  const walk = (k) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) walk(i);
  };
  keys.forEach(walk);
  return seen;
}

const sum = (files, size) => files.reduce((acc, f) => {
  const s = size(f);
  return { raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip };
}, { raw: 0, gzip: 0 });

const row = (label, s, extra = '') => `  ${label.padEnd(44)} ${kb(s.raw).padStart(10)} raw ${kb(s.gzip).padStart(10)} gzip${extra}`;

function report(appDef) {
  const dist = path.join(root, appDef.dir);
  const manifestPath = path.join(dist, '.vite/manifest.json');
  console.log(`\n${appDef.name} (${appDef.dir})`);
  if (!fs.existsSync(manifestPath)) {
    console.log(`  no build: ${path.relative(root, manifestPath)} is missing — build it first (${appDef.build})`);
    for (const r of appDef.routes) console.log(`  ${`${appDef.name} ${r.name}`.padEnd(20)} budget ≤ ${kb(r.budget)} gzip: MISSING (not built)`);
    return appDef.routes.map(() => 'missing');
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const size = sizer(dist);
  const isJs = (f) => /\.m?js$/.test(f);

  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry && isJs(manifest[k].file));
  if (entries.length === 0) {
    console.log(`  the manifest lists no JS entry chunk: is ${appDef.dir} a Vite build?`);
    return appDef.routes.map(() => 'missing');
  }
  console.log('  entry chunks');
  for (const k of entries) console.log(row(`${k} → ${manifest[k].file}`, size(manifest[k].file)));

  const entryClosure = staticClosure(manifest, entries);
  const results = [];
  console.log('  routes (entry + static imports, + the route\'s lazy chunk and its static imports)');
  for (const r of appDef.routes) {
    const re = new RegExp(r.match);
    const lazyKeys = Object.keys(manifest).filter((k) => re.test(k) || re.test(manifest[k].src ?? ''));
    const keys = staticClosure(manifest, [...entries, ...lazyKeys]);
    const files = [...new Set([...keys].map((k) => manifest[k].file).filter(isJs))];
    const css = [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];
    const js = sum(files, size);
    const verdict = js.gzip <= r.budget ? 'PASS' : 'OVER';
    const where = lazyKeys.length ? `lazy chunk ${lazyKeys.join(', ')}` : 'in the entry (no chunk of its own)';
    console.log(row(`${r.name}: JS, ${files.length} file(s)`, js));
    if (css.length) console.log(row(`${r.name}: CSS, ${css.length} file(s) (not budgeted)`, sum(css, size)));
    console.log(`    route module: ${where}`);
    console.log(`  ${`${appDef.name} ${r.name}`.padEnd(20)} ${kb(js.gzip).padStart(10)} gzip, budget ≤ ${kb(r.budget)}: ${verdict}`);
    results.push(verdict);
  }

  const lazy = Object.keys(manifest)
    .filter((k) => manifest[k].isDynamicEntry && !entryClosure.has(k) && isJs(manifest[k].file))
    .map((k) => ({ k, s: size(manifest[k].file) }))
    .sort((a, b) => b.s.gzip - a.s.gzip);
  if (lazy.length) {
    console.log(`  lazy chunks: ${lazy.length}; largest (own file only; shared imports load with them)`);
    for (const { k, s } of lazy.slice(0, 5)) console.log(row(k, s));
  }
  return results;
}

console.log('Bundle sizes (gzip -9) against DESIGN budgets');
const all = APPS.flatMap(report);
const over = all.filter((v) => v === 'OVER').length;
const missing = all.filter((v) => v === 'missing').length;
console.log(`\n${all.length - over - missing} PASS, ${over} OVER, ${missing} not measured (no build)`);
if (strict && (over || missing)) process.exitCode = 1;
