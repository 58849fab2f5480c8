import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** How long each log kind is kept (days; 0 = for ever), applied by the daily `logPurge` job. */
export const logRetention = pgTable('log_retention', {
  kind: text('kind', { enum: ['operation', 'login', 'clientError'] }).primaryKey(),
  days: integer('days').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
