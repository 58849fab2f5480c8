import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';
import { kit, line, type Kit } from './workflowKit';

/**
 * The to-do and monitor lists over more rows than their exact-count cap (1,000, or ten pages past the one
 * shown): pages in a stable order, the total exact under the cap and an estimate above it, a page past the
 * end still carrying the total.
 */

let s: TestServer;
let k: Kit;
let adminId: number;
const N = 1_200;

beforeAll(async () => {
  s = await startTestServer();
  k = kit(s, await s.login(DEMO.admin.userId, DEMO.admin.password));
  [adminId] = await k.accountIds(['admin']);
  const def = await k.deploy(line('wfLists', ['a']));
  await k.start(def, {}, 'LS-real');
  const db = s.built.deps.db;
  // N instances of that definition, started in pairs at the same second (ties broken by id), each with one
  // open task of the admin's — by SQL, as a busy system would have them
  await db.execute(sql`insert into wf_instances (definition_id, version_id, definition_key, definition_name, version, business_key, status, starter_id, starter_name, variables, current_nodes, started_at, updated_at)
    select d.id, d.latest_version_id, 'wfLists', 'wfLists', 1, 'LS' || g, case when g % 4 = 0 then 'suspended' else 'running' end, ${adminId}, 'admin', '{}'::jsonb, '["a"]'::jsonb,
      timestamptz '2030-01-01T00:00:00Z' + ((g / 2) || ' seconds')::interval, now()
    from wf_definitions d, generate_series(1, ${N}) g where d.id = ${def}`);
  await db.execute(sql`insert into wf_executions (instance_id, element_id, element_type, status, started_at)
    select id, 'a', 'bpmn:UserTask', 'running', started_at from wf_instances where business_key like 'LS%' and business_key <> 'LS-real'`);
  await db.execute(sql`insert into wf_tasks (instance_id, execution_id, element_id, name, definition_key, assignee_id, status, created_at)
    select e.instance_id, e.id, 'a', 'a', 'wfLists', ${adminId}, 'open', e.started_at
    from wf_executions e join wf_instances i on i.id = e.instance_id where i.business_key like 'LS%' and i.business_key <> 'LS-real'`);
  await db.execute(sql`analyze`);
});
afterAll(async () => { await s?.close(); });

const get = async (path: string) => {
  const r = await s.request('GET', path, { token: k.token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { total: number; records: any[] };
};
const rowsOf = async (q: string) => (await s.built.deps.db.execute<{ id: number }>(sql.raw(q))).rows.map((r) => Number(r.id));

describe('the to-do list past its count cap', () => {
  it('pages by arrival, newest first, ties by id; total estimated above the cap, exact below it and on a page past the end', async () => {
    const expected = await rowsOf(`select id from wf_tasks where assignee_id = ${adminId} and status = 'open' order by created_at desc, id desc`);
    expect(expected.length).toBeGreaterThan(N);
    const first = await get('/api/workflow/tasks/todo?page=1&limit=10');
    expect(first.records.map((r) => r.id)).toEqual(expected.slice(0, 10));
    expect(first.records[0]).toMatchObject({ definitionName: 'wfLists', starterName: 'admin', status: 1, activity: 1, candidate: false });
    // above the cap of 1,000: never less than cap + 1, every page opens
    expect(first.total).toBeGreaterThan(1000);
    const p30 = await get('/api/workflow/tasks/todo?page=30&limit=10');
    expect(p30.records.map((r) => r.id)).toEqual(expected.slice(290, 300));
    const asc = await get('/api/workflow/tasks/todo?page=2&limit=10&sort=arrivedAt&order=asc');
    expect(asc.records.map((r) => r.id)).toEqual([...expected].reverse().slice(10, 20));
    // a page past the end: no rows, the total counted exactly (the cap is ten pages past the one asked for)
    const past = await get('/api/workflow/tasks/todo?page=200&limit=10');
    expect(past).toEqual({ total: expected.length, records: [] });
    // a filter through the general query: the same order, the count exact under the cap
    const filtered = await get('/api/workflow/tasks/todo?page=1&limit=10&keyword=LS11');
    const bk11 = await rowsOf(`select t.id from wf_tasks t join wf_instances i on i.id = t.instance_id where i.business_key like '%LS11%' and t.assignee_id = ${adminId} and t.status = 'open' order by t.created_at desc, t.id desc`);
    expect(filtered.total).toBe(bk11.length);
    expect(filtered.records.map((r) => r.id)).toEqual(bk11.slice(0, 10));
  });
});

describe('the monitor list past its count cap', () => {
  it('newest first with ties by id in the same direction; status filter deep page; totals', async () => {
    const newest = await rowsOf(`select id from wf_instances where definition_key = 'wfLists' order by started_at desc, id desc`);
    const first = await get('/api/workflow/instances?definitionKey=wfLists&page=1&limit=10');
    expect(first.records.map((r) => r.id)).toEqual(newest.slice(0, 10));
    expect(first.total).toBeGreaterThan(1000);
    const oldest = await get('/api/workflow/instances?definitionKey=wfLists&page=1&limit=10&sort=startedAt&order=asc');
    expect(oldest.records.map((r) => r.id)).toEqual([...newest].reverse().slice(0, 10));
    const suspended = await rowsOf(`select id from wf_instances where definition_key = 'wfLists' and status = 'suspended' order by started_at desc, id desc`);
    const deep = await get('/api/workflow/instances?definitionKey=wfLists&status=suspended&page=25&limit=10');
    expect(deep.records.map((r) => r.id)).toEqual(suspended.slice(240, 250));
    expect(deep.records[0]).toMatchObject({ status: 'suspended', definitionKey: 'wfLists', hasIncident: false });
    expect(deep.total).toBe(suspended.length);
    const past = await get('/api/workflow/instances?definitionKey=wfLists&page=130&limit=10');
    expect(past).toEqual({ total: newest.length, records: [] });
  });
});
