import { z } from 'zod';
import type { ArticleTranslationInput } from './cmsTranslations';
import { pageQuerySchema } from './paging';

/**
 * Content management (module `cms`): columns (the public menu), articles of six kinds with their
 * own typed fields, the media library, the site settings — and the answers of the public site API.
 *
 * Console API (authorities cms:column, cms:article, cms:media, cms:settings + actions):
 *   /api/cms/columns, /api/cms/articles, /api/cms/media, /api/cms/settings
 * Public API (authority 'public', only published, in-window content):
 *   GET /api/art/column/columnTreeselect?parentId=1000   → SiteColumn[]
 *   GET /api/site/settings                               → SiteSettings
 *   GET /api/site/articles?kind&columnId&category&keyword&page&limit → Page<SiteArticleSummary>
 *   GET /api/site/articles/:id[?preview=token]            → SiteArticleDetail
 *   GET /api/site/pages/:slug[?preview=token]            → SiteArticleDetail
 *   GET /api/site/products/categories                    → ProductCategory[]
 *   GET /api/site/media/:id/:width  (webp variant)   GET /api/site/media/:id  (original)
 */

/** The id of the root column whose children are the header menu (SPEC §7 parentId=1000). */
export const HEADER_COLUMN_ID = 1000;
/** widths of the webp variants made for every uploaded image (srcset) */
export const MEDIA_WIDTHS = [320, 640, 1024, 1600] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
export const MEDIA_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type MediaMime = (typeof MEDIA_MIME_TYPES)[number];

export const ARTICLE_KINDS = ['news', 'product', 'medicine', 'job', 'bid', 'page'] as const;
export const articleKindSchema = z.enum(ARTICLE_KINDS);
export type ArticleKind = z.infer<typeof articleKindSchema>;

export const ARTICLE_STATUSES = ['draft', 'published', 'unpublished'] as const;
export const articleStatusSchema = z.enum(ARTICLE_STATUSES);
export type ArticleStatus = z.infer<typeof articleStatusSchema>;

/** the slugs of the "page" articles the site asks for by name */
export const PAGE_SLUGS = ['overview', 'strategy', 'history', 'party', 'culture', 'privacy'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];
/** /aboutPage?showIndex=N → page slug (SPEC §2) */
export const ABOUT_SECTIONS: Record<number, PageSlug> = { 0: 'overview', 2: 'strategy', 4: 'history', 5: 'party' };

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => z.string().trim().min(1).max(max);
/** `YYYY-MM-DD` */
export const dateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
/** an ISO 8601 date-time (`2026-03-01T09:30:00+08:00`, `2026-03-01T01:30:00.000Z`) or `YYYY-MM-DD HH:mm` */
export const dateTimeString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/, 'YYYY-MM-DD HH:mm');
const mediaId = z.coerce.number().int().positive();

// ───────────────────────────── kind-specific fields ─────────────────────────────

/** news and TCM knowledge (medicine) articles */
export const newsFieldsSchema = z.object({
  source: text(100).default(''),
  author: text(60).default(''),
  category: text(40).default(''),
});
export type NewsFields = z.infer<typeof newsFieldsSchema>;
export const medicineFieldsSchema = newsFieldsSchema;
export type MedicineFields = NewsFields;

/** a product follows the Chinese drug label (药品说明书) */
export const productFieldsSchema = z.object({
  name: required(100),
  pinyin: text(200).default(''),
  ingredients: required(2000), // 成份
  appearance: text(1000).default(''), // 性状
  indications: required(2000), // 功能主治
  specification: text(500).default(''), // 规格
  usage: text(1000).default(''), // 用法用量
  adverseReactions: text(1000).default(''), // 不良反应
  contraindications: text(1000).default(''), // 禁忌
  precautions: text(3000).default(''), // 注意事项
  storage: text(300).default(''), // 贮藏
  packaging: text(300).default(''), // 包装
  validity: text(100).default(''), // 有效期
  standard: text(300).default(''), // 执行标准
  approvalNumber: required(60), // 批准文号
  manufacturer: required(200), // 生产企业
  rxOtc: z.enum(['Rx', 'OTC']),
  category: required(40),
  images: z.array(mediaId).max(12).default([]),
});
export type ProductFields = z.infer<typeof productFieldsSchema>;

