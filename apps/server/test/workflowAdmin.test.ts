import http from 'node:http';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { startTestServer, DEMO, type TestServer } from './harness';
import {
  accountRoleGroups, accountRoles, accounts, organNodes, organs, organViews, roleGroupRoles, roleGroups, roles, staff,
  wfDefinitions, wfInstances, wfJobs, wfListenerInvocations, wfListeners, wfTasks, wfVersions, wfExecutions, wfHistory,
} from '../src/db/schema/index';
import { definitionService } from '../src/modules/workflow/definitions';
import { completeTask, createInstance, SYSTEM } from '../src/modules/workflow/engine/runtime';
import { armHistoryPurge, purgeFinishedInstances, PURGE_JOB_KIND } from '../src/modules/workflow/engine/retention';
import { saveWorkflowSettings } from '../src/modules/workflow/admin/settings';
import { bpmn, endEv, flow, gateway, startEv } from './workflowKit';
import { hashPassword } from '../src/platform/auth/passwords';
import { resolveParticipants, runPlugin, workflowAccess, workflowEvent, workflowSettings } from '../src/modules/workflow/admin/index';
import { performanceReport } from '../src/modules/workflow/admin/performance';
import { runDueJobs } from '../src/modules/workflow/jobs';
import type { ParticipantRuleInput } from '@bencao/contracts';
import { participantRuleSchema } from '@bencao/contracts';
import { kit, line } from './workflowKit';

let s: TestServer;
let admin: string;
const db = () => s.built.deps.db;
const api = (method: string, path: string, body?: unknown, lang = 'en', token = admin) => s.request(method, path, { token, body, lang });

/** The fixed clock of these tests: nothing asserted depends on the wall clock. */
const NOW = new Date('2026-06-01T08:00:00Z');

// ---------- an organisation of our own in the administrative view ----------
// WA-CO (principal WA-E1 by code) ─ WA-D1 (principal WA-E2 by code) ─ WA-D2 (principal "王五" by name)
//   positions: P1 in CO (E1), P2 in D1 (E2), P3 in D2 (E3, the starter), P4 in D2 (E4 王五)
const acc: Record<string, number> = {};
const org: Record<string, number> = {};
let roleId = 0;
let emptyRoleId = 0;

async function makeAccount(userId: string, extra: Partial<typeof accounts.$inferInsert> = {}) {
  const [a] = await db().insert(accounts).values({ userId, userName: userId, passwordHash: await hashPassword('Wa@2026pass'), ...extra }).returning({ id: accounts.id });
  acc[userId] = a.id;
  return a.id;
}

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
  // the listeners' and plugins' endpoints of these tests run on 127.0.0.1: the outbound allow-list names it (test/outbound.test.ts covers the rule)
  expect((await api('PUT', '/api/security/outbound', { allowHosts: ['127.0.0.1'] })).status).toBe(200);

  const [view] = await db().select().from(organViews).where(eq(organViews.code, 'admin'));
  const organ = async (code: string, type: string, parent: string | null, principal: string | null = null) => {
    const [o] = await db().insert(organs).values({ code, typeCode: type, name: code, principal }).returning({ id: organs.id });
    await db().insert(organNodes).values({ viewId: view.id, organId: o.id, parentId: parent ? org[parent] : null, seq: 0 });
    org[code] = o.id;
  };
  await organ('WA-CO', 'company', null, 'WA-E1');
  await organ('WA-D1', 'dept', 'WA-CO', 'WA-E2');
  await organ('WA-D2', 'dept', 'WA-D1', '王五');
  await organ('WA-P1', 'position', 'WA-CO');
  await organ('WA-P2', 'position', 'WA-D1');
  await organ('WA-P3', 'position', 'WA-D2');
  await organ('WA-P4', 'position', 'WA-D2');
  const person = async (code: string, name: string, position: string) =>
    (await db().insert(staff).values({ code, name, positionId: org[position], email: `${code.toLowerCase()}@staff.example.com` }).returning({ id: staff.id }))[0].id;
  await makeAccount('wa1', { staffId: await person('WA-E1', '张一', 'WA-P1') });
  await makeAccount('wa2', { staffId: await person('WA-E2', '李二', 'WA-P2'), email: 'wa2@example.com' });
  await makeAccount('wa3', { staffId: await person('WA-E3', '赵三', 'WA-P3') });
  await makeAccount('wa4', { staffId: await person('WA-E4', '王五', 'WA-P4') });
  // locked by an administrator (no end): never a participant
  await makeAccount('wa5', { status: 'lock', lockedUntil: null });
  // holds the role through a role group only
  await makeAccount('wa6');
  // a timed lock that ran out before NOW: active again
  await makeAccount('wa7', { status: 'lock', lockedUntil: new Date('2026-01-01T00:00:00Z') });

  roleId = (await db().insert(roles).values({ code: 'WA_ROLE', name: 'WA role' }).returning({ id: roles.id }))[0].id;
  emptyRoleId = (await db().insert(roles).values({ code: 'WA_EMPTY', name: 'nobody' }).returning({ id: roles.id }))[0].id;
  await db().insert(accountRoles).values([{ accountId: acc.wa1, roleId }, { accountId: acc.wa5, roleId }, { accountId: acc.wa7, roleId }]);
  const [group] = await db().insert(roleGroups).values({ code: 'WA_GROUP', name: 'WA group' }).returning({ id: roleGroups.id });
  await db().insert(roleGroupRoles).values({ groupId: group.id, roleId });
  await db().insert(accountRoleGroups).values({ accountId: acc.wa6, groupId: group.id });
});
afterAll(async () => { await s?.close(); });

const resolve = async (rule: ParticipantRuleInput, variables: Record<string, unknown> = {}, starter: string | null = 'wa3') =>
  (await resolveParticipants(db(), participantRuleSchema.parse(rule), { instanceId: 1, starterAccountId: starter ? acc[starter] : null, variables, now: NOW })).accountIds;
const ids = (...users: string[]) => users.map((u) => acc[u]).sort((a, b) => a - b);

