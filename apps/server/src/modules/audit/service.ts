import { and, desc, eq, gt, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import Bowser from 'bowser';
import { stringify } from 'csv-stringify/sync';
import type { loginLogQuerySchema, onlineQuerySchema, operationLogQuerySchema } from '@bencao/contracts';
import type { Db } from '../../db/client';
import { accounts, loginLogs, operationLogs, sessions } from '../../db/schema/index';
import { AppError, notFound } from '../../platform/errors';
import { ALL, privilegedAccounts } from '../../platform/auth/authorities';
import { indexedOrder, offsetOf, orderBy, pageRead } from '../../platform/paging';
import { listCount } from '../../platform/cappedCount';
import type { SessionStore } from '../../platform/auth/sessions';
import { accountIdInScope, accountScopeWhere, userIdInScope, type DataScopeOf } from '../security/dataScope';

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Browser and OS of a user agent, as an operator reads them ("Chrome 131", "Windows 10"). */
export function describeAgent(ua: string | null | undefined): { browser: string | null; os: string | null } {
  if (!ua) return { browser: null, os: null };
  const p = Bowser.parse(ua);
  const join = (name?: string, version?: string) => (name ? [name, version?.split('.')[0]].filter(Boolean).join(' ') : null);
  return { browser: join(p.browser.name, p.browser.version), os: join(p.os.name, p.os.versionName ?? p.os.version) };
}

type OpQuery = z.infer<typeof operationLogQuerySchema>;

export function auditService(db: Db, store: SessionStore) {
  /** live sessions of the accounts within the caller's data scope (null: every account) */
  async function online(q: z.infer<typeof onlineQuerySchema>, scope: DataScopeOf | null = null) {
    const now = new Date();
    const where = and(
      isNull(sessions.endedAt), gt(sessions.expiresAt, now), accountScopeWhere(scope),
      q.keyword ? or(ilike(accounts.userId, like(q.keyword)), ilike(accounts.userName, like(q.keyword)), ilike(sessions.ip, like(q.keyword))) : undefined,
    );
    const [rows, [{ n }]] = await Promise.all([
      db.select({
        id: sessions.id, accountId: sessions.accountId, userId: accounts.userId, userName: accounts.userName,
        ip: sessions.ip, userAgent: sessions.userAgent, loginAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt,
      }).from(sessions).innerJoin(accounts, eq(accounts.id, sessions.accountId)).where(where)
        .orderBy(...orderBy(q, { userId: accounts.userId, ip: sessions.ip, loginAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt }, desc(sessions.lastSeenAt)))
        .limit(q.limit).offset(offsetOf(q)),
      db.select({ n: sql<number>`count(*)::int` }).from(sessions).innerJoin(accounts, eq(accounts.id, sessions.accountId)).where(where),
    ]);
    return { total: n, records: rows.map((r) => ({ ...r, ...describeAgent(r.userAgent) })) };
  }

  /**
   * Ends live sessions as "kicked": the next request of each answers 401 with envelope code 10002.
   * Only a holder of `*` forces out a super administrator (super role or administrator flag).
   */
  async function kick(ids: string[], authorities: Set<string>, scope: DataScopeOf | null = null) {
    const live = await db.select({ id: sessions.id, accountId: sessions.accountId }).from(sessions).innerJoin(accounts, eq(accounts.id, sessions.accountId))
      .where(and(inArray(sessions.id, ids), isNull(sessions.endedAt), accountScopeWhere(scope)));
    if (!authorities.has(ALL) && (await privilegedAccounts(db, live.map((s) => s.accountId))).length) throw new AppError(403, 'security.superAccount');
    for (const s of live) await store.end(s.id, 'kicked');
    return live.length;
  }

  // the operation and login logs are organ-owned through their accounts: `scope` limits them (null: all)
  function opWhere(q: Omit<OpQuery, 'page' | 'limit' | 'sort' | 'order'>, scope: DataScopeOf | null): SQL | undefined {
    return and(
      accountIdInScope(scope, operationLogs.accountId),
      q.userId ? ilike(operationLogs.userId, like(q.userId)) : undefined,
      q.module ? eq(operationLogs.module, q.module) : undefined,
      q.operation ? ilike(operationLogs.operation, like(q.operation)) : undefined,
      q.result ? eq(operationLogs.result, q.result) : undefined,
      q.from ? gte(operationLogs.createdAt, new Date(q.from)) : undefined,
      q.to ? lte(operationLogs.createdAt, new Date(q.to)) : undefined,
    );
  }
  // OPERATION_LOG_SORTS, each with its index (migration 0041)
  const opSort = { createdAt: operationLogs.createdAt, userId: operationLogs.userId, module: operationLogs.module, durationMs: operationLogs.durationMs };
  const opOrder = (q: OpQuery) => indexedOrder(q, opSort, [desc(operationLogs.id)], operationLogs.id);

  // a large list is one statement: the page in an index's order, with its capped count alongside unless the planner
  // expects the list far past the cap (`listCount`, platform/cappedCount.ts)
  async function operationLogList(q: OpQuery, scope: DataScopeOf | null = null) {
    const where = opWhere(q, scope);
    const countRows = db.select({ one: sql`1` }).from(operationLogs).where(where).getSQL();
    const count = await listCount(db, countRows, q);
    const order = opOrder(q);
    const page = pageRead(q, operationLogs, operationLogs.id, where, order);
    const rows = await db.select({
      id: operationLogs.id, userId: operationLogs.userId, module: operationLogs.module, operation: operationLogs.operation, target: operationLogs.target,
      method: operationLogs.method, path: operationLogs.path, ip: operationLogs.ip, result: operationLogs.result, status: operationLogs.status,
      durationMs: operationLogs.durationMs, createdAt: operationLogs.createdAt, total: count.column,
    }).from(operationLogs).where(page.where).orderBy(...order).limit(q.limit).offset(page.offset);
    return { ...(await count.total(rows[0]?.total, rows.length)), records: rows.map(({ total: _, ...r }) => r) };
  }

  async function operationLog(id: number, scope: DataScopeOf | null = null) {
    const [row] = await db.select().from(operationLogs).where(and(eq(operationLogs.id, id), accountIdInScope(scope, operationLogs.accountId)));
    if (!row) throw notFound();
    return { ...row, ...describeAgent(row.userAgent) };
  }

  const modules = async () => (await db.selectDistinct({ m: operationLogs.module }).from(operationLogs).orderBy(operationLogs.module)).map((r) => r.m);

  /** The filtered rows as CSV, UTF-8 with a BOM so that Excel reads Chinese correctly; at most `max` rows. */
  async function operationLogCsv(q: OpQuery, headers: string[], scope: DataScopeOf | null = null, max = 50_000) {
    const rows = await db.select().from(operationLogs).where(opWhere(q, scope)).orderBy(...opOrder(q)).limit(max);
    const body = stringify(rows.map((r) => [
      r.id, r.createdAt.toISOString(), r.userId ?? '', r.module, r.operation, r.target ?? '', r.method, r.path, r.ip ?? '',
      r.result, r.status, r.durationMs, r.params === null ? '' : JSON.stringify(r.params),
    ]), { header: true, columns: headers });
    return '\uFEFF' + body;
  }

  async function loginLogList(q: z.infer<typeof loginLogQuerySchema>, scope: DataScopeOf | null = null) {
    const where = and(
      userIdInScope(scope, loginLogs.userId),
      q.userId ? ilike(loginLogs.userId, like(q.userId)) : undefined,
      q.ip ? ilike(loginLogs.ip, like(q.ip)) : undefined,
      q.outcome ? eq(loginLogs.outcome, q.outcome) : undefined,
      q.from ? gte(loginLogs.createdAt, new Date(q.from)) : undefined,
      q.to ? lte(loginLogs.createdAt, new Date(q.to)) : undefined,
    );
    const countRows = db.select({ one: sql`1` }).from(loginLogs).where(where).getSQL();
    const count = await listCount(db, countRows, q);
    const order = indexedOrder(q, { createdAt: loginLogs.createdAt, userId: loginLogs.userId, ip: loginLogs.ip }, [desc(loginLogs.id)], loginLogs.id);
    const page = pageRead(q, loginLogs, loginLogs.id, where, order);
    const rows = await db.select({ l: loginLogs, total: count.column }).from(loginLogs).where(page.where)
      .orderBy(...order).limit(q.limit).offset(page.offset);
    return { ...(await count.total(rows[0]?.total, rows.length)), records: rows.map(({ l }) => ({ ...l, ...describeAgent(l.userAgent) })) };
  }

  return { online, kick, operationLogList, operationLog, modules, operationLogCsv, loginLogList };
}
