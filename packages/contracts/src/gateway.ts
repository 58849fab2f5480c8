import { z } from 'zod';
import { headerSafe, isCode } from './validators';
import { celExpressionSchema } from './celBudget';
import { pageQuerySchema } from './paging';
import { checkRouteRules, compileAntPattern } from './gatewayRules';

/**
 * Gateway and service governance (SPEC §3 gateway entities, §5 gateway forms): the bodies the API
 * accepts and the console validates with. Messages of our own rules are catalogue keys (`gateway.*`).
 */

const optText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));
const id = z.number().int().positive();
/** names of services, groups, data ids: letters, digits and _ . : - @ */
const NAME_RE = /^[A-Za-z0-9_.:@\-]+$/;
const token = (max: number) => z.string().trim().min(1).max(max).regex(NAME_RE, { message: 'gateway.nameChars' });
export const DEFAULT_GROUP = 'DEFAULT_GROUP';
export const DEFAULT_NAMESPACE = 'public';

export const gatewayIdsSchema = z.object({ ids: z.array(id).min(1, { message: 'gateway.selectRecord' }).max(1000) });

// ---------- routes ----------

/** `http(s)://host[:port][/path]` or `lb://service-name` */
export function isRouteUri(uri: string): boolean {
  if (uri.startsWith('lb://')) return NAME_RE.test(uri.slice(5));
  try {
    const u = new URL(uri);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.search && !u.hash;
  } catch {
    return false;
  }
}

export const routeSchema = z.object({
  routeId: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_.\-]+$/, { message: 'gateway.routeIdChars' }),
  routeName: z.string().trim().min(1).max(100),
  orderNum: z.number({ message: 'gateway.orderInteger' }).int({ message: 'gateway.orderInteger' }).min(-1_000_000).max(1_000_000),
  uri: z.string().trim().min(1).max(500).refine(isRouteUri, { message: 'gateway.uri' }),
  predicates: z.string().max(10_000).nullish().transform((v) => v ?? ''),
  filters: z.string().max(10_000).nullish().transform((v) => v ?? ''),
  description: optText(500),
}).superRefine((r, ctx) => {
  for (const { field, error } of checkRouteRules(r.predicates, r.filters)) {
    ctx.addIssue({ code: 'custom', path: [field], message: error.key, params: error.params });
  }
});
export type RouteInput = z.infer<typeof routeSchema>;
export const routeQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  released: z.enum(['true', 'false']).optional(),
});
export const releaseSchema = z.object({ ids: z.array(id).max(1000).refine((a) => a.length > 0, { message: 'gateway.selectRoutes' }) });
export const routeDeleteSchema = z.object({ ids: z.array(id).min(1, { message: 'gateway.selectRecord' }).max(1000), force: z.boolean().default(false) });

// ---------- config centre ----------

export const CONFIG_TYPES = ['text', 'json', 'yaml', 'properties', 'xml', 'html'] as const;
export type ConfigType = (typeof CONFIG_TYPES)[number];

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const namespaceSchema = z.object({
  /** left empty on create: the server generates one */
  // a namespace the server named itself keeps its UUID (sent back unchanged when it is edited)
  namespaceId: z.string().trim().max(64).refine((v) => v === '' || isCode(v) || UUID_RE.test(v), { message: 'valid.code' }).nullish().transform((v) => (v ? v : null)),
  showName: z.string().trim().min(1).max(100),
  description: optText(500),
});
export type NamespaceInput = z.infer<typeof namespaceSchema>;

/** JSON is checked here (console and server); YAML and XML by the server with their parsers. */
export const configSchema = z.object({
  namespaceId: z.string().trim().min(1).max(64).default(DEFAULT_NAMESPACE),
  dataId: token(255),
  group: token(128),
  appName: optText(128),
  tags: optText(500),
  description: optText(500),
  type: z.enum(CONFIG_TYPES).default('text'),
  content: z.string().min(1).max(1_000_000).refine((c) => c.trim().length > 0, { message: 'gateway.contentRequired' }),
  /** on update: the MD5 the editor started from; refused (409) when the config changed since (Nacos' cas) */
  casMd5: z.string().regex(/^[0-9a-f]{32}$/).optional(),
}).superRefine((c, ctx) => {
  if (c.type !== 'json') return;
  try { JSON.parse(c.content); } catch (e) {
    ctx.addIssue({ code: 'custom', path: ['content'], message: 'gateway.badJson', params: { detail: (e as Error).message } });
  }
});
export type ConfigInput = z.infer<typeof configSchema>;
export const configQuerySchema = pageQuerySchema.extend({
  namespaceId: z.string().trim().max(64).default(DEFAULT_NAMESPACE),
  dataId: z.string().trim().max(255).optional(),
  group: z.string().trim().max(128).optional(),
  appName: z.string().trim().max(128).optional(),
  tags: z.string().trim().max(200).optional(),
});
export const historyQuerySchema = pageQuerySchema.extend({
  namespaceId: z.string().trim().max(64).default(DEFAULT_NAMESPACE),
  dataId: z.string().trim().max(255),
  group: z.string().trim().max(128),
});
export const rollbackSchema = z.object({ historyId: id });

