import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TODO_SORTS } from '@bencao/contracts';
import { startTestServer, DEMO, type TestServer } from './harness';
import { setWorkflowClock } from '../src/modules/workflow/engine/clock';
import { bpmn, endEv, flow, kit, startEv, userTask, usersRule, type Kit } from './workflowKit';

/**
 * The to-do (issue 27) reads a per-person copy of the open tasks kept by triggers (migration 0050). Its pages,
 * for every sort, order and filter, are those of the list's definition — computed here straight from the
 * engine's tables — also after each change that moves a task in or out of someone's to-do or changes what the
 * list sorts or filters on; and a page reads the rows up to it, not every open task of the person.
 */

let s: TestServer;
let k: Kit;
const T: Record<string, string> = {};
const ID: Record<string, number> = {};
const PEOPLE = { staff: 'Staff@2026', deptlead: 'Lead@2026', finance1: 'Finance@2026', finance2: 'Finance@2026' } as const;
const NOW = new Date('2031-05-06T01:00:00Z');
const defs: Record<string, number> = {};

const post = (who: string, path: string, body: unknown = {}) => s.request('POST', path, { token: T[who], body });
const ok = async (p: Promise<{ status: number; body: any }>) => { const r = await p; expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body.data; };
const act = (who: string, taskId: number, action: string, body: unknown = {}) => ok(post(who, `/api/workflow/tasks/${taskId}/${action}`, body));
const openTask = async (instanceId: number) => { const ts = await k.open(instanceId); expect(ts).toHaveLength(1); return ts[0].id as number; };

beforeAll(async () => {
  s = await startTestServer();
  setWorkflowClock(s.built.deps.db, () => NOW);
  k = kit(s, await s.login(DEMO.admin.userId, DEMO.admin.password));
  for (const [u, pw] of Object.entries(PEOPLE)) T[u] = await s.login(u, pw);
  Object.assign(ID, Object.fromEntries((await k.accountIds(Object.keys(PEOPLE))).map((id, i) => [Object.keys(PEOPLE)[i], id])));
  const one = (key: string, name: string, rule: Record<string, unknown>) => bpmn(key, [startEv(), userTask('a', { name, rule }),
    endEv(), flow('f0', 'start', 'a'), flow('f1', 'a', 'end')].join('\n'), name);
  defs.assigned = await k.deploy(one('tdAssigned', '财务审核', usersRule([ID.finance2])), 'tdAssigned', '采购申请');
  defs.offered = await k.deploy(one('tdOffered', '部门经理审批', usersRule([ID.finance1, ID.finance2])), 'tdOffered', 'Expense claim');
  defs.lead = await k.deploy(one('tdLead', 'Lead review', usersRule([ID.deptlead])), 'tdLead', 'Leave request');
  // 24 tasks: assigned to finance2, offered to finance1 and finance2, the deptlead's; started by staff or deptlead
  for (let i = 0; i < 24; i++) {
    const def = [defs.assigned, defs.offered, defs.lead][i % 3];
    await k.start(def, { amount: i }, `TD-${String(i).padStart(3, '0')}`, T[i % 4 === 0 ? 'deptlead' : 'staff']);
  }
  // due dates past, future and none; marks and opened
  const db = s.built.deps.db;
  await db.execute(sql`update wf_tasks set due_at = case when id % 3 = 0 then timestamptz '2001-01-01T00:00:00Z' + (id || ' hours')::interval
    when id % 3 = 1 then timestamptz '2099-01-01T00:00:00Z' - (id || ' hours')::interval end where definition_key like 'td%'`);
  const mine = (await ok(s.request('GET', '/api/workflow/tasks/todo?limit=100', { token: T.finance2 }))).records as { id: number }[];
  for (const [i, r] of mine.entries()) {
    if (i % 3 === 0) await ok(s.request('PUT', `/api/workflow/tasks/${r.id}/importance`, { token: T.finance2, body: { importance: 1 + (i % 2) * 2 } }));
    if (i % 4 === 1) await ok(s.request('PUT', `/api/workflow/tasks/${r.id}/activity`, { token: T.finance2, body: { activity: 3 } }));
    if (i % 5 === 2) await ok(s.request('GET', `/api/workflow/tasks/${r.id}`, { token: T.finance2 }));
  }
});
afterAll(async () => { setWorkflowClock(s?.built.deps.db, null); await s?.close(); });

