import net from 'node:net';
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_GROUP, HEARTBEAT_REMOVE_S, HEARTBEAT_UNHEALTHY_S,
  type InstanceInput, type ServiceInput, beatSchema, instanceUpdateSchema, registerSchema, serviceQuerySchema,
} from '@bencao/contracts';
import type { Db } from '../../db/client';
import { gwInstances, gwServices } from '../../db/schema/index';
import { AppError, conflict, notFound } from '../../platform/errors';
import { offsetOf, orderBy } from '../../platform/paging';
import { assertOutboundHost } from '../../platform/outbound';
import { like } from './service';

/**
 * Service registry (Nacos semantics). Health is judged from timestamps when read, so every process
 * sees the same thing without background state: an ephemeral instance without a heartbeat for 15 s
 * is unhealthy, after 30 s it is gone (and purged by the next reader). A persistent instance keeps
 * the health its service's tcp/http check last wrote.
 */
const LIVE = sql`(not ${gwInstances.ephemeral} or ${gwInstances.lastBeat} > now() - make_interval(secs => ${HEARTBEAT_REMOVE_S}))`;
const HEALTHY = sql<boolean>`(case when ${gwInstances.ephemeral} then ${gwInstances.lastBeat} > now() - make_interval(secs => ${HEARTBEAT_UNHEALTHY_S}) else ${gwInstances.healthy} end)`;

const instanceColumns = {
  id: gwInstances.id, serviceId: gwInstances.serviceId, ip: gwInstances.ip, port: gwInstances.port, weight: gwInstances.weight,
  cluster: gwInstances.cluster, enabled: gwInstances.enabled, ephemeral: gwInstances.ephemeral, metadata: gwInstances.metadata,
  lastBeat: gwInstances.lastBeat, lastCheck: gwInstances.lastCheck, createdAt: gwInstances.createdAt, healthy: HEALTHY,
};
export type InstanceView = { id: number; serviceId: number; ip: string; port: number; weight: number; cluster: string; enabled: boolean; ephemeral: boolean; healthy: boolean };

/**
 * The instances a caller may use (Nacos protect threshold): online with weight > 0, healthy ones only,
 * unless the healthy share of the service's instances falls to the threshold: then all of them.
 */
export function selectInstances<T extends InstanceView>(all: T[], protectThreshold: number): T[] {
  if (!all.length) return [];
  const healthyShare = all.filter((i) => i.healthy).length / all.length;
  const usable = all.filter((i) => i.enabled && i.weight > 0);
  return healthyShare <= protectThreshold ? usable : usable.filter((i) => i.healthy);
}

/** Weighted random choice. */
export function pickWeighted<T extends { weight: number }>(list: T[], rnd = Math.random()): T | null {
  const total = list.reduce((s, i) => s + i.weight, 0);
  if (!list.length || total <= 0) return null;
  let x = rnd * total;
  for (const i of list) { x -= i.weight; if (x < 0) return i; }
  return list[list.length - 1];
}

/** "group@@name" or "name" (group DEFAULT_GROUP), as in Nacos' grouped service names and lb:// URIs. */
export function serviceKey(text: string): { group: string; name: string; key: string } {
  const at = text.indexOf('@@');
  const group = at < 0 ? DEFAULT_GROUP : text.slice(0, at);
  const name = at < 0 ? text : text.slice(at + 2);
  return { group, name, key: `${group}@@${name}` };
}

