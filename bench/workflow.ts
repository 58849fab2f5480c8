/**
 * Workflow engine figures against DESIGN's budgets (not a test; prints and exits 0):
 * - task completions per second (lock, check, history, next task) at 20 connections over HTTP;
 *   budget ≥ 300/s embedded, ≥ 1,000/s PostgreSQL. Baseline in the same run: GET /api/health.
 * - the monitor list and a user's to-do list over 100,000 instances / tasks: p99 (budget ≤ 50 ms).
 * - 10,000 due timers fired: time to fire all (budget ≤ 60 s), each exactly once (two runners on
 *   PostgreSQL, each with its own connection pool).
 * BENCH_WORKERS=1,2: completions also against `npm start`'s server in child processes (WORKERS=n on PostgreSQL; 1 on the embedded
 *   database, which this process closes meanwhile), each with its own baseline;
 * BENCH_PG_STATEMENTS=1: the completions' statements by total time (pg_stat_statements must be preloaded).
 * The lists are measured as autovacuum (PostgreSQL) or the server's maintenance pass (PGlite) leaves them a minute after the load;
 * BENCH_LISTS_VACUUM=0: right after the load, analysed only (no visibility map yet).
 * Run: npx tsx bench/workflow.ts   (BENCH_ONLY=postgres: PostgreSQL only; PostgreSQL too when BENCH_DATABASE_URL / DATABASE_URL is set: a database the bench may fill)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { cpuSeconds, startServer } from './serverProcess';
import { eq, sql } from 'drizzle-orm';
import { readConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/db/seed/index';
import { buildApp } from '../apps/server/src/app';
import { encryptForLogin } from '../apps/server/src/platform/auth/loginKeys';
import { accounts, wfDefinitions } from '../apps/server/src/db/schema/index';
import { definitionService } from '../apps/server/src/modules/workflow/definitions';
import { createInstance, SYSTEM } from '../apps/server/src/modules/workflow/engine/runtime';
import { runDueJobs } from '../apps/server/src/modules/workflow/jobs';
import { autovacuumPass } from '../apps/server/src/db/embeddedAutovacuum';
import { onQueryTimed } from '../apps/server/src/db/queryTiming';
import { cpuProbe, machineLine } from './calibration';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
/** BENCH_PARTS=completions,purchase,lists,timers (default all): run only some parts */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'completions,purchase,lists,timers').split(',').map((x) => x.trim()));