/** the list's definition, straight from the engine's tables: a person's open tasks, assigned or offered while unclaimed */
const FILTERS: Record<string, (me: number) => string> = {
  '': () => 'true',
  'keyword=财务': () => keyword('财务'),
  'keyword=采': () => keyword('采'),
  'keyword=td-01': () => keyword('td-01'),
  'keyword=claim': () => keyword('claim'),
  'overdue=true': () => `t.due_at < '${NOW.toISOString()}'`,
  'importance=1': () => 'coalesce(s.importance, 2) = 1',
  'importance=2': () => 'coalesce(s.importance, 2) = 2',
  'activity=3': () => 'coalesce(s.activity, 1) = 3',
  'status=1': () => 's.opened_at is null and t.claimed_at is null',
  'status=2': () => '(s.opened_at is not null or t.claimed_at is not null)',
  'definitionKey=tdOffered': () => `t.definition_key = 'tdOffered'`,
  'starter=deptlead': () => `(i.starter_name ilike '%deptlead%' or i.starter_id in (select id from accounts where user_id = 'deptlead'))`,
  'arrivedFrom=2000-01-01T00:00:00.000Z&overdue=true&importance=2': () => `t.due_at < '${NOW.toISOString()}' and coalesce(s.importance, 2) = 2`,
};
function keyword(k: string) {
  return `(t.name ilike '%${k}%' or i.definition_name ilike '%${k}%' or i.business_key ilike '%${k}%')`;
}
const ORDER: Record<(typeof TODO_SORTS)[number], (d: 'asc' | 'desc') => string> = {
  arrivedAt: (d) => `t.created_at ${d}, t.id ${d}`,
  dueAt: (d) => `t.due_at ${d}, t.id ${d}`,
  importance: (d) => `coalesce(s.importance, 2) ${d}, t.id desc`,
  definitionName: (d) => `i.definition_name ${d}, t.id ${d}`,
};
const DEFAULT_ORDER = { arrivedAt: 'desc', dueAt: 'asc', importance: 'asc', definitionName: 'asc' } as const;

async function expected(me: number, filter: string, sort: keyof typeof ORDER, order: 'asc' | 'desc') {
  const rows = await s.built.deps.db.execute<{ id: number }>(sql.raw(`select t.id from wf_tasks t join wf_instances i on i.id = t.instance_id
    left join wf_task_user_state s on s.task_id = t.id and s.account_id = ${me}
    where t.status = 'open' and (t.assignee_id = ${me} or t.assignee_id is null and exists (select 1 from wf_task_candidates c where c.task_id = t.id and c.account_id = ${me}))
      and ${filter.startsWith('keyword=') ? keyword(filter.slice(8)) : FILTERS[filter](me)}
    order by ${ORDER[sort](order)}`));
  return rows.rows.map((r) => Number(r.id));
}
async function listed(who: string, query: string) {
  const p = await ok(s.request('GET', `/api/workflow/tasks/todo?${query}`, { token: T[who] }));
  return { total: p.total as number, ids: (p.records as { id: number }[]).map((r) => r.id), records: p.records as any[] };
}

/** every sort and order (and the default) of `who`'s to-do with `filter`: the whole list, and pages of 4 laid end to end */
async function agrees(who: string, filter = '') {
  for (const sort of TODO_SORTS) {
    for (const order of ['asc', 'desc', undefined] as const) {
      const want = await expected(ID[who], filter, sort, order ?? DEFAULT_ORDER[sort]);
      const q = `${filter ? `${filter}&` : ''}sort=${sort}${order ? `&order=${order}` : ''}`;
      const all = await listed(who, `${q}&limit=100`);
      expect(all.ids, `${who} ${q}`).toEqual(want);
      expect(all.total).toBe(want.length);
      if (order) continue;
      const paged: number[] = [];
      for (let page = 1; page <= Math.ceil(want.length / 4) + 1; page++) paged.push(...(await listed(who, `${q}&limit=4&page=${page}`)).ids);
      expect(paged, `${who} ${q} in pages`).toEqual(want);
    }
  }
  if (!filter) {
    const plain = await listed(who, 'limit=100');
    expect(plain.ids).toEqual(await expected(ID[who], '', 'arrivedAt', 'desc'));
  }
}

