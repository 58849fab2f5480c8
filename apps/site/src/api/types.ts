/**
 * Shapes of the public site API, from the shared contracts (type-only imports: no zod reaches
 * the site bundle).
 */
import type {
  ArticleKind,
  BidFields,
  JobFields,
  NewsFields,
  PageFields,
  PageSlug,
  ProductCategory,
  ProductFields,
  SiteArticleDetail,
  SiteArticleLink,
  SiteArticleSummary,
  SiteColumn,
  SiteImage,
  SiteSettings,
} from '@bencao/contracts';

export type { ArticleKind, BidFields, JobFields, NewsFields, PageFields, PageSlug, ProductCategory, ProductFields, SiteSettings };
export type Column = SiteColumn;
export type ImageRef = SiteImage;
export type ArticleLink = SiteArticleLink;

/** A list record whose `fields` are those of one kind. */
export type ArticleSummary<F = SiteArticleSummary['fields']> = Omit<SiteArticleSummary, 'fields'> & { fields: F };
export type ArticleDetail<F = SiteArticleSummary['fields']> = Omit<SiteArticleDetail, 'fields'> & { fields: F };

export interface Page<T> {
  total: number;
  records: T[];
}
