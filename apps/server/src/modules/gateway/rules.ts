import { asc, eq } from 'drizzle-orm';
import { compileAntPattern, matchAnt, parseFilters, parsePredicates, type FilterDef } from '@bencao/contracts';
import type { Db } from '../../db/client';
import { gwApiGroups, gwDegradeRules, gwFlowRules, gwRoutes, gwVersions } from '../../db/schema/index';
import { compilePredicate, type Matcher } from './predicates';
import { registryService, serviceKey, type InstanceView } from './registry';
import { RULES_VERSION } from './service';
import type { KeyedDegradeRule, KeyedFlowRule } from './admission';

/**
 * What the gateway serves, as plain data (it crosses IPC to the gateway workers as JSON): the
 * released routes, API groups, enabled flow/degrade rules and the live instances of the lb://
 * services. `watchRules` reads it from the database in the API process; each listener compiles it.
 */
export interface RulesSnapshot {
  version: number;
  routes: { routeId: string; predicates: string; filters: string; uri: string }[];
  groups: { name: string; matchMode: string; matchPath: string }[];
  flow: KeyedFlowRule[];
  degrade: KeyedDegradeRule[];
  services: [string, { protectThreshold: number; instances: InstanceView[] }][];
}
export const EMPTY_SNAPSHOT: RulesSnapshot = { version: -1, routes: [], groups: [], flow: [], degrade: [], services: [] };

export interface CompiledRoute {
  routeId: string;
  /** `route:<routeId>`, the metrics resource */
  resource: string;
  matchers: Matcher[];
  filters: FilterDef[];
  target: { kind: 'http'; origin: string } | { kind: 'lb'; key: string; name: string };
  /** a route-mode flow or degrade rule names this route */
  ruled: boolean;
  setStatus: number | null;
  timeoutMs: number | null;
  /** the filters touch request / response headers */
  requestHeaderFilters: boolean;
  responseHeaderFilters: boolean;
}
export interface CompiledGroup { name: string; resource: string; test: (path: string) => boolean }
export interface Rules {
  version: number;
  routes: CompiledRoute[];
  groups: CompiledGroup[];
  /** API groups some flow or degrade rule names */
  ruledGroups: Set<string>;
  services: Map<string, { protectThreshold: number; instances: InstanceView[] }>;
}

interface Log { error(obj: object, msg: string): void }

function compileGroup(g: { name: string; matchMode: string; matchPath: string }): CompiledGroup {
  const resource = `apiGroup:${g.name}`;
  if (g.matchMode === 'regular') {
    const re = new RegExp(`^(?:${g.matchPath})$`);
    return { name: g.name, resource, test: (p) => re.test(p) };
  }
  if (g.matchMode === 'prefix') {
    const pat = compileAntPattern(g.matchPath, '/');
    return { name: g.name, resource, test: (p) => matchAnt(pat, p) !== null };
  }
  return { name: g.name, resource, test: (p) => p === g.matchPath };
}

export function compileRules(s: RulesSnapshot, log: Log): Rules {
  const ruledRoutes = new Set<string>();
  const ruledGroups = new Set<string>();
  for (const r of [...s.flow, ...s.degrade]) (r.resourceMode === 'route' ? ruledRoutes : ruledGroups).add(r.resource);
  const routes: CompiledRoute[] = [];
  for (const r of s.routes) {
    const p = parsePredicates(r.predicates);
    const f = parseFilters(r.filters);
    if (!p.ok || !f.ok) { log.error({ routeId: r.routeId }, 'released route has rules that no longer parse; skipped'); continue; }
    const target = r.uri.startsWith('lb://')
      ? { kind: 'lb' as const, key: serviceKey(r.uri.slice(5)).key, name: r.uri.slice(5) }
      : { kind: 'http' as const, origin: new URL(r.uri).origin };
    const filters = f.defs;
    routes.push({
      routeId: r.routeId, resource: `route:${r.routeId}`, matchers: p.defs.map(compilePredicate), filters, target,
      ruled: ruledRoutes.has(r.routeId),
      setStatus: filters.reduce<number | null>((st, x) => (x.name === 'SetStatus' ? x.status : st), null),
      timeoutMs: filters.reduce<number | null>((t, x) => (x.name === 'ResponseTimeout' ? x.ms : t), null),
      requestHeaderFilters: filters.some((x) => x.name === 'AddRequestHeader' || x.name === 'RemoveRequestHeader'),
      responseHeaderFilters: filters.some((x) => x.name === 'AddResponseHeader'),
    });
  }
  const groups: CompiledGroup[] = [];
  for (const g of s.groups) {
    try { groups.push(compileGroup(g)); } catch { log.error({ group: g.name }, 'API group pattern does not compile; skipped'); }
  }
  return { version: s.version, routes, groups, ruledGroups, services: new Map(s.services) };
}

