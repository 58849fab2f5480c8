import { pgTable, serial, integer, text, boolean, timestamp, jsonb, primaryKey, index } from 'drizzle-orm/pg-core';

/**
 * Application credentials of the gateway's open API (docs/APP-SIGNING.md). The secret itself is never
 * stored: only the signing key derived from it (HMAC-SHA256(secret, "bencao-app-v1")), which is what
 * the server needs to check a signature. Revoking wipes the signing key and keeps the row for the record.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const gwAppCredentials = pgTable('gw_app_credentials', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  /** public identifier sent in X-Bencao-Key */
  accessKey: text('access_key').notNull().unique(),
  /** hex of HMAC-SHA256(secret, "bencao-app-v1"); '' once revoked */
  signingKey: text('signing_key').notNull(),
  /** true: every namespace; else `namespaces` */
  allNamespaces: boolean('all_namespaces').notNull().default(false),
  namespaces: jsonb('namespaces').$type<string[]>().notNull().default([]),
  /** APP_RIGHTS of @bencao/contracts */
  rights: jsonb('rights').$type<string[]>().notNull().default([]),
  enabled: boolean('enabled').notNull().default(true),
  revokedAt: ts('revoked_at'),
  revokedBy: text('revoked_by'),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  lastUsedAt: ts('last_used_at'),
});

/**
 * Nonces seen within the clock window, one row per credential and nonce: the primary key makes a
 * replay fail in the database, so every server process on the same database refuses it. A row is
 * purged once its request's timestamp has left the window (`expires_at`).
 */
export const gwAppNonces = pgTable('gw_app_nonces', {
  credentialId: integer('credential_id').notNull().references(() => gwAppCredentials.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  expiresAt: ts('expires_at').notNull(),
}, (t) => [primaryKey({ columns: [t.credentialId, t.nonce] }), index('gw_app_nonces_expires').on(t.expiresAt)]);
