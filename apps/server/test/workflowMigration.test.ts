import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';
import { bpmn, duration, endEv, flow, kit, startEv, timerCatch, userTask, usersRule, type Kit } from './workflowKit';
import { roleGrants, roles } from '../src/db/schema/index';
import { setWorkflowClock } from '../src/modules/workflow/engine/clock';
import { runDueJobs } from '../src/modules/workflow/jobs';

/**
 * Moving running instances to another version of their process (issue 26, item 11; docs/WORKFLOW.md
 * "Migrating running instances"): the dry run says what would happen to each instance and changes nothing;
 * the apply moves tokens, open tasks (same people), timers and countersigns, one transaction per instance,
 * with a history entry; a node holding a token with no counterpart must be mapped (400 naming it); the
 * authority is its own; an instance that moves on while it is migrated is never left half on each version.
 */
let s: TestServer;
let admin: string;
let k: Kit;
let clock = new Date('2026-03-02T01:00:00Z');

beforeAll(async () => {
  s = await startTestServer({ loginRateLimit: 1000 });
  setWorkflowClock(s.built.deps.db, () => clock);
  // the auditor may operate the monitor but is not given the migration
  const [auditor] = await s.built.deps.db.select().from(roles).where(eq(roles.code, 'AUDITOR'));
  await s.built.deps.db.insert(roleGrants).values([{ roleId: auditor.id, authority: 'bpm:monitor' }, { roleId: auditor.id, authority: 'bpm:monitor:operate' }]).onConflictDoNothing();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
  k = kit(s, admin);
});
afterAll(async () => { await s?.close(); });

/** v1: review → wait (timer 2 h) → approve; v2 renames review to check (same rule), keeps the timer, adds a final step */
const v1 = (key: string) => bpmn(key, [startEv(), userTask('review', { name: 'Review request' }), timerCatch('wait', duration('PT2H')),
  userTask('approve', { name: 'Approve' }), endEv(),
  flow('f1', 'start', 'review'), flow('f2', 'review', 'wait'), flow('f3', 'wait', 'approve'), flow('f4', 'approve', 'end')].join('\n'));
const v2 = (key: string) => bpmn(key, [startEv(), userTask('check', { name: 'Check request' }), timerCatch('wait', duration('PT2H')),
  userTask('approve', { name: 'Approve' }), userTask('archive', { name: 'Archive' }), endEv(),
  flow('f1', 'start', 'check'), flow('f2', 'check', 'wait'), flow('f3', 'wait', 'approve'), flow('f4', 'approve', 'archive'), flow('f5', 'archive', 'end')].join('\n'));

