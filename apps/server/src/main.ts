import { readConfig } from './config';
import { openDatabase } from './db/client';
import { seed } from './db/seed/index';
import { buildApp } from './app';
import { accounts } from './db/schema/index';
import { startGateway } from './modules/gateway/proxy';
import { readAlarmConfig, startAlarmEvaluator } from './modules/gateway/alarms';
import { startJobRunner } from './modules/workflow/jobs';

/** config → db → migrate → seed → listen. */
async function main() {
  const config = readConfig();
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
  const seeded = await seed(database.db, config);
  const { app } = await buildApp(database, config);
  await app.listen({ port: config.port, host: config.host });
  // the gateway: released routes on their own port (modules/gateway/proxy.ts)
  const gateway = await startGateway(database.db, { port: config.gatewayPort, host: config.host, logLevel: config.logLevel, timeoutMs: config.gatewayTimeoutMs, trustProxy: config.trustProxy });
  // alarm rules over this process's gateway counters, every ALARM_INTERVAL_SEC (modules/gateway/alarms.ts)
  const alarms = startAlarmEvaluator(database.db, { ...readAlarmConfig(), log: app.log });
  // workflow timers, service tasks and listener callbacks of the job table (modules/workflow/jobs.ts)
  const workflowJobs = startJobRunner(database.db, { pollMs: Number(process.env.WORKFLOW_JOB_POLL_MS) || 1000, log: app.log });

  const base = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  console.log(`\nBencao is running (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
  console.log(`  site:     ${base}/`);
  console.log(`  console:  ${base}/console/`);
  console.log(`  API docs: ${base}/api/docs`);
  console.log(`  gateway:  ${gateway.url}/`);
  if (seeded.demoAccounts.length) {
    console.log('  demo accounts (user / password):');
    for (const d of seeded.demoAccounts) console.log(`    ${d.userId.padEnd(10)} ${d.password.padEnd(14)} ${d.note}`);
  }
  const stop = async () => { await workflowJobs.stop(); await alarms.stop(); await gateway.close(); await app.close(); await database.close(); process.exit(0); };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => { console.error(err); process.exit(1); });
