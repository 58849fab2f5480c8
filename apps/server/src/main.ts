import cluster from 'node:cluster';
import { readConfig, type AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { seed, seedSummary } from './db/seed/index';
import { rememberSeeded, seedFingerprint, seededAlready } from './db/seed/seedFingerprint';
import { buildApp } from './app';
import { accounts } from './db/schema/index';
import os from 'node:os';
import { startGateway } from './modules/gateway/proxy';
import { startGatewayWorkers } from './modules/gateway/workers';
import { readAlarmConfig, startAlarmEvaluator } from './modules/gateway/alarms';
import { startJobRunner } from './modules/workflow/jobs';
import { startEmbeddedAutovacuum } from './db/embeddedAutovacuum';
import { announceServer } from './ops/backup';
import type { AddressInfo } from 'node:net';

/**
 * config → db → migrate → seed → listen. With `WORKERS=N` (N > 1) on PostgreSQL, the primary process
 * migrates and seeds, then forks N API processes sharing the port (node cluster); the first of them also
 * runs the gateway (GATEWAY_WORKERS processes of its own, whose counters it merges) and its alarm evaluator, every one claims
 * workflow jobs (claims are atomic in the database). The embedded database is one process: WORKERS is
 * ignored there.
 */
async function main() {
  const config = readConfig();
  const workers = Math.max(1, Math.floor(Number(process.env.WORKERS ?? 1)) || 1);
  if (cluster.isWorker) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    return serve(config, database, Number(process.env.BENCAO_WORKER_INDEX ?? 1), null);
  }
  if (workers > 1 && !config.databaseUrl) console.warn('WORKERS is ignored on the embedded database (one process); set DATABASE_URL to use PostgreSQL');
  const { database, seeded } = await prepareDatabase(config);
  if (workers > 1 && config.databaseUrl) {
    await database.close();
    return primary(config, workers, seeded);
  }
  return serve(config, database, 1, seeded);
}

async function prepareDatabase(config: AppConfig) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  if (config.profile === 'production' && !config.adminPassword) {
    const any = await database.db.select({ id: accounts.id }).from(accounts).limit(1);
    if (!any.length) {
      console.error('BENCAO_PROFILE=production: set BENCAO_ADMIN_PASSWORD to create the initial administrator "admin", then start again.');
      await database.close();
      process.exit(1);
    }
  }
  // a restart of the same build with the same settings has nothing to seed (db/seed/seedFingerprint.ts)
  const fingerprint = database.kind === 'pglite' ? seedFingerprint(config) : null;
  if (seededAlready(config.dataDir, fingerprint)) return { database, seeded: seedSummary(config, false) };
  const seeded = await seed(database.db, config);
  rememberSeeded(config.dataDir, fingerprint);
  return { database, seeded };
}
type Seeded = Awaited<ReturnType<typeof seed>>;

/** Forks the API processes, starts a new one in the place of one that dies, stops them all on SIGTERM/SIGINT. */
function primary(config: AppConfig, workers: number, seeded: Seeded) {
  let stopping = false;
  let ready = 0;
  const fork = (index: number) => {
    const w = cluster.fork({ BENCAO_WORKER_INDEX: String(index) });
    w.on('message', (m) => { if (m === 'listening' && ++ready === workers) printBanner(config, 'PostgreSQL', seeded, workers); });
    w.on('exit', (code, signal) => {
      if (stopping) return;
      console.error(`API process ${index} ended (${signal ?? code}); starting it again`);
      setTimeout(() => fork(index), 1000);
    });
  };
  for (let i = 1; i <= workers; i++) fork(i);
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const all = Object.values(cluster.workers ?? {});
    let left = all.length;
    if (!left) process.exit(0);
    for (const w of all) { w?.once('exit', () => { if (--left === 0) process.exit(0); }); w?.kill('SIGTERM'); }
    setTimeout(() => process.exit(0), 15_000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** One API process. `index` 1 also runs the gateway and its alarms; `seeded` is set when this process prints the banner. */
async function serve(config: AppConfig, database: Database, index: number, seeded: Seeded | null) {
  const { app, backupToken } = await buildApp(database, config);
  await app.listen({ port: config.port, host: config.host });
  // `npm run db -- backup` finds the server holding the embedded database here (ops/backup.ts)
  const withdraw = database.kind === 'pglite' ? announceServer(config.dataDir, { url: localUrl(config.host, (app.server.address() as AddressInfo).port), token: backupToken }) : null;
  // the gateway: released routes on their own port, served by GATEWAY_WORKERS processes of its own
  // (modules/gateway/workers.ts; 0: inside this process, modules/gateway/proxy.ts)
  const gatewayOptions = { port: config.gatewayPort, host: config.host, logLevel: config.logLevel, timeoutMs: config.gatewayTimeoutMs, trustProxy: config.trustProxy };
  const gatewayWorkers = Math.max(0, Math.floor(Number(process.env.GATEWAY_WORKERS ?? os.availableParallelism())) || 0);
  const gateway = index !== 1 ? null
    : gatewayWorkers > 0 ? await startGatewayWorkers(database.db, { ...gatewayOptions, workers: gatewayWorkers })
      : await startGateway(database.db, gatewayOptions);
  // alarm rules over this process's gateway counters, every ALARM_INTERVAL_SEC (modules/gateway/alarms.ts)
  const alarms = gateway ? startAlarmEvaluator(database.db, { ...readAlarmConfig(), log: app.log }) : null;
  // workflow timers, service tasks and listener callbacks of the job table (modules/workflow/jobs.ts)
  const workflowJobs = startJobRunner(database.db, { pollMs: Number(process.env.WORKFLOW_JOB_POLL_MS) || 1000, log: app.log });
  // PostgreSQL vacuums and analyses by itself; the embedded database does not (db/embeddedAutovacuum.ts)
  const maintenance = database.kind === 'pglite' ? startEmbeddedAutovacuum(database.db, { log: app.log }) : null;

  if (seeded) printBanner(config, database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL', seeded, 1, gateway?.url);
  else process.send?.('listening');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await workflowJobs.stop(); await maintenance?.stop(); await alarms?.stop(); await gateway?.close();
      // requests under way (also those whose client has gone) end before the database closes; new ones get 503
      await app.close(); await database.close(); withdraw?.();
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** how a command on this machine reaches the server */
const localUrl = (host: string, port: number) => `http://${['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;

function printBanner(config: AppConfig, dbLabel: string, seeded: Seeded, workers: number, gatewayUrl?: string) {
  const base = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  console.log(`\nBencao is running (${dbLabel}${workers > 1 ? `, ${workers} API processes` : ''})`);
  console.log(`  site:     ${base}/`);
  console.log(`  console:  ${base}/console/`);
  console.log(`  API docs: ${base}/api/docs`);
  console.log(`  gateway:  ${gatewayUrl ?? `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.gatewayPort}`}/`);
  if (seeded.demoAccounts.length) {
    console.log('  demo accounts (user / password):');
    for (const d of seeded.demoAccounts) console.log(`    ${d.userId.padEnd(10)} ${d.password.padEnd(14)} ${d.note}`);
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
