import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFERENCES_PER_ACCOUNT } from '@bencao/contracts';
import { userPreferences } from '../src/db/schema/index';
import { DEMO, startTestServer, type TestServer } from './harness';

/** An account's console preferences on the server (issue 28, item 11): they follow the account, and only the account. */
let s: TestServer;
let admin: string;
let editor: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
  editor = await s.login(DEMO.editor.userId, DEMO.editor.password);
});
afterAll(async () => { await s?.close(); });

const KEY = '/api/system/preferences/list:security.accounts';
const columns = { order: ['userName', 'userId'], hidden: ['email'], density: 'middle' };

describe('user preferences', () => {
  it('keeps a list\'s column settings for the account and gives them back in another session (another browser)', async () => {
    expect((await s.request('GET', KEY, { token: admin })).body.data).toBeNull();
    const put = await s.request('PUT', KEY, { token: admin, body: { value: columns } });
    expect(put.status).toBe(200);
    const elsewhere = await s.login(DEMO.admin.userId, DEMO.admin.password);
    expect((await s.request('GET', KEY, { token: elsewhere })).body.data).toEqual(columns);
    await s.request('PUT', KEY, { token: elsewhere, body: { value: { ...columns, hidden: [] } } });
    expect((await s.request('GET', KEY, { token: admin })).body.data.hidden).toEqual([]);
  });

  it('another account neither reads nor changes mine', async () => {
    await s.request('PUT', KEY, { token: admin, body: { value: columns } });
    expect((await s.request('GET', KEY, { token: editor })).body.data).toBeNull();
    expect((await s.request('PUT', KEY, { token: editor, body: { value: { order: [], hidden: ['userId'] } } })).status).toBe(200);
    expect((await s.request('DELETE', KEY, { token: editor })).status).toBe(200);
    expect((await s.request('GET', KEY, { token: admin })).body.data).toEqual(columns);
    // naming another account in the request changes nothing: the session's account is the only one used
    const adminId = (await s.request('GET', '/api/security/accounts?keyword=admin', { token: admin })).body.data.records.find((a: { userId: string }) => a.userId === 'admin').id;
    expect((await s.request('GET', `${KEY}?accountId=${adminId}`, { token: editor })).body.data).toBeNull();
    expect((await s.request('GET', KEY)).status).toBe(401);
  });

  it('refuses a value over 16 KB, nested too deep or missing, and a bad key, in the caller\'s language', async () => {
    const big = await s.request('PUT', KEY, { token: admin, lang: 'zh', body: { value: { order: ['x'.repeat(17 * 1024)] } } });
    expect(big.status).toBe(400);
    expect(big.body.msg).toContain('超过 16 KB');
    let deep: unknown = 1;
    for (let i = 0; i < 12; i++) deep = { d: deep };
    const tooDeep = await s.request('PUT', KEY, { token: admin, lang: 'en', body: { value: deep } });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.msg).toContain('nested deeper than 8 levels');
    const missing = await s.request('PUT', KEY, { token: admin, lang: 'es', body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('value');
    const badKey = await s.request('PUT', '/api/system/preferences/-1', { token: admin, lang: 'en', body: { value: 1 } });
    expect(badKey.status).toBe(400);
    expect(badKey.body.msg).toContain('must start with a letter');
    expect((await s.request('GET', KEY, { token: admin })).body.data).toEqual(columns);
  });

  it(`keeps at most ${PREFERENCES_PER_ACCOUNT} keys per account, an existing key can still be rewritten`, async () => {
    const editorId = (await s.request('GET', '/api/security/accounts?keyword=editor', { token: admin })).body.data.records.find((a: { userId: string }) => a.userId === 'editor').id;
    await s.built.deps.db.insert(userPreferences).values(Array.from({ length: PREFERENCES_PER_ACCOUNT }, (_, i) => ({ accountId: editorId, key: `list:k${i}`, value: {} })));
    const more = await s.request('PUT', '/api/system/preferences/list:one-more', { token: editor, lang: 'ja', body: { value: {} } });
    expect(more.status).toBe(400);
    expect(more.body.msg).toContain(`1 つのアカウントに保存できる設定は ${PREFERENCES_PER_ACCOUNT} 件までです`);
    expect((await s.request('PUT', '/api/system/preferences/list:k0', { token: editor, body: { value: { hidden: ['a'] } } })).status).toBe(200);
  });
});
