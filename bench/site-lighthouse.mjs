/**
 * The public website against its budgets (DESIGN "Performance budgets"):
 *   1. bundle sizes from the build manifest: the JS the home page loads (entry + its static
 *      imports) ≤ 100 KB gzip, and the largest lazy chunk;
 *   2. Lighthouse (mobile preset: emulated phone, simulated slow 4G and 4× CPU) with Debian's
 *      Chromium on every kind of page (home, a list, each kind of detail, about, service, search, English pages):
 *      performance ≥ 95, accessibility 100, best practices ≥ 95, SEO ≥ 90.
 *
 * Needs a running server that serves the built site (`npm run build -w @bencao/site`, then
 * `npm start`, or the e2e server):
 *   node bench/site-lighthouse.mjs [http://127.0.0.1:8080]      (or SITE_URL=…)
 * Prints figures; exits 0 (a benchmark, not a test). CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/site/dist');
const base = (process.argv[2] ?? process.env.SITE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const KB = (n) => `${(n / 1024).toFixed(1)} KB`;

// ───────────── bundle sizes ─────────────
function bundleSizes() {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestPath)) {
    console.log(`no build manifest at ${manifestPath}: build the site first (npm run build -w @bencao/site)`);
    return null;
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const seen = new Set();
  const css = new Set();
  const walk = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const c of manifest[key].css ?? []) css.add(c);
    for (const i of manifest[key].imports ?? []) walk(i);
  };
  walk(entryKey);
  const homeFiles = [...seen].map((k) => manifest[k].file);
  const homeJs = homeFiles.reduce((n, f) => n + gz(f), 0);
  const homeCss = [...css].reduce((n, f) => n + gz(f), 0);
  const lazy = Object.entries(manifest)
    .filter(([k, v]) => v.isDynamicEntry && !seen.has(k))
    .map(([k, v]) => ({ name: k.replace(/^src\//, ''), gzip: gz(v.file) }))
    .sort((a, b) => b.gzip - a.gzip);
  console.log('Site bundle (gzip -9)');
  console.log(`  home JS      ${KB(homeJs).padStart(9)}  (${homeFiles.length} files)   budget ≤ 100 KB  ${homeJs <= 100 * 1024 ? 'PASS' : 'FAIL'}`);
  console.log(`  home CSS     ${KB(homeCss).padStart(9)}`);
  console.log(`  lazy chunks  ${lazy.length}, largest ${lazy[0]?.name} ${KB(lazy[0]?.gzip ?? 0)} (its shared imports load with it)`);
  return { homeJs, homeCss };
}

// ───────────── Lighthouse ─────────────
const BUDGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 90 };

/** the newest published item of a kind, at its path URL (/products/24) */
async function detailUrl(kind, segment, lang = '') {
  const res = await fetch(`${base}/api/site/articles?kind=${kind}&page=1&limit=1`);
  const body = await res.json();
  const id = body?.data?.records?.[0]?.id;
  if (!id) throw new Error(`no published ${kind} at ${base}`);
  return `${base}${lang}/${segment}/${id}`;
}

async function audit(chrome, url) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(BUDGETS),
    formFactor: 'mobile',
    screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
    throttlingMethod: 'simulate',
  });
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(Object.keys(BUDGETS).map((k) => [k, Math.round((lhr.categories[k]?.score ?? 0) * 100)]));
  const metric = (id) => lhr.audits[id]?.displayValue ?? '-';
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  return { url, scores, metrics: { FCP: metric('first-contentful-paint'), LCP: metric('largest-contentful-paint'), TBT: metric('total-blocking-time'), CLS: metric('cumulative-layout-shift'), SI: metric('speed-index') }, failing };
}

async function main() {
  bundleSizes();
  const health = await fetch(`${base}/api/health`).catch(() => null);
  if (!health?.ok) {
    console.log(`\nno server answering at ${base}/api/health: start one and pass its URL`);
    return;
  }
  const index = await fetch(`${base}/`).then((r) => r.text());
  if (!index.includes('id="root"')) {
    console.log(`\n${base}/ does not serve the built site (apps/site/dist)`);
    return;
  }
  const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
  // every kind of page a visitor opens: the home, a list, each kind of detail, a form, search, an English page
  const pages = [
    `${base}/`, `${base}/news`, await detailUrl('news', 'news'), await detailUrl('product', 'products'), await detailUrl('medicine', 'medicine'),
    await detailUrl('job', 'jobs'), await detailUrl('bid', 'bids'), `${base}/about/0`, `${base}/service`, `${base}/search?q=${encodeURIComponent('丹参')}`,
    `${base}/en/`, await detailUrl('product', 'products', '/en'),
  ];
  const { default: pkg } = await import('lighthouse/package.json', { with: { type: 'json' } });
  console.log(`\nLighthouse ${pkg.version}, mobile preset (simulated slow 4G, 4x CPU), ${base}`);
  for (const url of pages) {
    // a fresh browser per page: nothing cached from the page before
    const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: flags });
    try {
      // Lighthouse's own recording sometimes fails (NO_NAVSTART, "run Lighthouse again"): once more before giving up
      const r = await audit(chrome, url).catch((e) => { console.log(`  (${String(e.message).slice(0, 80)}; again)`); return audit(chrome, url); });
      console.log(`\n${url.replace(base, '')}`);
      for (const [k, min] of Object.entries(BUDGETS)) {
        const s = r.scores[k];
        console.log(`  ${k.padEnd(15)} ${String(s).padStart(3)}   budget ${min === 100 ? '= 100' : `≥ ${min}`}   ${s >= min ? 'PASS' : 'FAIL'}`);
      }
      console.log(`  metrics         ${Object.entries(r.metrics).map(([k, v]) => `${k} ${v}`).join(' · ')}`);
      if (r.failing.length) console.log(`  flagged         ${r.failing.join(', ')}`);
    } finally {
      await chrome.kill();
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
