/**
 * The public site's API at 20 connections, as a visitor's browser calls it (br/gzip accepted):
 *  - "home": the six calls a home page view makes, in turn (settings, column tree, the overview page,
 *    4 products, 4 news, 3 medicine items), each a full answer;
 *  - "home, revalidated": the same calls with the ETag of the visitor's copy (the site always revalidates);
 *  - "news detail": one news item;
 *  - baseline in the same run and server: a static file of about the same size served by @fastify/static.
 * Budget (DESIGN): each API figure ≥ 50% of the static file's req/s and p99 ≤ 50 ms → PASS/OVER.
 * On PGlite, and on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a database it may fill.
 * Run: npx tsx bench/site-api.ts   (BENCH_SECONDS=10; all traffic stays on 127.0.0.1)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { readConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/db/seed/index';
import { buildApp } from '../apps/server/src/app';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const ACCEPT = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };
const HOME = [
  '/api/site/settings',
  '/api/site/columns',
  '/api/site/pages/overview',
  '/api/site/articles?kind=product&page=1&limit=4',
  '/api/site/articles?kind=news&page=1&limit=4',
  '/api/site/articles?kind=medicine&page=1&limit=3',
];

async function run(label: string, databaseUrl?: string) {
  const dataDir = path.join(os.tmpdir(), `bencao-bench-site-${process.pid}`);
  const siteDist = path.join(dataDir, 'site-dist');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(siteDist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(siteDist, 'index.html'), '<!doctype html><title>bench</title>');
  const database = await openDatabase({ dataDir, databaseUrl });
  await database.migrate();
  const config = { ...readConfig({ ...process.env, BENCAO_PROFILE: 'demo', LOG_LEVEL: 'error' }), dataDir, databaseUrl, siteDist };
  await seed(database.db, config);
  const { app } = await buildApp(database, config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const news = (await (await fetch(`${base}/api/site/articles?kind=news&page=1&limit=1`)).json()) as { data: { records: { id: number }[] } };
  const newsUrl = `/api/site/articles/${news.data.records[0].id}`;
  // the static baseline: a file as large as the uncompressed home answers on average
  const sizes = await Promise.all(HOME.map(async (u) => (await (await fetch(base + u)).text()).length));
  const staticSize = Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length);
  // written with .br/.gz beside it, as the build writes every real asset (scripts/vitePrecompress.ts):
  // otherwise the baseline measures per-request compression, not serving a file
  const baselineFile = path.join(siteDist, 'assets', 'baseline.json');
  const baselineBody = Buffer.from(JSON.stringify({ pad: 'x'.repeat(Math.max(0, staticSize - 12)) }));
  fs.writeFileSync(baselineFile, baselineBody);
  fs.writeFileSync(`${baselineFile}.gz`, zlib.gzipSync(baselineBody, { level: 9 }));
  fs.writeFileSync(`${baselineFile}.br`, zlib.brotliCompressSync(baselineBody));
  const etags = await Promise.all(HOME.map(async (u) => (await fetch(base + u)).headers.get('etag') ?? ''));

  const measure = async (name: string, requests: { path: string; headers?: Record<string, string> }[]) => {
    const opts = { url: base, connections: CONNECTIONS, headers: ACCEPT, requests: requests.map((r) => ({ method: 'GET' as const, ...r })) };
    await autocannon({ ...opts, duration: 2 }); // warm-up
    const r = await autocannon({ ...opts, duration: DURATION });
    const bad = r.errors + r.timeouts + (r.non2xx - (r['3xx'] ?? 0));
    console.log(`${label.padEnd(10)} ${name.padEnd(36)} ${Math.round(r.requests.average).toString().padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms${bad ? `  (${bad} errors!)` : ''}`);
    return r;
  };
  const baseline = await measure(`baseline: static file (${staticSize} B)`, [{ path: '/assets/baseline.json' }]);
  const results = [
    ['home (6 calls in turn)', await measure('home: 6 calls in turn', HOME.map((p) => ({ path: p })))],
    ['home revalidated', await measure('home: 6 calls, revalidated (304)', HOME.map((p, i) => ({ path: p, headers: { ...ACCEPT, 'if-none-match': etags[i] } })))],
    ['news detail', await measure('news detail', [{ path: newsUrl }])],
  ] as const;
  for (const [name, r] of results) {
    const ratio = r.requests.average / baseline.requests.average;
    const pass = ratio >= 0.5 && r.latency.p99 <= 50;
    console.log(`${label.padEnd(10)} ${name.padEnd(24)} / static = ${ratio.toFixed(2)}; budget ≥ 0.50 and p99 ≤ 50 ms: ${pass ? 'PASS' : 'OVER'}`);
  }
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await run('PGlite');
const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pg) await run('PostgreSQL', pg);
else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL to a database the bench may fill)');
process.exit(0);
