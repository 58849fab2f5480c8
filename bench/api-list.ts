/**
 * API lists as operators use them: on every large list (operation log, login log, client errors, accounts,
 * workflow monitor, to-do) 100,000 rows, and at 20 connections requests that nearly all differ — pages
 * (mostly near the start, some deep), page sizes 10/20/50, sorts and orders from each list's whitelist,
 * keywords from a vocabulary of words in the data, filters — while a writer changes rows (an account edit,
 * which also writes the operation log, 20 times a second; a client error report every 2.5 s).
 * Printed per list and database: req/s, p50 and p99, the server's CPU per request; then the mix by request class
 * (first page, later page, deep page, each sort, keyword short/long and common/rare, filter): each class's share of
 * the requests, its server CPU, wall time and statements per request one at a time, and its share of the cost
 * (BENCH_BREAKDOWN=0 skips it; BENCH_CLASS_REQUESTS per class, default 120). The cached answer of one URL (page 37 of the client
 * errors again and again, answered from platform/listCache.ts) only as a second line, never for the budget.
 * Budgets (DESIGN): ≥ 1,000 req/s and p99 ≤ 50 ms embedded; ≥ 3,000 req/s on PostgreSQL.
 *
 * The server runs as in production: the built server (bench/serverProcess.ts) in a child process (PGlite: one process; PostgreSQL:
 * WORKERS=1, then WORKERS=<cores>) on a database this process prepared; the load comes from this process.
 * Calibration printed first (and the load average before and after): a fixed CPU probe (SHA-256 of 1 KiB
 * 20,000 times; 20 million steps of an integer loop) and, per server, the unauthenticated health check's req/s.
 *
 * PostgreSQL: BENCH_DATABASE_URL (or TEST_DATABASE_URL), a database the bench may fill, as it is set up
 * (its fsync / synchronous_commit / full_page_writes are printed); or BENCH_PG=fast,durable: the bench starts
 * its own throw-away clusters with scripts/pg-cluster.sh on BENCH_PG_PORT (default 54390), "fast" as the
 * tests run it (fsync, synchronous_commit and full_page_writes off), "durable" with PostgreSQL's defaults.
 * Run: npx tsx bench/api-list.ts   (all traffic stays on 127.0.0.1; BENCH_SECONDS=10; BENCH_LISTS=clientErrors,todo
 * to run some lists only; BENCH_NODE_ARGS for the server's node; BENCH_DATA_DIR keeps the prepared PGlite data for the next run)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { cpuSeconds, startServer } from './serverProcess';
import { cpuProbe, loadAverage, machineLine } from './calibration';
import { readConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/db/seed/index';
import { encryptForLogin } from '../apps/server/src/platform/auth/loginKeys';
import { ACCOUNT_SORTS, INSTANCE_SORTS, LOGIN_LOG_SORTS, OPERATION_LOG_SORTS, TODO_SORTS } from '@bencao/contracts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CORES = os.availableParallelism();
const ROWS = 100_000;
/** the bench's own /metrics token: statements per request are read from the server's statement counter */
const METRICS_TOKEN = `bench-${process.pid}`;

// ---------- data ----------