const xmlOf = (id: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bencao="http://bencao.dev/schema/bpmn" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="D_${id}" targetNamespace="http://bencao.dev/bench">
<bpmn:process id="${id}" isExecutable="true">${body}</bpmn:process></bpmn:definitions>`;
const starter = ' bencao:assignment="{&quot;rule&quot;:{&quot;kind&quot;:&quot;starter&quot;}}"';
const chain = (n: number) => {
  const ids = ['start', ...Array.from({ length: n }, (_, i) => `t${i}`), 'end'];
  return xmlOf('benchChain', ['<bpmn:startEvent id="start"/>', ...ids.slice(1, -1).map((t) => `<bpmn:userTask id="${t}" name="${t}"${starter}/>`), '<bpmn:endEvent id="end"/>',
    ...ids.slice(1).map((t, i) => `<bpmn:sequenceFlow id="f${i}" sourceRef="${ids[i]}" targetRef="${t}"/>`)].join(''));
};
const timerXml = xmlOf('benchTimer', `<bpmn:startEvent id="start"/><bpmn:intermediateCatchEvent id="wait"><bpmn:timerEventDefinition><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">PT1M</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent><bpmn:endEvent id="end"/>
<bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="wait"/><bpmn:sequenceFlow id="f2" sourceRef="wait" targetRef="end"/>`);


async function tokenOf(base: string, userId = 'admin', password = 'Bencao@2026'): Promise<string> {
  const key = await (await fetch(`${base}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`)).json();
  const form = new URLSearchParams({ grant_type: 'password', username: userId, password: encryptForLogin(key.data.publicKey, password), key_id: key.data.keyId });
  return (await (await fetch(`${base}/api/oauth/token`, { method: 'POST', body: form })).json()).access_token;
}

async function run(label: string, databaseUrl?: string) {
  const dataDir = path.join(os.tmpdir(), `bencao-bench-wf-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  // the 采购申请's signatures take a login key each from one address: more than the per-address limit allows in a minute
  const config = { ...readConfig({ ...process.env, BENCAO_PROFILE: 'demo', LOG_LEVEL: 'error' }), dataDir, databaseUrl, loginKeyRateLimit: 1_000_000, loginKeyBurst: 1_000_000 };
  let database = await openDatabase({ dataDir, databaseUrl, poolSize: 20 });
  await database.migrate();
  await seed(database.db, config);
  await database.db.execute(sql`delete from wf_definitions where key in ('benchChain', 'benchTimer')`);
  let db = database.db;
  let app!: Awaited<ReturnType<typeof buildApp>>['app'];
  let base = '';
  let headers: Record<string, string> = {};
  const serve = async () => {
    ({ app } = await buildApp(database, config));
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    headers = { authorization: `Bearer ${await tokenOf(base)}` };
  };
  await serve();
  /** the embedded database is one process's: closed here while a child process serves it, then opened again */
  const handOver = async () => { await app.close(); await database.close(); };
  const takeBack = async () => { database = await openDatabase({ dataDir, databaseUrl, poolSize: 20 }); db = database.db; await serve(); };
  const [admin] = await db.select().from(accounts).where(eq(accounts.userId, 'admin'));
  const actor = { accountId: admin.id, name: admin.userName };
  const svc = () => definitionService(db, () => new Date());
  const line = (s: string) => console.log(`${label.padEnd(10)} ${s}`);

  // the CPU of the cluster serving this database: its postmaster's process tree (a backend's parent), not every
  // postgres process on the machine (other clusters, and backends that end meanwhile, made it negative)
  let postmaster: number | undefined;
  if (databaseUrl) {
    try {
      const backend = Number((await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0].pid);
      const stat = fs.readFileSync(`/proc/${backend}/stat`, 'utf8');
      postmaster = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch { /* not a local cluster */ }
  }
  // the live processes' CPU plus what the postmaster's ended children spent (cutime + cstime): never goes back
  const pgSeconds = () => {
    if (!postmaster) return null;
    const live = cpuSeconds(postmaster)?.server;
    if (live === undefined) return null;
    const f = fs.readFileSync(`/proc/${postmaster}/stat`, 'utf8').split(') ')[1].split(' ');
    return live + (Number(f[13]) + Number(f[14])) / 100;
  };

  // ---------- calibration: a completion is mostly round trips (a socket write and read per statement on each side), and
  // what a system call costs differs between machines far more than what the CPU probe's arithmetic does ----------
  {
    const n = 2000;
    const cpu0 = process.cpuUsage();
    const side0 = pgSeconds();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await db.execute(sql`select 1`);
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const side1 = pgSeconds();
    const pgCpu = side0 !== null && side1 !== null ? `, postgres ${Math.round((side1 - side0) * 1e6 / n)} µs` : '';
    line(`round-trip probe: ${n} × "select 1" one after another: ${(ms * 1000 / n).toFixed(0)} µs each; CPU per round trip: this process ${Math.round((cpu.user + cpu.system) / n)} µs${pgCpu}`);
  }

  // ---------- baseline ----------
  const healthOf = async (url: string) => {
    await autocannon({ url: `${url}/api/health`, connections: CONNECTIONS, duration: 2 });
    const r = await autocannon({ url: `${url}/api/health`, connections: CONNECTIONS, duration: SECONDS });
    return { rps: r.requests.average, p99: r.latency.p99 };
  };
  const baseline = await healthOf(base);
  line(`baseline GET /api/health                ${Math.round(baseline.rps)} req/s  p99 ${baseline.p99} ms`);

  // ---------- task completions ----------
  const chainDef = await svc().create({ key: 'benchChain', name: 'bench chain', category: null, description: null, xml: chain(5) }, actor);
  await svc().publish(chainDef.id, actor);
  const [cd] = await db.select().from(wfDefinitions).where(eq(wfDefinitions.id, chainDef.id));
  if (PARTS.has('completions')) {
    const workerCounts = (process.env.BENCH_WORKERS ?? '').split(',').map(Number).filter((x) => x > 0 && (databaseUrl || x === 1));
    // the embedded database's child run cannot refill its queue (this process has closed the database): enough open tasks up
    // front for ~800/s over the run (each instance's open task is one; 5,000 ran out at ~500/s)
    const INSTANCES = databaseUrl ? 3000 * (1 + workerCounts.length) : workerCounts.length ? 8000 + 800 * SECONDS : 1000;
    for (let i = 0; i < INSTANCES; i++) {
      await db.transaction((tx) => createInstance(tx, { definition: cd, versionId: cd.latestVersionId!, now: new Date(), actor, businessKey: `C${i}`, variables: {}, starterId: admin.id, starterName: admin.userName }));
    }
    // every task id is handed out once (a refill must not hand out a task another connection is completing)
    const handedOut = new Set<number>();
    const open = async () => (await db.execute<{ id: number }>(sql`select id from wf_tasks where definition_key = 'benchChain' and status = 'open' order by id`)).rows
      .map((r) => Number(r.id)).filter((id) => !handedOut.has(id));
    const completions = async (url: string, auth: Record<string, string>, health: number, tag: string, preloaded?: number[], serverPid = process.pid) => {
      let queue = preloaded ?? await open();
      // BENCH_PG_STATEMENTS=1 (PostgreSQL with pg_stat_statements preloaded): the statements of the completions, by total time
      const pgStatements = !!(databaseUrl && process.env.BENCH_PG_STATEMENTS);
      if (pgStatements) await db.execute(sql`create extension if not exists pg_stat_statements`).then(() => db.execute(sql`select pg_stat_statements_reset()`));
      // the load comes from autocannon, as for the baseline (fetch costs this process several times more CPU per
      // request, and on a 2-core machine that CPU is the server's); each request takes the next open task, the
      // queue topped up from the database in the background (not possible while a child process has the embedded one)
      let refilling = false;
      const topUp = preloaded ? null : setInterval(() => {
        if (refilling || queue.length > 50 * CONNECTIONS) return;
        refilling = true;
        void open().then((more) => { const have = new Set(queue); queue.push(...more.filter((id) => !have.has(id))); })
          .finally(() => { refilling = false; });
      }, 100);
      let starved = 0;
      let last = queue[0];
      const cpuBefore = cpuSeconds(serverPid);
      const pgBefore = pgSeconds();
      const r = await autocannon({
        url, connections: CONNECTIONS, duration: SECONDS, method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"variables":{"ok":true}}',
        requests: [{
          setupRequest: (req: Record<string, unknown>) => {
            const id = queue.shift();
            if (id === undefined) starved++; // sent to the last task again: answered 409, counted as non-200
            else { handedOut.add(id); last = id; }
            return { ...req, path: `/api/workflow/tasks/${id ?? last}/complete` };
          },
        }],
      });
      if (topUp) clearInterval(topUp);
      const cpuAfter = cpuSeconds(serverPid);
      const pgAfter = pgSeconds();
      const done = r['2xx'];
      const rate = done / r.duration;
      const statuses = Object.entries(r.statusCodeStats ?? {}).filter(([code]) => code !== '200').map(([code, v]) => `${code}×${(v as { count: number }).count}`);
      const others = r.non2xx + r.errors + r.timeouts;
      const budget = databaseUrl ? 1000 : 300;
      line(`task completions, ${CONNECTIONS} connections${tag.padEnd(8)}${Math.round(rate)}/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  (${done} done, ${others} other${others ? ` ${statuses.join(' ')}${r.errors ? ` errors×${r.errors}` : ''}${starved ? `, ${starved} sent with no open task left` : ''}` : ''}; ${(rate / health * 100).toFixed(1)}% of baseline) budget ≥ ${budget}/s: ${rate >= budget ? 'PASS' : 'OVER'}`);
      // CPU per completion on each side (this process's own includes the load generator when the server runs here too)
      if (cpuBefore && cpuAfter && done) {
        const per = (s: number) => `${Math.round(s / done * 1e6)} µs`;
        line(`  CPU per completion: ${serverPid === process.pid ? 'server + load generator' : 'server'} ${per(cpuAfter.server - cpuBefore.server)}${pgBefore !== null && pgAfter !== null ? `, postgres (its cluster) ${per(pgAfter - pgBefore)}` : ''}`);
      }
      if (pgStatements) {
        const top = (await db.execute<{ calls: number; total: number; mean: number; q: string }>(sql`
          select calls::int, round(total_exec_time::numeric, 1)::float as total, round(mean_exec_time::numeric, 3)::float as mean, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 110) as q
          from pg_stat_statements order by total_exec_time desc limit 16`)).rows;
        for (const r of top) line(`  pg ${String(r.calls).padStart(7)} calls ${String(r.total).padStart(9)} ms total ${String(r.mean).padStart(7)} ms mean  ${r.q}`);
      }
    };
    // the server in this process (the load generator shares its core)
    await completions(base, headers, baseline.rps, '');
    // what a completion costs, whatever the machine's load: completions one at a time in this process, each driver call
    // counted (db/queryTiming.ts: a statement, or a BEGIN/COMMIT sent with one) and this process's CPU
    const costs = async (n: number) => {
      const ids = (await open()).slice(0, n);
      for (const id of ids) handedOut.add(id);
      let calls = 0;
      const off = onQueryTimed(() => { calls++; });
      const side0 = pgSeconds();
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      for (const id of ids) {
        const r = await app.inject({ method: 'POST', url: `/api/workflow/tasks/${id}/complete`, headers: { ...headers, 'content-type': 'application/json' }, payload: '{"variables":{"ok":true}}' });
        if (r.statusCode !== 200) throw new Error(`completion of task ${id}: ${r.statusCode} ${r.body}`);
      }
      const ms = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      const side1 = pgSeconds();
      off();
      const pgCpu = side0 !== null && side1 !== null ? `, postgres ${Math.round((side1 - side0) * 1e6 / ids.length)} µs` : databaseUrl ? '' : ' (PGlite\'s included)';
      line(`  per completion, ${ids.length} one at a time: ${(calls / ids.length).toFixed(1)} statements (driver calls), server CPU ${Math.round((cpu.user + cpu.system) / ids.length)} µs${pgCpu}, ${(ms / ids.length).toFixed(2)} ms each`);
    };
    await costs(200);
    // BENCH_WORKERS=1,2: the server as `npm start` runs it, in child processes (on PostgreSQL WORKERS=n, node cluster on
    // one port; the embedded database: 1 only), each count with its own health baseline; this process only generates the load
    for (const n of workerCounts) {
      const preloaded = databaseUrl ? undefined : await open();
      if (!databaseUrl) await handOver();
      const server = await startServer(databaseUrl
        ? { DATABASE_URL: databaseUrl, WORKERS: String(n), DATA_DIR: path.join(os.tmpdir(), `bencao-bench-wf-child-${process.pid}`) }
        : { DATA_DIR: dataDir });
      try {
        const auth = { authorization: `Bearer ${await tokenOf(server.base)}` };
        const h = await healthOf(server.base);
        line(`baseline GET /api/health, WORKERS=${n}      ${Math.round(h.rps)} req/s  p99 ${h.p99} ms`);
        await completions(server.base, auth, h.rps, `, W=${n} `, preloaded, server.pid);
      } finally {
        await server.stop();
        if (!databaseUrl) await takeBack();
      }
    }
  }

  if (PARTS.has('purchase')) {
    // ---------- the seeded 采购申请, as its people walk it ----------
    // start with the form (200,000: over the gateway's 50,000), 部门负责人审批 (signed), 采购部审核 (writes the supplier),
    // 财务会签 (two finance reviewers, each signed), 下单采购 — one request at a time in this process: statements (driver
    // calls) and this process's CPU per step. A signature re-checks the password (argon2) and takes a one-time login key;
    // the key's request is not counted in the step.
    const PEOPLE = { staff: 'Staff@2026', deptlead: 'Lead@2026', purchaser: 'Buyer@2026', finance1: 'Finance@2026', finance2: 'Finance@2026' };
    const tokens = Object.fromEntries(await Promise.all(Object.entries(PEOPLE).map(async ([u, pw]) => [u, `Bearer ${await tokenOf(base, u, pw)}`])));
    const byAccount = new Map((await db.execute<{ id: number; user_id: string }>(sql`select id, user_id from accounts where user_id in ('staff', 'deptlead', 'purchaser', 'finance1', 'finance2')`)).rows
      .map((r) => [Number(r.id), r.user_id]));
    const [def] = await db.select().from(wfDefinitions).where(eq(wfDefinitions.key, 'purchaseRequest'));
    const steps = new Map<string, { n: number; calls: number; cpu: number; ms: number }>();
    const measure = async (step: string, who: string, method: 'POST', url: string, body: unknown) => {
      let calls = 0;
      const off = onQueryTimed(() => { calls++; });
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const r = await app.inject({ method, url, headers: { authorization: tokens[who], 'content-type': 'application/json', 'accept-language': 'zh' }, payload: JSON.stringify(body) });
      const ms = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      off();
      if (r.statusCode !== 200) throw new Error(`${step}: ${r.statusCode} ${r.body}`);
      const s = steps.get(step) ?? { n: 0, calls: 0, cpu: 0, ms: 0 };
      steps.set(step, { n: s.n + 1, calls: s.calls + calls, cpu: s.cpu + cpu.user + cpu.system, ms: s.ms + ms });
      return JSON.parse(r.body).data;
    };
    const signature = async (who: keyof typeof PEOPLE, meaning: string) => {
      const key = JSON.parse((await app.inject({ method: 'GET', url: '/api/uc/getkey/LoginGetKey.do?method=getLoginKey' })).body).data;
      return { keyId: key.keyId, password: encryptForLogin(key.publicKey, PEOPLE[who]), meaning, timeZone: 'Asia/Shanghai' };
    };
    const openAt = async (instanceId: number) => (await db.execute<{ id: number; element_id: string; assignee_id: number }>(sql`select id, element_id, assignee_id from wf_tasks
      where instance_id = ${instanceId} and status = 'open' order by id`)).rows;
    const N = Number(process.env.BENCH_PURCHASES ?? 20);
    // BENCH_PG_STATEMENTS=1: every statement shape of the walks with its count per request (the database's own count:
    // foreign-key checks included, BEGIN/COMMIT not)
    const pgStatements = !!(databaseUrl && process.env.BENCH_PG_STATEMENTS);
    if (pgStatements) await db.execute(sql`create extension if not exists pg_stat_statements`).then(() => db.execute(sql`select pg_stat_statements_reset()`));
    const form = { item: '高速冷冻离心机', quantity: 1, unitPrice: 200000, amount: 200000, reason: '提取工艺研究', lines: [{ name: '离心机', qty: 1, price: 200000 }] };
    for (let i = 0; i < N; i++) {
      const { id } = await measure('start with the form', 'staff', 'POST', `/api/workflow/definitions/${def.id}/start`, { businessKey: `BENCH-CG-${i}`, form });
      const [dept] = await openAt(id);
      await measure('部门负责人审批 (signed)', 'deptlead', 'POST', `/api/workflow/tasks/${dept.id}/approve`, { comment: '同意', signature: await signature('deptlead', 'approve') });
      const [buy] = await openAt(id);
      await measure('采购部审核 (writes the supplier)', 'purchaser', 'POST', `/api/workflow/tasks/${buy.id}/approve`, { comment: '已比价', form: { supplier: '国药器械' } });
      const sign = await openAt(id);
      if (sign.length !== 2 || sign.some((t) => t.element_id !== 'financeSign')) throw new Error(`expected the finance countersign, found ${JSON.stringify(sign)}`);
      for (const t of sign) {
        const who = byAccount.get(Number(t.assignee_id)) as keyof typeof PEOPLE;
        await measure('财务会签, each of two (signed)', who, 'POST', `/api/workflow/tasks/${t.id}/approve`, { comment: '同意', signature: await signature(who, 'review') });
      }
      const [order] = await openAt(id);
      await measure('下单采购 (ends the request)', 'purchaser', 'POST', `/api/workflow/tasks/${order.id}/approve`, { comment: '已下单' });
      if ((await openAt(id)).length) throw new Error(`采购申请 ${id} did not end`);
    }
    let total = { calls: 0, cpu: 0 };
    for (const [step, v] of steps) {
      line(`  采购申请 ${step.padEnd(34)} ${(v.calls / v.n).toFixed(1).padStart(5)} statements  server CPU ${String(Math.round(v.cpu / v.n)).padStart(6)} µs  ${(v.ms / v.n).toFixed(1)} ms each (${v.n})`);
      total = { calls: total.calls + v.calls, cpu: total.cpu + v.cpu };
    }
    line(`  采购申请, one request start to end (${N}): ${(total.calls / N).toFixed(0)} statements, server CPU ${(total.cpu / N / 1000).toFixed(1)} ms${databaseUrl ? '' : ' (PGlite\'s included)'}`);
    if (pgStatements) {
      const shapes = (await db.execute<{ calls: number; us: number; q: string }>(sql`
        select calls::int, round((total_exec_time * 1000 / calls)::numeric)::int as us, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 150) as q
        from pg_stat_statements where query not like '%pg_stat_statements%' and query not like 'select id, element_id, assignee_id from wf_tasks%'
        order by calls desc, total_exec_time desc`)).rows;
      line(`  采购申请 statements by shape, per request (${shapes.reduce((a, r) => a + r.calls, 0) / N} in all):`);
      for (const r of shapes) line(`  pg ${(r.calls / N).toFixed(1).padStart(5)} × ${String(r.us).padStart(5)} µs  ${r.q}`);
    }
  }

  if (PARTS.has('lists')) {
    // ---------- lists over 100,000 rows ----------
    const N = 100_000;
    await db.execute(sql`insert into wf_instances (definition_id, version_id, definition_key, definition_name, version, business_key, status, starter_id, starter_name, variables, current_nodes, started_at, updated_at)
      select ${cd.id}, ${cd.latestVersionId}, 'benchChain', 'bench chain', 1, 'L' || g,
        (array['running','running','running','completed','suspended','terminated'])[1 + g % 6], ${admin.id}, ${admin.userName}, '{}'::jsonb, '["t0"]'::jsonb,
        now() - (g || ' seconds')::interval, now()
      from generate_series(1, ${N}) g`);
    await db.execute(sql`insert into wf_executions (instance_id, element_id, element_type, status, started_at)
      select id, 't0', 'bpmn:UserTask', 'running', started_at from wf_instances where business_key like 'L%'`);
    await db.execute(sql`insert into wf_tasks (instance_id, execution_id, element_id, name, definition_key, assignee_id, status, created_at)
      select e.instance_id, e.id, 't0', 't0', 'benchChain', case when e.id % 50 = 0 then ${admin.id} else 100000 + e.id % 50 end,
        case when e.id % 3 = 0 then 'completed' else 'open' end, e.started_at
      from wf_executions e join wf_instances i on i.id = e.instance_id where i.business_key like 'L%'`);
    // the lists as a live system has them a minute after such a load: vacuumed and analysed by PostgreSQL's autovacuum,
    // or by the server's own pass on the embedded database (db/embeddedAutovacuum.ts: PGlite runs no autovacuum);
    // BENCH_LISTS_VACUUM=0: analysed only, as right after the load (no visibility map: counts read every page)
    if (process.env.BENCH_LISTS_VACUUM === '0') await db.execute(sql`analyze`);
    else if (databaseUrl) await db.execute(sql`vacuum (analyze)`);
    else line(`maintenance pass after the load: ${(await autovacuumPass(db)).length} tables vacuumed or analysed`);
    for (const [name, url, budgetMs] of [
      ['monitor list, 100k instances, page 1', `${base}/api/workflow/instances?page=1&limit=10`, 50],
      ['monitor list, status filter, page 50', `${base}/api/workflow/instances?page=50&limit=10&status=suspended`, 50],
      ['to-do list over 100k tasks', `${base}/api/workflow/tasks/todo?page=1&limit=10`, 50],
    ] as const) {
      await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
      const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
      line(`${name.padEnd(40)} ${Math.round(r.requests.average)} req/s (×${(r.requests.average / baseline.rps).toFixed(2)} of health)  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms ${r.non2xx + r.errors ? `(${r.non2xx + r.errors} errors!)` : ''} budget p99 ≤ ${budgetMs} ms: ${r.latency.p99 <= budgetMs ? 'PASS' : 'OVER'}`);
    }
  }

  if (PARTS.has('timers')) {
    // ---------- 10,000 due timers ----------
    const timerDef = await svc().create({ key: 'benchTimer', name: 'bench timer', category: null, description: null, xml: timerXml }, actor);
    await svc().publish(timerDef.id, actor);
    const [td] = await db.select().from(wfDefinitions).where(eq(wfDefinitions.id, timerDef.id));
    const T = 10_000;
    const due = new Date('2031-01-01T00:00:00Z');
    // one instance through the engine, then 9,999 copies of its rows (instance, executions, job) by SQL
    await db.transaction((tx) => createInstance(tx, { definition: td, versionId: td.latestVersionId!, now: new Date(due.getTime() - 60_000), actor: SYSTEM, businessKey: 'T0', variables: {}, starterId: null, starterName: null }));
    await db.execute(sql`insert into wf_instances (definition_id, version_id, definition_key, definition_name, version, business_key, status, variables, current_nodes, started_at, updated_at)
      select ${td.id}, ${td.latestVersionId}, 'benchTimer', 'bench timer', 1, 'T' || g, 'running', '{}'::jsonb, '["wait"]'::jsonb, now(), now() from generate_series(1, ${T - 1}) g`);
    await db.execute(sql`insert into wf_executions (instance_id, element_id, element_type, status, incoming_flow_id, started_at)
      select id, 'wait', 'bpmn:IntermediateCatchEvent', 'running', 'f1', now() from wf_instances where definition_key = 'benchTimer' and business_key <> 'T0'`);
    await db.execute(sql`insert into wf_jobs (kind, instance_id, execution_id, element_id, definition_id, status, due_at, created_at)
      select 'timer', e.instance_id, e.id, 'wait', ${td.id}, 'pending', ${due.toISOString()}::timestamptz, now()
      from wf_executions e join wf_instances i on i.id = e.instance_id where i.definition_key = 'benchTimer' and i.business_key <> 'T0'`);
    // the jobs the earlier parts left (reminders and deadlines of the bench's open tasks, listener calls, the daily
    // history purge) would be due at that date too: they are not this measure's
    await db.execute(sql`update wf_jobs set status = 'cancelled' where status in ('pending', 'running')
      and (instance_id is null or instance_id not in (select id from wf_instances where definition_key = 'benchTimer'))`);
    const second = databaseUrl ? await openDatabase({ databaseUrl, dataDir: '', poolSize: 10 }) : null;
    const runners = second ? [db, second.db] : [db];
    const s = Date.now();
    await Promise.all(runners.map((r, i) => runDueJobs(r, { now: due, workerId: `bench-${i}`, limit: 200, concurrency: databaseUrl ? 8 : 1 })));
    const secs = (Date.now() - s) / 1000;
    const [{ fired, distinct }] = (await db.execute<{ fired: number; distinct: number }>(sql`
      select count(*)::int as fired, count(distinct h.instance_id)::int as distinct from wf_history h join wf_instances i on i.id = h.instance_id
      where i.definition_key = 'benchTimer' and h.action = 'timer'`)).rows;
    const [{ completed }] = (await db.execute<{ completed: number }>(sql`select count(*)::int as completed from wf_instances where definition_key = 'benchTimer' and status = 'completed'`)).rows;
    line(`${T} due timers, ${runners.length} runner(s)            ${secs.toFixed(1)} s (${Math.round(T / secs)}/s); fired ${fired}, instances ${distinct}, completed ${completed}; each once: ${Number(fired) === T && Number(distinct) === T ? 'yes' : 'NO'}; budget ≤ 60 s: ${secs <= 60 ? 'PASS' : 'OVER'}`);
    await second?.close();
  }

  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(machineLine());
console.log(cpuProbe());
// BENCH_ONLY=postgres skips the embedded run
if (process.env.BENCH_ONLY !== 'postgres') await run('PGlite');
const pg = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (pg) await run('PostgreSQL', pg);
else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL to a database the bench may fill)');
process.exit(0);