export const jobFieldsSchema = z.object({
  department: required(60),
  location: required(60),
  headcount: z.coerce.number().int().min(1).max(999),
  education: text(60).default(''),
  experience: text(60).default(''),
  duties: required(4000),
  requirements: required(4000),
  startDate: dateString,
  endDate: dateString,
  contact: text(200).default(''),
  /** monthly pay in yuan, lowest and highest (the job page and JobPosting's baseSalary); none: not published */
  salaryMin: z.coerce.number().int().min(0).max(9_999_999).nullish(),
  salaryMax: z.coerce.number().int().min(0).max(9_999_999).nullish(),
}).refine((j) => j.salaryMin == null || j.salaryMax == null || j.salaryMax >= j.salaryMin, { path: ['salaryMax'], message: 'valid.salaryBelowMin' });
export type JobFields = z.infer<typeof jobFieldsSchema>;

export const BID_TYPES = ['tender', 'change', 'result'] as const;
export const bidTypeSchema = z.enum(BID_TYPES);
export type BidType = z.infer<typeof bidTypeSchema>;
export const bidAttachmentSchema = z
  .object({
    name: required(200),
    mediaId: mediaId.optional(),
    url: z.string().trim().max(1000).regex(/^(https?:\/\/|\/api\/site\/media\/)/, 'http(s) URL').optional(),
  })
  .refine((a) => a.mediaId !== undefined || !!a.url, { path: ['url'], message: 'mediaId or url' });
export type BidAttachment = z.infer<typeof bidAttachmentSchema>;
export const bidFieldsSchema = z.object({
  bidType: bidTypeSchema,
  purchaser: required(200),
  project: required(200),
  budget: text(100).default(''),
  qualifications: text(4000).default(''),
  documentStart: dateTimeString.nullable().default(null),
  documentEnd: dateTimeString.nullable().default(null),
  bidDeadline: dateTimeString.nullable().default(null),
  openingTime: dateTimeString.nullable().default(null),
  openingPlace: text(200).default(''),
  /** the winning bidder, for result notices */
  winner: text(200).default(''),
  contact: text(300).default(''),
  attachments: z.array(bidAttachmentSchema).max(20).default([]),
});
export type BidFields = z.infer<typeof bidFieldsSchema>;

/** about-us sections and the culture page; the extras are optional decorations of the page */
export const pageFieldsSchema = z.object({
  subtitle: text(200).default(''),
  /** key figures shown as a strip (e.g. 始创 1987年) */
  highlights: z.array(z.object({ label: required(40), value: required(40) })).max(8).default([]),
  /** milestones, shown as a timeline (history) */
  timeline: z.array(z.object({ year: required(20), text: required(400) })).max(60).default([]),
});
export type PageFields = z.infer<typeof pageFieldsSchema>;

export const articleFieldsSchemas = {
  news: newsFieldsSchema,
  product: productFieldsSchema,
  medicine: medicineFieldsSchema,
  job: jobFieldsSchema,
  bid: bidFieldsSchema,
  page: pageFieldsSchema,
} as const;
export interface ArticleFieldsByKind {
  news: NewsFields;
  product: ProductFields;
  medicine: MedicineFields;
  job: JobFields;
  bid: BidFields;
  page: PageFields;
}
export type ArticleFields = ArticleFieldsByKind[ArticleKind];

// ───────────────────────────── columns ─────────────────────────────

