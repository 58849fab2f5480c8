import { sql } from 'drizzle-orm';
import { pgTable, serial, integer, text, boolean, jsonb, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ArticleFields, ArticleTranslationInput, ColumnLabels, ArticleInput, ArticleKind, ArticleStatus, ArticleVersion, ArticleVersionDetail, SiteSettings } from '@bencao/contracts';

/** The public menu: a tree under the root column 1000 (the header). */
export const cmsColumns = pgTable('cms_columns', {
  id: serial('id').primaryKey(),
  /** stable name of seeded columns (news, bid.tender, …); null for columns made in the console */
  code: text('code').unique(),
  label: text('label').notNull(),
  path: text('path').notNull().default(''),
  parent: integer('parent'),
  seq: integer('seq').notNull().default(0),
  visible: boolean('visible').notNull().default(true),
  /** the label in other languages of the site ({ en: 'News' }); a missing one shows the Chinese label */
  labels: jsonb('labels').$type<ColumnLabels>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('cms_columns_parent').on(t.parent, t.seq)]);

export const cmsMedia = pgTable('cms_media', {
  id: serial('id').primaryKey(),
  /** storage key of the original; variants are `<key>-<width>.webp` (content-addressed) */
  storageKey: text('storage_key').notNull(),
  filename: text('filename').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** widths of the webp variants stored */
  widths: jsonb('widths').$type<number[]>().notNull(),
  alt: text('alt').notNull(),
  title: text('title').notNull().default(''),
  /** unguessable key that lets the console (and preview links) load a medium no live content uses yet */
  accessKey: text('access_key').notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('cms_media_key').on(t.storageKey)]);

export const cmsArticles = pgTable('cms_articles', {
  id: serial('id').primaryKey(),
  kind: text('kind').$type<ArticleKind>().notNull(),
  columnId: integer('column_id').references(() => cmsColumns.id, { onDelete: 'set null' }),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  body: text('body').notNull().default(''),
  coverId: integer('cover_id').references(() => cmsMedia.id, { onDelete: 'set null' }),
  slug: text('slug'),
  seoTitle: text('seo_title').notNull().default(''),
  seoDescription: text('seo_description').notNull().default(''),
  seq: integer('seq').notNull().default(0),
  status: text('status').$type<ArticleStatus>().notNull().default('draft'),
  publishAt: timestamp('publish_at', { withTimezone: true }),
  unpublishAt: timestamp('unpublish_at', { withTimezone: true }),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  fields: jsonb('fields').$type<ArticleFields>().notNull(),
  version: integer('version').notNull().default(1),
  /** edits saved to a published article: they go live on the next publish (the row keeps the live content) */
  draft: jsonb('draft').$type<ArticleInput>(),
  /** a live article's edits scheduled to replace it: at this time `draft` becomes the content (until then the live version stays) */
  scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
  /** when the live content last changed (the sitemap's lastmod); a save of pending edits leaves it */
  contentChangedAt: timestamp('content_changed_at', { withTimezone: true }).notNull().defaultNow(),
  /** sha-256 of the current preview token, and when it stops working */
  previewTokenHash: text('preview_token_hash'),
  previewExpiresAt: timestamp('preview_expires_at', { withTimezone: true }),
  /** stable name of seeded articles, so seeding adds only what is missing */
  seedKey: text('seed_key').unique(),
  createdBy: text('created_by').notNull(),
  updatedBy: text('updated_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('cms_articles_kind_status').on(t.kind, t.status),
  index('cms_articles_column').on(t.columnId),
  index('cms_articles_scheduled').on(t.scheduledAt).where(sql`${t.scheduledAt} is not null`),
  uniqueIndex('cms_articles_slug').on(t.slug),
]);

export const cmsArticleVersions = pgTable('cms_article_versions', {
  id: serial('id').primaryKey(),
  articleId: integer('article_id').notNull().references(() => cmsArticles.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  action: text('action').$type<ArticleVersion['action']>().notNull(),
  title: text('title').notNull(),
  status: text('status').$type<ArticleStatus>().notNull(),
  snapshot: jsonb('snapshot').$type<ArticleVersionDetail['snapshot']>().notNull(),
  /** the language the version is of: the article itself (zh) or its translation (the snapshot is then an ArticleTranslationInput) */
  lang: text('lang').$type<ArticleVersion['lang']>().notNull().default('zh'),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('cms_article_versions_article').on(t.articleId, t.version)]);

/** One row (id 1): what the site shows in its header and footer. */
export const cmsSettings = pgTable('cms_settings', {
  id: integer('id').primaryKey(),
  value: jsonb('value').$type<SiteSettings>().notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An article in another language of the site (English): title, summary, body, SEO texts and the
 * kind's text fields. Kept apart from the Chinese row, so neither edit overwrites the other. Like
 * the article, a published one keeps serving `content` while edits wait in `draft` until publish.
 */
export const cmsTranslations = pgTable('cms_translations', {
  id: serial('id').primaryKey(),
  articleId: integer('article_id').notNull().references(() => cmsArticles.id, { onDelete: 'cascade' }),
  lang: text('lang').$type<'en'>().notNull(),
  content: jsonb('content').$type<ArticleTranslationInput>(),
  draft: jsonb('draft').$type<ArticleTranslationInput>(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('cms_translations_article_lang').on(t.articleId, t.lang)]);
