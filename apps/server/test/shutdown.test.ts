import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { translate } from '@bencao/contracts';
import { buildApp, type BuiltApp } from '../src/app';
import { encryptForLogin } from '../src/platform/auth/loginKeys';
import { DEMO } from './harness';
import { openTestDatabase, testConfig } from './templateDb';
import type { AppConfig } from '../src/config';

/**
 * Closing the app (as main.ts does on SIGTERM, and the benchmarks at their end) waits for the requests
 * under way — also those whose client has gone away — before the database closes; requests arriving
 * meanwhile get 503. Nothing may reach the database after its close, and nothing is logged as an error.
 */
const LIST = '/api/audit/client-errors?page=1&limit=5';

interface Harness {
  built: BuiltApp;
  url: string;
  token: string;
  /** resolves when a query of the list is held; `release()` lets it go on */
  held: Promise<void>;
  release(): void;
  /** statements the database was asked to run after its close began */
  afterClose: string[];
  errorLines: () => string[];
  /** closes the database, as main.ts does once the app has closed */
  closeDatabase(): Promise<void>;
  closeAll(): Promise<void>;
}

const open: Harness[] = [];
afterEach(async () => { for (const h of open.splice(0)) await h.closeAll().catch(() => undefined); });

async function start(overrides: Partial<AppConfig> = {}): Promise<Harness> {
  const tdb = await openTestDatabase();
  const lines: string[] = [];
  const built = await buildApp(tdb.database, testConfig({ logLevel: 'info', ...overrides }), { logStream: { write: (l) => { lines.push(l); } } });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  const key = await (await fetch(`${url}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`)).json() as { data: { publicKey: string; keyId: string } };
  const form = new URLSearchParams({ grant_type: 'password', username: DEMO.auditor.userId, password: encryptForLogin(key.data.publicKey, DEMO.auditor.password), key_id: key.data.keyId });
  const token = ((await (await fetch(`${url}/api/oauth/token`, { method: 'POST', body: form })).json()) as { access_token: string }).access_token;

  // the driver of either database (PGlite or the pg pool): every statement goes through its query()
  const client = (built.deps.db as unknown as { $client: { query: (text: unknown, ...rest: unknown[]) => Promise<unknown> } }).$client;
  const query = client.query.bind(client);
  let closed = false;
  const afterClose: string[] = [];
  let entered!: () => void;
  let release!: () => void;
  const held = new Promise<void>((r) => { entered = r; });
  const gate = new Promise<void>((r) => { release = r; });
  client.query = async (text: unknown, ...rest: unknown[]) => {
    const statement = typeof text === 'string' ? text : String((text as { text?: string }).text);
    if (statement.includes('"client_errors"')) { entered(); await gate; }
    if (closed) afterClose.push(statement);
    return query(text, ...rest);
  };
  const closeDb = tdb.database.close.bind(tdb.database);
  let dbClosed = false;
  const closeOnce = async () => { if (!dbClosed) { dbClosed = true; closed = true; await closeDb(); } };
  tdb.database.close = closeOnce;

  const h: Harness = {
    built, url, token, held, release, afterClose,
    errorLines: () => lines.filter((l) => (JSON.parse(l) as { level: number }).level >= 50),
    closeDatabase: closeOnce,
    async closeAll() { release(); await built.app.close(); await tdb.drop(); },
  };
  open.push(h);
  return h;
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((r) => setImmediate(r));
}

describe('closing the app', () => {
  it('waits for a request whose client has gone away, answers 503 meanwhile, and the database sees nothing after its close', async () => {
    const h = await start();
    // the server's side of the list request: closed once the server has seen its client go
    const gone = new Promise<void>((resolve) => h.built.app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (req.url === LIST) res.once('close', () => resolve());
    }));
    const abort = new AbortController();
    const abandoned = fetch(`${h.url}${LIST}`, { headers: { authorization: `Bearer ${h.token}` }, signal: abort.signal }).catch(() => 'aborted');
    await h.held;
    abort.abort();
    expect(await abandoned).toBe('aborted');
    await gone;

    const stopped = h.built.app.close();
    await until(() => h.built.drain.closing);
    const late = await fetch(`${h.url}/api/health`, { headers: { 'accept-language': 'zh' } });
    expect(late.status).toBe(503);
    expect(await late.json()).toEqual({ code: 503, msg: translate('zh', 'error.restarting'), data: null });

    h.release();
    await stopped;
    expect(h.built.drain.pending).toBe(0);
    await h.closeDatabase();
    expect(h.afterClose).toEqual([]);
    expect(h.errorLines()).toEqual([]);
  }, 180_000);

  it('does not wait for a file whose client left while it was being sent', async () => {
    const siteDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bencao-drain-site-'));
    fs.mkdirSync(path.join(siteDist, 'assets'));
    fs.writeFileSync(path.join(siteDist, 'index.html'), '<!doctype html><title>site</title>');
    fs.writeFileSync(path.join(siteDist, 'assets', 'large.bin'), Buffer.alloc(32 * 1024 * 1024, 7));
    try {
      const h = await start({ siteDist });
      const gone = new Promise<void>((resolve) => h.built.app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
        if (req.url === '/assets/large.bin') res.once('close', () => resolve());
      }));
      const socket = net.connect(Number(new URL(h.url).port), '127.0.0.1');
      socket.write('GET /assets/large.bin HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n');
      await once(socket, 'data'); // the file is flowing
      socket.destroy();
      await gone;
      expect(h.built.drain.pending).toBe(0);
      await h.built.app.close();
      await h.closeDatabase();
      expect(h.afterClose).toEqual([]);
      expect(h.errorLines()).toEqual([]);
    } finally {
      fs.rmSync(siteDist, { recursive: true, force: true });
    }
  }, 180_000);

  it('does not wait for a request whose client left before sending all of its body (its handler can never run)', async () => {
    const h = await start();
    const gone = new Promise<void>((resolve) => h.built.app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (req.url === '/api/workflow/tasks/1/complete') res.once('close', () => resolve());
    }));
    const socket = net.connect(Number(new URL(h.url).port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write(`POST /api/workflow/tasks/1/complete HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${h.token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"variables":`);
    await new Promise((r) => setTimeout(r, 200)); // the headers are in: the request has begun
    expect(h.built.drain.pending).toBe(1);
    socket.destroy();
    await gone;
    expect(h.built.drain.pending).toBe(0);
    await h.built.app.close();
    await h.closeDatabase();
    expect(h.afterClose).toEqual([]);
    expect(h.errorLines()).toEqual([]);
  }, 180_000);

  it('lets a request under way finish with its answer before the database closes', async () => {
    const h = await start();
    const answer = fetch(`${h.url}${LIST}`, { headers: { authorization: `Bearer ${h.token}` } });
    await h.held;
    const stopped = h.built.app.close();
    await until(() => h.built.drain.closing);
    h.release();
    const res = await answer;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { code: number }).code).toBe(200);
    await stopped;
    await h.closeDatabase();
    expect(h.afterClose).toEqual([]);
    expect(h.errorLines()).toEqual([]);
  }, 180_000);
});