describe('the to-do: every sort and filter as the list is defined', () => {
  it('gives the rows of the definition in its order, whole and in pages, for each filter', async () => {
    for (const filter of Object.keys(FILTERS)) await agrees('finance2', filter);
    // the seeded set exercises what it should: both kinds of task, every filter matching some rows but not all
    const all = await expected(ID.finance2, '', 'arrivedAt', 'desc');
    expect(all.length).toBeGreaterThanOrEqual(16);
    for (const filter of Object.keys(FILTERS).filter((f) => f && f !== 'keyword=td-01')) {
      const n = (await expected(ID.finance2, filter, 'arrivedAt', 'desc')).length;
      expect(n, filter).toBeGreaterThan(0);
      expect(n, filter).toBeLessThan(all.length);
    }
    const rec = (await listed('finance2', 'limit=100')).records;
    expect(new Set(rec.map((r) => r.candidate))).toEqual(new Set([true, false]));
    expect(rec.find((r) => r.definitionKey === 'tdAssigned')).toMatchObject({ definitionName: '采购申请', name: '财务审核', candidate: false });
  });

  it('the count by activity and overdue is that of the definition', async () => {
    const c = await ok(s.request('GET', '/api/workflow/tasks/todo/count', { token: T.finance2 }));
    expect(c.total).toBe((await expected(ID.finance2, '', 'arrivedAt', 'desc')).length);
    expect(c.overdue).toBe((await expected(ID.finance2, 'overdue=true', 'arrivedAt', 'desc')).length);
    expect(c.byActivity[3]).toBe((await expected(ID.finance2, 'activity=3', 'arrivedAt', 'desc')).length);
  });
});

