import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';
import { kit, line, type Kit } from './workflowKit';

/**
 * The reads that stop early (issue 27): the to-do's importance and due-date sorts read each person's open
 * tasks in index order and stop at the page, and keywords of one or two characters are looked up in the
 * short-keyword index. The user sees the same lists as the general query gives: the same order, page after
 * page, and every row holding the keyword.
 */
let s: TestServer;
let k: Kit;
let adminId: number;
let otherId: number;

beforeAll(async () => {
  s = await startTestServer();
  k = kit(s, await s.login(DEMO.admin.userId, DEMO.admin.password));
  const def = await k.deploy(line('wfShortcuts', ['a']));
  const db = s.built.deps.db;
  await db.execute(sql`insert into accounts (user_id, user_name, password_hash, email, mobile, status)
    select 'shortcut-other', '旁人', password_hash, null, null, 'normal' from accounts where user_id = 'admin'`);
  [adminId, otherId] = await k.accountIds(['admin', 'shortcut-other']);
  await db.execute(sql`insert into wf_instances (definition_id, version_id, definition_key, definition_name, version, business_key, status, starter_id, starter_name, variables, current_nodes, started_at, updated_at)
    select d.id, d.latest_version_id, 'wfShortcuts', 'wfShortcuts', 1, 'SC' || g, 'running', ${adminId}, 'admin', '{}'::jsonb, '["a"]'::jsonb,
      timestamptz '2030-01-01T00:00:00Z' + (g || ' minutes')::interval, now()
    from wf_definitions d, generate_series(1, 120) g where d.id = ${def}`);
  await db.execute(sql`insert into wf_executions (instance_id, element_id, element_type, status, started_at)
    select id, 'a', 'bpmn:UserTask', 'running', started_at from wf_instances where business_key like 'SC%'`);
  // g 1–70 the admin's (61–70 completed), 71–100 offered to the admin and another, 101–110 offered to the other
  // only, 111–120 the other's; due dates with ties and gaps, arrival the reverse of the id
  await db.execute(sql`insert into wf_tasks (instance_id, execution_id, element_id, name, definition_key, assignee_id, status, due_at, created_at)
    select e.instance_id, e.id, 'a', 'a', 'wfShortcuts',
      case when g <= 70 then ${adminId}::int when g <= 110 then null else ${otherId}::int end,
      case when g between 61 and 70 then 'completed' else 'open' end,
      case when g % 4 = 0 then null else timestamptz '2031-01-01T00:00:00Z' + ((g % 9) || ' days')::interval end,
      timestamptz '2030-06-01T00:00:00Z' - (g || ' minutes')::interval
    from (select e.*, cast(substr(i.business_key, 3) as int) as g from wf_executions e join wf_instances i on i.id = e.instance_id where i.business_key like 'SC%') e`);
  const idOf = sql`(select t.id from wf_tasks t join wf_instances i on i.id = t.instance_id where i.business_key = 'SC' || g)`;
  await db.execute(sql`insert into wf_task_candidates (task_id, account_id) select ${idOf}, ${adminId}::int from generate_series(71, 100) g`);
  await db.execute(sql`insert into wf_task_candidates (task_id, account_id) select ${idOf}, ${otherId}::int from generate_series(71, 110) g`);
  // the admin's marks: high on every 7th, low on every 5th, medium said aloud on every 11th — also on tasks
  // not theirs to do (completed, offered to the other only, the other's); the other's marks on the admin's tasks
  await db.execute(sql`insert into wf_task_user_state (task_id, account_id, activity, importance)
    select ${idOf}, ${adminId}::int, 1, case when g % 7 = 0 then 1 when g % 5 = 0 then 3 else 2 end
    from generate_series(1, 120) g where g % 7 = 0 or g % 5 = 0 or g % 11 = 0`);
  await db.execute(sql`insert into wf_task_user_state (task_id, account_id, activity, importance)
    select ${idOf}, ${otherId}::int, 1, case when g % 2 = 0 then 1 else 3 end from generate_series(1, 100) g where g % 3 = 0`);
  await db.execute(sql`analyze`);
});
afterAll(async () => { await s?.close(); });

