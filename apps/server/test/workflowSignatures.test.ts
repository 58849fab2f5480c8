import crypto from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormBinding, FormField, FormInput } from '@bencao/contracts';
import { accounts, formData, loginLogs, passwordPolicy } from '../src/db/schema/index';
import { setWorkflowClock } from '../src/modules/workflow/engine/clock';
import { startTestServer, DEMO, type TestServer } from './harness';
import { bpmn, endEv, flow, kit, line, signature as signatureOf, usersRule, type Kit } from './workflowKit';

/**
 * Electronic signatures (issue 26): a node with `bencao:signature` is approved only with the signer's
 * password again, through a one-time login key, counted toward the lock exactly like a failed login; the
 * manifest (printed name, account, time in the signer's zone, meaning) is kept with the SHA-256 of the
 * data as signed, and a later change of that data shows the signature as no longer covering it.
 */

let s: TestServer;
let k: Kit;
const T: Record<string, string> = {};
const ID: Record<string, number> = {};
const AT = new Date('2026-03-02T01:02:03Z');
const db = () => s.built.deps.db;

beforeAll(async () => {
  // every signature takes a login key: this file takes more at once than one address's burst allows
  s = await startTestServer({ loginKeyRateLimit: 10_000, loginKeyBurst: 0 });
  setWorkflowClock(db(), () => AT);
  k = kit(s, await s.login(DEMO.admin.userId, DEMO.admin.password));
  T.staff = await s.login('staff', 'Staff@2026');
  T.deptlead = await s.login('deptlead', 'Lead@2026');
  T.purchaser = await s.login('purchaser', 'Buyer@2026');
  [ID.deptlead, ID.purchaser, ID.finance2] = await k.accountIds(['deptlead', 'purchaser', 'finance2']);
});
afterAll(async () => { await s?.close(); });

