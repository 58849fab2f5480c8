import { integer, pgTable, serial, text, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SearchKind } from '@bencao/contracts';
import { cmsArticles } from './cms';

/**
 * The site search index: one row per searchable article (news, product, TCM article, job, bid) and
 * language. Rows are written by the database itself (migration `search_index`): a trigger on
 * cms_articles re-indexes the Chinese content on every insert or content change, a deleted article
 * takes its rows with it (cascade), and `search_index_document(article, lang, title, summary, body,
 * fields)` indexes any other language. Whether a row is shown is decided at query time from the
 * article's state (published, inside its window), so scheduled and withdrawn content is never found.
 */
export const searchDocuments = pgTable('search_documents', {
  id: serial('id').primaryKey(),
  articleId: integer('article_id').notNull().references(() => cmsArticles.id, { onDelete: 'cascade' }),
  lang: text('lang').notNull(),
  kind: text('kind').$type<SearchKind>().notNull(),
  title: text('title').notNull(),
  /** plain text as written: summary, the body without markup, and the kind's own fields (label fields, project number, …) */
  text: text('text').notNull(),
  /** the server-rendered path URL of the content (/news/12) */
  url: text('url').notNull(),
  /** the date the site shows for the content (newer first on equal relevance) */
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  /**
   * what matching looks up (GIN): lower-cased Latin words and digit runs, and every CJK character and
   * character pair, made by the SQL function `search_tokens` — the same function tokenises the query
   */
  tokens: text('tokens').array().notNull(),
}, (t) => [
  uniqueIndex('search_documents_article_lang').on(t.articleId, t.lang),
  index('search_documents_tokens').using('gin', t.tokens),
]);
