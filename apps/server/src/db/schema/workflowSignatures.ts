import { customType, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './security';
import { wfInstances } from './workflow';

/**
 * Electronic signatures given at approval nodes (issue 26): the manifest (printed name, account, time and
 * the signer's zone, meaning), the SHA-256 of the data signed, and the handwritten image (PNG) when drawn;
 * and each user's saved handwritten signature. Kept with the instance (deleted with it).
 */
const ts = (name: string) => timestamp(name, { withTimezone: true });
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const wfSignatures = pgTable('wf_signatures', {
  id: serial('id').primaryKey(),
  instanceId: integer('instance_id').notNull().references(() => wfInstances.id, { onDelete: 'cascade' }),
  taskId: integer('task_id'),
  elementId: text('element_id').notNull(),
  /** no foreign key: the manifest outlives the account */
  accountId: integer('account_id'),
  userId: text('user_id').notNull(),
  printedName: text('printed_name').notNull(),
  meaning: text('meaning').notNull(),
  signedAt: ts('signed_at').notNull(),
  timeZone: text('time_zone').notNull(),
  dataHash: text('data_hash').notNull(),
  image: bytea('image'),
}, (t) => [index('wf_signatures_instance').on(t.instanceId, t.id)]);

export const wfSavedSignatures = pgTable('wf_saved_signatures', {
  accountId: integer('account_id').primaryKey().references(() => accounts.id, { onDelete: 'cascade' }),
  image: bytea('image').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