/** What an application asks for: one config by namespace, dataId and group. */
export const configKeySchema = z.object({
  namespaceId: z.string().trim().max(64).default(DEFAULT_NAMESPACE),
  dataId: token(255),
  group: token(128).default(DEFAULT_GROUP),
});
export const MAX_LISTEN_MS = 30_000;
export const listenSchema = z.object({
  configs: z.array(configKeySchema.extend({ md5: z.string().max(64).default('') })).min(1).max(100),
  /** how long to wait for a change; at most 30 s */
  timeoutMs: z.number().int().min(0).max(MAX_LISTEN_MS).default(MAX_LISTEN_MS),
});

// ---------- service registry ----------

export const HEALTH_CHECKS = ['none', 'tcp', 'http'] as const;
const metadata = z.record(z.string().max(100), z.string().max(1000)).default({});
export const serviceSchema = z.object({
  name: token(100),
  group: token(100).default(DEFAULT_GROUP),
  protectThreshold: z.number({ message: 'gateway.protectThreshold' }).min(0, { message: 'gateway.protectThreshold' }).max(1, { message: 'gateway.protectThreshold' }),
  healthCheck: z.enum(HEALTH_CHECKS).default('none'),
  /** path of the http check */
  healthPath: z.string().trim().max(200).regex(/^\/\S*$/, { message: 'gateway.healthPath' }).nullish().transform((v) => (v ? v : null)),
  metadata,
});
export type ServiceInput = z.infer<typeof serviceSchema>;
export const serviceQuerySchema = pageQuerySchema.extend({ keyword: z.string().trim().max(100).optional(), group: z.string().trim().max(100).optional() });

const ip = z.string().trim().min(1).max(64).regex(/^(\d{1,3}(\.\d{1,3}){3}|[0-9A-Fa-f:]+|[A-Za-z0-9.\-]+)$/, { message: 'gateway.ip' });
const port = z.number().int().min(1).max(65535);
const weight = z.number().min(0).max(10_000);
/** a persistent instance added in the console; its health comes from the service's check */
export const instanceSchema = z.object({ ip, port, weight: weight.default(1), enabled: z.boolean().default(true), cluster: token(64).default('DEFAULT'), metadata });
export type InstanceInput = z.infer<typeof instanceSchema>;
export const instanceUpdateSchema = z.object({ weight: weight.optional(), enabled: z.boolean().optional(), metadata: metadata.optional() });

/** Application API: register / heartbeat / deregister an ephemeral instance. */
export const registerSchema = z.object({
  serviceName: token(100),
  groupName: token(100).default(DEFAULT_GROUP),
  ip, port,
  weight: weight.default(1),
  cluster: token(64).default('DEFAULT'),
  metadata,
});
export const beatSchema = z.object({ serviceName: token(100), groupName: token(100).default(DEFAULT_GROUP), ip, port });
/** seconds without a heartbeat before an instance is unhealthy / removed */
export const HEARTBEAT_UNHEALTHY_S = 15;
export const HEARTBEAT_REMOVE_S = 30;

// ---------- API groups, flow and degrade rules ----------

export const MATCH_MODES = ['precise', 'prefix', 'regular'] as const;
export const apiGroupSchema = z.object({
  name: token(100),
  matchMode: z.enum(MATCH_MODES).default('precise'),
  matchPath: z.string().trim().min(1).max(500),
}).superRefine((g, ctx) => {
  if (g.matchMode === 'regular') {
    try { new RegExp(g.matchPath); } catch { ctx.addIssue({ code: 'custom', path: ['matchPath'], message: 'gateway.badRegexValue', params: { value: g.matchPath } }); }
    return;
  }
  if (!g.matchPath.startsWith('/')) { ctx.addIssue({ code: 'custom', path: ['matchPath'], message: 'gateway.matchPath' }); return; }
  if (g.matchMode === 'prefix') {
    try { compileAntPattern(g.matchPath, '/'); } catch { ctx.addIssue({ code: 'custom', path: ['matchPath'], message: 'gateway.matchPath' }); }
  }
});
export type ApiGroupInput = z.infer<typeof apiGroupSchema>;

export const RESOURCE_MODES = ['route', 'apiGroup'] as const;
export const THRESHOLD_MODES = ['qps', 'thread'] as const;
export const CONTROL_BEHAVIORS = ['fastFail', 'uniform'] as const;
export const flowRuleSchema = z.object({
  name: z.string().trim().min(1).max(100),
  resourceMode: z.enum(RESOURCE_MODES).default('route'),
  /** the route's routeId or the API group's name */
  resource: z.string().trim().min(1).max(100),
  thresholdMode: z.enum(THRESHOLD_MODES).default('qps'),
  /** QPS threshold (qps) or concurrent calls (thread) */
  count: z.number().min(0).max(1_000_000),
  burst: z.number().int().min(0).max(1_000_000).default(0),
  controlBehavior: z.enum(CONTROL_BEHAVIORS).default('fastFail'),
  /** uniform queuing: the longest wait in ms */
  timeoutMs: z.number().int().min(0).max(60_000).default(500),
  /** only calls whose X-Source-App header names this app are counted; empty = every caller */
  sourceApp: optText(100),
  intervalSec: z.number().int().min(1).max(86_400).default(1),
  enabled: z.boolean().default(true),
});
export type FlowRuleInput = z.infer<typeof flowRuleSchema>;