const data = async (path: string) => {
  const r = await s.request('GET', path, { token: k.token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { total: number; records: any[] };
};
const ids = async (query: string) => (await s.built.deps.db.execute<{ id: number }>(sql.raw(query))).rows.map((r) => Number(r.id));
/** the to-do in the general query's order (the left join over the caller's marks) */
const todoInOrder = (order: string) => ids(`select t.id from wf_tasks t left join wf_task_user_state s on s.task_id = t.id and s.account_id = ${adminId}
  where t.status = 'open' and (t.assignee_id = ${adminId} or t.assignee_id is null and exists (select 1 from wf_task_candidates c where c.task_id = t.id and c.account_id = ${adminId}))
  order by ${order}`);
/** every page of `limit` of the to-do, end to end */
async function allPages(query: string, limit: number) {
  const out: any[] = [];
  for (let page = 1; ; page++) {
    const d = await data(`/api/workflow/tasks/todo?${query}&page=${page}&limit=${limit}`);
    out.push(...d.records);
    if (d.records.length < limit) return out;
  }
}

describe('the to-do sorted by importance or due date', () => {
  it('gives the order of the general query, page after page, marks of others and of closed tasks ignored', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const expected = await todoInOrder(`coalesce(s.importance, 2) ${order}, t.id desc`);
      expect(expected.length).toBeGreaterThanOrEqual(90);
      for (const limit of [7, 20]) {
        const got = await allPages(`sort=importance&order=${order}`, limit);
        expect(got.map((r) => r.id), `importance ${order}, pages of ${limit}`).toEqual(expected);
      }
      const firstPage = await data(`/api/workflow/tasks/todo?sort=importance&order=${order}&page=1&limit=10`);
      expect(firstPage.total).toBe(expected.length);
      expect(firstPage.records[0].importance).toBe(order === 'asc' ? 1 : 3);
    }
    // the marks as the user sees them: the 7th high, the 5th low, the offered ones too
    const rows = await allPages('sort=importance', 50);
    const high = rows.filter((r) => r.importance === 1).map((r) => r.id);
    expect(high).toEqual(await todoInOrder(`coalesce(s.importance, 2), t.id desc limit ${high.length}`));
    expect(rows.some((r) => r.candidate && r.importance === 3)).toBe(true);
  });

  it('due date: soonest first with no due date last, or the reverse; ties by id in the same direction (one index order, migration 0050)', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const expected = await todoInOrder(`t.due_at ${order}, t.id ${order}`);
      const got = await allPages(`sort=dueAt&order=${order}`, 9);
      expect(got.map((r) => r.id), `dueAt ${order}`).toEqual(expected);
      expect(got[0].dueAt === null).toBe(order === 'desc');
    }
  });

  it('a mark changed between two pages moves the task, and the next page follows the new order', async () => {
    const before = await data('/api/workflow/tasks/todo?sort=importance&page=1&limit=5');
    const moved = before.records[4];
    expect(moved.importance).toBe(1);
    const r = await s.request('PUT', `/api/workflow/tasks/${moved.id}/importance`, { token: k.token, body: { importance: 3 } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const expected = await todoInOrder('coalesce(s.importance, 2), t.id desc');
    expect(expected.slice(0, 4)).toEqual(before.records.slice(0, 4).map((x) => x.id));
    expect(expected.slice(4, 10)).not.toContain(moved.id);
    expect((await data('/api/workflow/tasks/todo?sort=importance&page=2&limit=5')).records.map((x) => x.id)).toEqual(expected.slice(5, 10));
  });
});

describe('keywords of one or two characters', () => {
  beforeAll(async () => {
    const db = s.built.deps.db;
    await db.execute(sql`insert into accounts (user_id, user_name, password_hash, email, mobile, status)
      select u.user_id, u.user_name, a.password_hash, u.email, u.mobile, 'normal' from accounts a,
        (values ('sk-1', '王伟', 'ww@example.org', '13900000001'), ('sk-2', '王伟明', null, null), ('sk-3', '李伟', 'LW@Example.org', null),
                ('sk-4', '张静', null, '13900000004'), ('sk-5', '伟大', 'x_y@example.org', null), ('sk-6', 'Zoë Ab', null, null)) u(user_id, user_name, email, mobile)
      where a.user_id = 'admin'`);
    await db.execute(sql`insert into client_errors (message, url, user_agent) values
      ('采购申请失败', 'http://127.0.0.1/a', 'test'), ('审批采购', 'http://127.0.0.1/b', 'test'), ('a_b broke', 'http://127.0.0.1/c', 'test'),
      ('axb broke', 'http://127.0.0.1/d', 'test'), ('100% done', 'http://127.0.0.1/e', 'test')`);
    await db.execute(sql`analyze accounts`);
    await db.execute(sql`analyze client_errors`);
  });
  const accounts = async (keyword: string) => (await data(`/api/security/accounts?limit=100&keyword=${encodeURIComponent(keyword)}`)).records.map((r) => r.userId as string).filter((u) => u.startsWith('sk-')).sort();
  const errors = async (keyword: string) => (await data(`/api/audit/client-errors?limit=100&keyword=${encodeURIComponent(keyword)}`)).records.map((r) => r.message as string).sort();

  it('finds every account holding the keyword in its user id, name, email or mobile, in any case', async () => {
    expect(await accounts('王伟')).toEqual(['sk-1', 'sk-2']);
    expect(await accounts('伟')).toEqual(['sk-1', 'sk-2', 'sk-3', 'sk-5']);
    expect(await accounts('lw')).toEqual(['sk-3']);
    expect(await accounts('ë')).toEqual(['sk-6']);
    expect(await accounts('AB')).toEqual(['sk-6']);
    expect(await accounts('_')).toEqual(['sk-5']);
    expect(await accounts('04')).toEqual(['sk-4']);
    expect(await accounts('静x')).toEqual([]);
  });

  it('finds client errors by two Chinese characters, and takes % and _ in a keyword literally', async () => {
    expect(await errors('采购')).toEqual(['审批采购', '采购申请失败']);
    expect(await errors('a_b')).toEqual(['a_b broke']);
    expect(await errors('_')).toEqual(['a_b broke']);
    expect(await errors('0%')).toEqual(['100% done']);
  });

  it('looks a short keyword up in the short-keyword index, not by testing every row', async () => {
    const db = s.built.deps.db;
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = (await tx.execute<{ 'QUERY PLAN': string }>(sql`explain select id from accounts
        where bencao_short_grams(array[user_id, user_name, email, mobile]) @> array[lower('王伟')] and user_name ilike '%王伟%'`)).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toContain('accounts_short_grams');
    });
  });
});