const ERRORS = [
  "TypeError: Cannot read properties of undefined (reading 'id')", 'NetworkError when attempting to fetch resource',
  'ChunkLoadError: Loading chunk 42 failed', 'ResizeObserver loop completed with undelivered notifications',
  'SyntaxError: Unexpected token < in JSON at position 0', 'RangeError: Maximum call stack size exceeded',
  '采购申请提交失败：表单校验未通过', '审批意见保存失败，请稍后重试', '附件上传超时', 'QuotaExceededError: localStorage is full',
];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '涛', '明', '超'];
const MODULES = ['security', 'cms', 'workflow', 'gateway', 'organ', 'common'];
const RESOURCES = ['accounts', 'roles', 'articles', 'columns', 'definitions', 'routes', 'staff', 'dicts'];
const arr = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`);

/** migrated, seeded, and ROWS rows in each large list, vacuumed and analysed as maintenance leaves them */
async function prepare(dataDir: string, databaseUrl?: string) {
  const config = { ...readConfig({ ...process.env, BENCAO_PROFILE: 'demo', LOG_LEVEL: 'error' }), dataDir, databaseUrl };
  const database = await openDatabase({ dataDir, databaseUrl });
  await database.migrate();
  await seed(database.db, config);
  const db = database.db;
  const t = performance.now();
  await db.execute(sql`truncate client_errors, operation_logs, login_logs`);
  await db.execute(sql`insert into client_errors (message, url, user_agent, created_at)
    select (${arr(ERRORS)})[1 + g % ${ERRORS.length}] || ' #' || g, 'http://127.0.0.1/console/#/page/' || (g % 97), 'bench', now() - (g || ' seconds')::interval
    from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`insert into operation_logs (account_id, user_id, module, operation, method, path, ip, result, status, duration_ms, created_at)
    select null, 'user' || lpad((g % 500)::text, 4, '0'), (${arr(MODULES)})[1 + g % 6],
      (array['POST','PUT','DELETE'])[1 + g % 3] || ' /api/' || (${arr(MODULES)})[1 + g % 6] || '/' || (${arr(RESOURCES)})[1 + g % 8],
      (array['POST','PUT','DELETE'])[1 + g % 3], '/api/' || (${arr(MODULES)})[1 + g % 6] || '/' || (${arr(RESOURCES)})[1 + g % 8],
      '10.' || (g % 4) || '.' || (g / 7 % 256) || '.' || (g % 251), case when g % 13 = 0 then 'failure' else 'success' end,
      case when g % 13 = 0 then 409 else 200 end, (g * 37) % 900, now() - (g || ' seconds')::interval
    from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`insert into login_logs (user_id, ip, user_agent, outcome, reason, created_at)
    select 'user' || lpad((g % 500)::text, 4, '0'), '10.' || (g % 4) || '.' || (g / 7 % 256) || '.' || (g % 251), 'Mozilla/5.0 bench',
      case when g % 9 = 0 then 'failure' else 'success' end, case when g % 9 = 0 then 'password' else 'ok' end, now() - (g || ' seconds')::interval
    from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`insert into accounts (user_id, user_name, password_hash, email, mobile, status, created_at, updated_at)
    select 'user' || lpad(g::text, 6, '0'), (${arr(SURNAMES)})[1 + g % 12] || (${arr(GIVEN)})[1 + g / 12 % 16] || (${arr(GIVEN)})[1 + g / 192 % 16],
      (select password_hash from accounts where user_id = 'admin'), 'user' || g || '@example.org', '138' || lpad(g::text, 8, '0'),
      case when g % 50 = 0 then 'lock' else 'normal' end, now() - (g || ' minutes')::interval, now()
    from generate_series(1, ${ROWS}) g`);
  // the monitor's instances, each with one open task of the admin's (the to-do list)
  const [{ adminId }] = (await db.execute<{ adminId: number }>(sql`select id as "adminId" from accounts where user_id = 'admin'`)).rows;
  const defs = (await db.execute<{ id: number; version_id: number; key: string; name: string }>(sql`select d.id, d.latest_version_id as version_id, d.key, d.name
    from wf_definitions d where d.latest_version_id is not null order by d.id limit 4`)).rows;
  if (!defs.length) throw new Error('no published workflow definition in the demo data');
  const n = Math.floor(ROWS / defs.length);
  for (const d of defs) {
    await db.execute(sql`insert into wf_instances (definition_id, version_id, definition_key, definition_name, version, business_key, status, starter_id, starter_name, variables, current_nodes, started_at, updated_at)
      select ${d.id}, ${d.version_id}, ${d.key}, ${d.name}, 1, 'BK' || ${d.id} || '-' || g, case when g % 4 = 0 then 'suspended' else 'running' end, ${adminId}, 'admin',
        '{}'::jsonb, '["a"]'::jsonb, now() - (g || ' seconds')::interval, now()
      from generate_series(1, ${n}) g`);
  }
  await db.execute(sql`insert into wf_executions (instance_id, element_id, element_type, status, started_at)
    select id, 'a', 'bpmn:UserTask', 'running', started_at from wf_instances where business_key like 'BK%'`);
  await db.execute(sql`insert into wf_tasks (instance_id, execution_id, element_id, name, definition_key, assignee_id, status, created_at)
    select e.instance_id, e.id, 'a', (array['部门经理审批','财务审核','总经理审批','采购确认'])[1 + e.id % 4], i.definition_key, ${adminId}, 'open', e.started_at
    from wf_executions e join wf_instances i on i.id = e.instance_id where i.business_key like 'BK%'`);
  await db.execute(sql`vacuum analyze`);
  console.log(`prepared ${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${ROWS.toLocaleString('en')} rows per list in ${((performance.now() - t) / 1000).toFixed(0)} s (${defs.map((d) => d.key).join(', ')})`);
  if (process.env.BENCH_EXPLAIN === '1') await explain(db, databaseUrl ? 'PostgreSQL' : 'PGlite');
  await database.close();
}

