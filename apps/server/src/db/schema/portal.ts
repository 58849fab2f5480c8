import { pgTable, serial, integer, text, boolean, timestamp, jsonb, index, primaryKey } from 'drizzle-orm/pg-core';
import type { PageContent, PortalOverlay } from '@bencao/contracts';

/** The page manager's tree: directories, pages (a draft and a published content) and URL entries. */
export const portalNodes = pgTable('portal_nodes', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  kind: text('kind', { enum: ['dir', 'page', 'url'] }).notNull(),
  name: text('name').notNull(),
  url: text('url'),
  seq: integer('seq').notNull().default(0),
  /** account ids; empty: anyone holding the page authorities */
  maintainers: jsonb('maintainers').$type<number[]>().notNull().default([]),
  draft: jsonb('draft').$type<PageContent>(),
  published: jsonb('published').$type<PageContent>(),
  /** 0 until first published; +1 on every publish */
  publishedVersion: integer('published_version').notNull().default(0),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  draftChangedAt: timestamp('draft_changed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('portal_nodes_parent').on(t.parentId)]);

/** A page given to users, organs, roles or everyone; the best ranked applicable one is the home page. */
export const portalAssignments = pgTable('portal_assignments', {
  id: serial('id').primaryKey(),
  pageId: integer('page_id').notNull().references(() => portalNodes.id),
  scopeType: text('scope_type', { enum: ['user', 'organ', 'role', 'everyone'] }).notNull(),
  scopeIds: jsonb('scope_ids').$type<number[]>().notNull().default([]),
  priority: integer('priority').notNull().default(0),
  isDefault: boolean('is_default').notNull().default(true),
  /** forbids personal overlays of this page for the users it reaches through this assignment */
  locked: boolean('locked').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('portal_assignments_page').on(t.pageId)]);

/** A user's personal changes to a page; applied over whatever version is published. */
export const portalOverlays = pgTable('portal_overlays', {
  accountId: integer('account_id').notNull(),
  pageId: integer('page_id').notNull().references(() => portalNodes.id, { onDelete: 'cascade' }),
  overlay: jsonb('overlay').$type<PortalOverlay>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.accountId, t.pageId] })]);

/** Hosts the "external URL" widget may frame. */
export const portalFrameHosts = pgTable('portal_frame_hosts', {
  host: text('host').primaryKey(),
});
