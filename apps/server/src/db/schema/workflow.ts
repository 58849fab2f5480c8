import { sql } from 'drizzle-orm';
import { pgTable, serial, bigserial, integer, text, boolean, timestamp, jsonb, index, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';

/**
 * The workflow engine's state (docs/WORKFLOW.md): definitions and their immutable published versions,
 * process instances, executions (one row per activity instance / token), user tasks and their
 * candidates, the history of everything that happened, and jobs (timers, async continuations, listener
 * callbacks) claimed with FOR UPDATE SKIP LOCKED by any server process.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const wfDefinitions = pgTable('wf_definitions', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  category: text('category'),
  description: text('description'),
  /** the draft the modeler saves; publishing copies it into a version */
  draftXml: text('draft_xml'),
  status: text('status', { enum: ['active', 'suspended'] }).notNull().default('active'),
  latestVersion: integer('latest_version').notNull().default(0),
  latestVersionId: integer('latest_version_id'),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  publishedAt: ts('published_at'),
});

export const wfVersions = pgTable('wf_versions', {
  id: serial('id').primaryKey(),
  definitionId: integer('definition_id').notNull().references(() => wfDefinitions.id, { onDelete: 'cascade' }),
  definitionKey: text('definition_key').notNull(),
  version: integer('version').notNull(),
  name: text('name').notNull(),
  /** immutable BPMN XML */
  xml: text('xml').notNull(),
  /** the compiled model the engine runs (engine/model.ts) */
  model: jsonb('model').notNull(),
  publishedBy: text('published_by'),
  publishedAt: ts('published_at').notNull(),
}, (t) => [uniqueIndex('wf_versions_def_version').on(t.definitionId, t.version)]);

export const wfInstances = pgTable('wf_instances', {
  id: serial('id').primaryKey(),
  definitionId: integer('definition_id').notNull().references(() => wfDefinitions.id, { onDelete: 'cascade' }),
  versionId: integer('version_id').notNull().references(() => wfVersions.id, { onDelete: 'cascade' }),
  definitionKey: text('definition_key').notNull(),
  definitionName: text('definition_name').notNull(),
  version: integer('version').notNull(),
  businessKey: text('business_key'),
  status: text('status', { enum: ['notStarted', 'running', 'suspended', 'interrupted', 'terminated', 'completed'] }).notNull(),
  starterId: integer('starter_id'),
  starterName: text('starter_name'),
  variables: jsonb('variables').$type<Record<string, unknown>>().notNull().default({}),
  /** call activities: the parent instance and the execution waiting for this child */
  parentInstanceId: integer('parent_instance_id'),
  parentExecutionId: integer('parent_execution_id'),
  /** names of the active nodes, kept for the monitor list */
  currentNodes: jsonb('current_nodes').$type<string[]>().notNull().default([]),
  /** actor of the last completed user task (auto-pass of the same approver) */
  lastApproverId: integer('last_approver_id'),
  startedAt: ts('started_at').notNull(),
  endedAt: ts('ended_at'),
  updatedAt: ts('updated_at').notNull(),
}, (t) => [
  // the monitor list's orders: (filter, started_at, id) read in order (either direction), never sorted
  index('wf_instances_started').on(t.startedAt, t.id),
  index('wf_instances_status_started').on(t.status, t.startedAt, t.id),
  index('wf_instances_key_started').on(t.definitionKey, t.startedAt, t.id),
  index('wf_instances_business_key').on(t.businessKey, t.id),
  index('wf_instances_ended_id').on(t.endedAt, t.id),
  index('wf_instances_starter').on(t.starterId, t.startedAt, t.id),
  index('wf_instances_parent').on(t.parentInstanceId),
  // history retention: finished instances by end time
  index('wf_instances_ended').on(t.endedAt).where(sql`ended_at is not null`),
]);

export const wfExecutions = pgTable('wf_executions', {
  id: serial('id').primaryKey(),
  instanceId: integer('instance_id').notNull().references(() => wfInstances.id, { onDelete: 'cascade' }),
  /** the enclosing scope: a sub-process or a multi-instance body; null = the process */
  parentId: integer('parent_id'),
  elementId: text('element_id').notNull(),
  elementType: text('element_type').notNull(),
  /** running = a token is here; waiting-join rows of gateways are running with `joining` */
  status: text('status', { enum: ['notStarted', 'running', 'suspended', 'interrupted', 'terminated', 'completed'] }).notNull(),
  joining: boolean('joining').notNull().default(false),
  /** the sequence flow the token came by */
  incomingFlowId: text('incoming_flow_id'),
  loopCounter: integer('loop_counter'),
  /** multi-instance bodies: { total, completed, assignees } */
  loop: jsonb('loop').$type<{ total: number; completed: number; assignees: number[]; next: number }>(),
  startedAt: ts('started_at').notNull(),
  endedAt: ts('ended_at'),
}, (t) => [
  index('wf_executions_instance').on(t.instanceId, t.status),
  index('wf_executions_parent').on(t.parentId),
]);

