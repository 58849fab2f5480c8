import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';
import { bpmn, duration, endEv, flow, kit, startEv, timerCatch, userTask, usersRule, type Kit } from './workflowKit';
import { accountRoles, accounts, roleGrants, roles, wfHistory, wfInstances } from '../src/db/schema/index';
import { savePermission } from '../src/modules/workflow/admin/permissions';
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
  // batches of 3 instances with "all" (500 in production), so the batches test needs only a few
  s = await startTestServer({ loginRateLimit: 1000, migrationBatchSize: 3 });
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
    expect(dry0.body.data.sourceNodes).toMatchObject([{ id: 'review', name: 'Review request', type: 'bpmn:UserTask', mappedTo: null, auto: false }]);
    expect(dry0.body.data.sourceNodes[0].problem).toMatch(/^节点“Review request”上有令牌或待办任务/);
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

    // once migrated, it is on the target already: skipped and reported, not refused
    const again = await migrate('apply', { sourceVersionId: p.from, targetVersionId: p.to, instanceIds: [id], mapping });
    expect(again.body.data.instances[0]).toMatchObject({ ok: false, refused: [], skipped: 'The instance is already on version 2' });
    expect(again.body.data).toMatchObject({ migrated: 0, skipped: 1 });
  });

  it('keeps a waiting timer (same definition), which fires once after the migration; a changed timer is re-created from the target', async () => {
    const p = await twoVersions('migT', v1('migT'), v2('migT'), 2);
    for (const id of p.ids) await k.pass(id, 'review');
    const dueBefore = (await k.detail(p.ids[0])).jobs.find((j: any) => j.kind === 'timer' && j.status === 'pending').dueAt;
    const dry = await migrate('dry-run', { sourceVersionId: p.from, targetVersionId: p.to, all: true });
    expect(dry.body.data.sourceNodes).toEqual([{ id: 'wait', name: null, type: 'bpmn:IntermediateCatchEvent', mappedTo: 'wait', auto: true, problem: null }]);
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
    const refusedApply = await migrate('apply', { sourceVersionId: r.from, targetVersionId: r.to, instanceIds: r.ids }, { lang: 'zh' });
    expect([refusedApply.status, refusedApply.body.msg]).toEqual([400, 'mapping.sign：会签节点“Countersign”不能迁移到“Countersign”：只能迁移到同样方式（并行或顺序）的会签节点']);
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
    expect(unknown.body.data.instances).toEqual([{ instanceId: 999999, businessKey: null, status: null, ok: false, steps: [], refused: ['La instancia no existe o está fuera de su ámbito de datos'], skipped: null }]);
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

  it('a parent waiting at a call activity is migrated with its called instance kept and linked; a target without such a call activity is refused naming the node', async () => {
    const child = (key: string) => bpmn(key, [startEv(), userTask('childTask', { name: 'Child task' }), endEv(), flow('c1', 'start', 'childTask'), flow('c2', 'childTask', 'end')].join('\n'));
    await k.deploy(child('migChild'), 'migChild', 'Child process');
    await k.deploy(child('migOther'), 'migOther', 'Other process');
    const parent = (key: string, callId: string, callName: string, called: string, after = 'After') => bpmn(key, [startEv(),
      `<bpmn:callActivity id="${callId}" name="${callName}" calledElement="${called}"/>`, userTask('after', { name: after }), endEv(),
      flow('f1', 'start', callId), flow('f2', callId, 'after'), flow('f3', 'after', 'end')].join('\n'));
    const p = await twoVersions('migCall', parent('migCall', 'call', 'Call child', 'migChild'), parent('migCall', 'callChild', 'Call the child', 'migChild', 'Afterwards'));
    const [id] = p.ids;
    const db = s.built.deps.db;
    const childOf = async (parentId: number) => (await db.select().from(wfInstances).where(eq(wfInstances.parentInstanceId, parentId)))[0];
    const kid = await childOf(id);
    expect([kid.definitionKey, kid.version, kid.status]).toEqual(['migChild', 1, 'running']);
    const body = (mapping: Record<string, string>) => ({ sourceVersionId: p.from, targetVersionId: p.to, instanceIds: [id], mapping });

    // no counterpart: the dry run lists the node and the called instance, the apply answers 400 naming it
    const dry0 = await migrate('dry-run', body({}), { lang: 'zh' });
    expect(dry0.body.data.sourceNodes).toMatchObject([{ id: 'call', type: 'bpmn:CallActivity', mappedTo: null }]);
    expect(dry0.body.data.sourceNodes[0].problem).toMatch(/^调用活动“Call child”正在等待被调用的子流程实例（Child process），而版本 2 中没有同一标识的调用活动/);
    expect(dry0.body.data.instances[0].refused).toEqual([`调用活动“Call child”正在等待被调用的子流程实例（#${kid.id} Child process），而版本 2 中没有同一标识的调用活动，请将它映射到版本 2 中调用同一流程的调用活动`]);
    const refused = await migrate('apply', body({}));
    expect([refused.status, refused.body.msg]).toEqual([400, 'mapping: Call activity “Call child” waits for a called instance (Child process) and version 2 has no call activity with its id: map it to a call activity of version 2 that calls the same process']);
    // mapped to a user task: another kind of node
    const toTask = await migrate('apply', body({ call: 'after' }));
    expect(toTask.status).toBe(400);
    expect(toTask.body.msg).toMatch(/^mapping\.call: Node “Call child” \(call activity\) cannot move to “Afterwards” \(user task\)/);

    // mapped to the call activity of v2: the called instance stays on its own version, linked to the same activity instance
    const dry = await migrate('dry-run', body({ call: 'callChild' }));
    expect(dry.body.data.instances[0]).toMatchObject({ ok: true, refused: [] });
    expect(dry.body.data.instances[0].steps).toContainEqual({ kind: 'call', from: 'call', to: 'callChild',
      message: `Called instance #${kid.id} (Child process v1, running) stays as it is and returns to “Call the child” when it ends` });
    const applied = await migrate('apply', body({ call: 'callChild' }));
    expect(applied.body.data.migrated, JSON.stringify(applied.body)).toBe(1);
    const d = await k.detail(id);
    const waitingAt = d.executions.find((e: any) => e.id === kid.parentExecutionId);
    expect([d.version, waitingAt.elementId, waitingAt.status]).toEqual([2, 'callChild', 'running']);
    const kidAfter = await childOf(id);
    expect([kidAfter.id, kidAfter.version, kidAfter.parentExecutionId, kidAfter.status]).toEqual([kid.id, 1, kid.parentExecutionId, 'running']);
    // the child ends: the parent goes on by version 2
    await k.pass(kid.id, 'childTask');
    expect((await k.open(id)).map((t) => [t.elementId, t.name])).toEqual([['after', 'Afterwards']]);

    // v2's call activity (same id) calls another process: refused, naming both
    const q = await twoVersions('migCall2', parent('migCall2', 'call', 'Call child', 'migChild'), parent('migCall2', 'call', 'Call child', 'migOther'));
    const other = await migrate('apply', { sourceVersionId: q.from, targetVersionId: q.to, instanceIds: q.ids });
    expect([other.status, other.body.msg]).toEqual([400, 'mapping.call: Call activity “Call child” waits for a called instance of “Child process”, but “Call child” of version 2 calls “Other process”: map it to a call activity that calls “Child process”, or migrate the instance once the called instance has ended']);
    expect((await k.detail(q.ids[0])).version).toBe(1);
  });

  it('refuses to move a token to another kind of node, saying why and what to do, in the caller\'s language', async () => {
    const p = await twoVersions('migK', v1('migK'), v2('migK'));
    const body = { sourceVersionId: p.from, targetVersionId: p.to, instanceIds: p.ids, mapping: { review: 'wait' } };
    const dry = await migrate('dry-run', body);
    const en = 'Node “Review request” (user task) cannot move to “wait” (timer catch event): a migration keeps what waits at a node (an open task, a timer, a service call, a called instance), and only a node of the same kind can hold it. Map it to a user task of version 2, or migrate the instance once it has passed this node';
    expect(dry.body.data.sourceNodes[0]).toMatchObject({ id: 'review', mappedTo: 'wait', problem: en });
    expect(dry.body.data.instances[0]).toMatchObject({ ok: false, refused: [en] });
    const zh = await migrate('apply', body, { lang: 'zh' });
    expect([zh.status, zh.body.msg]).toEqual([400, 'mapping.review：节点“Review request”（用户任务）不能迁移到“wait”（定时捕获事件）：迁移会保留节点上正在等待的内容（待办任务、定时器、服务调用或子流程实例），只有同类节点才能承接。请映射到版本 2 中的用户任务，或等流程实例离开该节点后再迁移']);
    expect((await migrate('apply', body, { lang: 'es' })).body.msg).toContain('(tarea de usuario) no puede pasar a «wait» (evento de temporizador)');
    expect((await migrate('apply', body, { lang: 'ja' })).body.msg).toContain('（ユーザータスク）は「wait」（タイマー中間イベント）へ移行できません');
    expect((await k.detail(p.ids[0])).version).toBe(1);
  });

  it('migrates "all" in batches: the true number is reported, each batch continues after the last one, none is missed or migrated twice', async () => {
    const db = s.built.deps.db;
    const p = await twoVersions('migB', v1('migB'), v2('migB'), 7);
    const base = { sourceVersionId: p.from, targetVersionId: p.to, all: true, mapping: { review: 'check' } };
    const dry = await migrate('dry-run', base);
    expect(dry.body.data).toMatchObject({ matched: 7, remaining: 4, nextAfterId: p.ids[2], migrated: 0 });
    expect(dry.body.data.instances.map((i: any) => i.instanceId)).toEqual(p.ids.slice(0, 3));
    const first = await migrate('apply', base, { lang: 'zh' });
    expect(first.body.msg).toBe('已迁移 3 个流程实例（共 3 个）；其后还有 4 个仍在源版本上，请再次运行以迁移其余实例');
    expect(first.body.data).toMatchObject({ migrated: 3, matched: 7, remaining: 4, nextAfterId: p.ids[2] });
    const second = await migrate('apply', { ...base, afterId: first.body.data.nextAfterId });
    expect(second.body.data.instances.map((i: any) => i.instanceId)).toEqual(p.ids.slice(3, 6));
    expect(second.body.data).toMatchObject({ migrated: 3, matched: 4, remaining: 1, nextAfterId: p.ids[5] });
    const third = await migrate('apply', { ...base, afterId: second.body.data.nextAfterId });
    expect(third.body.msg).toBe('1 of 1 instances migrated');
    expect(third.body.data).toMatchObject({ migrated: 1, matched: 1, remaining: 0, nextAfterId: null });
    // run again: nothing is left on version 1; the instances named again are skipped and reported
    expect((await migrate('apply', base)).body.data).toMatchObject({ instances: [], matched: 0, migrated: 0 });
    const named = await migrate('apply', { sourceVersionId: p.from, targetVersionId: p.to, instanceIds: p.ids, mapping: { review: 'check' } });
    expect(named.body.data).toMatchObject({ migrated: 0, skipped: 7, matched: 7 });
    const hist = await db.select({ instanceId: wfHistory.instanceId }).from(wfHistory).where(and(inArray(wfHistory.instanceId, p.ids), eq(wfHistory.action, 'migrate')));
    expect(hist.map((h) => h.instanceId).sort((a, b) => a - b)).toEqual(p.ids);
  });

  it('20 parallel migrations of the same instances, racing the completion of their tasks, migrate each instance once with one history entry', async () => {
    const p = await twoVersions('migX', v1('migX'), v2('migX'), 5);
    const tasks = await Promise.all(p.ids.map(async (id) => (await k.open(id))[0].id));
    const body = { sourceVersionId: p.from, targetVersionId: p.to, instanceIds: p.ids, mapping: { review: 'check' } };
    const answers = await Promise.all([...Array.from({ length: 20 }, () => migrate('apply', body)), ...tasks.map((t) => k.complete(t, {}))]);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const migrations = answers.slice(0, 20).map((a) => a.body.data);
    expect(migrations.reduce((n, r) => n + r.migrated, 0)).toBe(5);
    expect(migrations.reduce((n, r) => n + r.skipped, 0)).toBe(95);
    for (const r of migrations) for (const i of r.instances) expect(i.refused).toEqual([]);
    for (const id of p.ids) {
      const d = await k.detail(id);
      expect(d.version).toBe(2);
      expect(d.history.filter((h: any) => h.action === 'migrate').length).toBe(1);
      expect(d.history.filter((h: any) => h.action === 'taskComplete').length).toBe(1);
      expect(d.executions.filter((e: any) => e.status === 'running').map((e: any) => e.elementId)).toEqual(['wait']);
      expect(d.jobs.filter((j: any) => j.status === 'pending' && j.kind === 'timer').length).toBe(1);
    }
  });

  it('answers 403 to an operator holding bpm:instance:migrate who does not administer the process', async () => {
    const db = s.built.deps.db;
    const p = await twoVersions('migAdm', v1('migAdm'), v2('migAdm'), 1);
    const [op] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, DEMO.operator.userId));
    const [role] = await db.insert(roles).values({ code: 'MIGRATOR', name: 'Migrator' } as typeof roles.$inferInsert).returning();
    await db.insert(roleGrants).values({ roleId: role.id, authority: 'bpm:instance:migrate' });
    await db.insert(accountRoles).values({ accountId: op.id, roleId: role.id });
    const nobody = { everyone: false, roleIds: [], organIds: [], accountIds: [] };
    await savePermission(db, 'migAdm', { start: { ...nobody, everyone: true }, monitor: { ...nobody, everyone: true }, administer: nobody }, clock);
    const operator = await s.login(DEMO.operator.userId, DEMO.operator.password);
    const body = { sourceVersionId: p.from, targetVersionId: p.to, instanceIds: p.ids, mapping: { review: 'check' } };
    const dry = await migrate('dry-run', body, { token: operator });
    expect([dry.status, dry.body.msg]).toEqual([403, 'You may not administer the process "migAdm"']);
    expect((await migrate('apply', body, { token: operator })).status).toBe(403);
    expect((await s.request('GET', `/api/workflow/migration/instances?versionId=${p.from}`, { token: operator })).status).toBe(403);
    expect((await k.detail(p.ids[0])).version).toBe(1);
    // once the process's permissions let the operator administer it, the same request migrates it
    await savePermission(db, 'migAdm', { start: { ...nobody, everyone: true }, monitor: { ...nobody, everyone: true }, administer: { ...nobody, accountIds: [op.id] } }, clock);
    expect((await migrate('apply', body, { token: operator })).body.data.migrated).toBe(1);
  });

  it('refuses NUL bytes and control characters, an oversized mapping and too many instances with 400 naming the field', async () => {
    const p = await twoVersions('migN', v1('migN'), v2('migN'), 1);
    const base = { sourceVersionId: p.from, targetVersionId: p.to, instanceIds: p.ids };
    const nulValue = await migrate('apply', { ...base, mapping: { review: 'check\u0000' } });
    expect([nulValue.status, nulValue.body.msg]).toEqual([400, 'mapping.review: must not contain a NUL character']);
    const control = await migrate('apply', { ...base, mapping: { review: 'check\u0007' } });
    expect([control.status, control.body.msg]).toEqual([400, 'mapping.review: must not contain control characters such as line breaks']);
    const nulKey = await migrate('dry-run', { ...base, mapping: { 'review\u0000': 'check' } }, { lang: 'zh' });
    expect(nulKey.status).toBe(400);
    expect(nulKey.body.msg).toMatch(/^mapping/);
    const huge = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`node${i}`, 'check']));
    const big = await migrate('apply', { ...base, mapping: huge }, { lang: 'zh' });
    expect([big.status, big.body.msg]).toEqual([400, 'mapping：最多 1000 项']);
    const many = await migrate('dry-run', { ...base, instanceIds: Array.from({ length: 501 }, (_, i) => i + 1) });
    expect([many.status, many.body.msg]).toEqual([400, 'instanceIds: select at most 500 items']);
    const list = await s.request('GET', `/api/workflow/migration/instances?versionId=${p.from}&businessKey=a%00b`, { token: admin });
    expect([list.status, list.body.msg]).toEqual([400, 'businessKey: must not contain a NUL character']);
    expect((await k.detail(p.ids[0])).version).toBe(1);
  });
});
