import { sql } from 'drizzle-orm';
import { pgTable, serial, integer, bigint, text, boolean, timestamp, primaryKey, uniqueIndex, index, jsonb, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** a trigram index's column: `ilike '%…%'` searches read the index (pg_trgm, migration 0041) */
const trgm = (c: AnyPgColumn) => sql`${c} gin_trgm_ops`;

export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  userId: text('user_id').notNull().unique(),
  userName: text('user_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  status: text('status', { enum: ['normal', 'lock'] }).notNull().default('normal'),
  staffId: integer('staff_id'),
  isAdmin: boolean('is_admin').notNull().default(false),
  manageRange: text('manage_range'),
  maxSessions: integer('max_sessions').notNull().default(-1),
  ipPolicyEnabled: boolean('ip_policy_enabled').notNull().default(false),
  ipPolicy: text('ip_policy'),
  email: text('email'),
  mobile: text('mobile'),
  failedLogins: integer('failed_logins').notNull().default(0),
  /** null while status is lock means locked until an administrator unlocks */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // the list's keyword search (trigram) and its sortable columns (migration 0041)
  index('accounts_user_id_trgm').using('gin', trgm(t.userId)), index('accounts_user_name_trgm').using('gin', trgm(t.userName)),
  index('accounts_email_trgm').using('gin', trgm(t.email)), index('accounts_mobile_trgm').using('gin', trgm(t.mobile)),
  // keywords of one or two characters (migration 0048, platform/keywordSearch.ts)
  index('accounts_short_grams').using('gin', sql`bencao_short_grams(array[${t.userId}, ${t.userName}, ${t.email}, ${t.mobile}])`),
  index('accounts_user_name').on(t.userName, t.id), index('accounts_status').on(t.status, t.id),
  index('accounts_created').on(t.createdAt, t.id), index('accounts_max_sessions').on(t.maxSessions, t.id),
]);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  roleType: text('role_type', { enum: ['global', 'common', 'inner', 'organ'] }).notNull().default('common'),
  positionType: text('position_type'),
  scope: text('scope', { enum: ['global', 'organ'] }).notNull().default('global'),
  organId: integer('organ_id'),
  isSuper: boolean('is_super').notNull().default(false),
  note: text('note'),
  /** which accounts (and other organ-owned rows) the role's holders see; several roles: the union */
  dataScope: text('data_scope', { enum: ['all', 'organ', 'organTree', 'custom', 'self'] }).notNull().default('all'),
  /** the organs of a `custom` data scope */
  dataScopeOrganIds: integer('data_scope_organ_ids').array().notNull().default(sql`'{}'::integer[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const roleGroups = pgTable('role_groups', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  note: text('note'),
});

export const roleGroupRoles = pgTable('role_group_roles', {
  groupId: integer('group_id').notNull().references(() => roleGroups.id, { onDelete: 'cascade' }),
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.groupId, t.roleId] })]);

export const accountRoles = pgTable('account_roles', {
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  roleId: integer('role_id').notNull().references(() => roles.id),
}, (t) => [primaryKey({ columns: [t.accountId, t.roleId] })]);

export const accountRoleGroups = pgTable('account_role_groups', {
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  groupId: integer('group_id').notNull().references(() => roleGroups.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.accountId, t.groupId] })]);

/** A role grants authority codes: function codes and operation codes of the authority tree. */
export const roleGrants = pgTable('role_grants', {
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  authority: text('authority').notNull(),
}, (t) => [primaryKey({ columns: [t.roleId, t.authority] })]);

/** Authority tree: apps → modules → functions → operations → URLs. */
export const authApps = pgTable('auth_apps', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  context: text('context'),
  seq: integer('seq').notNull().default(0),
  serverHost: text('server_host'),
  transport: text('transport'),
  port: integer('port'),
});
export const authModules = pgTable('auth_modules', {
  id: serial('id').primaryKey(),
  appId: integer('app_id').notNull().references(() => authApps.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  seq: integer('seq').notNull().default(0),
});
export const authFunctions = pgTable('auth_functions', {
  id: serial('id').primaryKey(),
  moduleId: integer('module_id').notNull().references(() => authModules.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  seq: integer('seq').notNull().default(0),
});
export const authOperations = pgTable('auth_operations', {
  id: serial('id').primaryKey(),
  functionId: integer('function_id').notNull().references(() => authFunctions.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  type: text('type').notNull().default('button'),
  isDefault: boolean('is_default').notNull().default(false),
  seq: integer('seq').notNull().default(0),
});
export const authUrls = pgTable('auth_urls', {
  id: serial('id').primaryKey(),
  operationId: integer('operation_id').notNull().references(() => authOperations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  content: text('content').notNull(),
  accessMode: text('access_mode').notNull().default('GET'),
});

/** The one global password policy row (id 1). */
export const passwordPolicy = pgTable('password_policy', {
  id: integer('id').primaryKey().default(1),
  minLength: integer('min_length').notNull().default(8),
  maxLength: integer('max_length').notNull().default(32),
  requireUppercase: boolean('require_uppercase').notNull().default(true),
  requireLowercase: boolean('require_lowercase').notNull().default(true),
  requireDigit: boolean('require_digit').notNull().default(true),
  requireSpecial: boolean('require_special').notNull().default(false),
  maxFailedLogins: integer('max_failed_logins').notNull().default(5),
  lockMinutes: integer('lock_minutes').notNull().default(30),
  lifetimeDays: integer('lifetime_days').notNull().default(-1),
  graceDays: integer('grace_days').notNull().default(7),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  refreshHash: text('refresh_hash').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  endReason: text('end_reason'),
}, (t) => [uniqueIndex('sessions_token_hash').on(t.tokenHash), uniqueIndex('sessions_refresh_hash').on(t.refreshHash), index('sessions_account').on(t.accountId)]);

export const loginKeys = pgTable('login_keys', {
  id: text('id').primaryKey(),
  privateKeyPem: text('private_key_pem').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const loginLogs = pgTable('login_logs', {
  id: serial('id').primaryKey(),
  userId: text('user_id').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  outcome: text('outcome', { enum: ['success', 'failure'] }).notNull(),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('login_logs_created').on(t.createdAt, t.id),
  index('login_logs_user_id_trgm').using('gin', trgm(t.userId)), index('login_logs_ip_trgm').using('gin', trgm(t.ip)),
  index('login_logs_user_id').on(t.userId, t.id), index('login_logs_ip').on(t.ip, t.id),
]);

export const operationLogs = pgTable('operation_logs', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id'),
  userId: text('user_id'),
  module: text('module').notNull(),
  operation: text('operation').notNull(),
  target: text('target'),
  method: text('method').notNull(),
  path: text('path').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  params: jsonb('params'),
  result: text('result', { enum: ['success', 'failure'] }).notNull(),
  status: integer('status').notNull(),
  durationMs: integer('duration_ms').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('operation_logs_created').on(t.createdAt, t.id),
  index('operation_logs_user_id_trgm').using('gin', trgm(t.userId)), index('operation_logs_operation_trgm').using('gin', trgm(t.operation)),
  index('operation_logs_user_id').on(t.userId, t.id), index('operation_logs_module').on(t.module, t.id), index('operation_logs_duration').on(t.durationMs, t.id),
]);

export const clientErrors = pgTable('client_errors', {
  id: serial('id').primaryKey(),
  message: text('message').notNull(),
  stack: text('stack'),
  url: text('url').notNull(),
  userAgent: text('user_agent'),
  accountId: integer('account_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('client_errors_created').on(t.createdAt, t.id),
  index('client_errors_message_trgm').using('gin', trgm(t.message)), index('client_errors_url_trgm').using('gin', trgm(t.url)),
  index('client_errors_short_grams').using('gin', sql`bencao_short_grams(array[${t.message}, ${t.url}])`),
]);

/**
 * Failed logins of user ids that have no account, counted like an account's failures, so an
 * unknown id is answered "locked" after the same number of failures (the lock message tells nothing).
 */
export const loginFailures = pgTable('login_failures', {
  userId: text('user_id').primaryKey(),
  failedLogins: integer('failed_logins').notNull().default(0),
  locked: boolean('locked').notNull().default(false),
  /** null while locked means locked for good (as for an account) */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('login_failures_updated').on(t.updatedAt)]);

/** Request counters per bucket ("login:<address>") and minute window, shared by every server process. */
export const rateCounters = pgTable('rate_counters', {
  bucket: text('bucket').notNull(),
  /** minutes since the epoch */
  window: integer('window').notNull(),
  hits: integer('hits').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.bucket, t.window] }), index('rate_counters_window').on(t.window)]);

/**
 * Burst limits (a token bucket per key, kept in its GCRA form): `tat_ms` is the theoretical arrival
 * time, the moment the bucket would be full again; a request is let through while it lies at most the
 * burst's allowance ahead of now (`platform/auth/rateLimit.ts`).
 */
export const rateBuckets = pgTable('rate_buckets', {
  bucket: text('bucket').primaryKey(),
  tatMs: bigint('tat_ms', { mode: 'number' }).notNull(),
}, (t) => [index('rate_buckets_tat').on(t.tatMs)]);

/** Refresh tokens already rotated away: presenting one again ends its session (token theft). */
export const usedRefreshTokens = pgTable('used_refresh_tokens', {
  hash: text('hash').primaryKey(),
  sessionId: text('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('used_refresh_tokens_used').on(t.usedAt), index('used_refresh_tokens_session').on(t.sessionId)]);