describe('participants: every kind resolves to distinct active accounts, ascending', () => {
  it('user: the accounts given, without locked or unknown ones', async () => {
    expect(await resolve({ kind: 'user', accountIds: [acc.wa3, acc.wa5, acc.wa3, 999_999] })).toEqual(ids('wa3'));
  });
  it('role (by id and by code): direct holders and role-group holders; an administrator\'s lock excludes, a lock that ran out does not', async () => {
    expect(await resolve({ kind: 'role', roles: [roleId] })).toEqual(ids('wa1', 'wa6', 'wa7'));
    expect(await resolve({ kind: 'role', roles: ['WA_ROLE'] })).toEqual(ids('wa1', 'wa6', 'wa7'));
  });
  it('an empty result: a role nobody holds, a starter leader above the top', async () => {
    expect(await resolve({ kind: 'role', roles: [emptyRoleId] })).toEqual([]);
    expect(await resolve({ kind: 'starterLeader', levels: 4 })).toEqual([]);
    expect(await resolve({ kind: 'starter' }, {}, null)).toEqual([]);
  });
  it('organ: the staff of the organ and its sub-organs (or of its own positions only)', async () => {
    expect(await resolve({ kind: 'organ', organIds: [org['WA-D1']] })).toEqual(ids('wa2', 'wa3', 'wa4'));
    expect(await resolve({ kind: 'organ', organIds: [org['WA-D1']], includeChildren: false })).toEqual(ids('wa2'));
  });
  it('position: the staff holding it', async () => {
    expect(await resolve({ kind: 'position', positionIds: [org['WA-P4'], org['WA-P1']] })).toEqual(ids('wa1', 'wa4'));
  });
  it('starter and the starter\'s leader one, two and three levels up (principal by name or by code)', async () => {
    expect(await resolve({ kind: 'starter' })).toEqual(ids('wa3'));
    expect(await resolve({ kind: 'starterLeader', levels: 1 })).toEqual(ids('wa4'));
    expect(await resolve({ kind: 'starterLeader', levels: 2 })).toEqual(ids('wa2'));
    expect(await resolve({ kind: 'starterLeader', levels: 3 })).toEqual(ids('wa1'));
    expect(await resolve({ kind: 'starterLeader', levels: 1 }, {}, 'wa2')).toEqual(ids('wa2'));
  });
  it('formField: a variable holding a user id, an account id or a list of both', async () => {
    expect(await resolve({ kind: 'formField', field: 'approver' }, { approver: 'wa2' })).toEqual(ids('wa2'));
    expect(await resolve({ kind: 'formField', field: 'approver' }, { approver: [acc.wa4, 'wa1', 'wa5'] })).toEqual(ids('wa1', 'wa4'));
    expect(await resolve({ kind: 'formField', field: 'approver' }, {})).toEqual([]);
  });
  it('expression: CEL over the variables', async () => {
    const rule = { kind: 'expression' as const, expression: 'variables.amount > 1000 ? ["wa1", "wa2"] : [string(starter)]' };
    expect(await resolve(rule, { amount: 5000 })).toEqual(ids('wa1', 'wa2'));
    expect(await resolve(rule, { amount: 10 })).toEqual(ids('wa3'));
  });
  it('saved rules: CRUD, resolved by id, previewed for a starter', async () => {
    const bad = await api('POST', '/api/workflow/participants', { code: 'wa leader', name: '', rule: { kind: 'starterLeader', levels: 11 } }, 'zh');
    expect(bad.status).toBe(400);
    const made = await api('POST', '/api/workflow/participants', { code: 'waLeader2', name: '上两级领导', rule: { kind: 'starterLeader', levels: 2 } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await api('POST', '/api/workflow/participants', { code: 'waLeader2', name: 'again', rule: { kind: 'starter' } })).status).toBe(409);
    const id = made.body.data.id;
    expect(await resolve({ kind: 'saved', ruleId: id })).toEqual(ids('wa2'));
    const list = await api('GET', '/api/workflow/participants?kind=starterLeader&keyword=waLeader');
    expect(list.body.data.records.map((r: any) => r.code)).toEqual(['waLeader2']);

    const preview = await api('POST', '/api/workflow/participants/preview', { rule: { kind: 'saved', ruleId: id }, starterAccountId: acc.wa3 });
    expect(preview.status).toBe(200);
    expect(preview.body.data.accounts).toEqual([{ id: acc.wa2, userId: 'wa2', userName: 'wa2' }]);
    const byVars = await api('POST', '/api/workflow/participants/preview', { rule: { kind: 'formField', field: 'who' }, variables: { who: ['wa4', 'wa5'] } });
    expect(byVars.body.data.accounts.map((a: any) => a.userId)).toEqual(['wa4']);

    expect((await api('PUT', `/api/workflow/participants/${id}`, { code: 'waLeader2', name: '上一级', rule: { kind: 'starterLeader', levels: 1 } })).status).toBe(200);
    expect(await resolve({ kind: 'saved', ruleId: id })).toEqual(ids('wa4'));
    expect((await api('DELETE', `/api/workflow/participants/${id}`)).status).toBe(200);
    expect(await resolve({ kind: 'saved', ruleId: id })).toEqual([]);
  });
});

// ---------- listeners ----------