export const wfTasks = pgTable('wf_tasks', {
  id: serial('id').primaryKey(),
  instanceId: integer('instance_id').notNull().references(() => wfInstances.id, { onDelete: 'cascade' }),
  executionId: integer('execution_id').notNull().references(() => wfExecutions.id, { onDelete: 'cascade' }),
  elementId: text('element_id').notNull(),
  name: text('name').notNull(),
  definitionKey: text('definition_key').notNull(),
  assigneeId: integer('assignee_id'),
  status: text('status', { enum: ['open', 'completed', 'cancelled', 'suspended'] }).notNull(),
  formKey: text('form_key'),
  buttons: text('buttons'),
  dueAt: ts('due_at'),
  createdAt: ts('created_at').notNull(),
  claimedAt: ts('claimed_at'),
  completedAt: ts('completed_at'),
  completedBy: integer('completed_by'),
  completedByName: text('completed_by_name'),
  outcome: text('outcome'),
  comment: text('comment'),
}, (t) => [
  // the to-do list by arrival: a user's open tasks in order (index-only for its count) ...
  index('wf_tasks_assignee_status').on(t.assigneeId, t.status, t.createdAt, t.id),
  // ... and the unclaimed open tasks in order, each probed against the candidates' primary key
  index('wf_tasks_offered').on(t.createdAt, t.id).where(sql`status = 'open' and assignee_id is null`),
  index('wf_tasks_instance').on(t.instanceId),
  // an execution deleted (an instance deleted, the history purge) finds its tasks by this, not by a scan of every task
  index('wf_tasks_execution').on(t.executionId),
  index('wf_tasks_completed_by').on(t.completedBy, t.completedAt),
]);

export const wfTaskCandidates = pgTable('wf_task_candidates', {
  taskId: integer('task_id').notNull().references(() => wfTasks.id, { onDelete: 'cascade' }),
  accountId: integer('account_id').notNull(),
}, (t) => [primaryKey({ columns: [t.taskId, t.accountId] }), index('wf_task_candidates_account').on(t.accountId, t.taskId)]);

export const wfHistory = pgTable('wf_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  instanceId: integer('instance_id').notNull().references(() => wfInstances.id, { onDelete: 'cascade' }),
  executionId: integer('execution_id'),
  taskId: integer('task_id'),
  elementId: text('element_id'),
  actorId: integer('actor_id'),
  actorName: text('actor_name'),
  /** start, end, enter, leave, taskCreate, taskAssign, taskComplete, autoPass, skip, timeout, suspend, resume, interrupt, terminate, flow, incident */
  action: text('action').notNull(),
  comment: text('comment'),
  data: jsonb('data').$type<Record<string, unknown>>(),
  at: ts('at').notNull(),
}, (t) => [
  index('wf_history_instance').on(t.instanceId, t.at),
  // the Done list: the tasks a user handed over or answered as a delegate
  index('wf_history_handover').on(t.actorId, t.at).where(sql`action in ('transfer', 'delegate', 'resolve')`),
]);

export const wfJobs = pgTable('wf_jobs', {
  id: serial('id').primaryKey(),
  /** timer, timerStart, serviceTask, or a kind registered with registerJobHandler */
  kind: text('kind').notNull(),
  instanceId: integer('instance_id').references(() => wfInstances.id, { onDelete: 'cascade' }),
  executionId: integer('execution_id'),
  elementId: text('element_id'),
  definitionId: integer('definition_id'),
  /** pending → running (claimed, leased) → done | pending again (retry) | failed; held while the instance is suspended */
  status: text('status', { enum: ['pending', 'running', 'held', 'done', 'failed', 'cancelled'] }).notNull().default('pending'),
  dueAt: ts('due_at').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  attempts: integer('attempts').notNull().default(0),
  maxAttempts: integer('max_attempts').notNull().default(5),
  lastError: text('last_error'),
  lockedBy: text('locked_by'),
  leaseUntil: ts('lease_until'),
  createdAt: ts('created_at').notNull(),
  doneAt: ts('done_at'),
}, (t) => [
  index('wf_jobs_due').on(t.dueAt).where(sql`status = 'pending'`),
  index('wf_jobs_lease').on(t.leaseUntil).where(sql`status = 'running'`),
  index('wf_jobs_instance').on(t.instanceId),
  index('wf_jobs_definition').on(t.definitionId),
  // every activity instance that ends cancels its open timers / deadlines by execution id
  index('wf_jobs_execution_open').on(t.executionId).where(sql`status in ('pending', 'held')`),
  // the monitor's incident flag (a failed job) probes this tiny index, never the whole job table
  index('wf_jobs_failed').on(t.instanceId).where(sql`status = 'failed'`),
]);

