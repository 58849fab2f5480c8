import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * One counter per cached domain ('auth': sessions, accounts and grants; 'site': the public site's
 * content), bumped by database triggers on every write to its tables (migration 0013). A process
 * keeps its caches while the counter it read is unchanged, so a write made by any process (or by
 * hand in psql) reaches every process's next request.
 */
export const cacheVersions = pgTable('cache_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
