import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { articleTranslationSchemaOf } from '@bencao/contracts';
import type { Db } from '../../client';
import type { AppConfig } from '../../../config';
import { cmsArticles, cmsColumns, cmsSettings, cmsTranslations } from '../../schema/index';
import { sanitizeBody } from '../../../modules/cms/sanitize';
import { COLUMN_LABELS_EN, ENGLISH, SETTINGS_EN } from './english';

/**
 * The English site: names of the seeded columns (every profile: they are the site's structure), and
 * in the demo the English of the about pages, the products and the newest news. Adds only what is
 * missing: an editor's English is never overwritten.
 */
export async function seedCmsEnglish(db: Db, cfg: AppConfig) {
  const columns = await db.select({ id: cmsColumns.id, code: cmsColumns.code, labels: cmsColumns.labels }).from(cmsColumns).where(isNotNull(cmsColumns.code));
  for (const c of columns) {
    const en = COLUMN_LABELS_EN[c.code ?? ''];
    if (en && !c.labels?.en) await db.update(cmsColumns).set({ labels: { ...c.labels, en } }).where(eq(cmsColumns.id, c.id));
  }
  // settings saved before they had English get the seeded English
  await db.execute(sql`update ${cmsSettings} set value = jsonb_set(value, '{en}', ${JSON.stringify(SETTINGS_EN)}::jsonb) where value -> 'en' is null`);
  if (cfg.profile === 'production') return;

  const articles = await db.select({ id: cmsArticles.id, kind: cmsArticles.kind, key: cmsArticles.seedKey }).from(cmsArticles)
    .where(inArray(cmsArticles.seedKey, Object.keys(ENGLISH)));
  if (!articles.length) return;
  const done = new Set((await db.select({ id: cmsTranslations.articleId }).from(cmsTranslations)
    .where(and(eq(cmsTranslations.lang, 'en'), inArray(cmsTranslations.articleId, articles.map((a) => a.id))))).map((r) => r.id));
  for (const a of articles) {
    if (done.has(a.id)) continue;
    const en = ENGLISH[a.key!];
    const content = articleTranslationSchemaOf(a.kind).parse({ seoTitle: '', seoDescription: en.summary, ...en });
    await db.insert(cmsTranslations).values({ articleId: a.id, lang: 'en', content: { ...content, body: sanitizeBody(content.body) }, updatedBy: 'system' })
      .onConflictDoNothing();
  }
}
