import { pgTable, serial, integer, text, boolean, timestamp, jsonb, index } from 'drizzle-orm/pg-core';

/**
 * Workflow administration (modules/workflow/admin): participants' rules, listeners and their
 * invocations, plugin types and buttons, per-definition permissions, the engine's settings.
 * Shapes of the JSON columns are the zod schemas of packages/contracts/src/workflow/admin.ts.
 */

/** A saved, named participants' rule (a user task's `bencao:assignment` may name it by id). */
export const wfParticipants = pgTable('wf_participants', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** the rule's kind, copied out of `rule` for the list's filter */
  kind: text('kind').notNull(),
  rule: jsonb('rule').notNull(),
  /** the remark in the four languages ({en, zh, es, ja}; migration 0039) */
  note: jsonb('note').$type<Record<'en' | 'zh' | 'es' | 'ja', string>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const wfListeners = pgTable('wf_listeners', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** global | definition | node */
  scope: text('scope').notNull(),
  definitionKey: text('definition_key'),
  elementId: text('element_id'),
  /** ListenerEvent[] */
  events: jsonb('events').$type<string[]>().notNull(),
  /** http | mail */
  kind: text('kind').notNull(),
  http: jsonb('http'),
  mail: jsonb('mail'),
  /** the remark in the four languages ({en, zh, es, ja}; migration 0044) */
  note: jsonb('note').$type<Record<'en' | 'zh' | 'es' | 'ja', string>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('wf_listeners_key').on(t.definitionKey)]);

/** Each time a listener was triggered: what was sent and how it went (attempts through the engine's jobs). */
export const wfListenerInvocations = pgTable('wf_listener_invocations', {
  id: serial('id').primaryKey(),
  listenerId: integer('listener_id').notNull().references(() => wfListeners.id, { onDelete: 'cascade' }),
  event: text('event').notNull(),
  definitionKey: text('definition_key'),
  instanceId: integer('instance_id'),
  taskId: integer('task_id'),
  /** the JSON body (http) or the mail (to, subject, text) */
  payload: jsonb('payload').notNull(),
  /** pending | retrying | succeeded | failed */
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  responseStatus: integer('response_status'),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [index('wf_listener_invocations_listener').on(t.listenerId, t.id)]);

export const wfPluginTypes = pgTable('wf_plugin_types', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** httpCall | setVariables | mail | print (implemented in code) */
  kind: text('kind').notNull(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  enabled: boolean('enabled').notNull().default(true),
  builtIn: boolean('built_in').notNull().default(false),
  /** the remark in the four languages ({en, zh, es, ja}; migration 0044) */
  note: jsonb('note').$type<Record<'en' | 'zh' | 'es' | 'ja', string>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const wfPluginButtons = pgTable('wf_plugin_buttons', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  /** I18nText */
  label: jsonb('label').$type<Record<string, string>>().notNull(),
  pluginTypeCode: text('plugin_type_code').notNull(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  definitionKey: text('definition_key'),
  nodeIds: jsonb('node_ids').$type<string[]>().notNull().default([]),
  confirm: boolean('confirm').notNull().default(false),
  confirmText: jsonb('confirm_text').$type<Record<string, string> | null>(),
  seq: integer('seq').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('wf_plugin_buttons_key').on(t.definitionKey)]);

/** Who may start, monitor and administer one process definition (by key; no row: everyone with the screens' authorities). */
export const wfPermissions = pgTable('wf_permissions', {
  definitionKey: text('definition_key').primaryKey(),
  start: jsonb('start').notNull(),
  monitor: jsonb('monitor').notNull(),
  administer: jsonb('administer').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The engine's settings: one row (id 1), a WorkflowSettings document. */
export const wfSettings = pgTable('wf_settings', {
  id: integer('id').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
