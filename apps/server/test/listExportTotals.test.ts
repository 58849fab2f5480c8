import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { EXPORT_MAX_ROWS } from '@bencao/contracts';
import type { Db } from '../src/db/client';
import { readAllRows } from '../src/modules/system/listExport';

/**
 * The export's row limit against a list's total: an exact total past the limit refuses at once; an approximate
 * total (a large list's planner estimate) does not decide, the rows read do.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  const rows = [{ id: 1 }, { id: 2 }, { id: 3 }];
  app.get('/estimated', async () => ({ code: 200, msg: 'ok', data: { total: EXPORT_MAX_ROWS + 10_000, approximate: true, records: rows } }));
  app.get('/exact', async () => ({ code: 200, msg: 'ok', data: { total: EXPORT_MAX_ROWS + 1, records: rows } }));
  // a public list: no authority action to look up, so no database is needed
  app.declaredRoutes = [{ method: 'GET', url: '/estimated', authority: 'public' }, { method: 'GET', url: '/exact', authority: 'public' }] as never;
  await app.ready();
});
afterAll(() => app.close());

const read = (url: string) => readAllRows(app, undefined as unknown as Db, { headers: {}, ip: '127.0.0.1' } as FastifyRequest,
  { url, params: {}, columns: [], format: 'csv', fileName: 'x', utcOffset: 0 });

describe('export row limit', () => {
  it('an estimated total past the limit does not refuse a list whose rows are within it', async () => {
    expect(await read('/estimated')).toHaveLength(3);
  });
  it('an exact total past the limit refuses before reading further', async () => {
    await expect(read('/exact')).rejects.toMatchObject({ status: 400, key: 'export.tooMany' });
  });
});
