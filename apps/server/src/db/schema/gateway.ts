import { sql } from 'drizzle-orm';
import { pgTable, serial, integer, text, boolean, timestamp, doublePrecision, uniqueIndex, index, jsonb } from 'drizzle-orm/pg-core';

/** Gateway and service governance: config centre, registry, routes, rules, alarms. */

const ts = (name: string) => timestamp(name, { withTimezone: true });

// ---------- config centre ----------
export const gwNamespaces = pgTable('gw_namespaces', {
  id: text('id').primaryKey(),
  showName: text('show_name').notNull(),
  description: text('description'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const gwConfigs = pgTable('gw_configs', {
  id: serial('id').primaryKey(),
  namespaceId: text('namespace_id').notNull().references(() => gwNamespaces.id),
  dataId: text('data_id').notNull(),
  group: text('group_name').notNull(),
  appName: text('app_name'),
  tags: text('tags'),
  description: text('description'),
  type: text('type', { enum: ['text', 'json', 'yaml', 'properties', 'xml', 'html'] }).notNull().default('text'),
  content: text('content').notNull(),
  md5: text('md5').notNull(),
  createdBy: text('created_by'),
  updatedBy: text('updated_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('gw_configs_key').on(t.namespaceId, t.dataId, t.group)]);

/** Every publish, update and delete of a config: the row as it was after (insert/update) or before (delete). */
export const gwConfigHistory = pgTable('gw_config_history', {
  id: serial('id').primaryKey(),
  namespaceId: text('namespace_id').notNull(),
  dataId: text('data_id').notNull(),
  group: text('group_name').notNull(),
  appName: text('app_name'),
  tags: text('tags'),
  description: text('description'),
  type: text('type').notNull(),
  content: text('content').notNull(),
  md5: text('md5').notNull(),
  opType: text('op_type', { enum: ['insert', 'update', 'delete'] }).notNull(),
  operator: text('operator'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('gw_config_history_key').on(t.namespaceId, t.dataId, t.group)]);

/**
 * A config's beta (gray) release: applications reading from one of `ips` get this content and MD5
 * instead of the config's; at most one per config, dropped with "stop beta" or "publish as release".
 */
export const gwConfigBetas = pgTable('gw_config_betas', {
  id: serial('id').primaryKey(),
  configId: integer('config_id').notNull().references(() => gwConfigs.id, { onDelete: 'cascade' }).unique(),
  content: text('content').notNull(),
  md5: text('md5').notNull(),
  ips: jsonb('ips').$type<string[]>().notNull(),
  operator: text('operator'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

// ---------- service registry ----------
export const gwServices = pgTable('gw_services', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  group: text('group_name').notNull().default('DEFAULT_GROUP'),
  protectThreshold: doublePrecision('protect_threshold').notNull().default(0),
  healthCheck: text('health_check', { enum: ['none', 'tcp', 'http'] }).notNull().default('none'),
  healthPath: text('health_path'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('gw_services_name').on(t.name, t.group)]);

/**
 * Ephemeral instances live by heartbeats (`lastBeat`): unhealthy after 15 s, gone after 30 s, both
 * judged from the timestamp when read. Persistent ones (added in the console) keep `healthy`, set by
 * the service's tcp/http check.
 */
export const gwInstances = pgTable('gw_instances', {
  id: serial('id').primaryKey(),
  serviceId: integer('service_id').notNull().references(() => gwServices.id, { onDelete: 'cascade' }),
  ip: text('ip').notNull(),
  port: integer('port').notNull(),
  weight: doublePrecision('weight').notNull().default(1),
  cluster: text('cluster').notNull().default('DEFAULT'),
  enabled: boolean('enabled').notNull().default(true),
  ephemeral: boolean('ephemeral').notNull().default(true),
  healthy: boolean('healthy').notNull().default(true),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  lastBeat: ts('last_beat').notNull().defaultNow(),
  lastCheck: ts('last_check'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('gw_instances_addr').on(t.serviceId, t.ip, t.port)]);

/**
 * Who reads a service's instances or a config through the application API (Nacos's subscribers and
 * "who is listening"): one row per credential and address, its last read refreshed at most every 10 s.
 */
export const gwSubscribers = pgTable('gw_subscribers', {
  id: serial('id').primaryKey(),
  kind: text('kind', { enum: ['service', 'config'] }).notNull(),
  /** service: `<group>@@<name>`; config: `<namespace>|<group>|<dataId>` */
  resource: text('resource').notNull(),
  credentialId: integer('credential_id').notNull(),
  appName: text('app_name').notNull(),
  accessKey: text('access_key').notNull(),
  address: text('address').notNull(),
  firstSeenAt: ts('first_seen_at').notNull(),
  lastSeenAt: ts('last_seen_at').notNull(),
}, (t) => [uniqueIndex('gw_subscribers_key').on(t.kind, t.resource, t.credentialId, t.address)]);

// ---------- routes and rules ----------
export const gwRoutes = pgTable('gw_routes', {
  id: serial('id').primaryKey(),
  routeId: text('route_id').notNull().unique(),
  routeName: text('route_name').notNull(),
  orderNum: integer('order_num').notNull().default(0),
  uri: text('uri').notNull(),
  predicates: text('predicates').notNull().default(''),
  filters: text('filters').notNull().default(''),
  description: text('description'),
  released: boolean('released').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const gwApiGroups = pgTable('gw_api_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  matchMode: text('match_mode', { enum: ['precise', 'prefix', 'regular'] }).notNull().default('precise'),
  matchPath: text('match_path').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const gwFlowRules = pgTable('gw_flow_rules', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  resourceMode: text('resource_mode', { enum: ['route', 'apiGroup'] }).notNull().default('route'),
  resource: text('resource').notNull(),
  thresholdMode: text('threshold_mode', { enum: ['qps', 'thread'] }).notNull().default('qps'),
  count: doublePrecision('count').notNull(),
  burst: integer('burst').notNull().default(0),
  controlBehavior: text('control_behavior', { enum: ['fastFail', 'uniform'] }).notNull().default('fastFail'),
  timeoutMs: integer('timeout_ms').notNull().default(500),
  sourceApp: text('source_app'),
  intervalSec: integer('interval_sec').notNull().default(1),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const gwDegradeRules = pgTable('gw_degrade_rules', {
  id: serial('id').primaryKey(),
  resourceMode: text('resource_mode', { enum: ['route', 'apiGroup'] }).notNull().default('route'),
  resource: text('resource').notNull(),
  strategy: text('strategy', { enum: ['ratio', 'count'] }).notNull().default('ratio'),
  threshold: doublePrecision('threshold').notNull(),
  windowMs: integer('window_ms').notNull().default(1000),
  degradeSec: integer('degrade_sec').notNull().default(10),
  minRequests: integer('min_requests').notNull().default(5),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** One row per kind of rule set; every change bumps it, and each gateway process reloads when it moves. */
export const gwVersions = pgTable('gw_versions', {
  kind: text('kind').primaryKey(),
  version: integer('version').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

// ---------- alarms ----------
export const gwAlarmRules = pgTable('gw_alarm_rules', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  enabled: boolean('enabled').notNull().default(true),
  expression: text('expression').notNull(),
  summary: text('summary').notNull(),
  description: text('description'),
  level: text('level', { enum: ['general', 'serious', 'urgent'] }).notNull().default('general'),
  windowSec: integer('window_sec').notNull().default(60),
  forSec: integer('for_sec').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * One alert of a rule for one resource: pending when the expression first holds, firing once it has
 * held for the rule's forSec (receivers are mailed then), resolved when it no longer holds. At most
 * one open (pending or firing) alert per rule and resource; `owner` is the server process that
 * evaluates it (each process counts its own gateway traffic).
 */
export const gwAlarmEvents = pgTable('gw_alarm_events', {
  id: serial('id').primaryKey(),
  ruleId: integer('rule_id').notNull().references(() => gwAlarmRules.id, { onDelete: 'cascade' }),
  resource: text('resource').notNull(),
  state: text('state', { enum: ['pending', 'firing', 'resolved'] }).notNull(),
  /** the variables at the last evaluation that held (or at resolution) */
  values: jsonb('values').$type<Record<string, number | string>>().notNull().default({}),
  summary: text('summary').notNull(),
  owner: text('owner').notNull(),
  startsAt: ts('starts_at').notNull().defaultNow(),
  firedAt: ts('fired_at'),
  resolvedAt: ts('resolved_at'),
  /** the addresses the firing mail went to, and why it could not be sent */
  notified: jsonb('notified').$type<string[]>().notNull().default([]),
  notifyError: text('notify_error'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('gw_alarm_events_open').on(t.ruleId, t.resource).where(sql`${t.state} <> 'resolved'`),
  index('gw_alarm_events_starts').on(t.startsAt),
]);

export const gwAlarmReceivers = pgTable('gw_alarm_receivers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  account: text('account'),
  email: text('email'),
  telephone: text('telephone'),
  workStart: text('work_start').notNull(),
  workEnd: text('work_end').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
