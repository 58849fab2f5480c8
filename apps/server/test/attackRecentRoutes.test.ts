import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INSTANCE_ATTACHMENTS, PREFERENCES_PER_ACCOUNT } from '@bencao/contracts';
import { adrReports, operationLogs, cmsArticles, cmsArticleVersions, userPreferences, wfAttachments, wfInstances, wfSignatures, wfTasks } from '../src/db/schema/index';
import { DEMO, startTestServer, type TestServer } from './harness';
import { bpmn, endEv, flow, gateway, kit, line, signature as signatureOf, startEv, userTask, type Kit } from './workflowKit';

/**
 * The routes of issues 26–29 attacked as the security rules ask (issue 25 follow-up): parallel requests
 * where a counter or a state guards something, and the worst input.
 */

let s: TestServer;
let k: Kit;
let admin: string;
const db = () => s.built.deps.db;
/** the server's clock: real time plus what a test moved it on */
let elapsed = 0;

beforeAll(async () => {
  s = await startTestServer({ loginKeyRateLimit: 10_000, loginKeyBurst: 0, now: () => new Date(Date.now() + elapsed) });
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
  k = kit(s, admin);
});
afterAll(async () => { await s?.close(); });

const api = (method: string, path: string, body?: unknown, token = admin, lang = 'en') => s.request(method, path, { token, body, lang });

describe('preferences: the key count limit holds under parallel writes', () => {
  it('40 new keys at once when the account is 5 short of the limit: exactly 5 are stored, the others answer 400', async () => {
    const [me] = await k.accountIds([DEMO.admin.userId]);
    await db().delete(userPreferences).where(eq(userPreferences.accountId, me));
    const have = PREFERENCES_PER_ACCOUNT - 5;
    await db().insert(userPreferences).values(Array.from({ length: have }, (_, i) => ({ accountId: me, key: `filler.${i}`, value: {}, updatedAt: new Date() })));
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => api('PUT', `/api/system/preferences/race.${i}`, { value: { i } })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 400).every((a) => a.body.msg.includes(String(PREFERENCES_PER_ACCOUNT)))).toBe(true);
    const [{ n }] = await db().select({ n: sql<number>`count(*)::int` }).from(userPreferences).where(eq(userPreferences.accountId, me));
    expect(n).toBe(PREFERENCES_PER_ACCOUNT);
    // an existing key is still rewritten at the limit
    expect((await api('PUT', '/api/system/preferences/filler.0', { value: { again: true } })).status).toBe(200);
    await db().delete(userPreferences).where(eq(userPreferences.accountId, me));
  });
});

describe('drafts: a draft being submitted cannot be rewritten', () => {
  it('updates sent with the submit either land before the start or answer 409; the running instance keeps the data that routed it', async () => {
    const xml = bpmn('atkDraftRoute', [
      startEv(), gateway('exclusive', 'gw', 'fSmall'), userTask('big'), userTask('small'), endEv(),
      flow('f0', 'start', 'gw'), flow('fBig', 'gw', 'big', 'variables.amount > 100'), flow('fSmall', 'gw', 'small'),
      flow('f1', 'big', 'end'), flow('f2', 'small', 'end'),
    ].join('\n'));
    const defId = await k.deploy(xml);
    for (let round = 0; round < 3; round++) {
      const made = await api('POST', '/api/workflow/tasks/drafts', { definitionId: defId, variables: { amount: 1 } });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const id = made.body.data.instanceId as number;
      const answers = await Promise.all([
        ...Array.from({ length: 15 }, () => api('PUT', `/api/workflow/tasks/drafts/${id}`, { variables: { amount: 1_000_000 } })),
        api('POST', `/api/workflow/tasks/drafts/${id}/submit`, {}),
        ...Array.from({ length: 15 }, () => api('PUT', `/api/workflow/tasks/drafts/${id}`, { variables: { amount: 1_000_000 } })),
      ]);
      expect(answers.every((a) => a.status === 200 || a.status === 409), JSON.stringify(answers.map((a) => [a.status, a.body.msg]))).toBe(true);
      const [inst] = await db().select().from(wfInstances).where(eq(wfInstances.id, id));
      expect(inst.status).toBe('running');
      const open = await k.open(id);
      const amount = (inst.variables as { amount: number }).amount;
      // the node the instance waits at is the one its stored amount routes to
      expect(open.map((t) => t.elementId)).toEqual([amount > 100 ? 'big' : 'small']);
    }
  });

  it('a delete sent with the submit either deletes the draft or answers 409 while it runs', async () => {
    const defId = await k.deploy(line('atkDraftDelete', ['a']));
    for (let round = 0; round < 3; round++) {
      const id = (await api('POST', '/api/workflow/tasks/drafts', { definitionId: defId, variables: {} })).body.data.instanceId as number;
      const [deleted, submitted] = await Promise.all([api('DELETE', `/api/workflow/tasks/drafts/${id}`), api('POST', `/api/workflow/tasks/drafts/${id}/submit`, {})]);
      const [inst] = await db().select().from(wfInstances).where(eq(wfInstances.id, id));
      if (deleted.status === 200) {
        expect(inst).toBeUndefined();
        expect(submitted.status).not.toBe(200);
      } else {
        expect(deleted.status).toBe(409);
        expect(submitted.status).toBe(200);
        expect(inst.status).toBe('running');
      }
    }
  });
});