export const DEGRADE_STRATEGIES = ['ratio', 'count'] as const;
export const degradeRuleSchema = z.object({
  resourceMode: z.enum(RESOURCE_MODES).default('route'),
  resource: z.string().trim().min(1).max(100),
  strategy: z.enum(DEGRADE_STRATEGIES).default('ratio'),
  /** ratio: 0–1 share of abnormal calls; count: abnormal calls */
  threshold: z.number().min(0).max(1_000_000),
  windowMs: z.number().int().min(100).max(3_600_000).default(1000),
  degradeSec: z.number().int().min(1).max(86_400).default(10),
  /** calls in a window before the ratio is judged */
  minRequests: z.number().int().min(1).max(1_000_000).default(5),
  enabled: z.boolean().default(true),
}).superRefine((d, ctx) => {
  if (d.strategy === 'ratio' && d.threshold > 1) ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'gateway.ratio' });
  if (d.strategy === 'count' && (!Number.isInteger(d.threshold) || d.threshold < 1)) ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'gateway.countThreshold' });
});
export type DegradeRuleInput = z.infer<typeof degradeRuleSchema>;

export const ruleQuerySchema = pageQuerySchema.extend({ keyword: z.string().trim().max(100).optional() });

// ---------- alarms ----------

export const ALARM_LEVELS = ['general', 'serious', 'urgent'] as const;
/**
 * What an alarm expression can use: the gateway counters of one resource (a route or an API group)
 * over the rule's window. The server evaluates the expression (CEL, a safe expression language) once
 * per resource; `int` counts, `double` rates (0–1) and latencies (ms), `string` the resource.
 */
export const ALARM_VARIABLES = [
  { name: 'requests', type: 'int' }, { name: 'errors', type: 'int' }, { name: 'blocked', type: 'int' }, { name: 'broken', type: 'int' },
  { name: 'qps', type: 'double' }, { name: 'error_rate', type: 'double' }, { name: 'blocked_rate', type: 'double' }, { name: 'broken_rate', type: 'double' },
  { name: 'p50', type: 'double' }, { name: 'p90', type: 'double' }, { name: 'p99', type: 'double' }, { name: 'resource', type: 'string' },
] as const;
export type AlarmVariable = (typeof ALARM_VARIABLES)[number]['name'];
/** the gateway keeps 300 s of counters */
export const ALARM_MAX_WINDOW_S = 300;
export const alarmRuleSchema = z.object({
  /** the name and the summary make the alarm mail's subject */
  name: headerSafe(z.string().trim().min(1).max(100)),
  enabled: z.boolean().default(true),
  /** CEL over ALARM_VARIABLES, true when the alarm condition holds; the server parses and type-checks it */
  expression: celExpressionSchema(2000),
  summary: headerSafe(z.string().trim().min(1).max(500)),
  description: optText(2000),
  level: z.enum(ALARM_LEVELS).default('general'),
  /** the counters are summed over the last windowSec seconds */
  windowSec: z.number().int().min(10).max(ALARM_MAX_WINDOW_S).default(60),
  /** pending until the condition has held this long, then firing (0: at once) */
  forSec: z.number().int().min(0).max(86_400).default(0),
});
export type AlarmRuleInput = z.infer<typeof alarmRuleSchema>;
export const ALARM_STATES = ['pending', 'firing', 'resolved'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];
export const alarmEventQuerySchema = pageQuerySchema.extend({
  ruleId: z.coerce.number().int().positive().optional(),
  state: z.enum(ALARM_STATES).optional(),
  keyword: z.string().trim().max(100).optional(),
});

export const TELEPHONE_RE = /^(1[3-9]\d{9}|\+?[0-9][0-9\- ]{5,19})$/;
export const WORK_TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
export const alarmReceiverSchema = z.object({
  name: headerSafe(z.string().trim().min(1).max(100)),
  account: optText(100),
  email: headerSafe(z.string().trim().max(200)).nullish().transform((v) => (v ? v : null))
    .refine((v) => v === null || z.email().safeParse(v).success, { message: 'gateway.email' }),
  telephone: z.string().trim().max(30).nullish().transform((v) => (v ? v : null))
    .refine((v) => v === null || TELEPHONE_RE.test(v), { message: 'gateway.telephone' }),
  workStart: z.string({ message: 'gateway.workTime' }).trim().regex(WORK_TIME_RE, { message: 'gateway.workTime' }),
  workEnd: z.string({ message: 'gateway.workTime' }).trim().regex(WORK_TIME_RE, { message: 'gateway.workTime' }),
});
export type AlarmReceiverInput = z.infer<typeof alarmReceiverSchema>;
