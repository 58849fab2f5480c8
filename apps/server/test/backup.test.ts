import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { buildApp, type BuiltApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { wfDefinitions, wfHistory, wfInstances, wfJobs } from '../src/db/schema/index';
import { createInstance, SYSTEM } from '../src/modules/workflow/engine/runtime';
import { definitionService } from '../src/modules/workflow/definitions';
import { runDueJobs } from '../src/modules/workflow/jobs';
import { encryptForLogin } from '../src/platform/auth/loginKeys';
import { announceServer } from '../src/ops/backup';
import { runDbCommand } from '../src/ops/dbCommand';
import { openTestDatabase, pgUrl, testConfig, withDatabase } from './templateDb';
import { DEMO } from './harness';
import { bpmn, duration, endEv, flow, startEv, timerCatch, userTask } from './workflowKit';

/**
 * `npm run db -- backup` while the server runs on the embedded database (the server writes it: it holds the data
 * folder), `npm run db -- restore` into a new folder, a server started on that: the account, the article with its
 * uploaded picture and the process instance waiting at its timer are there, and the timer fires there (injected clock).
 */
const T0 = new Date('2031-06-01T08:00:00Z');
let clock = T0.getTime();
const now = () => new Date(clock);

async function serve(database: Database, dataDir: string) {
  const built = await buildApp(database, testConfig({ dataDir, now }));
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  const call = async (method: string, p: string, opts: { token?: string; body?: unknown; form?: FormData } = {}) => {
    const headers: Record<string, string> = { 'accept-language': 'en' };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url + p, { method, headers, body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)) });
    const text = await res.text();
    let body: any = text;
    try { body = JSON.parse(text); } catch { /* not JSON */ }
    return { status: res.status, body, raw: text };
  };
  const loginStatus = async (userId: string, password: string) => {
    const key = await call('GET', '/api/uc/getkey/LoginGetKey.do?method=getLoginKey');
    const res = await fetch(`${url}/api/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'password', username: userId, password: encryptForLogin(key.body.data.publicKey, password), key_id: key.body.data.keyId }) });
    return { status: res.status, token: (await res.json() as { access_token?: string }).access_token ?? '' };
  };
  return { built, url, call, loginStatus };
}

interface Side {
  /** DATA_DIR and DATABASE_URL of the running server's side */
  sourceEnv(source: Awaited<ReturnType<typeof openTestDatabase>>, filesDir: string): Record<string, string>;
  /** a fresh, empty target: its environment and how a server opens it */
  target(dir: string): Promise<{ env: Record<string, string>; open(): Promise<Database>; drop(): Promise<void> }>;
}

const embedded: Side = {
  sourceEnv: (source) => ({ DATABASE_URL: '', DATA_DIR: source.dataDir! }),
  target: async (dir) => ({ env: { DATABASE_URL: '', DATA_DIR: dir }, open: () => openDatabase({ dataDir: dir }), drop: async () => {} }),
};

async function adminQuery(text: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: withDatabase(pgUrl()!, 'postgres') });
  await client.connect();
  try { await client.query(text); } finally { await client.end(); }
}
const postgres: Side = {
  sourceEnv: (source, filesDir) => ({ DATABASE_URL: source.url!, DATA_DIR: filesDir }),
  target: async (dir) => {
    const name = `bencao_restored_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(`create database ${name}`);
    const url = withDatabase(pgUrl()!, name);
    return { env: { DATABASE_URL: url, DATA_DIR: dir }, open: () => openDatabase({ databaseUrl: url, dataDir: '' }), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
  },
};

describe.skipIf(!!pgUrl())('backup and restore (embedded database)', () => backupScenario(embedded));
describe.skipIf(!pgUrl())('backup and restore (PostgreSQL: pg_dump, pg_restore)', () => backupScenario(postgres));

function backupScenario(side: Side) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bencao-backup-test-'));
  const file = path.join(work, 'nightly.tar.gz');
  const restoredDir = path.join(work, 'restored');
  const filesDir = path.join(work, 'files');
  let source: Awaited<ReturnType<typeof openTestDatabase>>;
  let first: Awaited<ReturnType<typeof serve>>;
  let withdraw: () => void;
  let sourceEnv: Record<string, string>;
  let picture: Buffer;
  let mediaId: number;
  let accessKey: string;
  let articleId: number;
  let instanceId: number;
  const env = (extra: Record<string, string>) => ({ ...process.env, ...extra });

  beforeAll(async () => {
    source = await openTestDatabase();
    sourceEnv = side.sourceEnv(source, filesDir);
    first = await serve(source.database, sourceEnv.DATA_DIR);
    // as main.ts does on the embedded database (on PostgreSQL pg_dump reads the running database itself)
    withdraw = side === embedded ? announceServer(sourceEnv.DATA_DIR, { url: first.url, token: first.built.backupToken }) : () => {};
  });
  afterAll(async () => {
    withdraw?.();
    await first?.built.app.close();
    await source?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('backs up while the server runs, after an account, an article with an uploaded picture and a waiting timer were added', async () => {
    const admin = (await first.loginStatus(DEMO.admin.userId, DEMO.admin.password)).token;
    const editor = (await first.loginStatus(DEMO.editor.userId, DEMO.editor.password)).token;
    const account = await first.call('POST', '/api/security/accounts', { token: admin, body: { userId: 'restored1', userName: 'Restored One', password: 'Passw0rd!x', confirmPassword: 'Passw0rd!x' } });
    expect(account.status, account.raw).toBe(200);

    const raw = Buffer.alloc(40 * 30 * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(Math.random() * 256);
    picture = await sharp(raw, { raw: { width: 40, height: 30, channels: 3 } }).png().toBuffer();
    const form = new FormData();
    form.append('alt', 'backup picture');
    form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'backup.png');
    const media = await first.call('POST', '/api/cms/media', { token: editor, form });
    expect(media.status, media.raw).toBe(200);
    ({ id: mediaId, accessKey } = media.body.data);
    const article = await first.call('POST', '/api/cms/articles', { token: editor, body: {
      kind: 'news', title: '备份后的新闻', summary: 'restored', body: '<p>restored body</p>', coverId: mediaId,
      fields: { source: '测试', author: '测试', category: '公司新闻' },
    } });
    expect(article.status, article.raw).toBe(200);
    articleId = article.body.data.id;

    const db = first.built.deps.db;
    const svc = definitionService(db, now);
    const def = await svc.create({ key: 'backupTimer', name: 'backupTimer', category: null, description: null,
      xml: bpmn('backupTimer', [startEv(), timerCatch('wait', duration('PT10M')), userTask('after'), endEv(),
        flow('f1', 'start', 'wait'), flow('f2', 'wait', 'after'), flow('f3', 'after', 'end')].join('\n')) }, SYSTEM);
    await svc.publish(def.id, SYSTEM);
    const [d] = await db.select().from(wfDefinitions).where(eq(wfDefinitions.id, def.id));
    instanceId = (await db.transaction((tx) => createInstance(tx, { definition: d, versionId: d.latestVersionId!, now: now(), actor: SYSTEM, businessKey: 'backup-1', variables: {}, starterId: null, starterName: null }))).id;

    expect(await runDbCommand(['backup', file], env(sourceEnv))).toBe(0);
    expect(fs.statSync(file).size).toBeGreaterThan(picture.length);
    // the server still serves after it
    expect((await first.call('GET', '/api/health')).status).toBe(200);
  });

  it('refuses to restore into a folder that is not empty; --force replaces what it holds', async () => {
    if (side === postgres) {
      // the running server's database is not empty
      expect(await runDbCommand(['restore', file], env({ ...sourceEnv, DATA_DIR: path.join(work, 'elsewhere') }))).toBe(1);
      return;
    }
    const occupied = path.join(work, 'occupied');
    fs.mkdirSync(occupied);
    fs.writeFileSync(path.join(occupied, 'keep.txt'), 'mine');
    expect(await runDbCommand(['restore', file], env({ DATABASE_URL: '', DATA_DIR: occupied }))).toBe(1);
    expect(fs.readFileSync(path.join(occupied, 'keep.txt'), 'utf8')).toBe('mine');
    expect(await runDbCommand(['restore', file, '--force'], env({ DATABASE_URL: '', DATA_DIR: occupied }))).toBe(0);
    expect(fs.existsSync(path.join(occupied, 'keep.txt'))).toBe(false);
    expect(fs.existsSync(path.join(occupied, 'PG_VERSION'))).toBe(true);
    expect(fs.readdirSync(path.join(occupied, 'media')).length).toBeGreaterThan(0);
    // the folder of the running server is refused whatever is said
    expect(await runDbCommand(['restore', file, '--force'], env(sourceEnv))).toBe(1);
  });

  it('restores into a new folder; a server on it has the account, the article, its picture and the instance, and the timer fires there once', async () => {
    const target = await side.target(restoredDir);
    expect(await runDbCommand(['restore', file], env(target.env))).toBe(0);
    const database = await target.open();
    await database.migrate();
    const second = await serve(database, restoredDir);
    try {
      expect((await second.loginStatus('restored1', 'Passw0rd!x')).status).toBe(200);
      const editor = (await second.loginStatus(DEMO.editor.userId, DEMO.editor.password)).token;
      const article = await second.call('GET', `/api/cms/articles/${articleId}`, { token: editor });
      expect(article.status, article.raw).toBe(200);
      expect(article.body.data).toMatchObject({ title: '备份后的新闻', coverId: mediaId });
      const original = await fetch(`${second.url}/api/site/media/${mediaId}?k=${accessKey}`);
      expect(original.status).toBe(200);
      expect(Buffer.from(await original.arrayBuffer()).equals(picture)).toBe(true);

      const db = second.built.deps.db;
      const [inst] = await db.select().from(wfInstances).where(eq(wfInstances.id, instanceId));
      expect(inst).toMatchObject({ status: 'running', currentNodes: ['wait'] });
      // not yet due
      await runDueJobs(db, { now: new Date(T0.getTime() + 9 * 60_000), workerId: 'restored' });
      expect((await db.select().from(wfInstances).where(eq(wfInstances.id, instanceId)))[0].currentNodes).toEqual(['wait']);
      await runDueJobs(db, { now: new Date(T0.getTime() + 10 * 60_000), workerId: 'restored' });
      await runDueJobs(db, { now: new Date(T0.getTime() + 20 * 60_000), workerId: 'restored' });
      expect((await db.select().from(wfInstances).where(eq(wfInstances.id, instanceId)))[0].currentNodes).toEqual(['after']);
      const fired = await db.select().from(wfHistory).where(and(eq(wfHistory.instanceId, instanceId), eq(wfHistory.action, 'timer')));
      expect(fired).toHaveLength(1);
      const jobs = await db.select({ status: wfJobs.status }).from(wfJobs).where(and(eq(wfJobs.instanceId, instanceId), eq(wfJobs.kind, 'timer')));
      expect(jobs.map((j) => j.status)).toEqual(['done']);
    } finally {
      await second.built.app.close();
      await database.close();
      await target.drop();
    }
  });
}
