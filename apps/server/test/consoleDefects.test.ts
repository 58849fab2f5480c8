import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './harness';

/** Defects an operator found in the console whose cause was on the server (console issue). */
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

describe('the client error log', () => {
  it('records the account of a logged-in page and keeps a repeating error once', async () => {
    const editor = await s.login(DEMO.editor.userId, DEMO.editor.password);
    const report = (token?: string) => s.request('POST', '/api/admin/client-errors', { token, body: { message: 'TypeError: x is undefined', url: 'http://h/console/opt/cms/article', stack: 'at y' } });
    for (let i = 0; i < 3; i++) expect((await report(editor)).status).toBe(200);
    expect((await report()).status).toBe(200);
    const rows = (await s.request('GET', '/api/audit/client-errors?keyword=x%20is%20undefined', { token: admin })).body.data.records as { accountId: number | null }[];
    expect(rows).toHaveLength(2);
    const editorId = (await s.request('GET', '/api/security/accounts?keyword=editor', { token: admin })).body.data.records.find((a: any) => a.userId === 'editor').id;
    expect(rows.map((r) => r.accountId).sort()).toEqual([editorId, null].sort());
  });
});

describe('config centre: a save based on an old version is refused (optimistic concurrency)', () => {
  it('after a rollback, saving the form opened before it answers 409 and keeps the rolled-back content', async () => {
    const api = (method: string, path: string, body?: unknown, lang = 'en') => s.request(method, path, { token: admin, body, lang });
    const key = { namespaceId: 'public', dataId: 'cas-demo.yaml', group: 'DEFAULT_GROUP', type: 'yaml' };
    const created = await api('POST', '/api/gateway/configs', { ...key, content: 'v: 1' });
    expect(created.status, created.body.msg).toBe(200);
    const id = created.body.data.id as number;
    const v2 = await api('PUT', `/api/gateway/configs/${id}`, { ...key, content: 'v: 2', casMd5: created.body.data.md5 });
    expect(v2.status, v2.body.msg).toBe(200);
    // someone opens the editor at v2 …
    const opened = (await api('GET', `/api/gateway/configs/${id}`)).body.data;
    // … meanwhile the change is rolled back to v1
    const hist = (await api('GET', '/api/gateway/configs/history?dataId=cas-demo.yaml&group=DEFAULT_GROUP')).body.data.records as { id: number; opType: string }[];
    const update = hist.find((h) => h.opType === 'update')!;
    expect((await api('POST', '/api/gateway/configs/rollback', { historyId: update.id })).status).toBe(200);
    expect((await api('GET', `/api/gateway/configs/${id}`)).body.data.content).toBe('v: 1');
    // the stale editor saves: refused, nothing re-published
    const stale = await api('PUT', `/api/gateway/configs/${id}`, { ...key, content: 'v: 2 edited', casMd5: opened.md5 }, 'zh');
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toContain('打开后该配置已被修改');
    expect((await api('GET', `/api/gateway/configs/${id}`)).body.data.content).toBe('v: 1');
    // from the current version it goes through
    const current = (await api('GET', `/api/gateway/configs/${id}`)).body.data;
    expect((await api('PUT', `/api/gateway/configs/${id}`, { ...key, content: 'v: 3', casMd5: current.md5 })).status).toBe(200);
  });
});
