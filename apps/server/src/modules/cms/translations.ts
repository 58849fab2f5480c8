import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  formatIssue, translationFieldsSchemas,
  type ArticleTranslation, type ArticleTranslationInput, type ArticleVersion, type Lang, type SiteArticleDetail, type SiteArticleSummary, type SiteColumn, type SiteLang, type SiteSettings, type TranslationLang,
} from '@bencao/contracts';
import type { Db } from '../../db/client';
import { cmsArticles, cmsArticleVersions, cmsTranslations } from '../../db/schema/index';
import { badRequest, notFound } from '../../platform/errors';
import { sanitizeBody } from './sanitize';
import { withoutMediaKeys } from './media';

type TranslationRow = typeof cmsTranslations.$inferSelect;
type Tx = Pick<Db, 'update'>;

/** a translated text replaces the Chinese one only where it was written */
const filled = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => (Array.isArray(v) ? v.length > 0 : v !== '' && v != null)));

/** the site's content in English over the Chinese: the translated texts, and the flag when there is none */
export function overlay<T extends SiteArticleSummary>(a: T, t: ArticleTranslationInput | undefined): T {
  if (!t) return { ...a, untranslated: true };
  const out = { ...a, title: t.title, summary: t.summary || a.summary, fields: { ...a.fields, ...filled(t.fields) } as T['fields'] };
  if ('body' in a) {
    const d = out as unknown as SiteArticleDetail;
    d.body = t.body ? sanitizeBody(t.body) : (a as unknown as SiteArticleDetail).body;
    d.seoTitle = t.seoTitle;
    d.seoDescription = t.seoDescription;
  }
  return out;
}

/** a column's label in the site's language (Chinese where it has none) */
export const columnIn = (lang: SiteLang) => (c: SiteColumn & { labels?: { en?: string } }): SiteColumn => ({
  id: c.id, label: (lang !== 'zh' && c.labels?.[lang]) || c.label, path: c.path, parent: c.parent,
});

/** the settings in the site's language: each English text that was written replaces its Chinese one */
export function settingsIn(s: SiteSettings, lang: SiteLang): SiteSettings {
  return lang === 'zh' ? s : { ...s, ...(filled({ companyName: s.en.companyName, address: s.en.address, serviceHours: s.en.serviceHours }) as Partial<SiteSettings>) };
}

/** the article's category under its name in the site's language, where one was given */
export function withCategoryLabel<T extends SiteArticleSummary>(a: T, names: Record<string, string>): T {
  const category = (a.fields as { category?: string }).category;
  return category && names[category] ? { ...a, categoryLabel: names[category] } : a;
}