export function registryService(db: Db) {
  /** removes ephemeral instances whose heartbeat is older than 30 s */
  const purge = () => db.delete(gwInstances).where(sql`${gwInstances.ephemeral} and ${gwInstances.lastBeat} <= now() - make_interval(secs => ${HEARTBEAT_REMOVE_S})`);

  async function getService(id: number) {
    const [s] = await db.select().from(gwServices).where(eq(gwServices.id, id));
    if (!s) throw notFound();
    return s;
  }
  async function assertUnique(name: string, group: string, id: number | null) {
    const [dup] = await db.select({ id: gwServices.id }).from(gwServices).where(and(eq(gwServices.name, name), eq(gwServices.group, group)));
    if (dup && dup.id !== id) throw conflict(`"${name}" (${group})`);
  }

  async function list(q: z.infer<typeof serviceQuerySchema>) {
    const conds: (SQL | undefined)[] = [
      q.keyword ? or(ilike(gwServices.name, like(q.keyword)), ilike(gwServices.group, like(q.keyword))) : undefined,
      q.group ? eq(gwServices.group, q.group) : undefined,
    ];
    const where = and(...conds);
    // columns spelled out: inside a subquery drizzle would leave them unqualified
    const live = sql.raw(`(not i.ephemeral or i.last_beat > now() - make_interval(secs => ${HEARTBEAT_REMOVE_S}))`);
    const healthy = sql.raw(`(case when i.ephemeral then i.last_beat > now() - make_interval(secs => ${HEARTBEAT_UNHEALTHY_S}) else i.healthy end)`);
    const inst = (extra: SQL) => sql<number>`(select count(*)::int from gw_instances i where i.service_id = gw_services.id and ${live} and ${extra})`;
    const [records, [{ n }]] = await Promise.all([
      db.select({
        id: gwServices.id, name: gwServices.name, group: gwServices.group, protectThreshold: gwServices.protectThreshold,
        healthCheck: gwServices.healthCheck, healthPath: gwServices.healthPath, metadata: gwServices.metadata, updatedAt: gwServices.updatedAt,
        clusterCount: sql<number>`(select count(distinct i.cluster)::int from gw_instances i where i.service_id = gw_services.id and ${live})`,
        ipCount: inst(sql`true`),
        healthyCount: inst(healthy),
      }).from(gwServices).where(where)
        .orderBy(...orderBy(q, { name: gwServices.name, group: gwServices.group, updatedAt: gwServices.updatedAt }, asc(gwServices.name)))
        .limit(q.limit).offset(offsetOf(q)),
      db.select({ n: sql<number>`count(*)::int` }).from(gwServices).where(where),
    ]);
    return { total: n, records };
  }

  async function create(input: ServiceInput) {
    await assertUnique(input.name, input.group, null);
    const [s] = await db.insert(gwServices).values(input).returning();
    return s;
  }
  async function update(id: number, input: ServiceInput) {
    await getService(id);
    await assertUnique(input.name, input.group, id);
    const [s] = await db.update(gwServices).set({ ...input, updatedAt: new Date() }).where(eq(gwServices.id, id)).returning();
    return s;
  }
  /** A service with live instances is not deleted (they would register it again). */
  async function remove(ids: number[]) {
    await purge();
    const rows = await db.select().from(gwServices).where(inArray(gwServices.id, ids));
    if (rows.length !== new Set(ids).size) throw notFound();
    for (const s of rows) {
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(gwInstances).where(eq(gwInstances.serviceId, s.id));
      if (n) throw new AppError(400, 'gateway.serviceHasInstances', { service: s.name, n });
    }
    await db.delete(gwServices).where(inArray(gwServices.id, ids));
    return rows.length;
  }

  async function instances(serviceId: number) {
    await getService(serviceId);
    await purge();
    return db.select(instanceColumns).from(gwInstances).where(eq(gwInstances.serviceId, serviceId)).orderBy(asc(gwInstances.ip), asc(gwInstances.port));
  }
  async function getInstance(serviceId: number, id: number) {
    const [i] = await db.select(instanceColumns).from(gwInstances).where(and(eq(gwInstances.id, id), eq(gwInstances.serviceId, serviceId), LIVE));
    if (!i) throw notFound();
    return i;
  }
  /** a persistent instance added by an operator; health comes from the service's check (none: healthy) */
  async function addInstance(serviceId: number, input: InstanceInput) {
    await getService(serviceId);
    await purge();
    const [dup] = await db.select({ id: gwInstances.id }).from(gwInstances)
      .where(and(eq(gwInstances.serviceId, serviceId), eq(gwInstances.ip, input.ip), eq(gwInstances.port, input.port)));
    if (dup) throw conflict(`${input.ip}:${input.port}`);
    const [i] = await db.insert(gwInstances).values({ ...input, serviceId, ephemeral: false, healthy: true }).returning({ id: gwInstances.id });
    return getInstance(serviceId, i.id);
  }
  async function updateInstance(serviceId: number, id: number, input: z.infer<typeof instanceUpdateSchema>) {
    await getInstance(serviceId, id);
    const set: Partial<typeof gwInstances.$inferInsert> = {};
    if (input.weight !== undefined) set.weight = input.weight;
    if (input.enabled !== undefined) set.enabled = input.enabled;
    if (input.metadata !== undefined) set.metadata = input.metadata;
    if (Object.keys(set).length) await db.update(gwInstances).set(set).where(eq(gwInstances.id, id));
    return getInstance(serviceId, id);
  }
  async function removeInstance(serviceId: number, id: number) {
    await getInstance(serviceId, id);
    await db.delete(gwInstances).where(eq(gwInstances.id, id));
    return 1;
  }

  // ---------- application API ----------
  async function serviceByName(name: string, group: string) {
    const [s] = await db.select().from(gwServices).where(and(eq(gwServices.name, name), eq(gwServices.group, group)));
    return s ?? null;
  }
  const persistent = (input: z.infer<typeof beatSchema>) =>
    new AppError(403, 'gateway.instancePersistent', { service: input.serviceName, ip: input.ip, port: input.port });
  /**
   * Registers (or refreshes) an ephemeral instance; an unknown service is created with threshold 0. An operator's offline stays.
   * An address an operator added by hand (persistent) is never taken over: 403.
   */
  async function register(input: z.infer<typeof registerSchema>) {
    // applications may register private addresses, not loopback, link-local (metadata), unspecified or the server's own
    await assertOutboundHost(db, input.ip, 'ip', { allowPrivate: true });
    await purge();
    let s = await serviceByName(input.serviceName, input.groupName);
    if (!s) {
      [s] = await db.insert(gwServices).values({ name: input.serviceName, group: input.groupName, protectThreshold: 0 })
        .onConflictDoNothing().returning();
      s ??= (await serviceByName(input.serviceName, input.groupName))!;
    }
    const [i] = await db.insert(gwInstances).values({
      serviceId: s.id, ip: input.ip, port: input.port, weight: input.weight, cluster: input.cluster, metadata: input.metadata, ephemeral: true,
    }).onConflictDoUpdate({
      target: [gwInstances.serviceId, gwInstances.ip, gwInstances.port],
      set: { weight: input.weight, cluster: input.cluster, metadata: input.metadata, lastBeat: sql`now()` },
      setWhere: sql`${gwInstances.ephemeral}`,
    }).returning({ id: gwInstances.id });
    if (!i) throw persistent(input);
    return getInstance(s.id, i.id);
  }
  /** The instance at the address, when there is one (live or not). */
  async function instanceAt(input: z.infer<typeof beatSchema>) {
    const s = await serviceByName(input.serviceName, input.groupName);
    if (!s) return null;
    const [i] = await db.select({ id: gwInstances.id, ephemeral: gwInstances.ephemeral }).from(gwInstances)
      .where(and(eq(gwInstances.serviceId, s.id), eq(gwInstances.ip, input.ip), eq(gwInstances.port, input.port)));
    return i ? { service: s, instance: i } : null;
  }
  /** false when the instance is not registered (or expired): the client registers again. 403 for an operator's instance. */
  async function beat(input: z.infer<typeof beatSchema>) {
    const at = await instanceAt(input);
    if (!at) return false;
    if (!at.instance.ephemeral) throw persistent(input);
    const rows = await db.update(gwInstances).set({ lastBeat: sql`now()` })
      .where(and(eq(gwInstances.id, at.instance.id), eq(gwInstances.ephemeral, true), LIVE)).returning({ id: gwInstances.id });
    return rows.length > 0;
  }
  /** Removes an ephemeral instance (false: none there). 403 for an operator's instance: only the console removes those. */
  async function deregister(input: z.infer<typeof beatSchema>) {
    const at = await instanceAt(input);
    if (!at) return false;
    if (!at.instance.ephemeral) throw persistent(input);
    const rows = await db.delete(gwInstances).where(and(eq(gwInstances.id, at.instance.id), eq(gwInstances.ephemeral, true))).returning({ id: gwInstances.id });
    return rows.length > 0;
  }
  /** What a caller of the service gets (applications' discovery and the gateway's lb://). */
  async function discover(name: string, group = DEFAULT_GROUP) {
    const s = await serviceByName(name, group);
    if (!s) return null;
    const all = await db.select(instanceColumns).from(gwInstances).where(and(eq(gwInstances.serviceId, s.id), LIVE));
    return { service: s, instances: selectInstances(all, s.protectThreshold) };
  }

  /** Live instances of the services (by "group@@name"), with each service's protect threshold. */
  async function instancesOf(keys: string[]) {
    const out = new Map<string, { protectThreshold: number; instances: InstanceView[] }>();
    if (!keys.length) return out;
    const wanted = keys.map(serviceKey);
    const services = await db.select().from(gwServices).where(or(...wanted.map((k) => and(eq(gwServices.name, k.name), eq(gwServices.group, k.group)))));
    const all = services.length
      ? await db.select(instanceColumns).from(gwInstances).where(and(inArray(gwInstances.serviceId, services.map((s) => s.id)), LIVE))
      : [];
    for (const s of services) out.set(`${s.group}@@${s.name}`, { protectThreshold: s.protectThreshold, instances: all.filter((i) => i.serviceId === s.id) });
    return out;
  }

  /** Runs the tcp/http checks of persistent instances that were not checked for `everyMs`. */
  async function runHealthChecks(everyMs = 5000, timeoutMs = 2000) {
    const due = await db.select({ id: gwInstances.id, ip: gwInstances.ip, port: gwInstances.port, mode: gwServices.healthCheck, path: gwServices.healthPath })
      .from(gwInstances).innerJoin(gwServices, eq(gwServices.id, gwInstances.serviceId))
      .where(and(eq(gwInstances.ephemeral, false), sql`${gwServices.healthCheck} <> 'none'`,
        sql`(${gwInstances.lastCheck} is null or ${gwInstances.lastCheck} < now() - make_interval(secs => ${everyMs / 1000}))`));
    await Promise.all(due.map(async (i) => {
      const healthy = i.mode === 'tcp' ? await tcpCheck(i.ip, i.port, timeoutMs) : await httpCheck(i.ip, i.port, i.path ?? '/', timeoutMs);
      await db.update(gwInstances).set({ healthy, lastCheck: sql`now()` }).where(eq(gwInstances.id, i.id));
    }));
    return due.length;
  }

  return {
    purge, list, get: getService, create, update, remove, instances, getInstance, addInstance, updateInstance, removeInstance,
    register, beat, deregister, discover, instancesOf, runHealthChecks,
  };
}

function tcpCheck(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => { socket.destroy(); resolve(ok); };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function httpCheck(host: string, port: number, path: string, timeoutMs: number): Promise<boolean> {
  try {
    const h = host.includes(':') ? `[${host}]` : host;
    const res = await fetch(`http://${h}:${port}${path}`, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    await res.body?.cancel();
    return res.status >= 200 && res.status < 400;
  } catch {
    return false;
  }
}
