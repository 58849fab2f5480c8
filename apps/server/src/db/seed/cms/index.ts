import crypto from 'node:crypto';
import sharp from 'sharp';
import { eq, inArray, sql } from 'drizzle-orm';
import { HEADER_COLUMN_ID, articleInputSchema, type ArticleInput } from '@bencao/contracts';
import type { Db } from '../../client';
import type { AppConfig } from '../../../config';
import { cmsArticles, cmsArticleVersions, cmsColumns, cmsMedia, cmsSettings } from '../../schema/index';
import { localDiskStorage, mediaDir, type MediaStorage } from '../../../modules/cms/storage';
import { variantKey, variantWidths } from '../../../modules/cms/media';
import { sanitizeBody } from '../../../modules/cms/sanitize';
import { SETTINGS_ID, toDate } from '../../../modules/cms/service';
import * as art from './art';
import { ART_ALT, BIDS, COLUMNS, JOBS, MEDICINE, NEWS, PAGES, PRODUCTS, SETTINGS, type ArtName } from './content';
import { SETTINGS_EN } from './english';
import { seedPrivacyPage } from './privacy';

const SEEDER = 'system';

/** Draws each illustration once per data folder: files are named by the hash of their SVG. */
async function seedImage(db: Db, storage: MediaStorage, name: string, svg: string, width: number, height: number, alt: string): Promise<number> {
  const storageKey = `s${crypto.createHash('sha256').update(svg).digest('hex').slice(0, 40)}.webp`;
  const widths = variantWidths(width);
  const keys = [storageKey, ...widths.map((w) => variantKey(storageKey, w))];
  const present = await Promise.all(keys.map((k) => storage.has(k)));
  let size = 0;
  if (present.includes(false)) {
    const raw = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
    const from = () => sharp(raw.data, { raw: raw.info });
    const original = await from().webp({ quality: 82, effort: 1 }).toBuffer();
    size = original.length;
    await storage.put(storageKey, original);
    for (const w of widths) await storage.put(variantKey(storageKey, w), await from().resize({ width: w }).webp({ quality: 78, effort: 1 }).toBuffer());
  } else {
    size = (await storage.get(storageKey))?.length ?? 0;
  }
  const [row] = await db.select({ id: cmsMedia.id }).from(cmsMedia).where(eq(cmsMedia.storageKey, storageKey)).limit(1);
  if (row) return row.id;
  const [ins] = await db.insert(cmsMedia).values({
    storageKey, filename: `${name}.webp`, mime: 'image/webp', size, width, height, widths, alt, title: '', createdBy: SEEDER,
  }).returning({ id: cmsMedia.id });
  return ins.id;
}

const ART: Record<ArtName, () => string> = {
  building: () => art.building(11), buildingB: () => art.building(12),
  lab: () => art.laboratory(13), labB: () => art.laboratory(14),
  herb: () => art.herb(15), herbB: () => art.herb(16), herbC: () => art.herb(17),
  slices: () => art.slices(18), slicesB: () => art.slices(19),
  capsules: () => art.capsules(20), capsulesB: () => art.capsules(21),
  mountains: () => art.mountains(22), mountainsB: () => art.mountains(23),
  pattern: () => art.pattern(24), patternOchre: () => art.pattern(25, 1200, 800, 'ochre'), patternRed: () => art.pattern(26, 1200, 800, 'red'),
  people: () => art.people(27), peopleB: () => art.people(28),
};

/** the header's columns and the site settings: every profile needs them */
async function seedStructure(db: Db) {
  const byCode = new Map<string, number>();
  const existing = await db.select({ id: cmsColumns.id, code: cmsColumns.code }).from(cmsColumns).where(inArray(cmsColumns.code, COLUMNS.map((c) => c.code)));
  for (const e of existing) if (e.code) byCode.set(e.code, e.id);
  for (const c of COLUMNS) {
    if (byCode.has(c.code)) continue;
    const parent = c.parent ? byCode.get(c.parent) ?? null : null;
    const [row] = await db.insert(cmsColumns).values({
      ...(c.code === 'root' ? { id: HEADER_COLUMN_ID } : {}), code: c.code, label: c.label, path: c.path, parent, seq: c.seq, visible: c.visible ?? true,
    }).onConflictDoNothing().returning({ id: cmsColumns.id });
    if (c.code === 'root') await db.execute(sql`select setval(pg_get_serial_sequence('cms_columns', 'id'), greatest((select max(id) from cms_columns), ${HEADER_COLUMN_ID}))`);
    if (row) byCode.set(c.code, row.id);
    else {
      const [again] = await db.select({ id: cmsColumns.id }).from(cmsColumns).where(eq(cmsColumns.code, c.code));
      byCode.set(c.code, again.id);
    }
  }
  await db.insert(cmsSettings).values({ id: SETTINGS_ID, value: { ...SETTINGS, en: SETTINGS_EN, biddingColumnId: byCode.get('bid')! }, updatedBy: SEEDER }).onConflictDoNothing();
  return byCode;
}