describe('the to-do follows every change', () => {
  const offered = async () => (await listed('finance2', 'definitionKey=tdOffered&limit=100')).ids;

  it('claim, unclaim: an offered task leaves the others\' to-do and comes back', async () => {
    const [task] = await offered();
    await act('finance1', task, 'claim');
    expect(await offered()).not.toContain(task);
    expect((await listed('finance1', 'limit=100')).records.find((r) => r.id === task)).toMatchObject({ candidate: false, status: 2 });
    await agrees('finance1');
    await agrees('finance2');
    await act('finance1', task, 'unclaim');
    expect(await offered()).toContain(task);
    await agrees('finance2');
    await agrees('finance1', 'status=2');
  });

  it('delegate and its answer, transfer, complete', async () => {
    const lead = (await listed('deptlead', 'limit=100')).ids;
    await act('deptlead', lead[0], 'delegate', { userId: ID.finance2, comment: '请核对' });
    expect((await listed('finance2', 'limit=100')).records.find((r) => r.id === lead[0])).toMatchObject({ delegated: true });
    await agrees('finance2');
    await agrees('deptlead');
    await act('finance2', lead[0], 'resolve', { comment: '已核对' });
    expect((await listed('finance2', 'limit=100')).ids).not.toContain(lead[0]);
    expect((await listed('deptlead', 'limit=100')).ids).toContain(lead[0]);
    await act('deptlead', lead[1], 'transfer', { userId: ID.finance2, comment: '转交' });
    expect((await listed('deptlead', 'limit=100')).ids).not.toContain(lead[1]);
    await agrees('finance2');
    const before = (await listed('finance2', 'limit=100')).ids;
    await act('finance2', lead[1], 'approve', { comment: '同意' });
    const after = (await listed('finance2', 'limit=100')).ids;
    expect(after).toEqual(before.filter((id) => id !== lead[1]));
    await agrees('finance2', 'overdue=true');
    await agrees('deptlead');
  });

  it('marks: importance, activity, opened', async () => {
    const last = (await listed('finance2', 'sort=importance&order=asc&limit=100')).ids.at(-1)!;
    await ok(s.request('PUT', `/api/workflow/tasks/${last}/importance`, { token: T.finance2, body: { importance: 1 } }));
    expect((await listed('finance2', 'importance=1&limit=100')).ids).toContain(last);
    await ok(s.request('PUT', `/api/workflow/tasks/${last}/activity`, { token: T.finance2, body: { activity: 4 } }));
    expect((await listed('finance2', 'activity=4')).ids).toEqual([last]);
    const unopened = (await listed('finance2', 'status=1&limit=1')).ids[0];
    await ok(s.request('GET', `/api/workflow/tasks/${unopened}`, { token: T.finance2 }));
    expect((await listed('finance2', 'status=1&limit=100')).ids).not.toContain(unopened);
    await agrees('finance2', 'importance=1');
    await agrees('finance2', 'status=1');
    // the marks are the person's own: the other candidate's view of an offered task does not change
    await agrees('finance1');
  });

  it('due date changed, business key and process name changed, the process renamed and re-published', async () => {
    const db = s.built.deps.db;
    const [task] = (await listed('finance2', 'sort=dueAt&order=asc&limit=1')).ids;
    await db.execute(sql`update wf_tasks set due_at = null where id = ${task}`);
    expect((await listed('finance2', 'sort=dueAt&order=asc&limit=1')).ids).not.toEqual([task]);
    await agrees('finance2', 'overdue=true');
    const [{ instance_id: inst }] = (await db.execute<{ instance_id: number }>(sql`select instance_id from wf_tasks where id = ${task}`)).rows;
    await db.execute(sql`update wf_instances set business_key = 'RENAMED-42', definition_name = '0 最先' where id = ${inst}`);
    expect((await listed('finance2', 'keyword=renamed-42')).ids).toEqual([task]);
    expect((await listed('finance2', 'sort=definitionName&order=asc&limit=1')).ids).toEqual([task]);
    await agrees('finance2', 'keyword=最先');
    // renaming the process and publishing it again leaves the running instances' name (their snapshot); new ones take the new name
    await ok(s.request('PUT', `/api/workflow/definitions/${defs.assigned}`, { token: k.token, body: { name: '采购申请（新）' } }));
    await ok(s.request('POST', `/api/workflow/definitions/${defs.assigned}/publish`, { token: k.token }));
    const fresh = await openTask(await k.start(defs.assigned, {}, 'TD-NEW', T.staff));
    expect((await listed('finance2', 'limit=1')).records[0]).toMatchObject({ id: fresh, definitionName: '采购申请（新）' });
    await agrees('finance2', 'keyword=采');
    await agrees('finance2');
  });

  it('a suspended instance\'s task leaves the to-do and comes back on resume', async () => {
    const [task] = (await listed('finance2', 'definitionKey=tdAssigned&limit=1')).ids;
    const [{ instance_id: inst }] = (await s.built.deps.db.execute<{ instance_id: number }>(sql`select instance_id from wf_tasks where id = ${task}`)).rows;
    await ok(s.request('POST', `/api/workflow/instances/${inst}/suspend`, { token: k.token }));
    expect((await listed('finance2', 'limit=100')).ids).not.toContain(task);
    await agrees('finance2');
    await ok(s.request('POST', `/api/workflow/instances/${inst}/resume`, { token: k.token }));
    expect((await listed('finance2', 'limit=100')).ids).toContain(task);
    await agrees('finance2');
  });
});

