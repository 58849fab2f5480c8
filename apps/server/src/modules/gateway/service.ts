import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  AlarmReceiverInput, AlarmRuleInput, ApiGroupInput, DegradeRuleInput, FlowRuleInput, RouteInput, routeQuerySchema, ruleQuerySchema,
} from '@bencao/contracts';
import type { Db } from '../../db/client';
import { gwAlarmReceivers, gwAlarmRules, gwApiGroups, gwDegradeRules, gwFlowRules, gwRoutes, gwVersions } from '../../db/schema/index';
import { AppError, conflict, notFound } from '../../platform/errors';
import { offsetOf, orderBy } from '../../platform/paging';

export const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const uniq = <T>(xs: T[]) => [...new Set(xs)];

/** The kind of the version row every gateway process polls. */
export const RULES_VERSION = 'rules';

/** Marks the rule set (routes, API groups, flow and degrade rules) as changed for every gateway process. */
export async function bumpRules(db: Db) {
  await db.insert(gwVersions).values({ kind: RULES_VERSION, version: 1 })
    .onConflictDoUpdate({ target: gwVersions.kind, set: { version: sql`${gwVersions.version} + 1`, updatedAt: sql`now()` } });
}

type Row = Record<string, unknown> & { id: number };
interface CrudOptions {
  /** columns the keyword searches */
  search: PgColumn[];
  sortable: Record<string, AnyColumn>;
  /** a unique column and how the conflict is reported */
  unique?: { column: PgColumn; field: keyof Row & string; error?: (value: string) => AppError };
  /** the gateway reloads when these change */
  bumps: boolean;
  /** checks run before insert or update */
  check?: (input: Record<string, unknown>) => Promise<void>;
}

/** List / get / create / update / delete of one simple table (API groups, rules, alarm rules, receivers). */
function crud<I extends object>(db: Db, table: PgTable & { id: PgColumn; updatedAt: PgColumn }, o: CrudOptions) {
  const t = table as never as PgTable & Record<string, PgColumn>;
  async function get(id: number): Promise<Row> {
    const [r] = await db.select().from(t).where(eq(table.id, id));
    if (!r) throw notFound();
    return r as Row;
  }
  async function assertUnique(input: Record<string, unknown>, id: number | null) {
    if (!o.unique) return;
    const value = String(input[o.unique.field]);
    const [dup] = await db.select({ id: table.id }).from(t).where(and(eq(o.unique.column, value), id ? ne(table.id, id) : undefined));
    if (dup) throw o.unique.error ? o.unique.error(value) : conflict(`"${value}"`);
  }
  return {
    get,
    async list(q: z.infer<typeof ruleQuerySchema>) {
      const where = q.keyword ? or(...o.search.map((c) => ilike(c, like(q.keyword!)))) : undefined;
      const [records, [{ n }]] = await Promise.all([
        db.select().from(t).where(where).orderBy(...orderBy(q, o.sortable, desc(table.id))).limit(q.limit).offset(offsetOf(q)),
        db.select({ n: sql<number>`count(*)::int` }).from(t).where(where),
      ]);
      return { total: n, records: records as Row[] };
    },
    async create(input: I) {
      const values = input as Record<string, unknown>;
      await assertUnique(values, null);
      await o.check?.(values);
      const [r] = await db.insert(t).values(values as never).returning();
      if (o.bumps) await bumpRules(db);
      return r as Row;
    },
    async update(id: number, input: I) {
      const values = input as Record<string, unknown>;
      await get(id);
      await assertUnique(values, id);
      await o.check?.(values);
      const [r] = await db.update(t).set({ ...values, updatedAt: new Date() } as never).where(eq(table.id, id)).returning();
      if (o.bumps) await bumpRules(db);
      return r as Row;
    },
    async remove(ids: number[]) {
      const rows = await db.select({ id: table.id }).from(t).where(inArray(table.id, ids));
      if (rows.length !== uniq(ids).length) throw notFound();
      await db.delete(t).where(inArray(table.id, ids));
      if (o.bumps) await bumpRules(db);
      return rows.length;
    },
    /** switches `enabled` (flow/degrade/alarm rules) */
    async setEnabled(id: number, enabled: boolean) {
      await get(id);
      const [r] = await db.update(t).set({ enabled, updatedAt: new Date() } as never).where(eq(table.id, id)).returning();
      if (o.bumps) await bumpRules(db);
      return r as Row;
    },
  };
}