async function publishAgain(defId: number, xml: string) {
  const put = await s.request('PUT', `/api/workflow/definitions/${defId}`, { token: admin, body: { xml } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const pub = await s.request('POST', `/api/workflow/definitions/${defId}/publish`, { token: admin });
  expect(pub.status, JSON.stringify(pub.body)).toBe(200);
}
async function versionsOf(defId: number): Promise<{ id: number; version: number }[]> {
  const res = await s.request('GET', `/api/workflow/definitions/${defId}/versions`, { token: admin });
  const list = Array.isArray(res.body.data) ? res.body.data : res.body.data.records;
  return [...list].sort((a: any, b: any) => a.version - b.version);
}
/** a process with a v1 and a v2 published (v1 deployed first so instances can be started on it) */
async function twoVersions(key: string, first: string, second: string, starts = 1) {
  const defId = await k.deploy(first, key);
  const ids: number[] = [];
  for (let i = 0; i < starts; i++) ids.push(await k.start(defId, {}, `${key}-${i + 1}`));
  await publishAgain(defId, second);
  const [a, b] = await versionsOf(defId);
  return { defId, ids, from: a.id, to: b.id };
}
const migrate = (path: 'dry-run' | 'apply', body: Record<string, unknown>, o: { token?: string; lang?: string } = {}) =>
  s.request('POST', `/api/workflow/migration/${path}`, { token: o.token ?? admin, lang: o.lang, body });

describe('instance migration', () => {
  it('refuses a missing mapping naming the node (dry run lists it, apply answers 400), then migrates: task and assignee kept, history entry, next steps on the new version', async () => {
    const p = await twoVersions('migA', v1('migA'), v2('migA'));
    const [id] = p.ids;
    const before = await k.open(id);
    expect(before.map((t) => t.elementId)).toEqual(['review']);

    // no mapping: review has no counterpart in v2
    const dry0 = await migrate('dry-run', { sourceVersionId: p.from, targetVersionId: p.to, instanceIds: [id] }, { lang: 'zh' });
    expect(dry0.status, JSON.stringify(dry0.body)).toBe(200);
    expect(dry0.body.data.sourceNodes).toEqual([{ id: 'review', name: 'Review request', type: 'bpmn:UserTask', mappedTo: null, auto: false }]);
    expect(dry0.body.data.instances[0].ok).toBe(false);
    expect(dry0.body.data.instances[0].refused[0]).toContain('节点“Review request”');
    const refused = await migrate('apply', { sourceVersionId: p.from, targetVersionId: p.to, instanceIds: [id] }, { lang: 'zh' });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/^mapping：节点“Review request”上有令牌或待办任务/);
    const refusedEn = await migrate('apply', { sourceVersionId: p.from, targetVersionId: p.to, instanceIds: [id] });
    expect(refusedEn.body.msg).toMatch(/Node “Review request” holds a token or an open task and version 2 has no node with its id/);
    // a mapping to a node the target does not have: 400 naming the field
    const bad = await migrate('dry-run', { sourceVersionId: p.from, targetVersionId: p.to, instanceIds: [id], mapping: { review: 'nowhere' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^mapping\.review: .*“nowhere”/);
    expect((await k.detail(id)).version).toBe(1);

    // the dry run with the mapping: what would happen, and nothing happens
    const mapping = { review: 'check' };
    const dry = await migrate('dry-run', { sourceVersionId: p.from, targetVersionId: p.to, instanceIds: [id], mapping });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data).toMatchObject({ dryRun: true, fromVersion: 1, toVersion: 2, migrated: 0 });
    expect(dry.body.data.instances[0]).toMatchObject({ instanceId: id, ok: true, refused: [] });
    expect(dry.body.data.instances[0].steps).toEqual([{ kind: 'task', from: 'review', to: 'check', message: 'Open task “Review request” moves to “Check request”; 系统管理员 keep it' }]);
    expect(dry.body.data.targetNodes.map((n: any) => n.id).sort()).toEqual(['approve', 'archive', 'check', 'wait']);
    const still = await k.detail(id);
    expect([still.version, still.tasks[0].elementId, still.history.some((h: any) => h.action === 'migrate')]).toEqual([1, 'review', false]);

    const applied = await migrate('apply', { sourceVersionId: p.from, targetVersionId: p.to, instanceIds: [id], mapping }, { lang: 'zh' });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.msg).toBe('已迁移 1 个流程实例（共 1 个）');
    expect(applied.body.data.instances[0]).toMatchObject({ ok: true, refused: [] });
    const after = await k.detail(id);
    expect([after.version, after.versionId, after.currentNodes]).toEqual([2, p.to, ['Check request']]);
    // the same task, moved: same id and assignee, the target node's name
    const open = after.tasks.filter((t: any) => t.status === 'open');
    expect(open.map((t: any) => [t.id, t.elementId, t.name, t.assigneeId])).toEqual([[before[0].id, 'check', 'Check request', before[0].assigneeId]]);
    const entry = after.history.find((h: any) => h.action === 'migrate');
    expect(entry).toMatchObject({ actorName: '系统管理员', data: { fromVersion: 1, toVersion: 2, fromVersionId: p.from, toVersionId: p.to, mapping: [{ from: 'review', fromName: 'Review request', to: 'check', toName: 'Check request' }] } });

    // the instance goes on by version 2: approve → archive (v1 had no archive)
    await k.pass(id, 'check');
    clock = new Date(clock.getTime() + 3 * 3_600_000);
    await runDueJobs(s.built.deps.db, { now: clock, workerId: 'mig' });
    await k.pass(id, 'approve');
    expect((await k.open(id)).map((t) => t.elementId)).toEqual(['archive']);

    // once migrated, it is on the target already
    const again = await migrate('apply', { sourceVersionId: p.from, targetVersionId: p.to, instanceIds: [id], mapping });
    expect(again.body.data.instances[0].refused).toEqual(['The instance is already on version 2']);
  });

  it('keeps a waiting timer (same definition), which fires once after the migration; a changed timer is re-created from the target', async () => {
    const p = await twoVersions('migT', v1('migT'), v2('migT'), 2);
    for (const id of p.ids) await k.pass(id, 'review');
    const dueBefore = (await k.detail(p.ids[0])).jobs.find((j: any) => j.kind === 'timer' && j.status === 'pending').dueAt;
    const dry = await migrate('dry-run', { sourceVersionId: p.from, targetVersionId: p.to, all: true });
    expect(dry.body.data.sourceNodes).toEqual([{ id: 'wait', name: null, type: 'bpmn:IntermediateCatchEvent', mappedTo: 'wait', auto: true }]);
    expect(dry.body.data.instances.map((i: any) => i.instanceId)).toEqual(p.ids);
    expect(dry.body.data.instances[0].steps.map((x: any) => x.message)).toEqual(['The token at “wait” moves to “wait”', `Timer “wait” kept, due ${dueBefore.replace('.000Z', 'Z')}`]);
    const applied = await migrate('apply', { sourceVersionId: p.from, targetVersionId: p.to, all: true });
    expect(applied.body.data.migrated).toBe(2);
    const d = await k.detail(p.ids[0]);
    expect(d.jobs.filter((j: any) => j.kind === 'timer').map((j: any) => [j.status, j.dueAt])).toEqual([['pending', dueBefore]]);

    // due: it fires once and the token reaches v2's approve; a second pass fires nothing
    clock = new Date(Date.parse(dueBefore) + 1000);
    await runDueJobs(s.built.deps.db, { now: clock, workerId: 'mig' });
    await runDueJobs(s.built.deps.db, { now: new Date(clock.getTime() + 60_000), workerId: 'mig2' });
    const fired = await k.detail(p.ids[0]);
    expect(fired.history.filter((h: any) => h.action === 'timer').length).toBe(1);
    expect((await k.open(p.ids[0])).map((t) => t.elementId)).toEqual(['approve']);

    // a v3 whose timer is 30 minutes: the timer of an instance still waiting on v2 is re-created from the target's definition
    const q = await twoVersions('migT2', v1('migT2'), v1('migT2').replace('PT2H', 'PT30M'));
    await k.pass(q.ids[0], 'review');
    const res = await migrate('apply', { sourceVersionId: q.from, targetVersionId: q.to, instanceIds: q.ids });
    const due = new Date(clock.getTime() + 30 * 60_000).toISOString();
    expect(res.body.data.instances[0].steps.map((x: any) => x.message)).toContain(`Timer “wait” re-created as the target defines it, due ${due.replace('.000Z', 'Z')}`);
    const jobs = (await k.detail(q.ids[0])).jobs.filter((j: any) => j.kind === 'timer');
    expect(jobs.map((j: any) => [j.status, j.dueAt])).toEqual([['cancelled', new Date(clock.getTime() + 2 * 3_600_000).toISOString()], ['pending', due]]);
  });

  it('carries a countersign with its state, or refuses it clearly when the target node is not a countersign', async () => {
    const [adminId, auditorId] = await k.accountIds(['admin', 'auditor']);
    const sign = (multi: boolean) => bpmn('migM', [startEv(), userTask('sign', { name: 'Countersign', rule: usersRule([adminId, auditorId]), multi: multi ? {} : undefined }),
      userTask('after', { name: 'After' }), endEv(), flow('f1', 'start', 'sign'), flow('f2', 'sign', 'after'), flow('f3', 'after', 'end')].join('\n'));
    const p = await twoVersions('migM', sign(true), sign(true).replace('name="After"', 'name="Afterwards"'));
    // admin signs; the auditor's task is left open
    const signers = await k.open(p.ids[0]);
    await k.completeOk(signers.find((t) => t.assigneeId === adminId).id);
    const [mine] = (await k.open(p.ids[0])).filter((t) => t.elementId === 'sign');
    expect(mine.assigneeId).toBe(auditorId);
    const res = await migrate('apply', { sourceVersionId: p.from, targetVersionId: p.to, instanceIds: p.ids });
    expect(res.body.data.instances[0].steps.map((x: any) => x.kind)).toEqual(['countersign']);
    expect(res.body.data.instances[0].steps[0].message).toBe('Countersign “Countersign” moves to “Countersign” with its state: 1 of 2 signed, open signers keep their tasks');
    const auditor = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    expect((await k.complete(mine.id, {}, auditor)).status).toBe(200);
    expect((await k.open(p.ids[0])).map((t) => t.name)).toEqual(['Afterwards']);

    const r = await twoVersions('migM2', sign(true).replace(/migM/g, 'migM2'), sign(false).replace(/migM/g, 'migM2'));
    const refused = await migrate('dry-run', { sourceVersionId: r.from, targetVersionId: r.to, instanceIds: r.ids }, { lang: 'zh' });
    expect(refused.body.data.instances[0].refused).toEqual(['会签节点“Countersign”不能迁移到“Countersign”：只能迁移到同样方式（并行或顺序）的会签节点']);
    expect((await migrate('apply', { sourceVersionId: r.from, targetVersionId: r.to, instanceIds: r.ids })).body.data.instances[0].ok).toBe(false);
    expect((await k.detail(r.ids[0])).version).toBe(1);
  });

  it('refuses a request without instances, a target of another process and an unknown instance, each in the caller\'s language', async () => {
    const p = await twoVersions('migV', v1('migV'), v2('migV'));
    const other = await twoVersions('migV2', v1('migV2'), v2('migV2'));
    const none = await migrate('dry-run', { sourceVersionId: p.from, targetVersionId: p.to, instanceIds: [] }, { lang: 'zh' });
    expect([none.status, none.body.msg]).toEqual([400, 'instanceIds：不能为空']);
    const foreign = await migrate('dry-run', { sourceVersionId: p.from, targetVersionId: other.to, instanceIds: p.ids }, { lang: 'zh' });
    expect([foreign.status, foreign.body.msg]).toEqual([400, 'targetVersionId：目标版本属于其他流程，请选择“migV”的版本']);
    const unknown = await migrate('apply', { sourceVersionId: p.from, targetVersionId: p.to, instanceIds: [999999], mapping: { review: 'check' } }, { lang: 'es' });
    expect(unknown.body.data.instances).toEqual([{ instanceId: 999999, businessKey: null, status: null, ok: false, steps: [], refused: ['La instancia no existe o está fuera de su ámbito de datos'] }]);
    // an instance that is not on the source version chosen (here: of another process)
    const wrong = await migrate('dry-run', { sourceVersionId: p.from, targetVersionId: p.to, instanceIds: other.ids, mapping: { review: 'check' } });
    expect(wrong.body.data.instances[0].refused).toEqual(['The instance is on version 1, not on the version chosen']);
  });

  it('answers 403 without bpm:instance:migrate, even to an operator of the monitor', async () => {
    const p = await twoVersions('migP', v1('migP'), v2('migP'));
    const auditor = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    const body = { sourceVersionId: p.from, targetVersionId: p.to, instanceIds: p.ids, mapping: { review: 'check' } };
    expect((await s.request('GET', `/api/workflow/instances/${p.ids[0]}`, { token: auditor })).status).toBe(200);
    expect((await migrate('dry-run', body, { token: auditor })).status).toBe(403);
    expect((await migrate('apply', body, { token: auditor })).status).toBe(403);
    expect((await s.request('GET', `/api/workflow/migration/instances?versionId=${p.from}`, { token: auditor })).status).toBe(403);
    expect((await k.detail(p.ids[0])).version).toBe(1);
    // the admin role holds it: the instance list to choose from
    const list = await s.request('GET', `/api/workflow/migration/instances?versionId=${p.from}&page=1&limit=10`, { token: admin });
    expect(list.body.data.records.map((r: any) => r.id)).toEqual(p.ids);
  });

  it('an instance completed while it is migrated is never corrupted: each ends on version 2 with one token, one timer and one history entry', async () => {
    const n = 6;
    const p = await twoVersions('migR', v1('migR'), v2('migR'), n);
    const tasks = await Promise.all(p.ids.map(async (id) => (await k.open(id))[0].id));
    const body = (id: number) => ({ sourceVersionId: p.from, targetVersionId: p.to, instanceIds: [id], mapping: { review: 'check' } });
    const answers = await Promise.all(p.ids.flatMap((id, i) => [migrate('apply', body(id)), k.complete(tasks[i], {})]));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const db = s.built.deps.db;
    for (const id of p.ids) {
      const d = await k.detail(id);
      expect(d.version).toBe(2);
      expect(d.tasks.filter((t: any) => t.status === 'open')).toEqual([]);
      expect(d.executions.filter((e: any) => e.status === 'running').map((e: any) => e.elementId)).toEqual(['wait']);
      expect(d.jobs.filter((j: any) => j.status === 'pending' && j.kind === 'timer').map((j: any) => j.elementId)).toEqual(['wait']);
      expect(d.history.filter((h: any) => h.action === 'migrate').length).toBe(1);
      expect(d.history.filter((h: any) => h.action === 'taskComplete').length).toBe(1);
    }
    const [{ n: stray }] = (await db.execute(sql`select count(*)::int as n from wf_executions e join wf_instances i on i.id = e.instance_id
      where i.definition_key = 'migR' and e.status = 'running' and e.element_id = 'review'`)).rows as { n: number }[];
    expect(stray).toBe(0);
  });
});