describe('a person with many open tasks', () => {
  const N = 20_000;
  beforeAll(async () => {
    const db = s.built.deps.db;
    // N more open tasks of the deptlead's, by SQL as a busy system would have them (the triggers file them)
    await db.execute(sql`insert into wf_instances (definition_id, version_id, definition_key, definition_name, version, business_key, status, starter_id, starter_name, variables, current_nodes, started_at, updated_at)
      select d.id, d.latest_version_id, 'tdLead', 'Leave request', 1, 'MANY-' || g, 'running', ${ID.staff}, 'staff', '{}'::jsonb, '["a"]'::jsonb,
        timestamptz '2030-01-01T00:00:00Z' + (g || ' seconds')::interval, now()
      from wf_definitions d, generate_series(1, ${N}) g where d.id = ${defs.lead}`);
    await db.execute(sql`insert into wf_executions (instance_id, element_id, element_type, status, started_at)
      select id, 'a', 'bpmn:UserTask', 'running', started_at from wf_instances where business_key like 'MANY-%'`);
    await db.execute(sql`insert into wf_tasks (instance_id, execution_id, element_id, name, definition_key, assignee_id, status, created_at)
      select e.instance_id, e.id, 'a', case when i.id % 100 = 0 then '总经理审批' else 'Lead review' end, 'tdLead', ${ID.deptlead}, 'open', e.started_at
      from wf_executions e join wf_instances i on i.id = e.instance_id where i.business_key like 'MANY-%'`);
    await db.execute(sql`analyze`);
    // the embedded database ran in this process for that long: a kept-alive connection the server has closed
    // meanwhile fails once, and is dropped
    await s.request('GET', '/api/health').catch(() => undefined);
  });

  /** rows read from wf_tasks and wf_todo by one request (the tables' access counters, flushed around it) */
  async function rowsRead(path: string) {
    const db = s.built.deps.db;
    const read = async () => {
      // the counters are published after a statement: asked for, then one statement, then read
      await db.execute(sql`select pg_stat_force_next_flush()`);
      await db.execute(sql`select 1`);
      const r = await db.execute<{ n: string }>(sql`select coalesce(sum(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0)), 0) as n
        from pg_stat_user_tables where relname in ('wf_tasks', 'wf_todo', 'wf_task_user_state', 'wf_task_candidates')`);
      await db.execute(sql`select pg_stat_clear_snapshot()`);
      return Number(r.rows[0].n);
    };
    const before = await read();
    await ok(s.request('GET', path, { token: T.deptlead }));
    return (await read()) - before;
  }

  it('every sort and the filters read about a page of rows, not every open task', async () => {
    // the access counters of the server's own connection: on the embedded database the test's; a PostgreSQL
    // backend publishes them up to a second after its transaction, so there the plans are checked by the bench
    if (s.databaseUrl) return;
    for (const q of ['sort=arrivedAt', 'sort=dueAt&order=asc', 'sort=dueAt&order=desc', 'sort=importance&order=asc', 'sort=importance&order=desc',
      'sort=definitionName&order=desc', 'overdue=true', 'importance=3', 'activity=2&sort=arrivedAt', 'definitionKey=tdLead&sort=arrivedAt&order=asc']) {
      const read = await rowsRead(`/api/workflow/tasks/todo?${q}&page=2&limit=20`);
      // the page and the capped count (1,001 index entries at most, whose rows are not all fetched): far from N
      expect(read, q).toBeLessThan(N / 2);
    }
  });

  it('agrees with the definition over many rows, deep pages included', async () => {
    const cases: [string, string, keyof typeof ORDER, 'asc' | 'desc'][] = [
      ['sort=dueAt&order=desc', '', 'dueAt', 'desc'], ['keyword=总经理审批', 'keyword=总经理审批', 'arrivedAt', 'desc'], ['sort=importance', '', 'importance', 'asc'],
      ['sort=definitionName&order=asc', '', 'definitionName', 'asc'],
    ];
    for (const [q, filter, sort, order] of cases) {
      const want = await expected(ID.deptlead, filter, sort, order);
      expect((await listed('deptlead', `${q}&page=3&limit=10`)).ids, q).toEqual(want.slice(20, 30));
    }
    const want = await expected(ID.deptlead, '', 'arrivedAt', 'asc');
    const deep = await listed('deptlead', 'sort=arrivedAt&order=asc&page=59&limit=50');
    expect(deep.ids).toEqual(want.slice(2900, 2950));
    expect(deep.total).toBe(want.length);
  });
});
