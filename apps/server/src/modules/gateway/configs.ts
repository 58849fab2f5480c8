import { createHash, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { parseAllDocuments } from 'yaml';
import { XMLValidator } from 'fast-xml-parser';
import {
  DEFAULT_NAMESPACE, type ConfigInput, type NamespaceInput, configQuerySchema, historyQuerySchema, listenSchema,
} from '@bencao/contracts';
import type { Db } from '../../db/client';
import { gwConfigBetas, gwConfigHistory, gwConfigs, gwNamespaces } from '../../db/schema/index';
import { AppError, conflict, notFound } from '../../platform/errors';
import { offsetOf, orderBy } from '../../platform/paging';
import { like } from './service';
import { sameIp } from './configBeta';

export const md5Of = (content: string) => createHash('md5').update(content, 'utf8').digest('hex');

/** json, yaml and xml are checked before publish; the message names the parser's reason. */
export function checkSyntax(type: string, content: string) {
  if (type === 'json') {
    try { JSON.parse(content); } catch (e) { throw new AppError(400, 'gateway.badJson', { detail: (e as Error).message }); }
  } else if (type === 'yaml') {
    const docs = parseAllDocuments(content);
    const list = Array.isArray(docs) ? docs : [docs];
    const err = list.flatMap((d) => d.errors)[0];
    if (err) throw new AppError(400, 'gateway.badYaml', { detail: err.message.split('\n')[0] });
  } else if (type === 'xml') {
    const res = XMLValidator.validate(content);
    if (res !== true) throw new AppError(400, 'gateway.badXml', { detail: `${res.err.msg} (line ${res.err.line})` });
  }
}

type ConfigRow = typeof gwConfigs.$inferSelect;
type HistoryRow = typeof gwConfigHistory.$inferSelect;

/** the history row of a change: the content published (insert) or as it was before (update, delete) */
export const historyValues = (r: ConfigRow | HistoryRow, opType: 'insert' | 'update' | 'delete', operator: string | null) => ({
  namespaceId: r.namespaceId, dataId: r.dataId, group: r.group, appName: r.appName, tags: r.tags, description: r.description,
  type: r.type, content: r.content, md5: r.md5, opType, operator,
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type ConfigFilter = Pick<z.infer<typeof configQuerySchema>, 'namespaceId' | 'dataId' | 'group' | 'appName' | 'tags'>;
/** the configs a list query matches (the list, and the export of "the current query") */
export function configFilter(q: ConfigFilter) {
  const conds: (SQL | undefined)[] = [
    eq(gwConfigs.namespaceId, q.namespaceId),
    q.dataId ? ilike(gwConfigs.dataId, like(q.dataId)) : undefined,
    q.group ? ilike(gwConfigs.group, like(q.group)) : undefined,
    q.appName ? ilike(gwConfigs.appName, like(q.appName)) : undefined,
    q.tags ? ilike(gwConfigs.tags, like(q.tags)) : undefined,
  ];
  return and(...conds);
}

/**
 * Config centre (Nacos semantics). Every change writes a history row: an insert keeps the content it
 * published, an update or delete keeps the content as it was before. Rolling back a row undoes its
 * change: an insert is deleted, an update or delete re-publishes the content the row kept.
 */
export function configService(db: Db) {
  // ---------- namespaces ----------
  async function assertNamespace(id: string) {
    const [ns] = await db.select({ id: gwNamespaces.id }).from(gwNamespaces).where(eq(gwNamespaces.id, id));
    if (!ns) throw new AppError(400, 'gateway.namespaceMissing', { id });
  }
  const namespaces = {
    async list() {
      return db.select({
        id: gwNamespaces.id, showName: gwNamespaces.showName, description: gwNamespaces.description, createdAt: gwNamespaces.createdAt,
        configCount: sql<number>`(select count(*)::int from gw_configs c where c.namespace_id = gw_namespaces.id)`,
      }).from(gwNamespaces).orderBy(sql`(gw_namespaces.id <> ${DEFAULT_NAMESPACE})`, asc(gwNamespaces.createdAt));
    },
    async create(input: NamespaceInput) {
      const id = input.namespaceId ?? randomUUID();
      const [dup] = await db.select({ id: gwNamespaces.id }).from(gwNamespaces).where(eq(gwNamespaces.id, id));
      if (dup) throw conflict(`"${id}"`);
      const [r] = await db.insert(gwNamespaces).values({ id, showName: input.showName, description: input.description }).returning();
      return r;
    },
    async update(id: string, input: NamespaceInput) {
      const [r] = await db.update(gwNamespaces).set({ showName: input.showName, description: input.description }).where(eq(gwNamespaces.id, id)).returning();
      if (!r) throw notFound();
      return r;
    },
    async remove(id: string) {
      if (id === DEFAULT_NAMESPACE) throw new AppError(400, 'gateway.namespaceReserved');
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(gwConfigs).where(eq(gwConfigs.namespaceId, id));
      if (n) throw new AppError(400, 'gateway.namespaceHasConfigs', { id, n });
      const rows = await db.delete(gwNamespaces).where(eq(gwNamespaces.id, id)).returning();
      if (!rows.length) throw notFound();
      return 1;
    },
  };

  // ---------- configs ----------
  async function get(id: number) {
    const [r] = await db.select().from(gwConfigs).where(eq(gwConfigs.id, id));
    if (!r) throw notFound();
    return r;
  }
  const history = (r: ConfigRow | HistoryRow, opType: 'insert' | 'update' | 'delete', operator: string | null) =>
    db.insert(gwConfigHistory).values(historyValues(r, opType, operator));

  async function create(input: ConfigInput, operator: string | null) {
    await assertNamespace(input.namespaceId);
    checkSyntax(input.type, input.content);
    const [dup] = await db.select({ id: gwConfigs.id }).from(gwConfigs)
      .where(and(eq(gwConfigs.namespaceId, input.namespaceId), eq(gwConfigs.dataId, input.dataId), eq(gwConfigs.group, input.group)));
    if (dup) throw conflict(`"${input.dataId}" (${input.group})`);
    const [r] = await db.insert(gwConfigs).values({ ...input, md5: md5Of(input.content), createdBy: operator, updatedBy: operator }).returning();
    await history(r, 'insert', operator);
    return r;
  }

  /** dataId, group and namespace identify a config: an update changes everything else. */
  async function update(id: number, input: ConfigInput, operator: string | null) {
    const old = await get(id);
    checkSyntax(input.type, input.content);
    // with casMd5 the row changes only if nobody published or rolled it back since the editor read it
    const [r] = await db.update(gwConfigs).set({
      appName: input.appName, tags: input.tags, description: input.description, type: input.type, content: input.content,
      md5: md5Of(input.content), updatedBy: operator, updatedAt: new Date(),
    }).where(input.casMd5 ? and(eq(gwConfigs.id, id), eq(gwConfigs.md5, input.casMd5)) : eq(gwConfigs.id, id)).returning();
    if (!r) throw new AppError(409, 'gateway.configChanged');
    await history(old, 'update', operator);
    return r;
  }

  async function remove(ids: number[], operator: string | null) {
    const rows = await db.select().from(gwConfigs).where(inArray(gwConfigs.id, ids));
    if (rows.length !== new Set(ids).size) throw notFound();
    await db.delete(gwConfigs).where(inArray(gwConfigs.id, ids));
    for (const r of rows) await history(r, 'delete', operator);
    return rows.length;
  }

  async function list(q: z.infer<typeof configQuerySchema>) {
    const where = configFilter(q);
    const [records, [{ n }]] = await Promise.all([
      db.select({
        id: gwConfigs.id, namespaceId: gwConfigs.namespaceId, dataId: gwConfigs.dataId, group: gwConfigs.group, appName: gwConfigs.appName,
        tags: gwConfigs.tags, description: gwConfigs.description, type: gwConfigs.type, md5: gwConfigs.md5,
        updatedBy: gwConfigs.updatedBy, updatedAt: gwConfigs.updatedAt,
        beta: sql<boolean>`exists (select 1 from gw_config_betas b where b.config_id = gw_configs.id)`,
      }).from(gwConfigs).where(where)
        .orderBy(...orderBy(q, { dataId: gwConfigs.dataId, group: gwConfigs.group, appName: gwConfigs.appName, updatedAt: gwConfigs.updatedAt }, asc(gwConfigs.dataId)))
        .limit(q.limit).offset(offsetOf(q)),
      db.select({ n: sql<number>`count(*)::int` }).from(gwConfigs).where(where),
    ]);
    return { total: n, records };
  }

  async function historyList(q: z.infer<typeof historyQuerySchema>) {
    const where = and(eq(gwConfigHistory.namespaceId, q.namespaceId), eq(gwConfigHistory.dataId, q.dataId), eq(gwConfigHistory.group, q.group));
    const [records, [{ n }]] = await Promise.all([
      db.select({
        id: gwConfigHistory.id, namespaceId: gwConfigHistory.namespaceId, dataId: gwConfigHistory.dataId, group: gwConfigHistory.group,
        type: gwConfigHistory.type, md5: gwConfigHistory.md5, opType: gwConfigHistory.opType, operator: gwConfigHistory.operator, createdAt: gwConfigHistory.createdAt,
      }).from(gwConfigHistory).where(where).orderBy(desc(gwConfigHistory.id)).limit(q.limit).offset(offsetOf(q)),
      db.select({ n: sql<number>`count(*)::int` }).from(gwConfigHistory).where(where),
    ]);
    return { total: n, records };
  }

  async function historyGet(id: number) {
    const [h] = await db.select().from(gwConfigHistory).where(eq(gwConfigHistory.id, id));
    if (!h) throw notFound();
    return h;
  }

  async function current(namespaceId: string, dataId: string, group: string) {
    const [r] = await db.select().from(gwConfigs)
      .where(and(eq(gwConfigs.namespaceId, namespaceId), eq(gwConfigs.dataId, dataId), eq(gwConfigs.group, group)));
    return r ?? null;
  }

  /** Undoes the change of one history row (see above); answers the config after it, or null when deleted. */
  async function rollback(historyId: number, operator: string | null) {
    const h = await historyGet(historyId);
    const cur = await current(h.namespaceId, h.dataId, h.group);
    if (h.opType === 'insert') {
      if (cur) await remove([cur.id], operator);
      return null;
    }
    const input = {
      namespaceId: h.namespaceId, dataId: h.dataId, group: h.group, appName: h.appName, tags: h.tags, description: h.description,
      type: h.type as ConfigInput['type'], content: h.content,
    };
    if (!cur) {
      await assertNamespace(h.namespaceId);
      return create(input, operator);
    }
    return update(cur.id, input, operator);
  }

  /**
   * The configs of `req` whose MD5 differs from the one the client holds (a config that does not exist
   * has the MD5 ""). Waits up to `timeoutMs` for a change, checking the database every `pollMs`, so a
   * change made by any server process reaches the listener. A client at one of a beta's IPs (`ip`)
   * holds the beta's MD5, so starting, changing or stopping the beta is a change for it alone.
   */
  async function listen(req: z.infer<typeof listenSchema>, opts: { pollMs?: number; aborted?: () => boolean; ip?: string } = {}) {
    const deadline = Date.now() + req.timeoutMs;
    const pollMs = opts.pollMs ?? 500;
    for (;;) {
      const keys = req.configs;
      const rows = await db.select({
        namespaceId: gwConfigs.namespaceId, dataId: gwConfigs.dataId, group: gwConfigs.group, md5: gwConfigs.md5, betaMd5: gwConfigBetas.md5, betaIps: gwConfigBetas.ips,
      }).from(gwConfigs).leftJoin(gwConfigBetas, eq(gwConfigBetas.configId, gwConfigs.id))
        .where(inArray(gwConfigs.dataId, [...new Set(keys.map((k) => k.dataId))]));
      const md5 = new Map(rows.map((r) => [
        `${r.namespaceId}\n${r.dataId}\n${r.group}`,
        r.betaMd5 && opts.ip && r.betaIps?.some((b) => sameIp(b, opts.ip!)) ? r.betaMd5 : r.md5,
      ]));
      const changed = keys
        .filter((k) => (md5.get(`${k.namespaceId}\n${k.dataId}\n${k.group}`) ?? '') !== k.md5)
        .map((k) => ({ namespaceId: k.namespaceId, dataId: k.dataId, group: k.group, md5: md5.get(`${k.namespaceId}\n${k.dataId}\n${k.group}`) ?? '' }));
      if (changed.length || Date.now() >= deadline || opts.aborted?.()) return changed;
      await sleep(Math.min(pollMs, Math.max(0, deadline - Date.now())));
    }
  }

  return { namespaces, get, create, update, remove, list, historyList, historyGet, rollback, current, listen };
}
