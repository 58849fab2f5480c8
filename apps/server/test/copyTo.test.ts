import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { seed } from '../src/db/seed/index';
import { wfDefinitions, wfHistory, wfInstances } from '../src/db/schema/index';
import { createInstance, SYSTEM } from '../src/modules/workflow/engine/runtime';
import { definitionService } from '../src/modules/workflow/definitions';
import { runDueJobs } from '../src/modules/workflow/jobs';
import { encryptForLogin } from '../src/platform/auth/loginKeys';
import { runDbCommand } from '../src/ops/dbCommand';
import { pgUrl, testConfig, withDatabase } from './templateDb';
import { DEMO } from './harness';
import { bpmn, duration, endEv, flow, startEv, timerCatch, userTask } from './workflowKit';

/**
 * `npm run db -- copy-to DATABASE_URL`: a seeded embedded database with a session and an instance waiting at a timer,
 * copied into an empty PostgreSQL (the throw-away cluster of the PostgreSQL run); a server on PostgreSQL then takes the
 * old session (sessions are copied, not ended), logs in, adds rows (sequences carried over) and fires the timer once.
 */
const T0 = new Date('2031-07-01T08:00:00Z');
const now = () => T0;

async function serve(database: Database, dataDir: string, databaseUrl?: string) {
  const built = await buildApp(database, testConfig({ dataDir, databaseUrl, now }));
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  const login = async (userId: string, password: string) => {
    const key: any = await (await fetch(`${url}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`)).json();
    const res = await fetch(`${url}/api/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'password', username: userId, password: encryptForLogin(key.data.publicKey, password), key_id: key.data.keyId }) });
    return (await res.json() as { access_token: string }).access_token;
  };
  const get = (p: string, token: string) => fetch(url + p, { headers: { authorization: `Bearer ${token}` } });
  return { built, url, login, get };
}

async function adminQuery(text: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: withDatabase(pgUrl()!, 'postgres') });
  await client.connect();
  try { await client.query(text); } finally { await client.end(); }
}

describe.skipIf(!pgUrl())('copy-to: the embedded database into an empty PostgreSQL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bencao-copy-to-'));
  const name = `bencao_copy_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const targetUrl = withDatabase(pgUrl() ?? 'postgres://x@127.0.0.1/x', name);
  let token: string;
  let instanceId: number;

  beforeAll(async () => {
    const source = await openDatabase({ dataDir });
    await source.migrate();
    await seed(source.db, testConfig({ dataDir }));
    const first = await serve(source, dataDir);
    token = await first.login(DEMO.admin.userId, DEMO.admin.password);
    const svc = definitionService(source.db, now);
    const def = await svc.create({ key: 'copyTimer', name: 'copyTimer', category: null, description: null,
      xml: bpmn('copyTimer', [startEv(), timerCatch('wait', duration('PT10M')), userTask('after'), endEv(),
        flow('f1', 'start', 'wait'), flow('f2', 'wait', 'after'), flow('f3', 'after', 'end')].join('\n')) }, SYSTEM);
    await svc.publish(def.id, SYSTEM);
    const [d] = await source.db.select().from(wfDefinitions).where(eq(wfDefinitions.id, def.id));
    instanceId = (await source.db.transaction((tx) => createInstance(tx, { definition: d, versionId: d.latestVersionId!, now: T0, actor: SYSTEM, businessKey: 'copy-1', variables: {}, starterId: null, starterName: null }))).id;
    await first.built.app.close();
    await source.close();
    await adminQuery(`create database ${name}`);
  }, 600_000);
  afterAll(async () => {
    if (pgUrl()) await adminQuery(`drop database if exists ${name} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every table, checks counts and checksums, and refuses a target that is not empty', async () => {
    const env = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir };
    expect(await runDbCommand(['copy-to', targetUrl], env)).toBe(0);
    expect(await runDbCommand(['copy-to', targetUrl], env)).toBe(1);
  }, 600_000);

  it('a server on the copy: the old session still works, logins work, new rows get fresh ids, the timer fires once', async () => {
    const database = await openDatabase({ databaseUrl: targetUrl, dataDir });
    await database.migrate();
    const second = await serve(database, dataDir, targetUrl);
    try {
      expect((await second.get('/api/admin/current/menus', token)).status).toBe(200);
      const fresh = await second.login(DEMO.editor.userId, DEMO.editor.password);
      expect((await second.get('/api/admin/current/menus', fresh)).status).toBe(200);
      const created = await fetch(`${second.url}/api/security/accounts`, {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ userId: 'copied1', userName: 'Copied', password: 'Passw0rd!x', confirmPassword: 'Passw0rd!x' }),
      });
      expect(created.status, await created.clone().text()).toBe(200);

      const db = second.built.deps.db;
      await runDueJobs(db, { now: new Date(T0.getTime() + 10 * 60_000), workerId: 'pg-1' });
      await runDueJobs(db, { now: new Date(T0.getTime() + 20 * 60_000), workerId: 'pg-2' });
      expect((await db.select().from(wfInstances).where(eq(wfInstances.id, instanceId)))[0].currentNodes).toEqual(['after']);
      expect(await db.select().from(wfHistory).where(and(eq(wfHistory.instanceId, instanceId), eq(wfHistory.action, 'timer')))).toHaveLength(1);
    } finally {
      await second.built.app.close();
      await database.close();
    }
  }, 300_000);
});
