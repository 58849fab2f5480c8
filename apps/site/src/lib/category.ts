import type { ArticleSummary } from '../api/types';

/** an article's category as the visitor reads it: its name in the site's language where the server gave one */
export const categoryOf = (a: Pick<ArticleSummary<unknown>, 'fields' | 'categoryLabel'>): string | undefined =>
  a.categoryLabel || (a.fields as { category?: string }).category || undefined;
