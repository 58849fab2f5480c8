import { z } from 'zod';
import { pageFieldsSchema, type ArticleKind } from './cms';

/**
 * Translations of the site's content (module `cms`). The site is in Chinese (the articles' own
 * columns) and English; an English translation of an article lives apart from the Chinese row.
 *
 *   GET  /api/cms/articles/:id/translations/:lang   → ArticleTranslation (what the editor saved)
 *   PUT  /api/cms/articles/:id/translations/:lang   ArticleTranslationInput → ArticleTranslation
 *   DELETE /api/cms/articles/:id/translations/:lang
 * The public API takes `lang=en` and answers `untranslated: true` on content shown in Chinese.
 */

/** languages of the site other than Chinese */
export const SITE_LANGS = ['zh', 'en'] as const;
export type SiteLang = (typeof SITE_LANGS)[number];
export const TRANSLATION_LANGS = ['en'] as const;
export const translationLangSchema = z.enum(TRANSLATION_LANGS);
export type TranslationLang = z.infer<typeof translationLangSchema>;
/** the `lang` query of the public API: anything but `en` is Chinese */
export const siteLangQuerySchema = z.object({ lang: z.enum(SITE_LANGS).default('zh') });

const text = (max: number) => z.string().trim().max(max).default('');

/** the text fields of each kind that a translation carries (codes, dates, numbers and categories stay as they are) */
export const translationFieldsSchemas = {
  news: z.object({ source: text(100), author: text(60) }),
  medicine: z.object({ source: text(100), author: text(60) }),
  product: z.object({
    name: text(100), ingredients: text(2000), appearance: text(1000), indications: text(2000), specification: text(500),
    usage: text(1000), adverseReactions: text(1000), contraindications: text(1000), precautions: text(3000),
    storage: text(300), packaging: text(300), validity: text(100), standard: text(300), manufacturer: text(200),
  }),
  job: z.object({
    department: text(60), location: text(60), education: text(60), experience: text(60),
    duties: text(4000), requirements: text(4000), contact: text(200),
  }),
  bid: z.object({
    purchaser: text(200), project: text(200), budget: text(100), qualifications: text(4000), openingPlace: text(200),
    winner: text(200), contact: text(300),
  }),
  page: pageFieldsSchema,
} as const satisfies Record<ArticleKind, z.ZodType>;

/** the translatable field names of a kind, in the order of the label (the console's form) */
export const translationFieldNames = (kind: ArticleKind): string[] => Object.keys(translationFieldsSchemas[kind].shape);

const base = {
  title: z.string().trim().min(1).max(200),
  summary: text(1000),
  body: z.string().max(500_000).default(''),
  seoTitle: text(200),
  seoDescription: text(500),
};
/** body of PUT /api/cms/articles/:id/translations/:lang, the fields checked against the article's kind */
export const articleTranslationInputSchema = z.object({
  ...base,
  fields: z.record(z.string(), z.unknown()).default({}),
});
export type ArticleTranslationInput = z.infer<typeof articleTranslationInputSchema>;
/** the same, with the fields of a known kind (the console form validates with this) */
export const articleTranslationSchemaOf = (kind: ArticleKind) => z.object({ ...base, fields: translationFieldsSchemas[kind] });

export interface ArticleTranslation extends ArticleTranslationInput {
  articleId: number;
  lang: TranslationLang;
  /** saved to a published article since its publication: goes live on the next publish */
  pendingDraft: boolean;
  /** the site shows it (the article is live and the translation is published with it) */
  live: boolean;
  updatedBy: string;
  updatedAt: string;
}
