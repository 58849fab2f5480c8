import { pgTable, integer, text, timestamp, jsonb, primaryKey } from 'drizzle-orm/pg-core';
import { accounts } from './security';

/** An account's console preferences (issue 28, item 11), one JSON document per key; only the account itself reads or writes them. */
export const userPreferences = pgTable('user_preferences', {
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.accountId, t.key] })]);
