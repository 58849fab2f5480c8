import type { SearchAnswer, SearchKind } from '@bencao/contracts';
import { get } from './request';
import { useApi } from '../lib/useApi';

export type { SearchAnswer, SearchHit, SearchKind } from '@bencao/contracts';
/** the kinds in the order the filter shows them */
export const SEARCH_KINDS: SearchKind[] = ['news', 'product', 'tcm', 'job', 'bid'];
export const SEARCH_MAX_QUERY = 50;
export const SEARCH_PAGE_SIZE = 10;

export interface SearchParams { q: string; kind: SearchKind | null; page: number }

export const searchKey = (p: SearchParams) => `search:${JSON.stringify(p)}`;
/** the results of a valid query (1–50 characters after trimming); null asks nothing */
export const useSearch = (p: SearchParams | null) =>
  useApi<SearchAnswer>(p ? searchKey(p) : null, () => get<SearchAnswer>('/site/search', { q: p!.q, kind: p!.kind, page: p!.page, limit: SEARCH_PAGE_SIZE }));
