import { sql } from 'drizzle-orm';
import { pgTable, serial, integer, text, timestamp, jsonb, index } from 'drizzle-orm/pg-core';

/**
 * In-app notifications (the console's bell). Title and body are catalogue keys with parameters,
 * translated when read, so each recipient sees them in the language they use.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  kind: text('kind').notNull(),
  params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
  link: text('link'),
  createdAt: ts('created_at').notNull(),
  readAt: ts('read_at'),
}, (t) => [index('notifications_account').on(t.accountId, t.createdAt), index('notifications_unread').on(t.accountId).where(sql`read_at is null`)]);

/** the language each account last used the console in (mail goes out in it) */
export const accountLanguages = pgTable('account_languages', {
  accountId: integer('account_id').primaryKey(),
  lang: text('lang').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