/** English (and later other) translations of articles: saved apart from the Chinese, drafted like it */
export function translationService(db: Db) {
  const toAnswer = (r: TranslationRow, live: boolean): ArticleTranslation => ({
    ...(r.draft ?? r.content)!, articleId: r.articleId, lang: r.lang, pendingDraft: !!r.draft, live: live && !!r.content,
    updatedBy: r.updatedBy, updatedAt: r.updatedAt.toISOString(),
  });
  async function article(id: number) {
    const [a] = await db.select({ id: cmsArticles.id, kind: cmsArticles.kind, status: cmsArticles.status }).from(cmsArticles).where(eq(cmsArticles.id, id));
    if (!a) throw notFound();
    return a;
  }
  const find = async (articleId: number, lang: TranslationLang) =>
    (await db.select().from(cmsTranslations).where(and(eq(cmsTranslations.articleId, articleId), eq(cmsTranslations.lang, lang))))[0];

  return {
    /** the translation as the editor last saved it; null when there is none yet (not an error: the console offers to write one) */
    async get(articleId: number, lang: TranslationLang): Promise<ArticleTranslation | null> {
      const a = await article(articleId);
      const row = await find(articleId, lang);
      if (!row || !(row.draft ?? row.content)) return null;
      return toAnswer(row, a.status === 'published');
    },
    /**
     * Saves the translation: an article on the site keeps its live translation while the edit waits
     * in `draft` for the next publish; anything else is changed in place. `lang` names the rules broken.
     * Each save is a version of the translation in the article's history (numbered per language).
     */
    async save(articleId: number, lang: TranslationLang, input: ArticleTranslationInput, user: string, messagesIn: Lang,
      action: ArticleVersion['action'] = 'update'): Promise<ArticleTranslation> {
      const a = await article(articleId);
      const parsed = translationFieldsSchemas[a.kind].safeParse(input.fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw badRequest('error.validation', { field: ['fields', ...issue.path].join('.'), rule: formatIssue(issue as never, messagesIn) });
      }
      const value: ArticleTranslationInput = { ...input, body: sanitizeBody(withoutMediaKeys(input.body)), fields: parsed.data as Record<string, unknown> };
      const published = a.status === 'published';
      const set = published ? { draft: value } : { content: value, draft: null };
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(cmsTranslations).values({ articleId, lang, ...(published ? { content: null } : {}), ...set, updatedBy: user })
          .onConflictDoUpdate({ target: [cmsTranslations.articleId, cmsTranslations.lang], set: { ...set, updatedBy: user, updatedAt: new Date() } })
          .returning();
        const [{ n }] = await tx.select({ n: sql<number>`coalesce(max(${cmsArticleVersions.version}), 0)::int` }).from(cmsArticleVersions)
          .where(and(eq(cmsArticleVersions.articleId, articleId), eq(cmsArticleVersions.lang, lang)));
        await tx.insert(cmsArticleVersions).values({
          articleId, lang, version: Number(n) + 1, action: action === 'update' && Number(n) === 0 ? 'create' : action,
          title: value.title, status: a.status, snapshot: value, createdBy: user,
        });
        return toAnswer(row, published);
      });
    },
    async remove(articleId: number, lang: TranslationLang) {
      await article(articleId);
      const rows = await db.delete(cmsTranslations).where(and(eq(cmsTranslations.articleId, articleId), eq(cmsTranslations.lang, lang))).returning({ id: cmsTranslations.id });
      if (!rows.length) throw notFound();
      return rows.length;
    },
    /** publish (and unpublish): the pending translations become the content, like the article's own draft */
    async settle(tx: Tx, articleId: number) {
      await tx.update(cmsTranslations).set({ content: sql`coalesce(${cmsTranslations.draft}, ${cmsTranslations.content})`, draft: null })
        .where(and(eq(cmsTranslations.articleId, articleId), sql`${cmsTranslations.draft} is not null`));
    },
    /** the languages each article has a translation in (saved or pending), for the console's list */
    async langsOf(ids: number[]): Promise<Map<number, TranslationLang[]>> {
      const out = new Map<number, TranslationLang[]>();
      if (!ids.length) return out;
      const rows = await db.select({ id: cmsTranslations.articleId, lang: cmsTranslations.lang }).from(cmsTranslations)
        .where(and(inArray(cmsTranslations.articleId, ids), sql`coalesce(${cmsTranslations.draft}, ${cmsTranslations.content}) is not null`));
      for (const r of rows) out.set(r.id, [...(out.get(r.id) ?? []), r.lang]);
      return out;
    },
    /** what the site shows in `lang`: the published translations (a preview: the pending ones too) */
    async shown(ids: number[], lang: SiteLang, preview = false): Promise<Map<number, ArticleTranslationInput>> {
      const out = new Map<number, ArticleTranslationInput>();
      if (lang === 'zh' || !ids.length) return out;
      const rows = await db.select().from(cmsTranslations).where(and(inArray(cmsTranslations.articleId, ids), eq(cmsTranslations.lang, lang)));
      for (const r of rows) {
        const t = preview ? r.draft ?? r.content : r.content;
        if (t) out.set(r.articleId, t);
      }
      return out;
    },
    /** ids of articles whose translation in `lang` matches a keyword (the site's search box in English) */
    keywordSql(lang: SiteLang, pattern: string) {
      // qualified by hand: inside the subquery a bare "id" would be the translation's
      return sql`exists (select 1 from cms_translations t where t.article_id = cms_articles.id and t.lang = ${lang}
        and (t.content ->> 'title' ilike ${pattern} or t.content ->> 'summary' ilike ${pattern}))`;
    },
  };
}
export type TranslationService = ReturnType<typeof translationService>;