export function gatewayService(db: Db) {
  // ---------- routes ----------
  async function getRoute(id: number) {
    const [r] = await db.select().from(gwRoutes).where(eq(gwRoutes.id, id));
    if (!r) throw notFound();
    return r;
  }
  async function assertRouteId(routeId: string, id: number | null) {
    const [dup] = await db.select({ id: gwRoutes.id }).from(gwRoutes).where(and(eq(gwRoutes.routeId, routeId), id ? ne(gwRoutes.id, id) : undefined));
    if (dup) throw new AppError(409, 'gateway.routeIdExists');
  }
  async function assertIds(ids: number[]) {
    const rows = await db.select().from(gwRoutes).where(inArray(gwRoutes.id, ids));
    if (rows.length !== uniq(ids).length) throw notFound();
    return rows;
  }

  const routes = {
    get: getRoute,
    async list(q: z.infer<typeof routeQuerySchema>) {
      const conds: (SQL | undefined)[] = [
        q.keyword ? or(ilike(gwRoutes.routeId, like(q.keyword)), ilike(gwRoutes.routeName, like(q.keyword)), ilike(gwRoutes.uri, like(q.keyword))) : undefined,
        q.released ? eq(gwRoutes.released, q.released === 'true') : undefined,
      ];
      const where = and(...conds);
      const [records, [{ n }]] = await Promise.all([
        db.select().from(gwRoutes).where(where)
          .orderBy(...orderBy(q, {
            routeId: gwRoutes.routeId, routeName: gwRoutes.routeName, orderNum: gwRoutes.orderNum, uri: gwRoutes.uri,
            released: gwRoutes.released, updatedAt: gwRoutes.updatedAt,
          }, asc(gwRoutes.orderNum)), asc(gwRoutes.id))
          .limit(q.limit).offset(offsetOf(q)),
        db.select({ n: sql<number>`count(*)::int` }).from(gwRoutes).where(where),
      ]);
      return { total: n, records };
    },
    async create(input: RouteInput) {
      await assertRouteId(input.routeId, null);
      const [r] = await db.insert(gwRoutes).values({ ...input, released: false }).returning();
      return r;
    },
    /** a released route's change takes effect at once (the gateway reloads) */
    async update(id: number, input: RouteInput) {
      const old = await getRoute(id);
      await assertRouteId(input.routeId, id);
      const [r] = await db.update(gwRoutes).set({ ...input, updatedAt: new Date() }).where(eq(gwRoutes.id, id)).returning();
      if (old.released) await bumpRules(db);
      return r;
    },
    /** A released route is deleted only with `force` (the console's extra confirmation). */
    async remove(ids: number[], force: boolean) {
      const rows = await assertIds(ids);
      const released = rows.filter((r) => r.released);
      if (released.length && !force) throw new AppError(409, 'gateway.routeReleasedDelete', { routes: released.map((r) => r.routeId).join(', ') });
      await db.delete(gwRoutes).where(inArray(gwRoutes.id, ids));
      if (released.length) await bumpRules(db);
      return rows.length;
    },
    async setReleased(ids: number[], released: boolean) {
      if (!ids.length) throw new AppError(400, 'gateway.selectRoutes');
      await assertIds(ids);
      const rows = await db.update(gwRoutes).set({ released, updatedAt: new Date() }).where(inArray(gwRoutes.id, ids)).returning();
      await bumpRules(db);
      return rows;
    },
  };

  // ---------- API groups, flow and degrade rules ----------
  async function assertResource(input: Record<string, unknown>) {
    const mode = input.resourceMode as 'route' | 'apiGroup';
    const resource = String(input.resource);
    const [found] = mode === 'route'
      ? await db.select({ id: gwRoutes.id }).from(gwRoutes).where(eq(gwRoutes.routeId, resource))
      : await db.select({ id: gwApiGroups.id }).from(gwApiGroups).where(eq(gwApiGroups.name, resource));
    if (!found) throw new AppError(400, 'gateway.unknownResource', { mode: mode === 'route' ? 'gateway.resourceRoute' : 'gateway.resourceApiGroup', resource });
  }

  const apiGroups = crud<ApiGroupInput>(db, gwApiGroups, {
    search: [gwApiGroups.name, gwApiGroups.matchPath],
    sortable: { name: gwApiGroups.name, matchMode: gwApiGroups.matchMode, matchPath: gwApiGroups.matchPath, updatedAt: gwApiGroups.updatedAt },
    unique: { column: gwApiGroups.name, field: 'name' },
    bumps: true,
  });
  const flowRules = crud<FlowRuleInput>(db, gwFlowRules, {
    search: [gwFlowRules.name, gwFlowRules.resource],
    sortable: { name: gwFlowRules.name, resource: gwFlowRules.resource, count: gwFlowRules.count, updatedAt: gwFlowRules.updatedAt },
    unique: { column: gwFlowRules.name, field: 'name' },
    bumps: true,
    check: assertResource,
  });
  const degradeRules = crud<DegradeRuleInput>(db, gwDegradeRules, {
    search: [gwDegradeRules.resource],
    sortable: { resource: gwDegradeRules.resource, strategy: gwDegradeRules.strategy, threshold: gwDegradeRules.threshold, updatedAt: gwDegradeRules.updatedAt },
    bumps: true,
    check: assertResource,
  });

  // ---------- alarms ----------
  const alarmRules = crud<AlarmRuleInput>(db, gwAlarmRules, {
    search: [gwAlarmRules.name, gwAlarmRules.summary, gwAlarmRules.expression],
    sortable: { name: gwAlarmRules.name, level: gwAlarmRules.level, enabled: gwAlarmRules.enabled, updatedAt: gwAlarmRules.updatedAt },
    unique: { column: gwAlarmRules.name, field: 'name' },
    bumps: false,
  });
  const alarmReceivers = crud<AlarmReceiverInput>(db, gwAlarmReceivers, {
    search: [gwAlarmReceivers.name, gwAlarmReceivers.account, gwAlarmReceivers.email, gwAlarmReceivers.telephone],
    sortable: { name: gwAlarmReceivers.name, account: gwAlarmReceivers.account, workStart: gwAlarmReceivers.workStart, updatedAt: gwAlarmReceivers.updatedAt },
    bumps: false,
  });

  return { routes, apiGroups, flowRules, degradeRules, alarmRules, alarmReceivers };
}