const L = (en: string, zh: string) => ({ en, zh, es: en, ja: zh });
const field = (key: string, type: FormField['type'], label: ReturnType<typeof L>): FormField => ({ kind: 'field', id: `f_${key}`, key, type, label });
const attr = (o: unknown) => JSON.stringify(o).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const png = (w = 60, h = 24) => sharp({ create: { width: w, height: h, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();
const failedLogins = async (userId: string) => (await db().select({ n: accounts.failedLogins, status: accounts.status }).from(accounts).where(eq(accounts.userId, userId)))[0];

const signature = (password: string, extra: Record<string, unknown> = {}) => signatureOf(s, password, extra);

/** start (item, amount) → deptlead signs (approve / review) → purchaser may correct the amount → end (deployed once) */
let deployed: Promise<number> | null = null;
const signedProcess = () => (deployed ??= deploySigned());
async function deploySigned() {
  const form: FormInput = {
    name: 'Signed purchase', action: 'store',
    schema: { version: 1, nodes: [field('item', 'text', L('Item', '物品')), field('amount', 'money', L('Amount', '金额')), field('opinion', 'text', L('Opinion', '意见'))] },
  } as FormInput;
  const created = await s.request('POST', '/api/forms', { token: k.token, body: form });
  const formId = created.body.data.id as number;
  expect((await s.request('POST', `/api/forms/${formId}/publish`, { token: k.token })).status).toBe(200);
  const atStart: FormBinding = { formId, version: 1, defaultPermission: 'hidden', fields: { item: 'required', amount: 'required' } };
  const atSign: FormBinding = { formId, version: 1, defaultPermission: 'read', fields: { opinion: 'write' } };
  const atFix: FormBinding = { formId, version: 1, defaultPermission: 'read', fields: { amount: 'write' } };
  const xml = bpmn('signedPurchase', [
    `<bpmn:startEvent id="start" bencao:form="${attr(atStart)}"/>`,
    `<bpmn:userTask id="sign" name="Head approval" bencao:signature="approve,review" bencao:assignment="${attr({ rule: usersRule([ID.deptlead]) })}" bencao:form="${attr(atSign)}"/>`,
    `<bpmn:userTask id="fix" name="Purchasing" bencao:assignment="${attr({ rule: usersRule([ID.purchaser]) })}" bencao:form="${attr(atFix)}"/>`,
    endEv(), flow('f0', 'start', 'sign'), flow('f1', 'sign', 'fix'), flow('f2', 'fix', 'end'),
  ].join('\n'));
  return k.deploy(xml);
}

async function startSigned(defId: number) {
  const started = await s.request('POST', `/api/workflow/definitions/${defId}/start`, { token: T.staff, body: { businessKey: 'SIG-1', form: { item: 'Gloves', amount: 1200 } } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const instanceId = started.body.data.id as number;
  const [task] = await k.open(instanceId);
  return { instanceId, taskId: task.id as number };
}

describe('electronic signature at a node', () => {
  it('is refused without a signature, with a wrong password (counted like a failed login), a used key, a meaning the node does not offer or an image that is not PNG', async () => {
    const { instanceId, taskId } = await startSigned(await signedProcess());
    const approve = (body: Record<string, unknown>, lang = 'en') => s.request('POST', `/api/workflow/tasks/${taskId}/approve`, { token: T.deptlead, lang, body: { comment: 'ok', form: { opinion: 'fine' }, ...body } });

    const detail = await s.request('GET', `/api/workflow/tasks/${taskId}`, { token: T.deptlead });
    expect(detail.body.data.task.signature).toEqual(['approve', 'review']);

    const none = await approve({}, 'zh');
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('此环节需要电子签名：请输入密码并选择签名含义');

    expect((await failedLogins('deptlead')).n).toBe(0);
    const guess = await signature('not-my-password');
    const wrong = await approve({ signature: guess });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('The password is wrong: the step was not signed');
    expect((await failedLogins('deptlead')).n).toBe(1);
    const logged = await db().select().from(loginLogs).where(eq(loginLogs.userId, 'deptlead'));
    expect(logged.some((l) => l.outcome === 'failure' && l.reason.startsWith('electronic signature: wrong password'))).toBe(true);
    // the key was used: the same signature again is refused without counting
    expect((await approve({ signature: guess })).body.msg).toBe('The login key has expired, please try again');
    expect((await failedLogins('deptlead')).n).toBe(1);

    const once = await signature('Lead@2026');
    expect((await approve({ signature: { ...once, meaning: 'acknowledge' } })).body.msg).toBe('A signature meaning "Acknowledged" cannot be given at this step');
    const notPng = await approve({ signature: { ...(await signature('Lead@2026')), image: Buffer.from('GIF89a not a png at all').toString('base64') } }, 'zh');
    expect(notPng.status).toBe(400);
    expect(notPng.body.msg).toBe('手写签名须为不超过 200 KB 的 PNG 图片');
    const corrupt = Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(40)]);
    expect((await approve({ signature: { ...(await signature('Lead@2026')), image: corrupt.toString('base64') } })).status).toBe(400);
    const badZone = await approve({ signature: { ...(await signature('Lead@2026')), timeZone: 'Mars/Olympus' } });
    expect(badZone.status).toBe(400);
    expect(badZone.body.msg).toContain('time zone');
    // none of these cost a password attempt, and nothing moved
    expect((await failedLogins('deptlead')).n).toBe(1);
    expect((await k.open(instanceId)).map((t) => t.id)).toEqual([taskId]);

    // the plain completion and the batch approval cannot sign: refused
    const plain = await s.request('POST', `/api/workflow/tasks/${taskId}/complete`, { token: T.deptlead, body: {} });
    expect(plain.status).toBe(400);
    expect(plain.body.msg).toBe('This step must be signed: enter your password and the meaning of your signature');
    const batch = await s.request('POST', '/api/workflow/tasks/batch/approve', { token: T.deptlead, body: { ids: [taskId] } });
    expect(batch.body.data.succeeded).toEqual([]);

    const image = await png();
    const right = await approve({ signature: { ...(await signature('Lead@2026')), image: `data:image/png;base64,${image.toString('base64')}` } });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect((await failedLogins('deptlead')).n).toBe(0);

    // the manifest: printed name, account, date-time in the signer's zone, meaning, the hash of the data signed
    const view = await s.request('GET', `/api/workflow/instances/${instanceId}/view`, { token: T.staff });
    const [m] = view.body.data.signatures;
    expect(m).toMatchObject({
      printedName: '刘建华', account: 'deptlead', meaning: 'approve', timeZone: 'Asia/Shanghai', signedAt: '2026-03-02T09:02:03+08:00', elementId: 'sign', taskId, covers: true,
    });
    expect(m.dataHash).toMatch(/^[0-9a-f]{64}$/);
    const sign = view.body.data.history.find((h: any) => h.action === 'sign');
    expect(sign).toMatchObject({ actorName: '刘建华', data: { signatureId: m.id, account: 'deptlead', meaning: 'approve', dataHash: m.dataHash, signedAt: '2026-03-02T09:02:03+08:00', image: true } });
    const img = await fetch(s.url + m.imageUrl, { headers: { authorization: `Bearer ${T.staff}` } });
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.arrayBuffer()).equals(image)).toBe(true);
    expect((await fetch(s.url + m.imageUrl, { headers: { authorization: `Bearer ${T.purchaser}` } })).status).toBe(200);

    // the data changed afterwards by a node that may write it: the signature no longer covers it
    const [fix] = await k.open(instanceId);
    const changed = await s.request('POST', `/api/workflow/tasks/${fix.id}/approve`, { token: T.purchaser, body: { comment: 'price fixed', form: { amount: 1350 } } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await s.request('GET', `/api/workflow/instances/${instanceId}/view`, { token: T.staff });
    expect(after.body.data.signatures).toMatchObject([{ id: m.id, dataHash: m.dataHash, covers: false }]);
  });

  it('the hash is the SHA-256 of the canonical JSON of the data signed, and data left as it was still covers', async () => {
    const { instanceId, taskId } = await startSigned(await signedProcess());
    const ok = await s.request('POST', `/api/workflow/tasks/${taskId}/approve`, { token: T.deptlead, body: { form: { opinion: '同意' }, signature: await signature('Lead@2026', { meaning: 'review', timeZone: 'America/New_York' }) } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const view = await s.request('GET', `/api/workflow/instances/${instanceId}/view`, { token: T.staff });
    const [m] = view.body.data.signatures;
    expect(m).toMatchObject({ meaning: 'review', signedAt: '2026-03-01T20:02:03-05:00', imageUrl: null, covers: true });
    const [{ formId }] = await db().select({ formId: formData.formId }).from(formData).where(eq(formData.processInstanceId, instanceId));
    const canonical = `{"forms":[{"data":{"amount":1200,"item":"Gloves","opinion":"同意"},"formId":${formId}}]}`;
    expect(m.dataHash).toBe(crypto.createHash('sha256').update(canonical).digest('hex'));
    // the next node approves without changing the amount: still covered
    const [fix] = await k.open(instanceId);
    expect((await s.request('POST', `/api/workflow/tasks/${fix.id}/approve`, { token: T.purchaser, body: { form: {} } })).status).toBe(200);
    expect((await s.request('GET', `/api/workflow/instances/${instanceId}/view`, { token: T.staff })).body.data.signatures[0].covers).toBe(true);
  });

  it('a saved handwritten signature is reused; only a PNG is saved', async () => {
    const image = await png(80, 30);
    expect((await s.request('GET', '/api/workflow/tasks/my-signature', { token: T.deptlead })).body.data).toEqual({ image: null, updatedAt: null });
    const bad = await s.request('PUT', '/api/workflow/tasks/my-signature', { token: T.deptlead, body: { image: Buffer.from('<svg/>').toString('base64') } });
    expect(bad.status).toBe(400);
    const tooBig = await s.request('PUT', '/api/workflow/tasks/my-signature', { token: T.deptlead, body: { image: 'A'.repeat(300_000) } });
    expect(tooBig.status).toBe(400);
    const put = await s.request('PUT', '/api/workflow/tasks/my-signature', { token: T.deptlead, body: { image: image.toString('base64') } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await s.request('GET', '/api/workflow/tasks/my-signature', { token: T.deptlead })).body.data.image).toBe(`data:image/png;base64,${image.toString('base64')}`);

    const { instanceId, taskId } = await startSigned(await signedProcess());
    const ok = await s.request('POST', `/api/workflow/tasks/${taskId}/approve`, { token: T.deptlead, body: { form: {}, signature: await signature('Lead@2026', { useSaved: true }) } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [m] = (await s.request('GET', `/api/workflow/instances/${instanceId}/view`, { token: T.staff })).body.data.signatures;
    const img = await fetch(s.url + m.imageUrl, { headers: { authorization: `Bearer ${T.staff}` } });
    expect(Buffer.from(await img.arrayBuffer()).equals(image)).toBe(true);

    expect((await s.request('DELETE', '/api/workflow/tasks/my-signature', { token: T.deptlead })).status).toBe(200);
    const { taskId: next } = await startSigned(await signedProcess());
    const none = await s.request('POST', `/api/workflow/tasks/${next}/approve`, { token: T.deptlead, body: { form: {}, signature: await signature('Lead@2026', { useSaved: true }) } });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('You have no saved signature yet');
  });

  it('wrong passwords lock the account at the policy\'s count, as at login: the session ends and the login is refused', async () => {
    const [policy] = await db().select().from(passwordPolicy);
    expect(policy.maxFailedLogins).toBeGreaterThan(1);
    const xml = line('signedByFinance', ['sign'], { rule: usersRule([ID.finance2]) }).replace('<bpmn:userTask id="sign"', '<bpmn:userTask id="sign" bencao:signature="acknowledge"');
    const defId = await k.deploy(xml);
    const finance2 = await s.login('finance2', 'Finance@2026');
    const instanceId = await k.start(defId, {});
    const [task] = await k.open(instanceId);
    const approve = async (password: string) => s.request('POST', `/api/workflow/tasks/${task.id}/approve`, { token: finance2, body: { signature: await signature(password, { meaning: 'acknowledge' }) } });
    for (let i = 1; i < policy.maxFailedLogins; i++) {
      expect((await approve('guess')).body.msg).toBe('The password is wrong: the step was not signed');
      expect((await failedLogins('finance2')).n).toBe(i);
    }
    const last = await approve('guess');
    expect(last.status).toBe(400);
    expect(last.body.msg).toContain('locked');
    expect(await failedLogins('finance2')).toMatchObject({ n: policy.maxFailedLogins, status: 'lock' });
    // the lock ended the session, and the right password no longer logs in
    expect((await approve('Finance@2026')).status).toBe(401);
    expect((await s.loginRaw('finance2', 'Finance@2026')).body.locked).toBe(true);
    expect((await k.open(instanceId)).map((t) => t.id)).toEqual([task.id]);
  });
});

describe('plugin buttons on tasks', () => {
  it('the seeded "打印标签" (all processes · all user tasks) shows on a task and runs there', async () => {
    const defId = await k.deploy(line('buttonsEverywhere', ['a'], { rule: usersRule([ID.deptlead]) }));
    const instanceId = await k.start(defId, { item: 'Rhubarb' });
    const [task] = await k.open(instanceId);
    const detail = await s.request('GET', `/api/workflow/tasks/${task.id}`, { token: T.deptlead, lang: 'zh' });
    const button = detail.body.data.buttons.find((b: any) => b.code === 'printLabel');
    expect(button).toMatchObject({ name: '打印标签' });
    const run = await s.request('POST', `/api/workflow/tasks/${task.id}/buttons/${button.id}`, { token: T.deptlead, lang: 'zh' });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.data.html).toContain('物料标签');
  });
});
