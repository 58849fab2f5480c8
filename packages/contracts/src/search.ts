import { z } from 'zod';
import { SITE_LANGS } from './cmsTranslations';

/**
 * Site search (module `search`) over the live news, products, TCM articles (kind `tcm`, the cms kind
 * `medicine`), jobs and bid notices.
 *
 *   GET /api/site/search?q=&kind=&lang=&page=&limit=   (public) → SearchAnswer
 *
 * Matching: every word of `q` (a run of Chinese characters, or of Latin letters and digits) must
 * occur in the title or the text; results with more words in the title come first, newer first
 * among equals. `titleHtml` and `snippet` are escaped text with the matched words in `<mark>`.
 */
export const SEARCH_KINDS = ['news', 'product', 'tcm', 'job', 'bid'] as const;
export const searchKindSchema = z.enum(SEARCH_KINDS);
export type SearchKind = z.infer<typeof searchKindSchema>;
export const SEARCH_MAX_QUERY = 50;
export const SEARCH_MAX_LIMIT = 50;

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1).max(SEARCH_MAX_QUERY),
  kind: searchKindSchema.optional(),
  lang: z.enum(SITE_LANGS).default('zh'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(10),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export interface SearchHit {
  /** the article's id */
  id: number;
  kind: SearchKind;
  /** the language the hit is shown in (an English search shows untranslated content in Chinese) */
  lang: string;
  title: string;
  /** the title, escaped, with the matched words in `<mark>` */
  titleHtml: string;
  /** a passage of the text around the first match, escaped, with the matched words in `<mark>` */
  snippet: string;
  /** the server-rendered path URL (/news/12) */
  url: string;
  /** the site's hash route (/newsDetail?id=12) */
  route: string;
  publishedAt: string;
}

export interface SearchAnswer {
  total: number;
  records: SearchHit[];
  /** results per kind for the same words, for the kind filter */
  kinds: Record<SearchKind, number>;
  /** the words looked for (what the query was split into) */
  terms: string[];
}

/** cms article kind ↔ search kind */
export const SEARCH_KIND_OF_ARTICLE = { news: 'news', product: 'product', medicine: 'tcm', job: 'job', bid: 'bid' } as const;
