import { z } from 'zod';
import { and, eq, gte, isNull, gt, sql, desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLIENT_ERROR_SORTS, listExportSchema, pageQuerySchema, sortOf } from '@bencao/contracts';
import { attachment, readAllRows, writeExport } from './listExport';
import type { ModuleOptions } from '../../platform/deps';
import { clientErrors, loginLogs, menus, operationLogs, sessions } from '../../db/schema/index';
import { ok } from '../../platform/envelope';
import { LOGIN, PUBLIC, authOf, bearerToken } from '../../platform/guard';
import { langOf } from '../../platform/i18n';
import { indexedOrder, pageRead } from '../../platform/paging';
import { keywordIn } from '../../platform/keywordSearch';
import { listCount } from '../../platform/cappedCount';
import { menusFor, toAltNodes } from './menuService';
import { hasAuthority } from '../../platform/auth/authorities';
import { accountIdInScope, dataScopeOf } from '../security/dataScope';

export const systemRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const { db } = deps;

  app.get('/api/health', { config: { authority: PUBLIC }, schema: { tags: ['system'] } }, async () => {
    await db.execute(sql`select 1`);
    return ok({ status: 'up', db: deps.dbKind });
  });

  // Any list the caller may read, exported with the columns and labels of their screen (the list route
  // is called with their own credentials, so its authority applies).
  app.post('/api/system/export', { config: { authority: LOGIN }, schema: { tags: ['system'], body: listExportSchema } }, async (req, reply) => {
    const rows = await readAllRows(app, db, req, req.body);
    const file = await writeExport(rows, req.body);
    return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.fileName))
      .header('cache-control', 'no-store').send(file.body);
  });

  // SPEC §7 first row: the logged-in user's menu items and their actions (clientId, optType 0).
  app.get('/api/admin/current/menus', {
    config: { authority: LOGIN },
    schema: { tags: ['system'], querystring: z.object({ clientId: z.string().default('admin'), optType: z.coerce.number().int().default(0) }) },
  }, async (req) => ok(await menusFor(db, authOf(req).authorities, langOf(req))));

  // SPEC §7 second row: { nMenu, menu } as JSON strings, nMenu in the alternative node shape.
  app.get('/api/bsp/current/menu/:menuType', {
    config: { authority: LOGIN },
    schema: { tags: ['system'], params: z.object({ menuType: z.string().max(64) }) },
  }, async (req) => {
    const items = await menusFor(db, authOf(req).authorities, langOf(req), req.params.menuType);
    const hidden = await db.select({ id: menus.id }).from(menus).where(and(eq(menus.menuTypeId, req.params.menuType), eq(menus.hidden, true)));
    return ok({ nMenu: JSON.stringify(toAltNodes(items, new Set(hidden.map((h) => h.id)))), menu: JSON.stringify(items) });
  });

  // Every figure only for those who may see its source (the audit screens); the others get null.
  app.get('/api/admin/dashboard/stats', { config: { authority: LOGIN }, schema: { tags: ['system'] } }, async (req) => {
    const mine = authOf(req).authorities;
    const may = (a: string) => hasAuthority(mine, a);
    const now = new Date();
    const today = new Date(now); today.setHours(0, 0, 0, 0);
    const weekAgo = new Date(today.getTime() - 6 * 86_400_000);
    const [[online], [logins], [ops], perDay] = await Promise.all([
      db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(and(isNull(sessions.endedAt), gt(sessions.expiresAt, now))),
      db.select({ n: sql<number>`count(*)::int` }).from(loginLogs).where(and(gte(loginLogs.createdAt, today), eq(loginLogs.outcome, 'success'))),
      db.select({ n: sql<number>`count(*)::int` }).from(operationLogs).where(gte(operationLogs.createdAt, today)),
      db.select({ day: sql<string>`to_char(${operationLogs.createdAt}, 'YYYY-MM-DD')`, n: sql<number>`count(*)::int` })
        .from(operationLogs).where(gte(operationLogs.createdAt, weekAgo)).groupBy(sql`1`),
    ]);
    const counts = new Map(perDay.map((r) => [r.day, r.n]));
    const days = Array.from({ length: 7 }, (_, i) => {
      const d = new Date(weekAgo.getTime() + i * 86_400_000);
      const key = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      return { date: key, count: counts.get(key) ?? 0 };
    });
    return ok({
      onlineSessions: may('audit:online') ? online.n : null,
      todayLogins: may('audit:loginLog') ? logins.n : null,
      todayOperations: may('audit:operationLog') ? ops.n : null,
      operationsByDay: may('audit:operationLog') ? days : null,
    });
  });

  // Uncaught client errors of the production console (SPEC §8): open to anonymous pages too, rate-limited.
  app.post('/api/admin/client-errors', {
    config: { authority: PUBLIC, rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: { tags: ['system'], body: z.object({ message: z.string().min(1).max(2000), stack: z.string().max(8000).optional(), url: z.string().min(1).max(2000) }) },
  }, async (req) => {
    // a public route: the guard did not look at the token, so the account is found here (a report from
    // the login page has none); the same error of the same page and account is kept once per 10 minutes
    const token = bearerToken(req);
    const session = token ? await deps.sessions.findByToken(token) : null;
    const accountId = session && !session.endedAt ? session.accountId : null;
    const [repeat] = await db.select({ id: clientErrors.id }).from(clientErrors).where(and(
      eq(clientErrors.message, req.body.message), eq(clientErrors.url, req.body.url),
      accountId === null ? isNull(clientErrors.accountId) : eq(clientErrors.accountId, accountId),
      gt(clientErrors.createdAt, new Date(Date.now() - 10 * 60_000)),
    )).limit(1);
    if (!repeat) await db.insert(clientErrors).values({ ...req.body, userAgent: req.headers['user-agent']?.slice(0, 512), accountId });
    return ok(null);
  });

  app.get('/api/audit/client-errors', {
    config: { authority: 'audit:errorLog', listCache: { tables: ['client_errors'] } },
    schema: { tags: ['audit'], querystring: pageQuerySchema.extend({ sort: sortOf(CLIENT_ERROR_SORTS), keyword: z.string().max(200).optional() }) },
  }, async (req) => {
    const q = req.query;
    // errors are organ-owned through the account that met them: the roles' data scope applies
    const where = and(
      accountIdInScope(await dataScopeOf(db, authOf(req).accountId, authOf(req).authorities), clientErrors.accountId),
      q.keyword ? keywordIn([clientErrors.message, clientErrors.url], q.keyword) : undefined,
    );
    // one statement: the page with its capped count alongside (none for a list the planner expects far past it: `listCount`);
    // the keyword through the trigram or short-keyword indexes (0041, 0048)
    const countRows = db.select({ one: sql`1` }).from(clientErrors).where(where).getSQL();
    const count = await listCount(db, countRows, q);
    const order = indexedOrder(q, { createdAt: clientErrors.createdAt }, [desc(clientErrors.createdAt), desc(clientErrors.id)], clientErrors.id);
    const page = pageRead(q, clientErrors, clientErrors.id, where, order);
    const rows = await db.select({ e: clientErrors, total: count.column }).from(clientErrors).where(page.where)
      .orderBy(...order).limit(q.limit).offset(page.offset);
    return ok({ ...(await count.total(rows[0]?.total, rows.length)), records: rows.map((r) => r.e) });
  });
};