async function readRules(db: Db, version: number): Promise<Omit<RulesSnapshot, 'services'>> {
  const [routes, groups, flow, degrade] = await Promise.all([
    db.select().from(gwRoutes).where(eq(gwRoutes.released, true)).orderBy(asc(gwRoutes.orderNum), asc(gwRoutes.id)),
    db.select().from(gwApiGroups).orderBy(asc(gwApiGroups.id)),
    db.select().from(gwFlowRules).where(eq(gwFlowRules.enabled, true)).orderBy(asc(gwFlowRules.id)),
    db.select().from(gwDegradeRules).where(eq(gwDegradeRules.enabled, true)).orderBy(asc(gwDegradeRules.id)),
  ]);
  // counters are keyed by the rule and its last change, so an edited rule starts fresh
  const key = (x: { id: number; updatedAt: Date }) => `${x.id}:${x.updatedAt.getTime()}`;
  return {
    version,
    routes: routes.map((r) => ({ routeId: r.routeId, predicates: r.predicates, filters: r.filters, uri: r.uri })),
    groups: groups.map((g) => ({ name: g.name, matchMode: g.matchMode, matchPath: g.matchPath })),
    flow: flow.map(({ createdAt: _c, updatedAt, ...x }) => ({ ...x, key: key({ id: x.id, updatedAt }) }) as KeyedFlowRule),
    degrade: degrade.map(({ createdAt: _c, updatedAt, ...x }) => ({ ...x, key: key({ id: x.id, updatedAt }) }) as KeyedDegradeRule),
  };
}

export interface RulesWatcher {
  /** reads the database now and calls `onChange` when something moved */
  refresh(): Promise<void>;
  current(): RulesSnapshot;
  stop(): void;
}

/**
 * Every `pollMs` reads the rule-set version (the rules themselves only when it moved) and the
 * instances of the lb:// services; calls `onChange` with a new snapshot when either changed. Every
 * 5 s it also purges expired instances and runs the services' health checks.
 */
export async function watchRules(db: Db, opts: { pollMs: number; log: Log; onChange: (s: RulesSnapshot) => void | Promise<void> }): Promise<RulesWatcher> {
  const registry = registryService(db);
  let snapshot = EMPTY_SNAPSHOT;
  let servicesJson = '[]';
  let lastHousekeeping = 0;

  async function refresh() {
    const [v] = await db.select({ version: gwVersions.version }).from(gwVersions).where(eq(gwVersions.kind, RULES_VERSION));
    const version = v?.version ?? 0;
    let next = snapshot;
    if (version !== snapshot.version) next = { ...(await readRules(db, version)), services: snapshot.services };
    const keys = [...new Set(next.routes.flatMap((r) => (r.uri.startsWith('lb://') ? [serviceKey(r.uri.slice(5)).key] : [])))];
    const services: RulesSnapshot['services'] = [...(await registry.instancesOf(keys))].map(([k, v]) => [k, {
      protectThreshold: v.protectThreshold,
      instances: v.instances.map((i) => ({ id: i.id, serviceId: i.serviceId, ip: i.ip, port: i.port, weight: i.weight, cluster: i.cluster, enabled: i.enabled, ephemeral: i.ephemeral, healthy: i.healthy })),
    }]);
    const json = JSON.stringify(services);
    if (json !== servicesJson) { next = { ...next, services }; servicesJson = json; }
    if (next !== snapshot) { snapshot = next; await opts.onChange(snapshot); }
    if (Date.now() - lastHousekeeping > 5000) {
      lastHousekeeping = Date.now();
      await registry.purge();
      await registry.runHealthChecks();
    }
  }

  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const loop = async () => {
    try { await refresh(); } catch (err) { if (!stopped) opts.log.error({ err }, 'gateway refresh failed'); }
    if (!stopped) timer = setTimeout(loop, opts.pollMs);
  };
  await refresh();
  timer = setTimeout(loop, opts.pollMs);
  return {
    refresh,
    current: () => snapshot,
    stop() { stopped = true; if (timer) clearTimeout(timer); },
  };
}