export async function seedCms(db: Db, cfg: AppConfig) {
  const columns = await seedStructure(db);
  await seedPrivacyPage(db);
  if (cfg.profile === 'production') return;

  const have = new Set((await db.select({ k: cmsArticles.seedKey }).from(cmsArticles).where(sql`${cmsArticles.seedKey} is not null`)).map((r) => r.k));
  const all = [...NEWS, ...MEDICINE, ...PRODUCTS, ...JOBS, ...BIDS, ...PAGES].map((a) => a.key);
  if (all.every((k) => have.has(k))) return;

  const storage = localDiskStorage(mediaDir(cfg.dataDir));
  const images = new Map<string, number>();
  const image = async (name: ArtName) => {
    if (!images.has(name)) images.set(name, await seedImage(db, storage, name, ART[name](), 1200, 800, ART_ALT[name]));
    return images.get(name)!;
  };

  const add = async (key: string, input: ArticleInput, date: string) => {
    if (have.has(key)) return;
    const a = articleInputSchema.parse(input);
    const when = toDate(date)!;
    await db.transaction(async (tx) => {
      const [row] = await tx.insert(cmsArticles).values({
        kind: a.kind, title: a.title, summary: a.summary, body: sanitizeBody(a.body), coverId: a.coverId, columnId: a.columnId, slug: a.slug,
        seoTitle: a.seoTitle, seoDescription: a.seoDescription, seq: a.seq, fields: a.fields, status: 'published', publishedAt: when,
        seedKey: key, createdBy: SEEDER, updatedBy: SEEDER, createdAt: when, updatedAt: when,
      }).onConflictDoNothing().returning();
      if (row) await tx.insert(cmsArticleVersions).values({ articleId: row.id, version: 1, action: 'create', title: row.title, status: row.status, snapshot: a, createdBy: SEEDER, createdAt: when });
    });
  };
  const base = { seq: 0, publishAt: null, unpublishAt: null, seoTitle: '', slug: null } as const;

  for (const n of NEWS) {
    await add(n.key, { ...base, kind: 'news', title: n.title, summary: n.summary, body: n.body, coverId: n.art ? await image(n.art) : null,
      columnId: columns.get(n.column ?? 'news') ?? null, seoDescription: n.summary, fields: { source: n.source, author: n.author, category: n.category } }, n.date);
  }
  for (const m of MEDICINE) {
    await add(m.key, { ...base, kind: 'medicine', title: m.title, summary: m.summary, body: m.body, coverId: m.art ? await image(m.art) : null,
      columnId: columns.get('medicine') ?? null, seoDescription: m.summary, fields: { source: m.source, author: m.author, category: m.category } }, m.date);
  }
  for (const [i, pr] of PRODUCTS.entries()) {
    if (have.has(pr.key)) continue;
    const id = await seedImage(db, storage, `product-${pr.key}`, art.packshot(100 + i, pr.accent), 1000, 1000, `${pr.fields.name}包装盒与药瓶示意图`);
    await add(pr.key, { ...base, kind: 'product', seq: pr.seq, title: pr.title, summary: pr.summary, body: pr.body, coverId: id,
      columnId: columns.get('product') ?? null, seoTitle: `${pr.fields.name}_${pr.fields.category}_产品中心`, seoDescription: pr.summary,
      fields: { ...pr.fields, images: [id] } }, '2026-01-01 09:00');
  }
  for (const j of JOBS) {
    await add(j.key, { ...base, kind: 'job', title: j.title, summary: j.summary, body: '', coverId: null, columnId: columns.get('manpower.jobs') ?? null,
      seoDescription: j.summary, fields: j.fields }, j.date);
  }
  for (const b of BIDS) {
    await add(b.key, { ...base, kind: 'bid', title: b.title, summary: b.summary, body: b.body, coverId: null, columnId: columns.get(b.column) ?? null,
      seoDescription: b.summary, fields: b.fields }, b.date);
  }
  for (const pg of PAGES) {
    await add(pg.key, { ...base, kind: 'page', slug: pg.slug, title: pg.title, summary: pg.summary, body: pg.body, coverId: await image(pg.art),
      columnId: columns.get(pg.column) ?? null, seoDescription: pg.summary, fields: pg.fields }, '2026-01-01 09:00');
  }
}
