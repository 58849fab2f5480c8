import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { installOperationLog, redact } from './operationLog';

describe('operation log redaction', () => {
  it('hides secrets at any depth and keeps the rest', () => {
    expect(redact({ userId: 'a', password: 'x', nested: { confirmPassword: 'y', token: 't', name: 'n' }, list: [{ secretKey: 's' }] }))
      .toEqual({ userId: 'a', password: '***', nested: { confirmPassword: '***', token: '***', name: 'n' }, list: [{ secretKey: '***' }] });
  });
  it('replaces NUL characters (which the database cannot store) in keys and values', () => {
    expect(redact({ ['a\u0000']: 'b\u0000c' })).toEqual({ 'a\uFFFD': 'b\uFFFDc' });
  });
  it('shortens long strings', () => {
    expect((redact({ body: 'x'.repeat(5000) }) as { body: string }).body.length).toBe(2001);
  });
});

describe('operation log hook', () => {
  // A database whose insert takes a while (like a PostgreSQL round trip): the row must be written
  // before the client has the answer.
  const rows: Record<string, unknown>[] = [];
  const slowDb = {
    insert: () => ({
      // the writer sends the rows that arrive together as one multi-row insert
      values: async (batch: Record<string, unknown>[]) => {
        await new Promise((r) => setTimeout(r, 60));
        rows.push(...batch);
      },
    }),
  } as unknown as Db;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    app = Fastify();
    installOperationLog(app, slowDb);
    app.post('/api/demo/items/:id/approve', async (req) => ({ code: 200, id: (req.params as { id: string }).id }));
    app.post('/api/demo/fail', async (_req, reply) => reply.code(409).send({ code: 409 }));
    app.get('/api/demo/items', async () => ({ code: 200 }));
    app.post('/public/thing', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => { await app.close(); });

  const post = (path: string, body: unknown) => fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'vitest' }, body: JSON.stringify(body) });

  it('has written the row when the answer arrives, with status, duration and redacted params', async () => {
    rows.length = 0;
    const res = await post('/api/demo/items/42/approve', { note: 'fine', password: 'secret' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 200, id: '42' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      module: 'demo', operation: 'POST /api/demo/items/:id/approve', target: '42', method: 'POST', path: '/api/demo/items/42/approve',
      userAgent: 'vitest', params: { id: '42', note: 'fine', password: '***' }, result: 'success', status: 200,
    });
    expect(typeof rows[0].durationMs).toBe('number');
    expect(rows[0].durationMs as number).toBeGreaterThanOrEqual(0);
  });

  it('records failures with the reply status', async () => {
    rows.length = 0;
    const res = await post('/api/demo/fail', { username: 'someone' });
    expect(res.status).toBe(409);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ result: 'failure', status: 409, userId: 'someone' });
  });

  it('ignores reads and calls outside /api', async () => {
    rows.length = 0;
    expect((await fetch(base + '/api/demo/items')).status).toBe(200);
    expect((await post('/public/thing', {})).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(rows).toHaveLength(0);
  });
});
