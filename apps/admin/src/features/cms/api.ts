import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ArticleInput, ArticleKind, ArticleTranslation, ArticleTranslationInput, ArticleVersion, ArticleVersionDetail, CmsArticle, CmsArticleRow, CmsColumnNode, CmsMedia,
  ColumnInput, Page, PreviewAnswer, PublishInput, SiteSettings,
} from '@bencao/contracts';
import { call } from '@/lib/request';

export interface ArticleQuery {
  kind: ArticleKind; page: number; limit: number; sort?: string; order?: 'asc' | 'desc';
  keyword?: string; status?: string; state?: string; columnId?: number; category?: string;
}
export interface MediaQuery { page: number; limit: number; keyword?: string }

const clean = <T extends object>(q: T) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== null));

/** The console API of the website content (module `cms`). */
export const cmsApi = {
  columns: {
    tree: () => call<CmsColumnNode[]>('GET', '/api/cms/columns'),
    create: (body: ColumnInput) => call<CmsColumnNode>('POST', '/api/cms/columns', { body }),
    update: (id: number, body: ColumnInput) => call<CmsColumnNode>('PUT', `/api/cms/columns/${id}`, { body }),
    reorder: (items: { id: number; parent: number; seq: number }[]) => call<null>('PUT', '/api/cms/columns/order', { body: { items } }),
    remove: (id: number) => call<{ deleted: number }>('DELETE', `/api/cms/columns/${id}`),
  },
  articles: {
    list: (q: ArticleQuery) => call<Page<CmsArticleRow>>('GET', '/api/cms/articles', { params: clean(q) }),
    get: (id: number) => call<CmsArticle>('GET', `/api/cms/articles/${id}`),
    categories: (kind: ArticleKind) => call<{ name: string; count: number }[]>('GET', '/api/cms/articles/categories', { params: { kind } }),
    create: (body: ArticleInput) => call<CmsArticle>('POST', '/api/cms/articles', { body }),
    update: (id: number, body: ArticleInput) => call<CmsArticle>('PUT', `/api/cms/articles/${id}`, { body }),
    remove: (id: number) => call<{ deleted: number }>('DELETE', `/api/cms/articles/${id}`),
    publish: (id: number, body: PublishInput = {}) => call<CmsArticle>('POST', `/api/cms/articles/${id}/publish`, { body }),
    unpublish: (id: number) => call<CmsArticle>('POST', `/api/cms/articles/${id}/unpublish`, { body: {} }),
    versions: (id: number) => call<ArticleVersion[]>('GET', `/api/cms/articles/${id}/versions`),
    version: (id: number, versionId: number) => call<ArticleVersionDetail>('GET', `/api/cms/articles/${id}/versions/${versionId}`),
    restore: (id: number, versionId: number) => call<CmsArticle>('POST', `/api/cms/articles/${id}/versions/${versionId}/restore`, { body: {} }),
    preview: (id: number) => call<PreviewAnswer>('POST', `/api/cms/articles/${id}/preview`, { body: {} }),
  },
  translations: {
    /** null: no translation in that language yet */
    get: (id: number, lang: 'en') => call<ArticleTranslation | null>('GET', `/api/cms/articles/${id}/translations/${lang}`),
    save: (id: number, lang: 'en', body: ArticleTranslationInput) => call<ArticleTranslation>('PUT', `/api/cms/articles/${id}/translations/${lang}`, { body }),
  },
  media: {
    list: (q: MediaQuery) => call<Page<CmsMedia>>('GET', '/api/cms/media', { params: clean(q) }),
    one: (id: number) => call<CmsMedia>('GET', `/api/cms/media/${id}`),
    upload: (file: File, alt: string, title = '') => {
      const form = new FormData();
      form.append('alt', alt);
      form.append('title', title);
      form.append('file', file, file.name);
      return call<CmsMedia>('POST', '/api/cms/media', { form });
    },
    update: (id: number, body: { alt: string; title: string }) => call<CmsMedia>('PUT', `/api/cms/media/${id}`, { body }),
    remove: (id: number) => call<{ deleted: number }>('DELETE', `/api/cms/media/${id}`),
  },
  settings: {
    get: () => call<SiteSettings>('GET', '/api/cms/settings'),
    /** the public answer: readable without the settings authority */
    public: () => call<SiteSettings>('GET', '/api/site/settings'),
    update: (body: SiteSettings) => call<SiteSettings>('PUT', '/api/cms/settings', { body }),
  },
};

export const cmsKeys = {
  columns: ['cms', 'columns'] as const,
  articles: (q?: ArticleQuery) => (q ? ['cms', 'articles', q] as const : ['cms', 'articles'] as const),
  article: (id: number) => ['cms', 'article', id] as const,
  versions: (id: number) => ['cms', 'article', id, 'versions'] as const,
  translation: (id: number, lang: string) => ['cms', 'article', id, 'translation', lang] as const,
  media: (q?: MediaQuery) => (q ? ['cms', 'media', q] as const : ['cms', 'media'] as const),
  settings: ['cms', 'settings'] as const,
};

export const useColumns = () => useQuery({ queryKey: cmsKeys.columns, queryFn: cmsApi.columns.tree });
export const useArticles = (q: ArticleQuery) => useQuery({ queryKey: cmsKeys.articles(q), queryFn: () => cmsApi.articles.list(q), placeholderData: keepPreviousData });
export const useArticle = (id: number | null) => useQuery({ queryKey: cmsKeys.article(id ?? 0), queryFn: () => cmsApi.articles.get(id!), enabled: !!id });
export const useArticleTranslation = (id: number, lang: 'en') => useQuery({ queryKey: cmsKeys.translation(id, lang), queryFn: () => cmsApi.translations.get(id, lang) });
export const useVersions = (id: number | null, enabled: boolean) => useQuery({ queryKey: cmsKeys.versions(id ?? 0), queryFn: () => cmsApi.articles.versions(id!), enabled: !!id && enabled });
export const useMediaList = (q: MediaQuery, enabled = true) => useQuery({ queryKey: cmsKeys.media(q), queryFn: () => cmsApi.media.list(q), placeholderData: keepPreviousData, enabled });
export const useSettings = () => useQuery({ queryKey: cmsKeys.settings, queryFn: cmsApi.settings.get });
export const usePublicSettings = () => useQuery({ queryKey: [...cmsKeys.settings, 'public'], queryFn: cmsApi.settings.public });
export const useCategories = (kind: ArticleKind) => useQuery({ queryKey: ['cms', 'categories', kind], queryFn: () => cmsApi.articles.categories(kind) });

/** a mutation that refreshes the given query keys when it succeeds */
export function useCmsMutation<A, R>(fn: (a: A) => Promise<R>, invalidate: readonly (readonly unknown[])[], onSuccess?: (r: R, a: A) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (r, a) => {
      await Promise.all(invalidate.map((k) => qc.invalidateQueries({ queryKey: k as unknown[] })));
      onSuccess?.(r, a);
    },
  });
}
/** one medium (its keyed thumbnail URL): pictures no live content uses open only with their key */
export const useMedium = (id: number | null | undefined) => useQuery({ queryKey: ['cms', 'media', 'one', id], queryFn: () => cmsApi.media.one(id!), enabled: !!id, staleTime: 300_000 });
