import { and, eq, sql } from 'drizzle-orm';
import type { ArticleFields, ArticleInput } from '@bencao/contracts';
import type { Db } from '../../db/client';
import { cmsArticles, cmsArticleVersions, cmsTranslations } from '../../db/schema/index';

const dateOf = (s: string | null | undefined) => (s ? new Date(s) : null);

/**
 * A live article's edit published for a later time waits in `draft` with `scheduled_at` while the live
 * version stays on the site. Public reads call this first: every edit whose time has come (by the
 * injectable clock, `at`) replaces its live version, its pending translations with it. Safe on several
 * processes at once: a row is promoted only while it still holds the same schedule.
 */
export async function promoteDueEdits(db: Db, at: Date): Promise<number> {
  const due = await db.select({ id: cmsArticles.id, scheduledAt: cmsArticles.scheduledAt }).from(cmsArticles)
    .where(sql`${cmsArticles.scheduledAt} is not null and ${cmsArticles.scheduledAt} <= ${at.toISOString()}::timestamptz`);
  let promoted = 0;
  for (const { id, scheduledAt } of due) {
    const when = scheduledAt!;
    await db.transaction(async (tx) => {
      // the row read again under its lock: an edit saved since the list was read is the one promoted, never dropped
      const [cur] = await tx.select().from(cmsArticles).where(and(eq(cmsArticles.id, id), eq(cmsArticles.scheduledAt, when))).for('update');
      if (!cur) return; // another process promoted it
      const d: ArticleInput | null = cur.draft;
      const content = d ? {
        title: d.title, summary: d.summary ?? '', body: d.body ?? '', coverId: d.coverId ?? null, columnId: d.columnId ?? null,
        slug: d.slug || null, seoTitle: d.seoTitle ?? '', seoDescription: d.seoDescription ?? '', seq: d.seq ?? 0,
        unpublishAt: dateOf(d.unpublishAt), fields: d.fields as ArticleFields,
      } : {};
      const [row] = await tx.update(cmsArticles)
        .set({ ...content, draft: null, scheduledAt: null, publishAt: when, contentChangedAt: when, version: sql`${cmsArticles.version} + 1`, updatedAt: new Date() })
        .where(eq(cmsArticles.id, id)).returning();
      await tx.insert(cmsArticleVersions).values({
        articleId: row.id, version: row.version, action: 'publish', title: row.title, status: row.status, createdBy: row.updatedBy,
        snapshot: {
          kind: row.kind, title: row.title, summary: row.summary, body: row.body, coverId: row.coverId, columnId: row.columnId, slug: row.slug,
          seoTitle: row.seoTitle, seoDescription: row.seoDescription, seq: row.seq, publishAt: when.toISOString(),
          unpublishAt: row.unpublishAt?.toISOString() ?? null, fields: row.fields,
        } as ArticleInput,
      });
      await tx.update(cmsTranslations).set({ content: sql`coalesce(${cmsTranslations.draft}, ${cmsTranslations.content})`, draft: null })
        .where(and(eq(cmsTranslations.articleId, row.id), sql`${cmsTranslations.draft} is not null`));
      promoted++;
    });
  }
  return promoted;
}