/**
 * BENCH_EXPLAIN=1 (instead of the load): EXPLAIN ANALYZE of the statements the list routes run (their shape: the page with its capped
 * count alongside, deep pages ids first), each run twice and the second reported, on the prepared database.
 */
async function explain(db: Awaited<ReturnType<typeof openDatabase>>['db'], label: string) {
  const kwCe = (k: string) => `(message ilike '%${k}%' or url ilike '%${k}%')`;
  const kwAcc = (k: string) => `(user_id ilike '%${k}%' or user_name ilike '%${k}%' or email ilike '%${k}%' or mobile ilike '%${k}%')`;
  const page = (table: string, cols: string, where: string, order: string, limit: number, offset: number, cap: number) => {
    const count = `(select count(*)::int from (select 1 from ${table} where ${where} limit ${cap + 1}) capped)`;
    const w = offset >= 1000 ? `id in (select id from ${table} where ${where} order by ${order} limit ${limit} offset ${offset})` : where;
    return `select ${cols}, ${count} as total from ${table} where ${w} order by ${order} limit ${limit} offset ${offset >= 1000 ? 0 : offset}`;
  };
  const cases: [string, string][] = [
    ['client errors, page 1 of 20, newest first', page('client_errors', '*', 'true', 'created_at desc, id desc', 20, 0, 1000)],
    ['client errors, keyword "TypeError" (10 % of rows)', page('client_errors', '*', kwCe('TypeError'), 'created_at desc, id desc', 20, 0, 1000)],
    ['client errors, keyword "#4711" (rare)', page('client_errors', '*', kwCe('#4711'), 'created_at desc, id desc', 20, 0, 1000)],
    ['client errors, keyword "上传超时" (CJK, 10 %)', page('client_errors', '*', kwCe('上传超时'), 'created_at desc, id desc', 20, 0, 1000)],
    ['client errors, keyword "采购" (2 characters: no trigram)', page('client_errors', '*', kwCe('采购'), 'created_at desc, id desc', 20, 0, 1000)],
    ['client errors, page 1,500 of 50 (deep: ids first)', page('client_errors', '*', 'true', 'created_at desc, id desc', 50, 74_950, 10_000)],
    ['operation log, sort userId, page 40 of 50', page('operation_logs', 'id, user_id, module, operation', 'true', 'user_id asc, id asc', 50, 1950, 2450)],
    ['operation log, userId ~ "user01", module cms', page('operation_logs', 'id, user_id, module, operation', "user_id ilike '%user01%' and module = 'cms'", 'id desc', 20, 0, 1000)],
    ['login log, ip ~ "10.1.17"', page('login_logs', '*', "ip ilike '%10.1.17%'", 'id desc', 20, 0, 1000)],
    ['accounts, keyword "13800012"', page('accounts', 'id, user_id, user_name', kwAcc('13800012'), 'id asc', 20, 0, 1000)],
    ['accounts, keyword "王伟" (2 characters: no trigram)', page('accounts', 'id, user_id, user_name', kwAcc('王伟'), 'id asc', 20, 0, 1000)],
    ['accounts, sort userName desc, page 30 of 50', page('accounts', 'id, user_id, user_name', 'true', 'user_name desc, id desc', 50, 1450, 1950)],
    ['monitor, status suspended, page 3 of 20', page('wf_instances', 'id, business_key', "status = 'suspended'", 'status desc, started_at desc, id desc', 20, 40, 1000)],
    ['accounts, keyword "王伟" through the short-keyword index', page('accounts', 'id, user_id, user_name', `bencao_short_grams(array[user_id, user_name, email, mobile]) @> array['王伟'] and ${kwAcc('王伟')}`, 'id asc', 20, 0, 1000)],
    ['client errors, keyword "采购" through the short-keyword index', page('client_errors', '*', `bencao_short_grams(array[message, url]) @> array['采购'] and ${kwCe('采购')}`, 'created_at desc, id desc', 20, 0, 1000)],
    ...todoCases((await db.execute<{ id: number }>(sql`select id from accounts where user_id = 'admin'`)).rows[0].id),
  ];
  for (const [name, text] of cases) {
    const run = async () => (await db.execute<{ 'QUERY PLAN': string }>(sql.raw(`explain (analyze, costs off, timing on) ${text}`))).rows.map((r) => r['QUERY PLAN']);
    await run();
    const plan = await run();
    const time = plan.find((l) => l.startsWith('Execution Time'));
    const nodes = plan.filter((l) => /Scan|Sort|Nested|Bitmap/.test(l)).map((l) => l.trim().replace(/\s*\(actual.*$/, '').replace(/^->\s*/, '')).filter((l, i, a) => a.indexOf(l) === i);
    console.log(`${label.padEnd(10)} ${name.padEnd(52)} ${time?.replace('Execution Time: ', '').padStart(12)}  ${nodes.join(' · ')}`);
  }
  // the server prepares a statement seen twice (db/statementNames.ts); after five runs PostgreSQL may keep a generic
  // plan, made without the keyword's value: the same search as a prepared statement with its generic plan
  await db.execute(sql.raw(`prepare ce_kw(text, int, int) as select *, (select count(*)::int from (select 1 from client_errors where (message ilike $1 or url ilike $1) limit 1001) capped) as total
    from client_errors where (message ilike $1 or url ilike $1) order by created_at desc, id desc limit $2 offset $3`));
  await db.execute(sql.raw('set plan_cache_mode = force_generic_plan'));
  for (const k of ['TypeError', '#4711', '上传超时']) {
    const plan = (await db.execute<{ 'QUERY PLAN': string }>(sql.raw(`explain (analyze, costs off) execute ce_kw('%${k}%', 20, 0)`))).rows.map((r) => r['QUERY PLAN']);
    const nodes = plan.filter((l) => /Scan|Sort|Nested|Bitmap/.test(l)).map((l) => l.trim().replace(/\s*\(actual.*$/, '').replace(/^->\s*/, '')).filter((l, i, a) => a.indexOf(l) === i);
    console.log(`${label.padEnd(10)} ${`generic plan: client errors, keyword "${k}"`.padEnd(52)} ${plan.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '').padStart(12)}  ${nodes.join(' · ')}`);
  }
  await db.execute(sql.raw('reset plan_cache_mode'));
  await db.execute(sql.raw('deallocate ce_kw'));
}

/**
 * The to-do of one person with 100,000 open tasks: before migration 0050, the general query (every open task of the
 * person joined, filtered and sorted), then the statement tasks/lists.ts runs over wf_todo for each sort and filter —
 * the page's ids from the order's index (a keyword through its trigram / short-keyword index), joined by key, with
 * the capped count alongside.
 */
function todoCases(me: number): [string, string][] {
  const mine = `(t.assignee_id = ${me} or t.assignee_id is null and exists (select 1 from wf_task_candidates c where c.task_id = t.id and c.account_id = ${me}))`;
  const before = (where: string, order: string) => `select t.id from wf_tasks t join wf_instances i on i.id = t.instance_id
    left join wf_task_user_state s on s.task_id = t.id and s.account_id = ${me} where t.status = 'open' and ${mine} and ${where} order by ${order} limit 20 offset 40`;
  const kw = (k: string) => [...k].length >= 3 ? `(d.name ilike '%${k}%' or d.definition_name ilike '%${k}%' or d.business_key ilike '%${k}%')`
    : `(bencao_short_grams(array[d.name, d.definition_name, d.business_key]) @> array[lower('${k}')] and (d.name ilike '%${k}%' or d.definition_name ilike '%${k}%' or d.business_key ilike '%${k}%'))`;
  const page = (where: string, order: string, limit = 20, offset = 40) => `select t.id, x.definition_name, i.variables,
      (select count(*)::int from (select 1 from wf_todo d where d.account_id = ${me} and ${where} limit ${Math.max(1000, Math.min(offset + limit * 10, 10_000)) + 1}) capped) as total
    from (select d.task_id from wf_todo d where d.account_id = ${me} and ${where} order by ${order} limit ${limit} offset ${offset}) p
    join wf_todo x on x.account_id = ${me} and x.task_id = p.task_id join wf_tasks t on t.id = p.task_id join wf_instances i on i.id = t.instance_id
    order by ${order.replace(/\bd\./g, 'x.')}`;
  return [
    ['to-do before: keyword "财务", by process name', before(`(t.name ilike '%财务%' or i.definition_name ilike '%财务%' or i.business_key ilike '%财务%')`, 'i.definition_name asc, t.id desc')],
    ['to-do before: importance 1, by arrival', before('coalesce(s.importance, 2) = 1', 't.created_at desc, t.id desc')],
    ['to-do: by arrival, page 3 of 20', page('true', 'd.created_at desc, d.task_id desc')],
    ['to-do: by due date, page 3 of 20', page('true', 'd.due_at asc, d.task_id asc')],
    ['to-do: by importance desc, page 3 of 20', page('true', 'd.importance desc, d.task_id desc')],
    ['to-do: by process name, page 3 of 20', page('true', 'd.definition_name asc, d.task_id asc')],
    ['to-do: keyword "财务" (2 chars, 25 %), by process name', page(kw('财务'), 'd.definition_name asc, d.task_id asc')],
    ['to-do: keyword "总经理审批" (25 %), by arrival', page(kw('总经理审批'), 'd.created_at desc, d.task_id desc')],
    ['to-do: keyword "BK2-17" (rare), by due date', page(kw('BK2-17'), 'd.due_at asc, d.task_id asc')],
    ['to-do: overdue, by importance', page(`d.due_at < now()`, 'd.importance asc, d.task_id desc')],
    ['to-do: importance 1, by arrival', page('d.importance = 1', 'd.created_at desc, d.task_id desc')],
    ['to-do: activity 3, by process name', page('d.activity = 3', 'd.definition_name asc, d.task_id asc')],
    ['to-do: by arrival, page 2,000 of 50 (deep)', page('true', 'd.created_at desc, d.task_id desc', 50, 99_950)],
  ];
}

/** the PostgreSQL cluster's postmaster (the parent of a backend): its process tree is the cluster's CPU */
async function postmasterOf(url: string) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const backend = (await c.query('select pg_backend_pid() as pid')).rows[0].pid as number;
    const stat = fs.readFileSync(`/proc/${backend}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch { return undefined; } finally { await c.end(); }
}

// ---------- the request mix ----------

/** a small fixed PRNG: every run sends the same sequence */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; };
}
type Rand = () => number;
const pick = <T,>(r: Rand, xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
/** pages as operators open them: mostly the first few, some further, a few deep */
function pageAndLimit(r: Rand, rows: number) {
  const limit = pick(r, [10, 20, 50]);
  const last = Math.max(1, Math.floor(rows / limit));
  const x = r();
  const page = x < 0.6 ? 1 + Math.floor(r() * 5) : x < 0.9 ? 1 + Math.floor(r() * 50) : 1 + Math.floor(r() * Math.min(last, 2000));
  return `page=${page}&limit=${limit}`;
}
function sortOf(r: Rand, fields: readonly string[]) {
  return r() < 0.5 ? '' : `&sort=${pick(r, fields)}&order=${pick(r, ['asc', 'desc'])}`;
}
const kw = (name: string, r: Rand, p: number, words: string[]) => (r() < p ? `&${name}=${encodeURIComponent(pick(r, words))}` : '');

interface List { name: string; path: string; next: (r: Rand) => string }
const LISTS: List[] = [
  { name: 'operationLog', path: '/api/audit/operation-logs', next: (r) => pageAndLimit(r, ROWS) + sortOf(r, OPERATION_LOG_SORTS)
      + kw('userId', r, 0.2, ['user0042', 'user01', 'user3', 'admin']) + kw('operation', r, 0.2, ['accounts', 'DELETE /api/cms', 'routes', 'definitions'])
      + kw('module', r, 0.2, MODULES) + (r() < 0.1 ? '&result=failure' : '') },
  { name: 'loginLog', path: '/api/audit/login-logs', next: (r) => pageAndLimit(r, ROWS) + sortOf(r, LOGIN_LOG_SORTS)
      + kw('userId', r, 0.3, ['user0042', 'user01', 'user2', 'admin']) + kw('ip', r, 0.2, ['10.2.', '10.1.17', '.250']) + (r() < 0.15 ? '&outcome=failure' : '') },
  { name: 'clientErrors', path: '/api/audit/client-errors', next: (r) => pageAndLimit(r, ROWS) + sortOf(r, ['createdAt'])
      + kw('keyword', r, 0.5, ['TypeError', 'undefined', 'chunk', 'fetch', 'ResizeObserver', '采购', '提交失败', '上传超时', 'page/12', '#4711']) },
  { name: 'accounts', path: '/api/security/accounts', next: (r) => pageAndLimit(r, ROWS) + sortOf(r, ACCOUNT_SORTS)
      + kw('keyword', r, 0.4, ['user0042', 'user01234', '王伟', '李', '张静', '13800012', 'example.org']) + (r() < 0.1 ? '&status=lock' : '') },
  { name: 'monitor', path: '/api/workflow/instances', next: (r) => pageAndLimit(r, ROWS) + sortOf(r, INSTANCE_SORTS)
      + (r() < 0.2 ? '&status=suspended' : '') + (r() < 0.1 ? `&businessKey=BK1-${1 + Math.floor(r() * 20_000)}` : '') },
  { name: 'todo', path: '/api/workflow/tasks/todo', next: (r) => pageAndLimit(r, ROWS) + sortOf(r, TODO_SORTS)
      + kw('keyword', r, 0.3, ['财务', '总经理审批', '采购', 'BK2-17']) + (r() < 0.1 ? '&overdue=true' : '') },
];

async function login(base: string) {
  const key = await (await fetch(`${base}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`)).json();
  const form = new URLSearchParams({ grant_type: 'password', username: 'admin', password: encryptForLogin(key.data.publicKey, 'Bencao@2026'), key_id: key.data.keyId });
  return (await (await fetch(`${base}/api/oauth/token`, { method: 'POST', body: form })).json()).access_token as string;
}

/** account edits (each also an operation log row) 20 times a second, a client error every 2.5 s; stop() answers the writes done */
function writer(base: string, token: string, accountIds: number[]) {
  let stopped = false, writes = 0, failed = 0, i = 0;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const loop = (async () => {
    while (!stopped) {
      const id = accountIds[i % accountIds.length];
      const r = await fetch(`${base}/api/security/accounts/${id}`, { method: 'PUT', headers, body: JSON.stringify({ userName: `改名${i}` }) }).catch(() => null);
      if (r?.ok) writes++; else failed++;
      if (i % 50 === 0) {
        const e = await fetch(`${base}/api/admin/client-errors`, { method: 'POST', headers, body: JSON.stringify({ message: `TypeError: bench write ${i}`, url: 'http://127.0.0.1/console/#/bench' }) }).catch(() => null);
        if (e?.ok) writes++;
      }
      i++;
      await new Promise((res) => setTimeout(res, 50));
    }
  })();
  return { async stop() { stopped = true; await loop; return { writes, failed }; } };
}

// ---------- per request class ----------

/** keywords found in 1 % of a list's rows or fewer (the others: 2–20 %) */
const RARE = new Set(['#4711', 'page/12', 'admin', 'user0042', 'user01234', '王伟', '张静', '13800012', 'BK2-17', '10.1.17', '.250']);
const FILTERS = ['status', 'module', 'result', 'outcome', 'overdue', 'businessKey'];
const KEYWORDS = ['keyword', 'userId', 'operation', 'ip'];

/**
 * The class of a request of the mix, the first that applies: a deep page (1,000 rows skipped or more), a keyword
 * (short: one or two characters; rare: a few hundred rows at most), a filter, a sort other than the default, a
 * later page, the first page.
 */
function classOf(query: string): string {
  const p = new URLSearchParams(query);
  if ((Number(p.get('page')) - 1) * Number(p.get('limit')) >= 1000) return 'deep page (≥ 1,000 skipped)';
  const k = KEYWORDS.map((n) => p.get(n)).find((v) => v);
  if (k) return `keyword ${[...k].length <= 2 ? 'short' : 'long'} ${RARE.has(k) ? 'rare' : 'common'}`;
  if (FILTERS.some((f) => p.has(f))) return 'filter';
  if (p.get('sort')) return `sort ${p.get('sort')} ${p.get('order')}`;
  return p.get('page') === '1' ? 'first page' : 'later page (2–50)';
}

const PER_CLASS = Number(process.env.BENCH_CLASS_REQUESTS ?? 120);

/** statements the server has run so far (its /metrics, METRICS_TOKEN) */
async function statementsRun(base: string) {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return [...text.matchAll(/^bencao_db_query_duration_seconds_count\{[^}]*\} (\d+)/gm)].reduce((a, m) => a + Number(m[1]), 0);
}

/**
 * The mix by class (BENCH_BREAKDOWN=0 skips it): 4,000 requests drawn as the mix draws them give each class's
 * share; then each class's requests are sent one at a time, PER_CLASS of them (the sample's requests in turn,
 * each with a distinct `_` parameter the server ignores, so no answer comes from the list cache), with the
 * server's CPU, the statements it ran and the wall time around them. Share of the cost = share × CPU.
 */
async function breakdown(label: string, list: List, n: number, base: string, headers: Record<string, string>, pid: number, postmaster?: number) {
  const r = rng(1000 + n);
  const byClass = new Map<string, string[]>();
  const SAMPLE = 4000;
  for (let i = 0; i < SAMPLE; i++) {
    const q = list.next(r);
    const c = classOf(q);
    byClass.set(c, [...(byClass.get(c) ?? []), q]);
  }
  const rows: { c: string; share: number; cpu: number; pg: number; wall: number; statements: number }[] = [];
  let bust = 0;
  for (const [c, qs] of byClass) {
    const count = Math.min(PER_CLASS, Math.max(20, qs.length));
    const s0 = await statementsRun(base);
    const cpu0 = cpuSeconds(pid)?.server ?? 0, pg0 = postmaster ? cpuSeconds(postmaster)?.server ?? 0 : 0;
    const t0 = performance.now();
    for (let i = 0; i < count; i++) {
      const res = await fetch(`${base}${list.path}?${qs[i % qs.length]}&_=${bust++}`, { headers });
      if (!res.ok) throw new Error(`${list.path}?${qs[i % qs.length]}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
    const wall = (performance.now() - t0) / count;
    const cpu = ((cpuSeconds(pid)?.server ?? 0) - cpu0) / count * 1e6;
    const pg = postmaster ? ((cpuSeconds(postmaster)?.server ?? 0) - pg0) / count * 1e6 : 0;
    const statements = (await statementsRun(base) - s0 - 0) / count;
    rows.push({ c, share: qs.length / SAMPLE, cpu, pg, wall, statements });
  }
  const total = rows.reduce((a, x) => a + x.share * (x.cpu + x.pg), 0);
  rows.sort((a, b) => b.share * (b.cpu + b.pg) - a.share * (a.cpu + a.pg));
  console.log(`${label.padEnd(22)} ${list.name} by class (one request at a time, ${PER_CLASS} per class; mean of the mix ${Math.round(total)} µs CPU per request):`);
  for (const x of rows) {
    console.log(`${''.padEnd(24)}${x.c.padEnd(32)} ${(x.share * 100).toFixed(1).padStart(5)} % of requests  CPU ${String(Math.round(x.cpu)).padStart(6)} µs${postmaster ? ` + postgres ${String(Math.round(x.pg)).padStart(6)} µs` : ''}  ${x.wall.toFixed(2).padStart(7)} ms  ${x.statements.toFixed(1)} statements  ${(x.share * (x.cpu + x.pg) / total * 100).toFixed(1).padStart(5)} % of the cost`);
  }
}

const fmt = (label: string, name: string, r: autocannon.Result, extra = '') => {
  const bad = r.non2xx + r.errors;
  return `${label.padEnd(22)} ${name.padEnd(40)} ${Math.round(r.requests.average).toString().padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(5)} ms${bad ? `  (${bad} errors!)` : ''}${extra}`;
};

async function run(label: string, env: Record<string, string>, budget: { rps: number; p99: number }, postmaster?: number) {
  const server = await startServer({ METRICS_TOKEN, ...env });
  const token = await login(server.base);
  const headers = { authorization: `Bearer ${token}` };
  await autocannon({ url: `${server.base}/api/health`, connections: 20, duration: 2 });
  const health = await autocannon({ url: `${server.base}/api/health`, connections: 20, duration: Math.min(DURATION, 5) });
  console.log(fmt(label, 'calibration: GET /api/health', health));
  const only = process.env.BENCH_LISTS?.split(',');
  // the cached single URL before the mixes, so that no slow request left queued by one of them stalls it
  if (!only || only.includes('clientErrors')) {
    const cached = await autocannon({ url: `${server.base}/api/audit/client-errors?page=37&limit=10`, connections: 20, duration: Math.min(DURATION, 5), headers });
    console.log(fmt(label, '  (cached: one URL, client errors p. 37)', cached, '  — answered from the list cache, not the budget'));
  }
  const accountIds = ((await (await fetch(`${server.base}/api/security/accounts?keyword=user0000&limit=50`, { headers })).json()).data.records as { id: number }[]).map((a) => a.id);
  const results: { name: string; rps: number; p99: number }[] = [];
  for (const [n, list] of LISTS.entries()) {
    if (only && !only.includes(list.name)) continue;
    const r = rng(n + 1);
    const requests = [{ method: 'GET' as const, setupRequest: (req: Record<string, unknown>) => ({ ...req, path: `${list.path}?${list.next(r)}` }) }];
    await autocannon({ url: server.base, connections: 20, duration: 2, headers, requests }); // warm-up
    const w = writer(server.base, token, accountIds);
    const before = os.loadavg()[0];
    const cpu0 = [cpuSeconds(server.pid)?.server, postmaster && cpuSeconds(postmaster)?.server];
    const res = await autocannon({ url: server.base, connections: 20, duration: DURATION, headers, requests });
    const cpu1 = [cpuSeconds(server.pid)?.server, postmaster && cpuSeconds(postmaster)?.server];
    const done = await w.stop();
    // CPU per request holds under load where req/s does not (the writer's requests are in it, a few per cent)
    const per = (i: number) => (cpu0[i] !== undefined && cpu1[i] !== undefined ? `${Math.round((Number(cpu1[i]) - Number(cpu0[i])) / Math.max(1, res.requests.total) * 1e6)} µs` : null);
    const cpu = [per(0) && `server ${per(0)}`, postmaster && per(1) && `postgres ${per(1)}`].filter(Boolean).join(', ');
    console.log(fmt(label, `${list.name}: mix, writes between`, res, `  (${done.writes} writes${done.failed ? `, ${done.failed} failed` : ''}; load ${before.toFixed(2)}${cpu ? `; CPU per request: ${cpu}` : ''})`));
    results.push({ name: list.name, rps: res.requests.average, p99: res.latency.p99 });
    if (process.env.BENCH_BREAKDOWN !== '0') await breakdown(label, list, n, server.base, headers, server.pid, postmaster);
  }
  const over = results.filter((x) => x.rps < budget.rps || x.p99 > budget.p99).map((x) => x.name);
  console.log(`${label.padEnd(22)} budget ≥ ${budget.rps} req/s${Number.isFinite(budget.p99) ? `, p99 ≤ ${budget.p99} ms` : ''} on every list: ${over.length ? `OVER (${over.join(', ')})` : 'PASS'}`);
  const { code, errors } = await server.stop();
  console.log(`${label.padEnd(22)} shutdown: exit ${code}, ${errors.length ? `${errors.length} error line(s):\n${errors.slice(0, 3).join('\n')}` : 'nothing logged at error level'}`);
}

async function pgSettings(url: string) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const rows = (await c.query(`select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'full_page_writes') order by name`)).rows;
    const v = (await c.query('show server_version')).rows[0].server_version;
    return `PostgreSQL ${v}: ${rows.map((r) => `${r.name}=${r.setting}`).join(' ')}`;
  } finally { await c.end(); }
}