export const columnInputSchema = z.object({
  label: required(40),
  /** site route the menu item links to (e.g. /newsPage); empty for pure categories */
  path: z.string().trim().max(200).regex(/^(\/[\w\-./]*)?$|^https?:\/\//, 'path').default(''),
  parent: z.coerce.number().int().positive(),
  seq: z.coerce.number().int().min(0).max(100000).default(0),
  visible: z.boolean().default(true),
  /** the label in the site's other languages; a missing one shows the Chinese label */
  labels: z.object({ en: z.string().trim().max(60).optional() }).default({}),
});
export type ColumnLabels = { en?: string };
export type ColumnInput = z.infer<typeof columnInputSchema>;
export interface CmsColumn extends ColumnInput {
  id: number;
  /** articles placed in this column (not counting sub-columns) */
  articleCount: number;
  updatedAt: string;
}
/** GET /api/cms/columns answers the whole tree */
export interface CmsColumnNode extends CmsColumn {
  children: CmsColumnNode[];
}
/** PUT /api/cms/columns/order: new parents and positions after a drag in the tree */
export const columnOrderSchema = z.object({
  items: z.array(z.object({ id: z.coerce.number().int().positive(), parent: z.coerce.number().int().positive(), seq: z.coerce.number().int().min(0) })).min(1).max(1000),
});

// ───────────────────────────── articles (console) ─────────────────────────────

const articleBase = z.object({
  title: required(200),
  summary: text(1000).default(''),
  /** rich HTML; sanitized by the server on save (allow-list), and again by the site on render */
  body: z.string().max(500_000).default(''),
  coverId: mediaId.nullable().default(null),
  columnId: z.coerce.number().int().positive().nullable().default(null),
  /** page articles are found by slug (overview, strategy, history, party, culture) */
  slug: z.string().trim().max(60).regex(/^([a-z0-9][a-z0-9-]*)?$/, 'a-z 0-9 -').nullable().default(null),
  seoTitle: text(200).default(''),
  seoDescription: text(500).default(''),
  /** position in lists that are not by date (products) */
  seq: z.coerce.number().int().min(0).max(100000).default(0),
  /** scheduled publication: visible only when publishAt ≤ now (null: since publication) */
  publishAt: dateTimeString.nullable().default(null),
  /** scheduled withdrawal: visible only while now < unpublishAt (null: no end) */
  unpublishAt: dateTimeString.nullable().default(null),
});

const withKind = <K extends ArticleKind>(kind: K) =>
  articleBase.extend({ kind: z.literal(kind), fields: articleFieldsSchemas[kind] });

/** body of POST /api/cms/articles and PUT /api/cms/articles/:id (the kind cannot change on update) */
export const articleInputSchema = z
  .discriminatedUnion('kind', [
    withKind('news'),
    withKind('product'),
    withKind('medicine'),
    withKind('job'),
    withKind('bid'),
    withKind('page'),
  ])
  .superRefine((a, ctx) => {
    if (a.publishAt && a.unpublishAt && Date.parse(a.unpublishAt) <= Date.parse(a.publishAt)) {
      ctx.addIssue({ code: 'custom', path: ['unpublishAt'], message: 'unpublishAt must be later than publishAt' });
    }
    if (a.kind === 'page' && !a.slug) ctx.addIssue({ code: 'custom', path: ['slug'], message: 'slug is required for a page' });
    if (a.kind === 'job' && a.fields.endDate < a.fields.startDate) {
      ctx.addIssue({ code: 'custom', path: ['fields', 'endDate'], message: 'endDate must not be earlier than startDate' });
    }
  });
export type ArticleInput = z.infer<typeof articleInputSchema>;
export type ArticleInputOf<K extends ArticleKind> = Extract<ArticleInput, { kind: K }>;

/** POST /api/cms/articles/:id/publish — optional schedule; without it the article is live now */
export const publishInputSchema = z
  .object({
    publishAt: dateTimeString.nullable().optional(),
    unpublishAt: dateTimeString.nullable().optional(),
  })
  .default({});
export type PublishInput = z.infer<typeof publishInputSchema>;

export const articleListQuerySchema = pageQuerySchema.extend({
  kind: articleKindSchema.optional(),
  status: articleStatusSchema.optional(),
  /** live = published and inside its window now; scheduled = published, window not yet open; expired = window closed */
  state: z.enum(['live', 'scheduled', 'expired']).optional(),
  columnId: z.coerce.number().int().positive().optional(),
  keyword: z.string().trim().max(100).optional(),
  category: z.string().trim().max(40).optional(),
});
export type ArticleListQuery = z.infer<typeof articleListQuerySchema>;
/** sortable columns of the console list */
export const ARTICLE_SORTS = ['id', 'title', 'status', 'seq', 'publishAt', 'publishedAt', 'updatedAt', 'createdAt'] as const;

export interface CmsArticle {
  id: number;
  kind: ArticleKind;
  title: string;
  summary: string;
  body: string;
  coverId: number | null;
  cover: SiteImage | null;
  columnId: number | null;
  columnLabel: string | null;
  slug: string | null;
  seoTitle: string;
  seoDescription: string;
  seq: number;
  status: ArticleStatus;
  publishAt: string | null;
  unpublishAt: string | null;
  /** when it was (first) published; what the site shows as the date is publishAt ?? publishedAt */
  publishedAt: string | null;
  /** published and inside its window right now: what the site serves */
  live: boolean;
  fields: ArticleFields;
  /** number of the current version (every save adds one) */
  version: number;
  /**
   * a published article edited since its publication: the answer shows the edits, the site still
   * serves the published content until the next publish
   */
  pendingDraft: boolean;
  /** languages other than Chinese it has a translation in (the console tags the missing ones) */
  translations: ('en')[];
  createdBy: string;
  updatedBy: string;
  createdAt: string;
  updatedAt: string;
}
/** rows of the console list carry everything but the body */
export type CmsArticleRow = Omit<CmsArticle, 'body'>;

export interface ArticleVersion {
  id: number;
  articleId: number;
  version: number;
  title: string;
  status: ArticleStatus;
  /** why the version was stored: create, update, publish, unpublish, restore */
  action: 'create' | 'update' | 'publish' | 'unpublish' | 'restore';
  /** the article itself (zh, numbered by the article's version) or its English translation (numbered apart) */
  lang: 'zh' | 'en';
  createdBy: string;
  createdAt: string;
}
/** GET /api/cms/articles/:id/versions/:versionId: the article's content, or the translation's for an English version */
export interface ArticleVersionDetail extends ArticleVersion {
  snapshot: ArticleInput | ArticleTranslationInput;
}

/** POST /api/cms/articles/:id/preview → a short-lived token to open a draft on the site */
export interface PreviewAnswer {
  token: string;
  expiresAt: string;
  /** site hash route to open, e.g. `/#/newsDetail?id=12&preview=…`; pages: `/#/aboutPage?showIndex=0&preview=…`, `/#/corporateCulturePage?preview=…` (the site passes `preview` to /api/site/pages/:slug) */
  sitePath: string;
}
/** the site detail route of each kind (hash routes, query id) */
export const SITE_DETAIL_ROUTES: Record<ArticleKind, string> = {
  news: '/newsDetail',
  product: '/productDetail',
  medicine: '/medicDetail',
  job: '/jobDetail',
  bid: '/bidDetail',
  page: '/aboutPage',
};

// ───────────────────────────── media ─────────────────────────────

/** multipart fields accompanying the file of POST /api/cms/media */
export const mediaInputSchema = z.object({
  alt: required(200),
  title: text(200).default(''),
});
export const mediaUpdateSchema = mediaInputSchema;
export const mediaListQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
});
export const MEDIA_SORTS = ['id', 'createdAt', 'size', 'filename'] as const;
export interface CmsMedia {
  id: number;
  filename: string;
  mime: MediaMime;
  size: number;
  width: number;
  height: number;
  alt: string;
  title: string;
  /** original: /api/site/media/:id?k=<accessKey> (media that no live content shows open only with their key) */
  url: string;
  /** the smallest variant, with the key: for the console's thumbnails */
  thumb: string;
  /** unguessable key opening this medium before live content uses it (console and preview links only) */
  accessKey: string;
  /** widths that have a webp variant (those ≤ the original width, at least the smallest) */
  widths: number[];
  srcset: string;
  /** articles that use it as cover or product image */
  usedBy: number;
  createdBy: string;
  createdAt: string;
}

