import { pgTable, serial, integer, text, timestamp, index, primaryKey } from 'drizzle-orm/pg-core';

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
}, (t) => [primaryKey({ columns: [t.taskId, t.accountId] }), index('wf_task_user_state_account').on(t.accountId, t.activity),
  index('wf_task_user_state_importance').on(t.accountId, t.importance, t.taskId)]);

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
