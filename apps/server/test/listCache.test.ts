import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO, startTestServer, type TestServer } from './harness';

/**
 * Lists that opt in (`config.listCache`: the client error log, the login log) answer from memory while
 * nothing they read has changed (platform/listCache.ts). Whoever writes — this process, another one,
 * psql — the next request shows it; the caller's grants and data scope apply at once; one account's
 * kept answer never reaches another. A second process is covered in authCache.test.ts (PostgreSQL).
 */
const LIST = '/api/audit/client-errors?page=1&limit=50&keyword=listcache';

interface Row { message: string }
const messages = (body: { data: { records: Row[] } }) => body.data.records.map((r) => r.message).sort();

describe('the list answer cache', () => {
  let s: TestServer;
  let admin = '';
  let auditor = '';
  let auditorId = 0;
  let adminId = 0;
  /** statements that read client_errors, counted at the driver */
  let reads = 0;
  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
    auditor = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    const ids = (await s.built.deps.db.execute<{ id: number; user_id: string }>(sql`select id, user_id from accounts where user_id in ('admin', 'auditor')`)).rows;
    auditorId = Number(ids.find((r) => r.user_id === 'auditor')!.id);
    adminId = Number(ids.find((r) => r.user_id === 'admin')!.id);
    const client = (s.built.deps.db as unknown as { $client: { query: (text: unknown, ...rest: unknown[]) => Promise<unknown> } }).$client;
    const query = client.query.bind(client);
    client.query = (text: unknown, ...rest: unknown[]) => {
      if ((typeof text === 'string' ? text : String((text as { text?: string }).text)).includes('"client_errors"')) reads++;
      return query(text, ...rest);
    };
  });
  afterAll(async () => { await s?.close(); });

  const insertError = (message: string, accountId: number) => s.built.deps.db.execute(sql`
    insert into client_errors (message, url, user_agent, account_id) values (${message}, 'http://127.0.0.1/console/#/x', 'test', ${accountId})`);

  it('answers a repeated list without reading the table, and shows a write made by any writer at the next request', async () => {
    await insertError('listcache one', adminId);
    const first = await s.request('GET', LIST, { token: admin });
    expect(first.status).toBe(200);
    expect(messages(first.body)).toEqual(['listcache one']);

    const before = reads;
    const again = await s.request('GET', LIST, { token: admin });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('content-type')).toContain('application/json');
    expect(reads).toBe(before);

    // straight into the table, not through the API
    await insertError('listcache two', adminId);
    const after = await s.request('GET', LIST, { token: admin });
    expect(messages(after.body)).toEqual(['listcache one', 'listcache two']);
    expect(after.body.data.total).toBe(2);
    await s.built.deps.db.execute(sql`delete from client_errors where message = 'listcache one'`);
    expect(messages((await s.request('GET', LIST, { token: admin })).body)).toEqual(['listcache two']);
  });

  it('keeps answers per account, and a data scope or grant change applies at the next request', async () => {
    await insertError('listcache auditor', auditorId);
    const all = ['listcache auditor', 'listcache two'];
    expect(messages((await s.request('GET', LIST, { token: admin })).body)).toEqual(all);
    expect(messages((await s.request('GET', LIST, { token: auditor })).body)).toEqual(all);

    // the auditor's role now sees only its holders' own data; the administrator still sees everything
    await s.built.deps.db.execute(sql`update roles set data_scope = 'self' where code = 'AUDITOR'`);
    expect(messages((await s.request('GET', LIST, { token: auditor })).body)).toEqual(['listcache auditor']);
    expect(messages((await s.request('GET', LIST, { token: admin })).body)).toEqual(all);
    await s.built.deps.db.execute(sql`update roles set data_scope = 'all' where code = 'AUDITOR'`);
    expect(messages((await s.request('GET', LIST, { token: auditor })).body)).toEqual(all);

    // the grant of the screen revoked: refused before any kept answer is looked at
    await s.built.deps.db.execute(sql`delete from role_grants where authority = 'audit:errorLog' and role_id = (select id from roles where code = 'AUDITOR')`);
    expect((await s.request('GET', LIST, { token: auditor })).status).toBe(403);
  });

  it('keeps answers per query', async () => {
    const one = await s.request('GET', '/api/audit/client-errors?page=1&limit=1&keyword=listcache', { token: admin });
    expect(one.body.data.records).toHaveLength(1);
    expect(one.body.data.total).toBe(2);
    const second = await s.request('GET', '/api/audit/client-errors?page=2&limit=1&keyword=listcache', { token: admin });
    expect(second.body.data.records).toHaveLength(1);
    expect(second.body.data.records[0].message).not.toBe(one.body.data.records[0].message);
  });
});
