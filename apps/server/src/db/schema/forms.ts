import { pgTable, serial, integer, text, jsonb, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FormAction, FormSchema, FormStatus } from '@bencao/contracts';

/** Cloud forms (issue 12): the draft being designed; `version` is the newest published one (0: none). */
export const forms = pgTable('forms', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  category: text('category'),
  action: text('action').$type<FormAction>().notNull().default('store'),
  actionTarget: text('action_target'),
  url: text('url'),
  modelName: text('model_name'),
  schema: jsonb('schema').$type<FormSchema>().notNull(),
  status: text('status').$type<FormStatus>().notNull().default('draft'),
  version: integer('version').notNull().default(0),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('forms_category').on(t.category)]);

/** A published version: its schema never changes again (instances keep the version they started on). */
export const formVersions = pgTable('form_versions', {
  id: serial('id').primaryKey(),
  formId: integer('form_id').notNull().references(() => forms.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  name: text('name').notNull(),
  schema: jsonb('schema').$type<FormSchema>().notNull(),
  publishedBy: text('published_by'),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('form_versions_form_version').on(t.formId, t.version)]);

/** One filled-in form: standalone, or the document of a process instance. */
export const formData = pgTable('form_data', {
  id: serial('id').primaryKey(),
  formId: integer('form_id').notNull().references(() => forms.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  processInstanceId: integer('process_instance_id'),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdBy: text('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('form_data_form').on(t.formId, t.id), index('form_data_instance').on(t.processInstanceId)]);

/** Each change to a form document: the step that made it and the fields it changed ({key: [before, after]}). */
export const formDataHistory = pgTable('form_data_history', {
  id: serial('id').primaryKey(),
  dataId: integer('data_id').notNull().references(() => formData.id, { onDelete: 'cascade' }),
  node: text('node'),
  diff: jsonb('diff').$type<Record<string, [unknown, unknown]>>().notNull(),
  changedBy: text('changed_by'),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('form_data_history_data').on(t.dataId, t.id)]);

/**
 * The start form of a process draft (My drafts): the values the starter has typed so far, not yet
 * checked; they become the instance's document when the draft is submitted.
 */
export const formDrafts = pgTable('form_drafts', {
  instanceId: integer('instance_id').primaryKey(),
  formId: integer('form_id').notNull().references(() => forms.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
