import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AccountImportError } from '@bencao/contracts';
import { accounts } from './security';

/**
 * Account imports from Excel run as jobs (issue 16): the checked rows wait here while their passwords are
 * hashed (each password is replaced by its hash as soon as it is hashed, and the rows are emptied when the
 * import ends); the `wf_jobs` row of kind `accountImport` carries the work between processes.
 */
export const accountImports = pgTable('account_imports', {
  id: serial('id').primaryKey(),
  operatorId: integer('operator_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  lang: text('lang').notNull(),
  status: text('status', { enum: ['checking', 'preparing', 'done', 'failed'] }).notNull(),
  total: integer('total').notNull(),
  checked: integer('checked').notNull().default(0),
  prepared: integer('prepared').notNull().default(0),
  imported: integer('imported').notNull().default(0),
  rows: jsonb('rows').$type<unknown[]>().notNull(),
  errors: jsonb('errors').$type<AccountImportError[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [
  // one running import per operator: a second one is refused by this index (409)
  uniqueIndex('account_imports_one_running').on(t.operatorId).where(sql`status in ('checking', 'preparing')`),
  index('account_imports_operator').on(t.operatorId, t.id),
]);