// ───────────────────────────── settings ─────────────────────────────

/** the English of the settings visitors read, and of the content categories (`fields.category`) by their Chinese name */
function siteSettingsEnSchema() {
  return z.object({
    companyName: text(100).default(''),
    address: text(200).default(''),
    serviceHours: text(40).default(''),
    categories: z.record(required(40), text(60)).default({}),
  });
}

export const siteSettingsSchema = z.object({
  hotlines: z.tuple([required(40), required(40)]),
  serviceHours: required(40),
  icp: required(60),
  icpUrl: z.string().trim().url().max(300),
  publicSecurityFiling: text(60),
  drugInfoCert: text(100),
  companyName: required(100),
  address: text(200),
  email: z.union([z.literal(''), z.string().trim().email().max(100)]),
  copyProtection: z.boolean(),
  biddingColumnId: z.coerce.number().int().positive(),
  /** what the English site shows instead (an empty text shows the Chinese one) */
  en: siteSettingsEnSchema().prefault({}),
});
/** GET /api/site/settings, GET/PUT /api/cms/settings */
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

// ───────────────────────────── public answers (the site) ─────────────────────────────

/** GET /api/art/column/columnTreeselect?parentId=1000 → visible children, in order */
export interface SiteColumn {
  id: number;
  label: string;
  path: string;
  parent: number;
}

