import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';
import { bpmn, duration, endEv, flow, gateway, startEv, timerCatch, userTask } from './workflowKit';
import { wfExecutions, wfInstances, wfJobs, wfParticipants, wfTasks } from '../src/db/schema/index';
import { runDueJobs } from '../src/modules/workflow/jobs';

/**
 * Issue 25 items 2 and 3: every CEL expression has static limits when it is saved and a budget when it
 * runs (contracts' celBudget.ts); process variables and form documents have a depth and a size limit
 * (contracts' jsonLimits.ts). Without them seven nested `.all()` froze the server for 20 s and a document
 * nested 5,000 levels answered 500.
 */

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

const api = (method: string, path: string, body?: unknown, lang = 'en') => s.request(method, path, { token: admin, body, lang });
/** a JSON body written by hand: `{"key": <nested n levels>, ...rest}` (JSON.stringify itself overflows the stack) */
async function postDeep(path: string, key: string, n: number, rest: Record<string, unknown> = {}, lang = 'en') {
  const tail = JSON.stringify(rest).slice(1);
  const body = `{"${key}":{"tree":${'{"a":'.repeat(n)}{}${'}'.repeat(n)}}${tail === '}' ? '}' : `,${tail}`}`;
  const res = await fetch(s.url + path, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-language': lang }, body });
  return { status: res.status, body: await res.json() as { msg: string } };
}
const nested = (depth: number, over = 'variables.l') => {
  const vars = 'abcdefghij'.slice(0, depth).split('');
  let inner = `${vars.join(' + ')} >= 0`;
  for (const v of [...vars].reverse()) inner = `${over}.all(${v}, ${inner})`;
  return inner;
};
/** under 2,000 characters, 10⁷ iterations over a 10-element list */
const SEVEN = nested(7);
/** within the static limits, 10⁶ iterations over a 100-element list */
const THREE = nested(3);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('expressions over the limits are refused when saved, naming the field', () => {
  it('a participants\' rule', async () => {
    expect(SEVEN.length).toBeLessThan(2000);
    const res = await api('POST', '/api/workflow/participants', { code: 'costly7', name: 'Costly', rule: { kind: 'expression', expression: SEVEN } }, 'zh');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('rule.expression：嵌套的宏（all、exists、exists_one、map、filter）超过 3 层');
    const en = await api('POST', '/api/workflow/participants/preview', { rule: { kind: 'expression', expression: SEVEN }, variables: { l: range(10) } });
    expect(en.status).toBe(400);
    expect(en.body.msg).toBe('rule.expression: nests more than 3 macros (all, exists, exists_one, map, filter) inside each other');
  });

  it('a flow condition of a definition being published', async () => {
    const xml = bpmn('costlyCondition', [startEv(), userTask('a'), endEv(), endEv('end2'),
      flow('f1', 'start', 'a'), flow('f2', 'a', 'end', SEVEN.replaceAll('variables.l', 'l')), flow('f3', 'a', 'end2', 'true')].join('\n'));
    const created = await api('POST', '/api/workflow/definitions', { key: 'costlyCondition', name: 'Costly condition', xml });
    expect(created.status).toBe(200);
    const pub = await api('POST', `/api/workflow/definitions/${created.body.data.id}/publish`, undefined, 'ja');
    expect(pub.status).toBe(400);
    expect(pub.body.data.problems).toContainEqual({ elementId: 'f2', message: 'フロー「f2」の条件式がマクロ（all、exists、exists_one、map、filter）の入れ子が 3 段を超えています' });
  });

  it('an alarm rule and a setVariables plugin', async () => {
    const alarm = await api('POST', '/api/gateway/alarm-rules', { name: 'costly', expression: `[1,2,3,4,5,6,7,8,9,10].all(a, [1,2].all(b, [1].all(c, [1].all(d, a + b + c + d > 0))))`, summary: 'x' });
    expect(alarm.status).toBe(400);
    expect(alarm.body.msg).toBe('expression: nests more than 3 macros (all, exists, exists_one, map, filter) inside each other');
    const plugin = await api('POST', '/api/workflow/plugin-types', { code: 'costlySet', name: 'Costly', kind: 'setVariables', settings: { expressions: { x: SEVEN } } });
    expect(plugin.status).toBe(400);
    expect(plugin.body.msg).toContain('x');
    expect(plugin.body.msg).toContain('nests more than 3 macros');
  });

  it('a form\'s condition', async () => {
    const schema = { version: 1, nodes: [
      { kind: 'field', id: 'f_n', key: 'n', type: 'number', label: { en: 'N', zh: 'N', es: 'N', ja: 'N' } },
      { kind: 'field', id: 'f_x', key: 'x', type: 'text', label: { en: 'X', zh: 'X', es: 'X', ja: 'X' }, visibleWhen: `${nested(7, '[1.0, 2.0]')} && data.n > 0` },
    ] };
    const res = await api('POST', '/api/forms', { name: 'Costly form', description: null, category: null, action: 'store', schema }, 'es');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('la expresión de «x» no es válida: anida más de 3 macros (all, exists, exists_one, map, filter) unas dentro de otras');
  });
});

describe('an expression within the static limits but over its budget', () => {
  it('a preview answers 400 with the budget, and the server keeps answering meanwhile', async () => {
    const [preview, health] = await Promise.all([
      api('POST', '/api/workflow/participants/preview', { rule: { kind: 'expression', expression: THREE }, variables: { l: range(100) } }, 'zh'),
      s.request('GET', '/api/health'),
    ]);
    expect(preview.status).toBe(400);
    expect(preview.body.msg).toMatch(/^表达式超出了计算预算（最多 \d+ 步、\d+ 毫秒，值最多 \d+ 个元素）$/);
    expect(health.status).toBe(200);
    // the same rule over a small list is fine
    const small = await api('POST', '/api/workflow/participants/preview', { rule: { kind: 'expression', expression: `${THREE} ? [1] : []` }, variables: { l: range(3) } });
    expect(small.status).toBe(200);
    expect(small.body.data.accounts.map((a: { id: number }) => a.id)).toEqual([1]);
  });

  it('a saved rule written around the API: the step fails into the incident list, translated, nothing advanced', async () => {
    const db = s.built.deps.db;
    const [rule] = await db.insert(wfParticipants).values({ code: 'costlyDb', name: 'Costly', kind: 'expression', rule: { kind: 'expression', expression: THREE } }).returning();
    const xml = bpmn('costlyRule', [startEv(), timerCatch('wait', duration('PT1M')), userTask('after', { rule: { kind: 'saved', ruleId: rule.id } }), endEv(),
      flow('f1', 'start', 'wait'), flow('f2', 'wait', 'after'), flow('f3', 'after', 'end')].join('\n'));
    const created = await api('POST', '/api/workflow/definitions', { key: 'costlyRule', name: 'Costly rule', xml });
    expect((await api('POST', `/api/workflow/definitions/${created.body.data.id}/publish`)).status).toBe(200);
    const started = await api('POST', `/api/workflow/definitions/${created.body.data.id}/start`, { variables: { l: range(100) } });
    expect(started.status).toBe(200);
    const id = started.body.data.id as number;
    // one attempt: the job fails for good at once
    await db.update(wfJobs).set({ maxAttempts: 1 }).where(and(eq(wfJobs.instanceId, id), eq(wfJobs.kind, 'timer')));
    const [job] = await db.select().from(wfJobs).where(and(eq(wfJobs.instanceId, id), eq(wfJobs.kind, 'timer')));
    await runDueJobs(db, { now: new Date(job.dueAt.getTime() + 1000), workerId: 'budget-test' });

    const detail = await api('GET', `/api/workflow/instances/${id}`, undefined, 'zh');
    expect(detail.status).toBe(200);
    expect(detail.body.data.hasIncident).toBe(true);
    const failed = detail.body.data.jobs.find((j: { kind: string }) => j.kind === 'timer');
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toMatch(/^表达式超出了计算预算/);
    const list = await api('GET', '/api/workflow/instances?page=1&limit=50&definitionKey=costlyRule');
    expect(list.body.data.records.find((r: { id: number }) => r.id === id).hasIncident).toBe(true);
    // rolled back: still waiting at the timer, no task, no execution of the task
    const [inst] = await db.select().from(wfInstances).where(eq(wfInstances.id, id));
    expect(inst.currentNodes).toEqual(['wait']);
    expect(await db.select().from(wfTasks).where(eq(wfTasks.instanceId, id))).toEqual([]);
    const execs = await db.select().from(wfExecutions).where(eq(wfExecutions.instanceId, id));
    expect(execs.filter((e) => e.elementId === 'after')).toEqual([]);

    // a saved rule over the static limits, written around the API, is refused when it would run (never evaluated)
    const [seven] = await db.insert(wfParticipants).values({ code: 'costlyDb7', name: 'Costly 7', kind: 'expression', rule: { kind: 'expression', expression: SEVEN } }).returning();
    const preview = await api('POST', '/api/workflow/participants/preview', { rule: { kind: 'saved', ruleId: seven.id }, variables: { l: range(10) } }, 'es');
    expect(preview.status).toBe(400);
    expect(preview.body.msg).toBe('anida más de 3 macros (all, exists, exists_one, map, filter) unas dentro de otras');
  });
});

describe('a flow condition over its budget at run time', () => {
  it('the action answers 400 with the budget, the step is rolled back and the instance is in the incident list', async () => {
    const xml = bpmn('costlyRun', [startEv(), userTask('a'), gateway('exclusive', 'gw', 'f4'), endEv(), endEv('end2'),
      flow('f1', 'start', 'a'), flow('f2', 'a', 'gw'), flow('f3', 'gw', 'end', THREE), flow('f4', 'gw', 'end2')].join('\n'));
    const created = await api('POST', '/api/workflow/definitions', { key: 'costlyRun', name: 'Costly condition at run time', xml });
    expect((await api('POST', `/api/workflow/definitions/${created.body.data.id}/publish`)).status).toBe(200);
    const started = await api('POST', `/api/workflow/definitions/${created.body.data.id}/start`, { variables: { l: range(100) } });
    expect(started.status).toBe(200);
    const id = started.body.data.id as number;
    const [task] = (await api('GET', `/api/workflow/instances/${id}`)).body.data.tasks;
    const approve = await api('POST', `/api/workflow/tasks/${task.id}/approve`, { comment: 'ok' }, 'zh');
    expect(approve.status).toBe(400);
    expect(approve.body.msg).toMatch(/^连线“f3”的条件超出了计算预算（最多 \d+ 步、\d+ 毫秒，值最多 \d+ 个元素）$/);
    const detail = (await api('GET', `/api/workflow/instances/${id}`, undefined, 'ja')).body.data;
    expect(detail.tasks.filter((t: { status: string }) => t.status === 'open').map((t: { id: number }) => t.id)).toEqual([task.id]);
    expect(detail.hasIncident).toBe(true);
    expect(detail.jobs.find((j: { kind: string }) => j.kind === 'conditionIncident').lastError).toMatch(/^フロー「f3」の条件が評価の上限を超えました/);
  });
});

describe('process variables and form documents have a depth and a size limit', () => {
  const deep = (n: number) => {
    const root: Record<string, unknown> = {};
    let at = root;
    for (let i = 0; i < n; i++) { const next: Record<string, unknown> = {}; at.a = next; at = next; }
    return root;
  };
  let defId: number;
  beforeAll(async () => {
    const xml = bpmn('varLimits', [startEv(), userTask('a'), endEv(), flow('f1', 'start', 'a'), flow('f2', 'a', 'end')].join('\n'));
    const created = await api('POST', '/api/workflow/definitions', { key: 'varLimits', name: 'Variable limits', xml });
    defId = created.body.data.id;
    expect((await api('POST', `/api/workflow/definitions/${defId}/publish`)).status).toBe(200);
  });

  it('5,000 levels deep: 400 naming the field, on every route that takes variables', async () => {
    const start = await postDeep(`/api/workflow/definitions/${defId}/start`, 'variables', 5000);
    expect(start.status).toBe(400);
    expect(start.body.msg).toMatch(/^variables\.tree: is nested deeper than \d+ levels$/);
    // within the body's own limit but deeper than a variable may be
    const start40 = await api('POST', `/api/workflow/definitions/${defId}/start`, { variables: { tree: deep(40) } }, 'zh');
    expect(start40.status).toBe(400);
    expect(start40.body.msg).toBe('variables.tree：嵌套超过 32 层');
    const preview = await api('POST', '/api/workflow/participants/preview', { rule: { kind: 'starter' }, variables: { tree: deep(40) } });
    expect(preview.status).toBe(400);
    expect(preview.body.msg).toBe('variables.tree: is nested deeper than 32 levels');
    const draft = await api('POST', '/api/workflow/tasks/drafts', { definitionId: defId, variables: { tree: deep(40) } });
    expect(draft.status).toBe(400);
    expect(draft.body.msg).toBe('variables.tree: is nested deeper than 32 levels');
    const ok = await api('POST', `/api/workflow/definitions/${defId}/start`, { variables: { tree: deep(20) } });
    expect(ok.status).toBe(200);
    const [task] = (await api('GET', `/api/workflow/instances/${ok.body.data.id}`)).body.data.tasks;
    const approve = await api('POST', `/api/workflow/tasks/${task.id}/approve`, { comment: 'ok', variables: { tree: deep(40) } });
    expect(approve.status).toBe(400);
    expect(approve.body.msg).toBe('variables.tree: is nested deeper than 32 levels');
  });

  it('a 5 MB variable: 400', async () => {
    const big = await api('POST', `/api/workflow/definitions/${defId}/start`, { variables: { blob: 'x'.repeat(5 * 1024 * 1024) } });
    expect(big.status).toBe(400);
    expect(big.body.msg).toBe('variables: is larger than 256 KB');
    const form = await api('POST', '/api/forms/1/submit', { data: { blob: 'x'.repeat(300 * 1024) } }, 'ja');
    expect(form.status).toBe(400);
    expect(form.body.msg).toBe('data：256 KB を超えています');
  });

  it('any other JSON body nested too deep: 400 naming the field, never 500', async () => {
    const res = await postDeep('/api/forms', 'schema', 5000, { name: 'Deep', description: null, category: null, action: 'store' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('schema.tree: is nested deeper than 64 levels');
  });
});