describe('listeners: HTTP callbacks signed and retried through the job runner, mail through SMTP', () => {
  const hits: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  let failing = true;
  let server: http.Server;
  let base = '';
  const T0 = new Date('2099-03-01T00:00:00Z'); // jobs due in the future: no runner on the wall clock can take them
  const at = (sec: number) => new Date(T0.getTime() + sec * 1000);

  const mails: { to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  const env = { ...process.env };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => {
        hits.push({ path: req.url ?? '', headers: req.headers, body });
        if (req.url?.startsWith('/always-fails') || (req.url?.startsWith('/hook') && failing)) { res.statusCode = 500; res.end('no'); return; }
        res.setHeader('content-type', 'application/json');
        if (req.url?.startsWith('/stock')) { res.end(JSON.stringify({ data: { quantity: 42, where: ['W1', 'W2'] } })); return; }
        res.end('{"ok":true}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    smtp = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false,
      onData(stream, session, cb) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (c: string) => { raw += c; });
        stream.on('end', () => { mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw }); cb(); });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    process.env.SMTP_HOST = '127.0.0.1';
    process.env.SMTP_PORT = String((smtp.server.address() as AddressInfo).port);
    process.env.SMTP_FROM = 'workflow@bencao.test';
  });
  afterAll(async () => {
    process.env.SMTP_HOST = env.SMTP_HOST; process.env.SMTP_PORT = env.SMTP_PORT; process.env.SMTP_FROM = env.SMTP_FROM;
    for (const k of ['SMTP_HOST', 'SMTP_PORT', 'SMTP_FROM'] as const) if (env[k] === undefined) delete process.env[k];
    await new Promise<void>((r) => server.close(() => r()));
    await new Promise<void>((r) => smtp.close(() => r()));
  });

  it('validates: a node listener needs its node, an HTTP one a URL', async () => {
    const bad = await api('POST', '/api/workflow/listeners', { name: 'x', scope: 'node', definitionKey: 'wa_proc', events: ['taskCreate'], kind: 'http', http: { url: 'ftp://x' } }, 'zh');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/请选择监听器所属的节点|http\.url/);
  });

  it('an HTTP callback is signed; a failing endpoint is retried with back-off until it answers, each attempt recorded', async () => {
    const made = await api('POST', '/api/workflow/listeners', {
      name: 'wa hook', scope: 'definition', definitionKey: 'wa_proc', events: ['processStart'], kind: 'http',
      http: { url: `${base}/hook`, secret: 's3cret', timeoutMs: 2000, retries: 2 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const listenerId = made.body.data.id;
    // another definition's event and another event type trigger nothing
    expect((await workflowEvent(db(), { type: 'processStart', definitionKey: 'other', instanceId: 77, at: T0 })).invocationIds).toEqual([]);
    expect((await workflowEvent(db(), { type: 'taskComplete', definitionKey: 'wa_proc', elementId: 'approve', instanceId: 77, at: T0 })).invocationIds).toHaveLength(0);

    const { invocationIds } = await workflowEvent(db(), { type: 'processStart', definitionKey: 'wa_proc', definitionName: 'WA', instanceId: 77, businessKey: 'BK-1', starterAccountId: acc.wa3, variables: { amount: 5 }, at: T0 });
    expect(invocationIds).toHaveLength(1);
    const inv = () => db().select().from(wfListenerInvocations).where(eq(wfListenerInvocations.id, invocationIds[0])).then((r) => r[0]);
    const job = () => db().select().from(wfJobs).where(eq(wfJobs.kind, 'workflow.listener')).then((r) => r.find((j) => j.payload.invocationId === invocationIds[0])!);
    expect((await inv()).status).toBe('pending');

    expect(await runDueJobs(db(), { now: T0 })).toMatchObject({ failed: 1 });
    expect(await inv()).toMatchObject({ status: 'retrying', attempts: 1, responseStatus: 500, lastError: 'HTTP 500' });
    expect((await job()).dueAt.getTime()).toBe(at(10).getTime());
    // not due yet before the back-off has passed
    expect(await runDueJobs(db(), { now: at(9) })).toEqual({ ran: 0, failed: 0 });

    failing = false;
    expect(await runDueJobs(db(), { now: at(10) })).toMatchObject({ ran: 1 });
    expect(await inv()).toMatchObject({ status: 'succeeded', attempts: 2, responseStatus: 200, lastError: null });
    expect((await job()).status).toBe('done');

    const delivered = hits.filter((h) => h.path === '/hook');
    expect(delivered).toHaveLength(2);
    for (const h of delivered) {
      expect(h.headers['x-bencao-signature']).toBe(`sha256=${createHmac('sha256', 's3cret').update(h.body).digest('hex')}`);
      expect(h.headers['x-bencao-event']).toBe('processStart');
    }
    expect(JSON.parse(delivered[1].body)).toMatchObject({ event: 'processStart', definitionKey: 'wa_proc', instanceId: 77, businessKey: 'BK-1', starter: acc.wa3, variables: { amount: 5 }, attempt: 2 });

    // the secret is never answered; saving the mask back keeps it
    const got = await api('GET', `/api/workflow/listeners/${listenerId}`);
    expect(got.body.data.http.secret).toBe('********');
    expect((await api('PUT', `/api/workflow/listeners/${listenerId}`, { ...got.body.data, events: ['processStart', 'processEnd'] })).status).toBe(200);
    const [row] = await db().select().from(wfListeners).where(eq(wfListeners.id, listenerId));
    expect(row.http).toMatchObject({ secret: 's3cret' });
    expect(row.events).toEqual(['processStart', 'processEnd']);

    const listed = await api('GET', `/api/workflow/listeners/${listenerId}/invocations`);
    expect(listed.body.data.total).toBe(1);
    expect(listed.body.data.records[0]).toMatchObject({ status: 'succeeded', attempts: 2, event: 'processStart' });
  });

  it('an endpoint that keeps failing ends failed after its retries', async () => {
    await api('POST', '/api/workflow/listeners', {
      name: 'wa broken', scope: 'global', events: ['timeout'], kind: 'http', http: { url: `${base}/always-fails`, retries: 1, timeoutMs: 1000 },
    });
    const { invocationIds } = await workflowEvent(db(), { type: 'timeout', definitionKey: 'any', instanceId: 78, elementId: 'x', at: T0 });
    expect(invocationIds).toHaveLength(1);
    await runDueJobs(db(), { now: T0 });
    await runDueJobs(db(), { now: at(10) });
    const [inv] = await db().select().from(wfListenerInvocations).where(eq(wfListenerInvocations.id, invocationIds[0]));
    expect(inv).toMatchObject({ status: 'failed', attempts: 2, lastError: 'HTTP 500' });
    expect(await runDueJobs(db(), { now: at(3600) })).toEqual({ ran: 0, failed: 0 });
  });

  it('a node\'s mail listener mails the fixed addresses and the rule\'s accounts, with the template filled in', async () => {
    const made = await api('POST', '/api/workflow/listeners', {
      name: 'wa mail', scope: 'node', definitionKey: 'wa_proc', elementId: 'approve', events: ['taskCreate'], kind: 'mail',
      mail: {
        emails: ['boss@example.com'], rule: { kind: 'user', accountIds: [acc.wa2, acc.wa3] }, lang: 'es',
        templates: { en: { subject: 'Task {{taskName}} of {{businessKey}}', body: 'Amount {{variables.amount}}' }, es: { subject: '', body: '' } },
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await workflowEvent(db(), { type: 'taskCreate', definitionKey: 'wa_proc', elementId: 'other', instanceId: 79, at: T0 })).invocationIds).toEqual([]);
    const { invocationIds } = await workflowEvent(db(), {
      type: 'taskCreate', definitionKey: 'wa_proc', elementId: 'approve', taskId: 5, taskName: 'Approve', instanceId: 79, businessKey: 'PO-9', variables: { amount: 1200 }, at: T0,
    });
    expect(invocationIds).toHaveLength(1);
    await runDueJobs(db(), { now: T0 });
    const [inv] = await db().select().from(wfListenerInvocations).where(eq(wfListenerInvocations.id, invocationIds[0]));
    expect(inv, JSON.stringify(inv)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(mails).toHaveLength(1);
    // the account's own address, else its staff member's
    expect(mails[0].to.sort()).toEqual(['boss@example.com', 'wa-e3@staff.example.com', 'wa2@example.com']);
    expect(mails[0].raw).toContain('Subject: Task Approve of PO-9');
    expect(mails[0].raw).toContain('Amount 1200');
  });

  it('the mail plugin sends through the same SMTP settings', async () => {
    await runPlugin(db(), 'mail', { emails: ['buyer@example.com'], lang: 'en', templates: { en: { subject: 'Order {{variables.no}}', body: 'Qty {{variables.qty}}' } } },
      { instanceId: 80, definitionKey: 'wa_proc', starterAccountId: acc.wa3, variables: { no: 'PO-1', qty: 3 }, now: NOW });
    expect(mails.at(-1)!.to).toEqual(['buyer@example.com']);
    expect(mails.at(-1)!.raw).toContain('Subject: Order PO-1');
  });

  it('without an SMTP server a mail invocation fails at once (no retry can mend it)', async () => {
    const host = process.env.SMTP_HOST;
    delete process.env.SMTP_HOST;
    try {
      const { invocationIds } = await workflowEvent(db(), { type: 'taskCreate', definitionKey: 'wa_proc', elementId: 'approve', instanceId: 81, at: at(100) });
      expect(await runDueJobs(db(), { now: at(100) })).toMatchObject({ ran: 1, failed: 0 });
      const [inv] = await db().select().from(wfListenerInvocations).where(eq(wfListenerInvocations.id, invocationIds[0]));
      expect(inv).toMatchObject({ status: 'failed', attempts: 1, lastError: 'SMTP is not configured (SMTP_HOST)' });
      await expect(runPlugin(db(), 'mail', { emails: ['a@example.com'], templates: { en: { subject: 's' } } }, { instanceId: 1, definitionKey: 'k', starterAccountId: null, variables: {}, now: NOW }))
        .rejects.toMatchObject({ status: 400, key: 'workflow.noSmtp' });
    } finally {
      process.env.SMTP_HOST = host;
    }
  });
});

// ---------- plugins ----------

describe('plugin types and buttons', () => {
  let base = '';
  let server: http.Server;
  const seen: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: { quantity: 42, where: ['W1', 'W2'] } }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => { await new Promise<void>((r) => server.close(() => r())); });
  const ctx = (variables: Record<string, unknown>) => ({ instanceId: 9, definitionKey: 'wa_proc', starterAccountId: acc.wa3, variables, now: NOW });

  it('the built-in types are seeded and cannot be deleted', async () => {
    const list = await api('GET', '/api/workflow/plugin-types?limit=50');
    const codes = list.body.data.records.map((t: any) => t.code);
    expect(codes).toEqual(expect.arrayContaining(['httpCall', 'setVariables', 'mail', 'print']));
    // the demo's buttons and rules
    const buttons = await api('GET', '/api/workflow/plugin-buttons?limit=50');
    expect(buttons.body.data.records.map((b: any) => [b.code, b.label.zh])).toEqual(expect.arrayContaining([['printLabel', '打印标签']]));
    const rules = await api('GET', '/api/workflow/participants?limit=50');
    expect(rules.body.data.records.map((r: any) => r.name)).toEqual(expect.arrayContaining(['部门负责人', '采购部', '财务会签']));
    const print = list.body.data.records.find((t: any) => t.code === 'print');
    const del = await api('DELETE', `/api/workflow/plugin-types/${print.id}`, undefined, 'zh');
    expect(del.status).toBe(400);
    expect(del.body.msg).toBe('内置插件类型不能删除，也不能修改编码和类别');
  });

  it('httpCall: calls the URL with the variables filled in and maps the JSON answer into variables', async () => {
    const made = await api('POST', '/api/workflow/plugin-types', {
      code: 'waStock', name: '库存', kind: 'httpCall',
      settings: { url: `${base}/stock?code={{materialCode}}`, method: 'GET', sendVariables: false, mapping: { stock: 'data.quantity', warehouse: 'data.where.1', missing: 'data.nope' } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const res = await runPlugin(db(), 'waStock', {}, ctx({ materialCode: 'A 1/2' }));
    expect(res.variables).toEqual({ stock: 42, warehouse: 'W2', missing: null });
    expect(seen.at(-1)).toBe('/stock?code=A%201%2F2');
    const badType = await api('POST', '/api/workflow/plugin-types', { code: 'waBad', name: 'x', kind: 'httpCall', settings: { url: 'nope' } });
    expect(badType.status).toBe(400);
  });

  it('setVariables: CEL expressions in order; a failing one is a 400 naming the variable', async () => {
    const res = await runPlugin(db(), 'setVariables', { expressions: { total: 'variables.price * variables.qty', big: 'variables.total > 100', label: '"PO-" + string(variables.qty)' } }, ctx({ price: 12, qty: 10 }));
    expect(res.variables).toEqual({ total: 120, big: true, label: 'PO-10' });
    await expect(runPlugin(db(), 'setVariables', { expressions: { x: 'variables.nope +' } }, ctx({}))).rejects.toMatchObject({ status: 400, key: 'workflow.expression' });
    await expect(runPlugin(db(), 'noSuchType', {}, ctx({}))).rejects.toMatchObject({ status: 400, key: 'workflow.pluginUnknown' });
  });

  it('print: a printable page of the variables, escaped', async () => {
    const res = await runPlugin(db(), 'print', { title: 'Label', fields: ['item', 'qty'] }, ctx({ item: '<b>甘草</b>', qty: 3, hidden: 'x' }));
    expect(res.html).toContain('<title>Label</title>');
    expect(res.html).toContain('&lt;b&gt;甘草&lt;/b&gt;');
    expect(res.html).not.toContain('hidden');
  });

  it('a button runs on the caller\'s task at an allowed node and sets the instance\'s variables', async () => {
    const k = kit(s, admin);
    const defId = await k.deploy(line('wa_btn', ['approve']));
    const instanceId = await k.start(defId, { price: 5, qty: 4 });
    const [task] = await k.open(instanceId);
    const made = await api('POST', '/api/workflow/plugin-buttons', {
      code: 'waTotal', label: { en: 'Total', zh: '合计' }, pluginTypeCode: 'setVariables', settings: { expressions: { total: 'variables.price * variables.qty' } },
      definitionKey: 'wa_btn', nodeIds: ['approve'],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await api('POST', '/api/workflow/plugin-buttons', { code: 'waElsewhere', label: { en: 'Elsewhere' }, pluginTypeCode: 'print', definitionKey: 'wa_btn', nodeIds: ['other'] });
    const onNode = await api('GET', '/api/workflow/plugin-buttons/node?definitionKey=wa_btn&elementId=approve');
    expect(onNode.body.data.map((b: any) => b.code)).toContain('waTotal');
    expect(onNode.body.data.map((b: any) => b.code)).not.toContain('waElsewhere');

    const run = await api('POST', '/api/workflow/plugin-buttons/waTotal/run', { taskId: task.id });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.data.variables).toEqual({ total: 20 });
    const [inst] = await db().select().from(wfInstances).where(eq(wfInstances.id, instanceId));
    expect(inst.variables).toMatchObject({ price: 5, qty: 4, total: 20 });

    expect((await api('POST', '/api/workflow/plugin-buttons/waElsewhere/run', { taskId: task.id })).status).toBe(400);
    // someone else's task
    const wa2 = await loginAs('wa2', ['bpm:task']);
    const notMine = await api('POST', '/api/workflow/plugin-buttons/waTotal/run', { taskId: task.id }, 'en', wa2);
    expect(notMine.status).toBe(403);
  });
});

/** logs in an account of ours after granting it a role with the given authorities */
async function loginAs(userId: string, authorities: string[]) {
  const { roleGrants } = await import('../src/db/schema/index');
  const [r] = await db().insert(roles).values({ code: `WA_R_${userId}`, name: userId }).returning({ id: roles.id });
  if (authorities.length) await db().insert(roleGrants).values(authorities.map((authority) => ({ roleId: r.id, authority })));
  await db().insert(accountRoles).values({ accountId: acc[userId], roleId: r.id });
  return s.login(userId, 'Wa@2026pass');
}

// ---------- permissions ----------

describe('permissions per definition key', () => {
  it('start by role, monitor by organ (sub-organs included), administer by account; no saved permission: everyone; * may do everything', async () => {
    await db().insert(wfDefinitions).values([{ key: 'wa_perm', name: 'WA perm' }, { key: 'wa_open', name: 'WA open' }]).onConflictDoNothing();
    const put = await api('PUT', '/api/workflow/permissions/wa_perm', {
      start: { roleIds: [roleId] }, monitor: { organIds: [org['WA-D1']] }, administer: { accountIds: [acc.wa2] },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toMatchObject({ definitionKey: 'wa_perm', saved: true, start: { everyone: false, roleIds: [roleId] } });

    const as = (u: string) => workflowAccess(db(), { accountId: acc[u], authorities: new Set(['bpm:task']) });
    expect(await as('wa1').canStart('wa_perm')).toBe(true);
    expect(await as('wa6').canStart('wa_perm')).toBe(true);
    expect(await as('wa3').canStart('wa_perm')).toBe(false);
    expect(await as('wa3').canMonitor('wa_perm')).toBe(true);
    expect(await as('wa1').canMonitor('wa_perm')).toBe(false);
    expect(await as('wa2').canAdminister('wa_perm')).toBe(true);
    expect(await as('wa4').canAdminister('wa_perm')).toBe(false);
    expect(await as('wa3').canStart('wa_open')).toBe(true);
    const keys = await as('wa1').monitorableKeys();
    expect(keys.all).toBe(false);
    expect(keys.keys).toContain('wa_open');
    expect(keys.keys).not.toContain('wa_perm');
    const star = workflowAccess(db(), { accountId: acc.wa4, authorities: new Set(['*']) });
    expect(await star.canAdminister('wa_perm')).toBe(true);
    expect(await star.monitorableKeys()).toEqual({ all: true, keys: [] });

    const list = await api('GET', '/api/workflow/permissions?keyword=wa_');
    const row = list.body.data.records.find((r: any) => r.definitionKey === 'wa_perm');
    expect(row).toMatchObject({ saved: true, start: { everyone: false, roles: 1 }, administer: { accounts: 1 } });
    expect(list.body.data.records.find((r: any) => r.definitionKey === 'wa_open')).toMatchObject({ saved: false, start: { everyone: true } });
  });

  it('the engine\'s start call answers 403 to a user without start permission', async () => {
    const k = kit(s, admin);
    const defId = await k.deploy(line('wa_guarded', ['approve']));
    await api('PUT', '/api/workflow/permissions/wa_guarded', { start: { accountIds: [acc.wa1] }, monitor: { everyone: true }, administer: {} });
    const wa3 = await loginAs('wa3', ['bpm:task', 'bpm:definition']);
    const denied = await s.request('POST', `/api/workflow/definitions/${defId}/start`, { token: wa3, body: { variables: {} } });
    expect(denied.status).toBe(403);
    await api('PUT', '/api/workflow/permissions/wa_guarded', { start: { accountIds: [acc.wa1, acc.wa3] }, monitor: { everyone: true }, administer: {} });
    const allowed = await s.request('POST', `/api/workflow/definitions/${defId}/start`, { token: wa3, body: { variables: {} } });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
  });
});

// ---------- settings ----------

describe('settings', () => {
  it('defaults, validation messages in the caller\'s language, saved values read back', async () => {
    const got = await api('GET', '/api/workflow/settings');
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ starterMayWithdraw: true, historyRetentionDays: 365, channels: { inApp: true } });
    expect(got.body.data.templates.taskAssigned.zh.subject).toContain('新待办');

    const bad = await api('PUT', '/api/workflow/settings', { ...got.body.data, historyRetentionDays: -1 }, 'zh');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('historyRetentionDays：保留天数须为 0（永久保留）到 36500 之间的整数');
    const badHours = await api('PUT', '/api/workflow/settings', { ...got.body.data, reminder: { ...got.body.data.reminder, beforeDueHours: 1.5 } }, 'es');
    expect(badHours.status).toBe(400);
    expect(badHours.body.msg).toContain('reminder.beforeDueHours');
    const noSubject = await api('PUT', '/api/workflow/settings', { ...got.body.data, templates: { ...got.body.data.templates, processEnded: { en: { subject: '', body: '' } } } });
    expect(noSubject.status).toBe(400);
    expect(noSubject.body.msg).toContain('The English template needs a subject');

    const saved = await api('PUT', '/api/workflow/settings', { ...got.body.data, historyRetentionDays: 30, starterMayWithdraw: false, timeout: { defaultDueHours: 48, action: 'autoPass' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await workflowSettings(db())).toMatchObject({ historyRetentionDays: 30, starterMayWithdraw: false, timeout: { defaultDueHours: 48, action: 'autoPass' } });
  });
});

// ---------- performance ----------

describe('performance analysis over instances with known timestamps', () => {
  const t = (iso: string) => new Date(iso);
  let inst: Record<string, number> = {};

  beforeAll(async () => {
    const [def] = await db().insert(wfDefinitions).values({ key: 'wa_perf', name: 'WA perf', latestVersion: 1 }).returning();
    const [ver] = await db().insert(wfVersions).values({ definitionId: def.id, definitionKey: 'wa_perf', version: 1, name: 'WA perf', xml: '<x/>', model: {}, publishedAt: t('2026-01-01T00:00:00Z') }).returning();
    const instance = async (name: string, startedAt: string, endedAt: string | null) => {
      const [i] = await db().insert(wfInstances).values({
        definitionId: def.id, versionId: ver.id, definitionKey: 'wa_perf', definitionName: 'WA perf', version: 1, businessKey: name,
        status: endedAt ? 'completed' : 'running', startedAt: t(startedAt), endedAt: endedAt ? t(endedAt) : null, updatedAt: t(startedAt),
      }).returning();
      inst[name] = i.id;
      return i.id;
    };
    const task = async (instanceName: string, createdAt: string, completedAt: string | null, dueAt: string | null, assignee: number | null = null) => {
      const [e] = await db().insert(wfExecutions).values({ instanceId: inst[instanceName], elementId: 'approve', elementType: 'userTask', status: completedAt ? 'completed' : 'running', startedAt: t(createdAt) }).returning();
      await db().insert(wfTasks).values({
        instanceId: inst[instanceName], executionId: e.id, elementId: 'approve', name: '审批', definitionKey: 'wa_perf', assigneeId: assignee,
        status: completedAt ? 'completed' : 'open', createdAt: t(createdAt), completedAt: completedAt ? t(completedAt) : null, dueAt: dueAt ? t(dueAt) : null,
      });
    };
    inst = {};
    await instance('i1', '2026-03-01T17:00:00Z', '2026-03-02T17:00:00Z'); // 24 h; UTC+8: started 03-02 01:00, ended 03-03 01:00
    await instance('i2', '2026-03-02T02:00:00Z', '2026-03-02T04:00:00Z'); // 2 h
    await instance('i3', '2026-03-02T03:00:00Z', '2026-03-02T09:00:00Z'); // 6 h
    await instance('i4', '2026-03-03T01:00:00Z', null); // running
    await task('i1', '2026-03-01T17:00:00Z', '2026-03-02T17:00:00Z', null); // 24 h
    await task('i2', '2026-03-02T02:00:00Z', '2026-03-02T03:00:00Z', '2026-03-02T02:30:00Z'); // 1 h, overdue
    await task('i3', '2026-03-02T03:00:00Z', '2026-03-02T05:00:00Z', '2026-03-02T06:00:00Z'); // 2 h, in time
    await task('i4', '2026-03-03T01:00:00Z', null, '2099-01-01T00:00:00Z', acc.wa2); // open, due after any clock
  });

  const H = 3_600_000;
  it('per day in the caller\'s time zone, durations with median and p90, overdue rate, backlog, slowest', async () => {
    const r = await performanceReport(db(), { definitionKey: 'wa_perf', from: '2026-03-02', to: '2026-03-03', tzOffset: 480 }, t('2026-03-05T00:00:00Z'), null);
    expect(r.perDay).toEqual([{ day: '2026-03-02', started: 3, completed: 2 }, { day: '2026-03-03', started: 1, completed: 1 }]);
    expect(r.definitions).toHaveLength(1);
    const d = r.definitions[0];
    expect(d).toMatchObject({ definitionKey: 'wa_perf', started: 4, completed: 3, count: 3, medianMs: 6 * H, p90Ms: Math.round(20.4 * H), overdueRate: 0.25 });
    expect(d.avgMs).toBe(Math.round((32 / 3) * H));
    expect(r.nodes).toEqual([{ definitionKey: 'wa_perf', elementId: 'approve', name: '审批', backlog: 1, count: 3, avgMs: 9 * H, medianMs: 2 * H, p90Ms: Math.round(19.6 * H), overdueRate: 0.25 }]);
    expect(r.backlogByAssignee).toEqual([{ accountId: acc.wa2, userId: 'wa2', userName: 'wa2', count: 1 }]);
    // i4 is still running: 2 days so far at the report's clock
    expect(r.slowest.map((x) => [x.instanceId, x.durationMs])).toEqual([[inst.i4, 47 * H], [inst.i1, 24 * H], [inst.i3, 6 * H], [inst.i2, 2 * H]]);

    // the same range in UTC: i1 started on 03-01, outside
    const utc = await performanceReport(db(), { definitionKey: 'wa_perf', from: '2026-03-02', to: '2026-03-03', tzOffset: 0 }, t('2026-03-05T00:00:00Z'), null);
    expect(utc.perDay).toEqual([{ day: '2026-03-02', started: 2, completed: 3 }, { day: '2026-03-03', started: 1, completed: 0 }]);
    // a user who may monitor none of it sees nothing
    const none = await performanceReport(db(), { from: '2026-03-02', to: '2026-03-03', tzOffset: 480 }, t('2026-03-05T00:00:00Z'), []);
    expect(none.definitions).toEqual([]);
    expect(none.perDay.every((x) => x.started === 0)).toBe(true);
  });

  it('the API answers the report and a CSV in the caller\'s language; bad ranges are 400', async () => {
    const res = await api('GET', '/api/workflow/performance?definitionKey=wa_perf&from=2026-03-02&to=2026-03-03&tzOffset=480');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.perDay).toHaveLength(2);
    const csv = await api('GET', '/api/workflow/performance/export?definitionKey=wa_perf&from=2026-03-02&to=2026-03-03&tzOffset=480', undefined, 'zh');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = String(csv.body).replace(/^\ufeff/, '').trim().split('\n');
    expect(lines[0]).toBe('维度,流程标识,节点标识,节点名称,发起数,办结数,统计数,平均耗时（毫秒）,中位耗时（毫秒）,90 分位耗时（毫秒）,超时率,积压任务数');
    expect(lines[1]).toMatch(/^流程,wa_perf,,,4,3,3,/);
    expect(lines[2]).toMatch(/^节点,wa_perf,approve,审批,,,3,32400000,7200000,70560000,0.25,1$/);
    const backwards = await api('GET', '/api/workflow/performance?from=2026-03-03&to=2026-03-02', undefined, 'zh');
    expect(backwards.status).toBe(400);
    expect(backwards.body.msg).toContain('结束日期不能早于开始日期');
  });
});

// ---------- authorities ----------

describe('authorities', () => {
  it('an account without workflow authority gets 403 on every route', async () => {
    // the demo auditor may use the task screens (bpm:task) since issue 11: a bare account holds nothing
    await makeAccount('wa-nobody');
    const nobody = await s.login('wa-nobody', 'Wa@2026pass');
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/workflow/participants'], ['GET', '/api/workflow/participants/1'], ['POST', '/api/workflow/participants', { code: 'x', name: 'x', rule: { kind: 'starter' } }],
      ['PUT', '/api/workflow/participants/1', { code: 'x', name: 'x', rule: { kind: 'starter' } }], ['DELETE', '/api/workflow/participants/1'],
      ['POST', '/api/workflow/participants/delete', { ids: [1] }], ['POST', '/api/workflow/participants/preview', { rule: { kind: 'starter' } }],
      ['GET', '/api/workflow/participants/options'],
      ['GET', '/api/workflow/listeners'], ['GET', '/api/workflow/listeners/1'], ['GET', '/api/workflow/listeners/1/invocations'],
      ['POST', '/api/workflow/listeners', {}], ['PUT', '/api/workflow/listeners/1', {}], ['DELETE', '/api/workflow/listeners/1'], ['POST', '/api/workflow/listeners/delete', { ids: [1] }],
      ['GET', '/api/workflow/plugin-types'], ['GET', '/api/workflow/plugin-types/options'], ['GET', '/api/workflow/plugin-types/1'], ['POST', '/api/workflow/plugin-types', {}],
      ['PUT', '/api/workflow/plugin-types/1', {}], ['DELETE', '/api/workflow/plugin-types/1'], ['POST', '/api/workflow/plugin-types/delete', { ids: [1] }],
      ['GET', '/api/workflow/plugin-buttons'], ['GET', '/api/workflow/plugin-buttons/options'], ['GET', '/api/workflow/plugin-buttons/1'], ['GET', '/api/workflow/plugin-buttons/node?definitionKey=a&elementId=b'],
      ['POST', '/api/workflow/plugin-buttons', {}], ['PUT', '/api/workflow/plugin-buttons/1', {}], ['DELETE', '/api/workflow/plugin-buttons/1'],
      ['POST', '/api/workflow/plugin-buttons/delete', { ids: [1] }], ['POST', '/api/workflow/plugin-buttons/printLabel/run', { taskId: 1 }],
      ['GET', '/api/workflow/permissions'], ['GET', '/api/workflow/permissions/wa_perm'], ['PUT', '/api/workflow/permissions/wa_perm', {}], ['DELETE', '/api/workflow/permissions/wa_perm'],
      ['GET', '/api/workflow/settings'], ['PUT', '/api/workflow/settings', {}],
      ['GET', '/api/workflow/performance?from=2026-03-02&to=2026-03-03'], ['GET', '/api/workflow/performance/export?from=2026-03-02&to=2026-03-03'],
    ];
    for (const [method, path, body] of calls) {
      const res = await s.request(method, path, { token: nobody, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });
});

// ---------- timeouts and history retention (the engine, on the injected clock) ----------

describe('timeout actions at a task\'s due time, per node or from the settings', () => {
  const H = 3_600_000;
  const esc = (v: string) => v.replace(/"/g, '&quot;');
  const task = (id: string, action?: string) => `<bpmn:userTask id="${id}" name="${id}" bencao:assignment="${esc(JSON.stringify({ rule: { kind: 'user', accountIds: [acc.wa3] } }))}" bencao:dueIn="PT1H"${action ? ` bencao:timeoutAction="${action}"` : ''}/>`;
  let n = 0;
  async function startOne(body: string) {
    const key = `wfTimeout${++n}`;
    const svc = definitionService(db(), () => NOW);
    const def = await svc.create({ key, name: key, category: null, description: null, xml: bpmn(key, body) }, SYSTEM);
    await svc.publish(def.id, SYSTEM);
    const [d] = await db().select().from(wfDefinitions).where(eq(wfDefinitions.id, def.id));
    const inst = await db().transaction((tx) => createInstance(tx, { definition: d, versionId: d.latestVersionId!, now: NOW, actor: SYSTEM, businessKey: key, variables: {}, starterId: acc.wa3, starterName: 'wa3' }));
    return inst.id;
  }
  const tasksOf = (id: number) => db().select().from(wfTasks).where(eq(wfTasks.instanceId, id)).orderBy(wfTasks.id);
  const historyOf = (id: number, action: string) => db().select().from(wfHistory).where(and(eq(wfHistory.instanceId, id), eq(wfHistory.action, action)));
  const lineOf = (a: string) => [startEv(), a, task('b'), endEv(), flow('f1', 'start', 'a'), flow('f2', 'a', 'b'), flow('f3', 'b', 'end')].join('\n');

  it('escalate hands the overdue task to the assignee\'s organ leader, once; nothing before the due time', async () => {
    const id = await startOne(lineOf(task('a', 'escalate')));
    await runDueJobs(db(), { now: new Date(NOW.getTime() + 0.5 * H) });
    expect((await tasksOf(id))[0]).toMatchObject({ elementId: 'a', assigneeId: acc.wa3, status: 'open' });
    await runDueJobs(db(), { now: new Date(NOW.getTime() + H) });
    expect((await tasksOf(id))[0]).toMatchObject({ elementId: 'a', assigneeId: acc.wa4, status: 'open' });
    expect((await historyOf(id, 'escalate')).map((h) => h.data)).toEqual([{ from: acc.wa3, to: acc.wa4 }]);
    await runDueJobs(db(), { now: new Date(NOW.getTime() + 5 * H) });
    expect(await historyOf(id, 'escalate')).toHaveLength(1);
  });

  it('autoPass approves the overdue task and the process moves on; autoReject completes it with outcome reject', async () => {
    const passed = await startOne(lineOf(task('a', 'autoPass')));
    const rejected = await startOne([startEv(), task('a', 'autoReject'), gateway('exclusive', 'gw', 'ok'), task('b'), task('redo'), endEv(),
      flow('f1', 'start', 'a'), flow('f2', 'a', 'gw'), flow('ok', 'gw', 'b'), flow('no', 'gw', 'redo', 'outcome == "reject"'), flow('f3', 'b', 'end'), flow('f4', 'redo', 'end')].join('\n'));
    await runDueJobs(db(), { now: new Date(NOW.getTime() + H) });
    const p = await tasksOf(passed);
    expect(p.map((t) => [t.elementId, t.status, t.outcome])).toEqual([['a', 'completed', 'autoPass'], ['b', 'open', null]]);
    const r = await tasksOf(rejected);
    expect(r.map((t) => [t.elementId, t.status, t.outcome])).toEqual([['a', 'completed', 'reject'], ['redo', 'open', null]]);
  });

  it('a node without its own action takes the settings\' (remind: the task stays open, the timeout is recorded)', async () => {
    const settings = await workflowSettings(db());
    try {
      await saveWorkflowSettings(db(), { ...settings, timeout: { ...settings.timeout, action: 'remind' } }, NOW);
      const reminded = await startOne(lineOf(task('a')));
      await runDueJobs(db(), { now: new Date(NOW.getTime() + H) });
      expect((await tasksOf(reminded))[0]).toMatchObject({ status: 'open', assigneeId: acc.wa3 });
      expect((await historyOf(reminded, 'timeout')).map((h) => h.data)).toEqual([{ action: 'remind' }]);

      await saveWorkflowSettings(db(), { ...settings, timeout: { ...settings.timeout, action: 'escalate' } }, NOW);
      const escalated = await startOne(lineOf(task('a')));
      const overridden = await startOne(lineOf(task('a', 'none')));
      await runDueJobs(db(), { now: new Date(NOW.getTime() + H) });
      expect((await tasksOf(escalated))[0]).toMatchObject({ status: 'open', assigneeId: acc.wa4 });
      expect((await tasksOf(overridden))[0]).toMatchObject({ status: 'open', assigneeId: acc.wa3 });
      expect((await historyOf(overridden, 'timeout')).map((h) => h.data)).toEqual([{ action: 'none' }]);
    } finally {
      await saveWorkflowSettings(db(), settings, NOW);
    }
  });

  it('publishing refuses an unknown timeout action, naming the task', async () => {
    const svc = definitionService(db(), () => NOW);
    const def = await svc.create({ key: 'wfTimeoutBad', name: 'bad', category: null, description: null, xml: bpmn('wfTimeoutBad', lineOf(task('a', 'later'))) }, SYSTEM);
    const res = await api('POST', `/api/workflow/definitions/${def.id}/publish`, undefined, 'zh');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.data.problems)).toContain('超时处理“later”无效');
  });
});

describe('history retention', () => {
  const DAY = 86_400_000;
  const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
  async function finishedAt(key: string, when: Date | null) {
    const [d] = await db().select().from(wfDefinitions).where(eq(wfDefinitions.key, key));
    const start = when ?? ago(100);
    const inst = await db().transaction((tx) => createInstance(tx, { definition: d, versionId: d.latestVersionId!, now: start, actor: SYSTEM, businessKey: null, variables: {}, starterId: acc.wa3, starterName: 'wa3' }));
    if (when) {
      const [t] = await db().select().from(wfTasks).where(and(eq(wfTasks.instanceId, inst.id), eq(wfTasks.status, 'open')));
      await completeTask(db(), t.id, SYSTEM, { variables: {}, comment: null, outcome: null }, when, true);
    }
    return inst.id;
  }

  it('finished instances older than the retention go with their rows; newer and running ones stay; the daily job re-arms itself', async () => {
    const settings = await workflowSettings(db());
    try {
      const svc = definitionService(db(), () => NOW);
      const xml = bpmn('wfRetention', [startEv(), `<bpmn:userTask id="a" bencao:assignment="${JSON.stringify({ rule: { kind: 'user', accountIds: [acc.wa3] } }).replace(/"/g, '&quot;')}"/>`, endEv(), flow('f1', 'start', 'a'), flow('f2', 'a', 'end')].join('\n'));
      const def = await svc.create({ key: 'wfRetention', name: 'retention', category: null, description: null, xml }, SYSTEM);
      await svc.publish(def.id, SYSTEM);
      const old = await finishedAt('wfRetention', ago(31));
      const recent = await finishedAt('wfRetention', ago(29));
      const running = await finishedAt('wfRetention', null);
      const exists = async (id: number) => (await db().select({ id: wfInstances.id }).from(wfInstances).where(eq(wfInstances.id, id))).length === 1;

      await saveWorkflowSettings(db(), { ...settings, historyRetentionDays: 0 }, NOW);
      expect((await purgeFinishedInstances(db(), NOW)).instances).toBe(0);
      expect(await exists(old)).toBe(true);

      await saveWorkflowSettings(db(), { ...settings, historyRetentionDays: 30 }, NOW);
      await db().delete(wfJobs).where(eq(wfJobs.kind, PURGE_JOB_KIND));
      await armHistoryPurge(db(), NOW);
      await armHistoryPurge(db(), NOW);
      expect(await db().select().from(wfJobs).where(eq(wfJobs.kind, PURGE_JOB_KIND))).toHaveLength(1);
      await runDueJobs(db(), { now: NOW });
      expect([await exists(old), await exists(recent), await exists(running)]).toEqual([false, true, true]);
      expect(await db().select().from(wfHistory).where(eq(wfHistory.instanceId, old))).toHaveLength(0);
      expect(await db().select().from(wfTasks).where(eq(wfTasks.instanceId, old))).toHaveLength(0);
      const purgeJobs = await db().select().from(wfJobs).where(eq(wfJobs.kind, PURGE_JOB_KIND)).orderBy(wfJobs.id);
      expect(purgeJobs.map((j) => [j.status, j.dueAt.toISOString()])).toEqual([['done', NOW.toISOString()], ['pending', new Date(NOW.getTime() + DAY).toISOString()]]);
    } finally {
      await saveWorkflowSettings(db(), settings, NOW);
    }
  });
});
