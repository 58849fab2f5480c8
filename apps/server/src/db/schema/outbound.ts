import { check, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The operator's allow-list of the outbound request rule (`platform/outbound.ts`): one row (id 1).
 * Host names (`*.example.com` for a domain's hosts), IP addresses and CIDR ranges the server may call
 * although they are loopback, private, link-local or otherwise not public.
 */
export const outboundPolicy = pgTable('outbound_policy', {
  id: integer('id').primaryKey().default(1),
  allowHosts: jsonb('allow_hosts').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [check('outbound_policy_one_row', sql`${t.id} = 1`)]);
