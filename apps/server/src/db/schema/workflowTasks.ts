import { sql } from 'drizzle-orm';
import { pgTable, serial, integer, text, timestamp, index, primaryKey, boolean } from 'drizzle-orm/pg-core';
import { wfTasks } from './workflow';

/**
 * Per-user state around the engine's tasks (issue 11): how each user files a task (activity bucket,
 * importance, opened), favourite definitions, delegations, add-sign links, CC, urge counters,
 * attachments and the comment of drafts. The engine's own tables are db/schema/workflow.ts.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const wfTaskUserState = pgTable('wf_task_user_state', {
  taskId: integer('task_id').notNull(),
  accountId: integer('account_id').notNull(),
  /** 1 inbox / 2 today / 3 next / 4 later */
  activity: integer('activity').notNull().default(1),
  /** 1 high / 2 medium / 3 low */
  importance: integer('importance').notNull().default(2),
  openedAt: ts('opened_at'),
}, (t) => [primaryKey({ columns: [t.taskId, t.accountId] }), index('wf_task_user_state_account').on(t.accountId, t.activity)]);

/**
 * One row per person and open task in their to-do (assigned, or offered while unclaimed), with what the
 * list filters and sorts on, copied from wf_tasks, wf_instances and wf_task_user_state by triggers in the
 * transaction of each change (migration 0050); written by nothing else.
 */
export const wfTodo = pgTable('wf_todo', {
  accountId: integer('account_id').notNull(),
  taskId: integer('task_id').notNull().references(() => wfTasks.id, { onDelete: 'cascade' }),
  candidate: boolean('candidate').notNull(),
  createdAt: ts('created_at').notNull(),
  dueAt: ts('due_at'),
  name: text('name').notNull(),
  definitionKey: text('definition_key').notNull(),
  definitionName: text('definition_name').notNull(),
  businessKey: text('business_key'),
  starterId: integer('starter_id'),
  starterName: text('starter_name'),
  importance: integer('importance').notNull(),
  activity: integer('activity').notNull(),
  /** 1 not yet opened or claimed / 2 in progress */
  progress: integer('progress').notNull(),
}, (t) => [
  primaryKey({ columns: [t.accountId, t.taskId] }),
  index('wf_todo_task').on(t.taskId),
  index('wf_todo_arrival').on(t.accountId, t.createdAt, t.taskId),
  index('wf_todo_due').on(t.accountId, t.dueAt, t.taskId),
  index('wf_todo_process_name').on(t.accountId, t.definitionName, t.taskId),
  index('wf_todo_importance').on(t.accountId, t.importance, t.taskId.desc()),
  index('wf_todo_importance_desc').on(t.accountId, t.importance.desc(), t.taskId.desc()),
  index('wf_todo_importance_arrival').on(t.accountId, t.importance, t.createdAt, t.taskId),
  index('wf_todo_activity_arrival').on(t.accountId, t.activity, t.createdAt, t.taskId),
  index('wf_todo_process_arrival').on(t.accountId, t.definitionKey, t.createdAt, t.taskId),
  index('wf_todo_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
  index('wf_todo_definition_name_trgm').using('gin', sql`${t.definitionName} gin_trgm_ops`),
  index('wf_todo_business_key_trgm').using('gin', sql`${t.businessKey} gin_trgm_ops`),
]);

export const wfFavourites = pgTable('wf_favourites', {
  accountId: integer('account_id').notNull(),
  definitionId: integer('definition_id').notNull(),
  createdAt: ts('created_at').notNull(),
}, (t) => [primaryKey({ columns: [t.accountId, t.definitionId] })]);

/** a task delegated by its owner: the delegate acts (`resolve`), then it goes back to the owner */
export const wfTaskDelegations = pgTable('wf_task_delegations', {
  taskId: integer('task_id').primaryKey(),
  ownerId: integer('owner_id').notNull(),
  ownerName: text('owner_name'),
  delegateId: integer('delegate_id').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** add-sign "before": the added signer's task must be done before the owner's task may be completed */
export const wfSignLinks = pgTable('wf_sign_links', {
  taskId: integer('task_id').primaryKey(),
  waitingTaskId: integer('waiting_task_id').notNull(),
}, (t) => [index('wf_sign_links_waiting').on(t.waitingTaskId)]);

export const wfCc = pgTable('wf_cc', {
  id: serial('id').primaryKey(),
  instanceId: integer('instance_id').notNull(),
  taskId: integer('task_id'),
  accountId: integer('account_id').notNull(),
  fromId: integer('from_id'),
  fromName: text('from_name'),
  elementId: text('element_id'),
  elementName: text('element_name'),
  comment: text('comment'),
  createdAt: ts('created_at').notNull(),
  readAt: ts('read_at'),
}, (t) => [index('wf_cc_account').on(t.accountId, t.createdAt), index('wf_cc_instance').on(t.instanceId)]);

/** urge (催办) rate limit: one row per instance, changed atomically */
export const wfUrges = pgTable('wf_urges', {
  instanceId: integer('instance_id').primaryKey(),
  count: integer('count').notNull().default(0),
  lastAt: ts('last_at').notNull(),
});

export const wfAttachments = pgTable('wf_attachments', {
  id: serial('id').primaryKey(),
  instanceId: integer('instance_id').notNull(),
  taskId: integer('task_id'),
  fileName: text('file_name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  storageKey: text('storage_key').notNull(),
  uploaderId: integer('uploader_id'),
  uploaderName: text('uploader_name'),
  createdAt: ts('created_at').notNull(),
}, (t) => [index('wf_attachments_instance').on(t.instanceId)]);

/** the comment of a draft (a notStarted instance) */
export const wfDrafts = pgTable('wf_drafts', {
  instanceId: integer('instance_id').primaryKey(),
  comment: text('comment'),
  updatedAt: ts('updated_at').notNull(),
});