describe('task attachments: worst file names and bodies', () => {
  let taskId = 0;
  beforeAll(async () => {
    const defId = await k.deploy(line('atkAttach', ['a']));
    const inst = await k.start(defId, {});
    [{ id: taskId }] = await k.open(inst);
  });
  const upload = (name: string, bytes: Buffer | string = 'hello', type = 'text/plain', lang = 'en') => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type }), name);
    return fetch(`${s.url}/api/workflow/tasks/${taskId}/attachments`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'accept-language': lang }, body: form })
      .then(async (r) => ({ status: r.status, body: await r.json() as any }));
  };

  it('a NUL or another control character in the file name answers 400 naming the rule, never 500', async () => {
    for (const name of ['a\u0000b.txt', 'bell\u0007.txt', 'tab\t.txt']) {
      const res = await upload(name);
      expect(res.status, `${JSON.stringify(name)} ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.msg).toContain('file name');
    }
    const zh = await upload('a\u0000b.txt', 'x', 'text/plain', 'zh');
    expect(zh.body.msg).toContain('文件名');
  });

  it('a path in the file name is kept as its last part only: the download is the uploaded bytes under that name', async () => {
    const res = await upload('../../../../etc/passwd', 'not the passwd file');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const dl = await fetch(`${s.url}${res.body.data.url}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(await dl.text()).toBe('not the passwd file');
    expect(dl.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''passwd`);
  });

  it('the instance\'s quota holds under 20 parallel uploads: 3 short of it, exactly 3 are stored', async () => {
    const [{ instanceId }] = await db().select({ instanceId: wfTasks.instanceId }).from(wfTasks).where(eq(wfTasks.id, taskId));
    const [me] = await k.accountIds([DEMO.admin.userId]);
    const have = (await db().select().from(wfAttachments).where(eq(wfAttachments.instanceId, instanceId))).length;
    await db().insert(wfAttachments).values(Array.from({ length: MAX_INSTANCE_ATTACHMENTS - 3 - have }, (_, i) => ({
      instanceId, taskId, fileName: `filler-${i}.txt`, mimeType: 'text/plain', size: 1, storageKey: 'wf-filler', uploaderId: me, uploaderName: 'admin', createdAt: new Date(),
    })));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => upload(`race-${i}.txt`, `race ${i}`, 'text/plain', 'zh')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.every((a) => a.status === 400 && a.body.msg === `附件：每个流程实例最多 ${MAX_INSTANCE_ATTACHMENTS} 个文件，合计不超过 200 MB`), JSON.stringify(refused[0]?.body)).toBe(true);
    expect(await db().select().from(wfAttachments).where(eq(wfAttachments.instanceId, instanceId))).toHaveLength(MAX_INSTANCE_ATTACHMENTS);
  });

  it('the same bytes uploaded on one instance while removed on another: the upload\'s file stays downloadable', async () => {
    const defId = await k.deploy(line('atkAttachShared', ['a']));
    const taskOf = async () => (await k.open(await k.start(defId, {})))[0].id as number;
    const send = (task: number, bytes: string) => {
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'text/plain' }), 'shared.txt');
      return fetch(`${s.url}/api/workflow/tasks/${task}/attachments`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form })
        .then(async (r) => ({ status: r.status, body: await r.json() as any }));
    };
    for (let round = 0; round < 8; round++) {
      const [one, two] = [await taskOf(), await taskOf()];
      const bytes = `shared bytes ${round}`;
      const first = await send(one, bytes);
      expect(first.status).toBe(200);
      const [removed, second] = await Promise.all([api('DELETE', first.body.data.url), send(two, bytes)]);
      expect(removed.status).toBe(200);
      expect(second.status).toBe(200);
      const dl = await fetch(`${s.url}${second.body.data.url}`, { headers: { authorization: `Bearer ${admin}` } });
      expect(dl.status, `round ${round}`).toBe(200);
      expect(await dl.text()).toBe(bytes);
    }
  });

  it('a JSON body instead of a file answers 400', async () => {
    const res = await api('POST', `/api/workflow/tasks/${taskId}/attachments`, { file: 'x' });
    expect(res.status).toBe(400);
  });
});

describe('signatures: one signed approval, however many are sent at once', () => {
  it('20 signed approvals of one task in parallel: one signature row, one approval', async () => {
    const xml = line('atkSignRace', ['sign']).replace('<bpmn:userTask id="sign"', '<bpmn:userTask id="sign" bencao:signature="approve"');
    const defId = await k.deploy(xml);
    const inst = await k.start(defId, {});
    const [task] = await k.open(inst);
    const image = (await sharp({ create: { width: 40, height: 16, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } }).png().toBuffer()).toString('base64');
    const sigs = [];
    for (let i = 0; i < 20; i++) sigs.push(await signatureOf(s, DEMO.admin.password, { image }));
    const answers = await Promise.all(sigs.map((signature) => api('POST', `/api/workflow/tasks/${task.id}/approve`, { signature })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const rows = await db().select().from(wfSignatures).where(eq(wfSignatures.instanceId, inst));
    expect(rows).toHaveLength(1);
    // its image: to whoever may see the instance, not to another task user guessing the id
    expect((await fetch(`${s.url}/api/workflow/signatures/${rows[0].id}/image`, { headers: { authorization: `Bearer ${admin}` } })).status).toBe(200);
    const staff = await s.login('staff', 'Staff@2026');
    expect((await api('GET', `/api/workflow/signatures/${rows[0].id}/image`, undefined, staff)).status).toBe(403);
  });
});

describe('outbound rule: other spellings of a refused address', () => {
  it('IPv4-compatible IPv6 (http://[::127.0.0.1]/), NAT64 and 6to4 forms, short, octal and hex IPv4, and names resolving to loopback are refused at save time', async () => {
    for (const url of [
      'http://[::127.0.0.1]:8080/', 'http://[::a9fe:a9fe]/latest/meta-data/', 'http://[::a00:1]/', 'http://[64:ff9b::a9fe:a9fe]/', 'http://[2002:7f00:1::]/',
      'http://127.1/', 'http://0177.0.0.1/', 'http://0x7f000001/', 'http://0x7f.1/', 'http://localhost/', 'http://LOCALHOST./', 'http://user:pw@127.0.0.1/',
      'http://[::ffff:a9fe:a9fe]/', 'http://[fe80::1%25eth0]/',
    ]) {
      const res = await api('POST', '/api/workflow/listeners', {
        name: 'compat', scope: 'definition', definitionKey: 'atk_compat', events: ['processStart'], kind: 'http', http: { url, timeoutMs: 2000, retries: 0 },
      });
      expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(400);
    }
  });
});

describe('site search: the worst queries', () => {
  it('tsquery syntax, LIKE wildcards, quotes, backslashes and a very long query answer 200 or 400, never 500', async () => {
    for (const q of ['a & | ! (', '%', '_', "'", '\\', '\\\\%', ':*', '<->', '((((((((((', '丹'.repeat(1000), 'x'.repeat(6000)]) {
      const res = await s.request('GET', `/api/site/search?q=${encodeURIComponent(q)}`);
      expect([200, 400], `${q.slice(0, 20)} ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`).toContain(res.status);
    }
  });
});

describe('cms media: a NUL in a multipart text field or file name', () => {
  it('answers 400, never 500', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    for (const [alt, name] of [['a\u0000b', 'x.png'], ['ok', 'x\u0000.png']]) {
      const form = new FormData();
      form.append('alt', alt);
      form.append('file', new Blob([png], { type: 'image/png' }), name);
      const r = await fetch(`${s.url}/api/cms/media`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
      expect(r.status, `${JSON.stringify([alt, name])} ${await r.text()}`).not.toBe(500);
    }
  });
});

describe('cms: a scheduled edit promoted by many readers at once', () => {
  it('is promoted once, and an editor\'s save made meanwhile is never lost', async () => {
    const editor = await s.login(DEMO.editor.userId, DEMO.editor.password);
    for (let round = 0; round < 3; round++) {
      const created = await api('POST', '/api/cms/articles', {
        kind: 'news', title: `定时竞争 ${round}`, summary: '摘要', body: '<p>正文</p>', fields: { source: '测试', author: '测试', category: '公司新闻' },
      }, editor);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id = created.body.data.id as number;
      expect((await api('POST', `/api/cms/articles/${id}/publish`, {}, editor)).status).toBe(200);
      const input = (await api('GET', `/api/cms/articles/${id}`, undefined, editor)).body.data;
      const edit = (title: string) => ({ kind: 'news', title, summary: input.summary, body: input.body, fields: input.fields });
      expect((await api('PUT', `/api/cms/articles/${id}`, edit(`定时版本 ${round}`), editor)).status).toBe(200);
      const at = new Date(Date.now() + elapsed + 120_000).toISOString();
      expect((await api('POST', `/api/cms/articles/${id}/publish`, { publishAt: at, unpublishAt: null }, editor)).status).toBe(200);
      const versionBefore = (await db().select().from(cmsArticles).where(eq(cmsArticles.id, id)))[0].version;
      elapsed += 121_000;
      const later = `之后的修改 ${round}`;
      const answers = await Promise.all([
        ...Array.from({ length: 10 }, () => s.request('GET', `/api/site/articles/${id}`)),
        api('PUT', `/api/cms/articles/${id}`, edit(later), editor),
        ...Array.from({ length: 10 }, () => s.request('GET', `/api/site/articles/${id}`)),
      ]);
      expect(answers.every((a) => a.status === 200)).toBe(true);
      const [row] = await db().select().from(cmsArticles).where(eq(cmsArticles.id, id));
      const promotions = await db().select().from(cmsArticleVersions)
        .where(and(eq(cmsArticleVersions.articleId, id), eq(cmsArticleVersions.action, 'publish'), sql`${cmsArticleVersions.version} > ${versionBefore}`));
      expect(promotions).toHaveLength(1);
      // the later save is live (it came before the promotion) or waits as the pending edit (it came after)
      expect([row.title, (row.draft as { title?: string } | null)?.title]).toContain(later);
    }
  });
});

describe('site submissions: the per-address limit under parallel reports', () => {
  it('20 adverse reaction reports at once from one address with a limit of 3: exactly 3 stored, the others 429', async () => {
    const limited = await startTestServer({ submissionRateLimit: 3 });
    try {
      const report = {
        productName: '并发测试颗粒', batchNo: 'B1', patientAge: 40, patientSex: 'male', reaction: '服药后出现皮疹。', onsetDate: '2026-01-02',
        outcome: 'improving', reporterName: '并发测试', contact: '13812345678', consent: true, website: '',
      };
      const answers = await Promise.all(Array.from({ length: 20 }, () => limited.request('POST', '/api/adr/reports', { body: report })));
      expect(answers.map((a) => a.status).sort()).toEqual([...Array(3).fill(200), ...Array(17).fill(429)]);
      expect(await limited.built.deps.db.select().from(adrReports).where(eq(adrReports.productName, '并发测试颗粒'))).toHaveLength(3);
    } finally { await limited.close(); }
  });
});

describe('preferences: the worst values', () => {
  it('a 10,000-element array, a NUL in the key and a NUL inside the value answer 400 naming the field', async () => {
    const big = await api('PUT', '/api/system/preferences/list:x', { value: Array.from({ length: 10_000 }, (_, i) => i) });
    expect(big.status).toBe(400);
    expect(big.body.msg).toContain('value');
    expect((await api('PUT', `/api/system/preferences/${encodeURIComponent('list\u0000x')}`, { value: 1 })).status).toBe(400);
    // the refused call is in the operation log all the same (its NUL shown as U+FFFD), and so is a login naming one
    const logged = await db().select().from(operationLogs).where(eq(operationLogs.path, '/api/system/preferences/list%00x'));
    expect(logged.map((l) => [l.target, l.status])).toEqual([['list\uFFFDx', 400]]);
    const login = await s.request('POST', '/api/oauth/token', { form: { grant_type: 'password', username: 'ad\u0000min', password: 'x', key_id: 'none' } });
    expect(login.status).toBe(400);
    expect(await db().select().from(operationLogs).where(eq(operationLogs.userId, 'ad\uFFFDmin'))).toHaveLength(1);
    const nulValue = await api('PUT', '/api/system/preferences/list:y', { value: { ['a\u0000']: 'b' } });
    expect(nulValue.status).toBe(400);
  });
});

describe('drafts and preferences: the worst bodies', () => {
  it('variables 5,000 levels deep, a 10,000-element form array, a 5 MB variable and a wrong content type answer 4xx with the envelope, never 500', async () => {
    const defId = await k.deploy(line('atkDraftBodies', ['a']));
    // built as text: the client's own JSON.stringify would overflow at this depth
    const deep = `{"definitionId":${defId},"variables":{"deep":${'{"d":'.repeat(5000)}1${'}'.repeat(5000)}}}`;
    const tooDeep = await fetch(`${s.url}/api/workflow/tasks/drafts`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-language': 'zh' }, body: deep });
    const tooDeepBody = await tooDeep.json() as { msg: string };
    expect(tooDeep.status, JSON.stringify(tooDeepBody)).toBe(400);
    expect(tooDeepBody.msg).toContain('variables');
    const huge = await api('POST', '/api/workflow/tasks/drafts', { definitionId: defId, variables: { big: 'x'.repeat(5 * 1024 * 1024) } });
    expect(huge.status).toBe(400);
    const wide = await api('POST', '/api/workflow/tasks/drafts', { definitionId: defId, form: { rows: Array.from({ length: 10_000 }, (_, i) => ({ i })) } });
    expect([200, 400]).toContain(wide.status);
    for (const [path, method] of [['/api/system/preferences/list:z', 'PUT'], ['/api/workflow/tasks/drafts', 'POST']] as const) {
      const r = await fetch(`${s.url}${path}`, { method, headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/plain', 'accept-language': 'zh' }, body: '{"value":1}' });
      const body = await r.json() as { code: number; msg: string };
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('plugin buttons: a button racing the signed approval of its task', () => {
  it('buttons clicked while the step is being signed either land before it or are refused; the signature still covers the data', async () => {
    const xml = line('atkButtonRace', ['sign', 'next']).replace('<bpmn:userTask id="sign"', '<bpmn:userTask id="sign" bencao:signature="approve"');
    const defId = await k.deploy(xml);
    const made = await api('POST', '/api/workflow/plugin-buttons', {
      code: 'atkBump', label: { en: 'Bump', zh: '改金额' }, pluginTypeCode: 'setVariables', settings: { expressions: { amount: 'variables.amount + 1' } },
      definitionKey: 'atkButtonRace', nodeIds: ['sign'],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const buttonId = made.body.data.id as number;
    for (let round = 0; round < 3; round++) {
      const inst = await k.start(defId, { amount: 1 });
      const [task] = await k.open(inst);
      const signature = await signatureOf(s, DEMO.admin.password);
      let done = false;
      const approval = api('POST', `/api/workflow/tasks/${task.id}/approve`, { signature }).finally(() => { done = true; });
      const clicks: number[] = [];
      const clicker = async () => {
        while (!done) clicks.push((await api('POST', `/api/workflow/tasks/${task.id}/buttons/${buttonId}`, {})).status);
      };
      await Promise.all([approval, clicker(), clicker(), clicker(), clicker()]);
      expect((await approval).status).toBe(200);
      expect(clicks.every((c) => [200, 403, 409].includes(c)), JSON.stringify(clicks)).toBe(true);
      const view = await api('GET', `/api/workflow/instances/${inst}/view`);
      expect(view.body.data.signatures.map((m: { covers: boolean }) => m.covers), `round ${round}: ${JSON.stringify(clicks)}`).toEqual([true]);
    }
  });
});