/** an image ready for <img src srcset width height alt> */
export interface SiteImage {
  /** src: the largest webp variant not wider than 1024 px */
  url: string;
  /** `…/320 320w, …/640 640w, …` */
  srcset: string;
  /** the original's size in pixels (gives the aspect ratio: set both on <img> to avoid layout shift) */
  width: number;
  height: number;
  alt: string;
}

export const siteArticleQuerySchema = z.object({
  kind: articleKindSchema.optional(),
  /** the column and its sub-columns */
  columnId: z.coerce.number().int().positive().optional(),
  /** fields.category (products, news, medicine) */
  category: z.string().trim().max(40).optional(),
  keyword: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  /** the site's language: `en` answers the English translations (Chinese where there is none) */
  lang: z.enum(['zh', 'en']).default('zh'),
});
export type SiteArticleQuery = z.infer<typeof siteArticleQuerySchema>;

/**
 * Fields as the site receives them: as stored, except bid attachments whose url is always set
 * (`/api/site/media/:id` for media ones).
 */
export type SiteArticleFields = ArticleFields;

/** records of GET /api/site/articles: newest first (products: by seq, then name) */
export interface SiteArticleSummary {
  id: number;
  kind: ArticleKind;
  title: string;
  summary: string;
  cover: SiteImage | null;
  /** ISO date-time shown as the article's date */
  publishedAt: string;
  columnId: number | null;
  fields: SiteArticleFields;
  /** asked in English and there is no English translation: the Chinese text is shown (with a notice) */
  untranslated?: boolean;
  /** `fields.category` in the asked language (the category's English name from the settings), where there is one */
  categoryLabel?: string;
}

export interface SiteArticleLink {
  id: number;
  title: string;
}

/** GET /api/site/articles/:id and GET /api/site/pages/:slug */
export interface SiteArticleDetail extends SiteArticleSummary {
  /** sanitized HTML (sanitize again before rendering) */
  body: string;
  seoTitle: string;
  seoDescription: string;
  /** product images (fields.images resolved), empty for other kinds */
  images: SiteImage[];
  /** the neighbour newer than this one in the same kind (and column), null at the end */
  prev: SiteArticleLink | null;
  /** the neighbour older than this one, null at the end */
  next: SiteArticleLink | null;
  /** set when answered for a preview link: the content may be unpublished or pending */
  preview?: boolean;
}

/** GET /api/site/products/categories */
export interface ProductCategory {
  /** the category as stored (the key of `?category=`) */
  name: string;
  /** the name in the asked language (Chinese where no English is set) */
  label: string;
  count: number;
}