async function runPostgres(url: string, kind: string) {
  console.log(`${kind}: ${await pgSettings(url)}`);
  await prepare('', url);
  if (process.env.BENCH_EXPLAIN === '1') return;
  for (const workers of [...new Set([1, CORES])]) {
    await run(`PostgreSQL ${kind} ×${workers}`, { DATABASE_URL: url, WORKERS: String(workers) }, { rps: 3000, p99: Infinity }, await postmasterOf(url));
  }
}

console.log(machineLine());
console.log(cpuProbe());
// BENCH_DATA_DIR: the PGlite data is prepared there once and kept for the next runs (the server migrates it at start)
const keptDir = process.env.BENCH_DATA_DIR;
const dataDir = keptDir ?? path.join(os.tmpdir(), `bencao-bench-${process.pid}`);
if (process.env.BENCH_SKIP_PGLITE !== '1') {
  if (!keptDir || !fs.existsSync(path.join(keptDir, 'bench-prepared'))) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await prepare(dataDir);
    if (keptDir) fs.writeFileSync(path.join(keptDir, 'bench-prepared'), new Date().toISOString());
  }
  if (process.env.BENCH_EXPLAIN !== '1') await run('PGlite', { DATA_DIR: dataDir }, { rps: 1000, p99: 50 });
  if (!keptDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

const clusters = process.env.BENCH_PG?.split(',').filter(Boolean) ?? [];
const given = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (clusters.length) {
  const script = path.resolve(import.meta.dirname, '../scripts/pg-cluster.sh');
  const port = process.env.BENCH_PG_PORT ?? '54390';
  for (const kind of clusters) {
    const dir = path.join(os.tmpdir(), `bencao-bench-pg-${process.pid}`);
    const url = execFileSync('bash', [script, 'start', dir, port], { env: { ...process.env, PG_DURABLE: kind === 'durable' ? '1' : '' } }).toString().trim();
    try { await runPostgres(url, kind); } finally { execFileSync('bash', [script, 'stop', dir]); }
  }
} else if (given) await runPostgres(given, 'as set up');
else console.log('PostgreSQL: skipped (set BENCH_PG=fast,durable, or BENCH_DATABASE_URL to a database the bench may fill)');
console.log(`load average ${loadAverage()}`);
process.exit(0);
