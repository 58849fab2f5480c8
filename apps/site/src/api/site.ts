import { get, type RequestOptions } from './request';
import type { ArticleDetail, ArticleKind, ArticleSummary, Column, Page, PageSlug, ProductCategory, SiteSettings } from './types';
import { prefetch, useApi } from '../lib/useApi';
import { HEADER_PARENT } from '../lib/menu';
import { DETAIL_IMAGE_SIZES, preloadImage } from '../ui/detailImage';

export interface ListQuery {
  kind: ArticleKind;
  columnId?: string | number | null;
  category?: string | null;
  keyword?: string | null;
  page?: number;
  limit?: number;
}

export const api = {
  columns: (parentId: number | string = HEADER_PARENT) => get<Column[]>('/art/column/columnTreeselect', { parentId }),
  /** every visible column under the header, sub-columns included */
  columnTree: () => get<Column[]>('/site/columns'),
  settings: () => get<SiteSettings>('/site/settings'),
  articles: <F>(q: ListQuery) => get<Page<ArticleSummary<F>>>('/site/articles', { ...q }),
  article: <F>(id: string, preview?: string | null, opts?: RequestOptions) => get<ArticleDetail<F>>(`/site/articles/${encodeURIComponent(id)}`, { preview }, opts),
  page: (slug: PageSlug, opts?: RequestOptions) => get<ArticleDetail>(`/site/pages/${slug}`, {}, opts),
  categories: () => get<ProductCategory[]>('/site/products/categories'),
};

export const listKey = (q: ListQuery) => `articles:${JSON.stringify(q)}`;

export const useSettings = () => useApi('settings', api.settings);
export const useColumns = () => useApi('columns', () => api.columnTree());
export const useArticles = <F>(q: ListQuery | null) => useApi(q ? listKey(q) : null, () => api.articles<F>(q!));
export const articleKey = (id: string, preview?: string | null) => `article:${id}:${preview ?? ''}`;
export const pageKey = (slug: string) => `page:${slug}`;
export const useArticle = <F>(id: string | null, preview?: string | null) =>
  useApi(id ? articleKey(id, preview) : null, () => api.article<F>(id!, preview, { quiet: [404] }));

const DETAIL_ROUTES = new Set(['/newsDetail', '/productDetail', '/medicDetail', '/jobDetail', '/bidDetail']);
/** Detail routes: fetch the article while the page chunk is still downloading. */
export function prefetchFor(pathname: string, search: string) {
  if (!DETAIL_ROUTES.has(pathname)) return;
  const q = new URLSearchParams(search);
  const id = q.get('id');
  const preview = q.get('preview');
  if (!id) return;
  prefetch(articleKey(id, preview), () => api.article(id, preview, { quiet: [404] }).then((a) => {
    if (pathname === '/productDetail') preloadImage(a.cover ?? a.images?.[0], DETAIL_IMAGE_SIZES.product);
    else if (pathname === '/newsDetail' || pathname === '/medicDetail') preloadImage(a.cover, DETAIL_IMAGE_SIZES.article);
    return a;
  }));
}
export const usePage = (slug: PageSlug) => useApi(pageKey(slug), () => api.page(slug, { quiet: [404] }));
export const useCategories = () => useApi('categories', api.categories);
