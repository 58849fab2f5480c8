import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  HEADER_COLUMN_ID, MEDIA_MAX_BYTES, MEDIA_WIDTHS, SITE_DETAIL_ROUTES, articleFieldsSchemas,
  type ArticleFields, type ArticleInput, type ArticleKind, type ArticleListQuery, type ArticleVersion, type ArticleVersionDetail,
  type CmsArticle, type CmsArticleRow, type CmsColumn, type CmsColumnNode, type CmsMedia, type ColumnInput,
  type Page, type PageQuery, type PreviewAnswer, type ProductCategory, type PublishInput, type SiteArticleDetail,
  type SiteArticleQuery, type SiteArticleSummary, type SiteColumn, type SiteImage, type SiteSettings, type BidFields, type SiteLang,
  siteSettingsSchema, type ArticleTranslationInput, type Lang,
} from '@bencao/contracts';
import type { Db } from '../../db/client';
import { cmsArticles, cmsArticleVersions, cmsColumns, cmsMedia, cmsSettings } from '../../db/schema/index';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { offsetOf, orderBy } from '../../platform/paging';
import { mediaIdsIn, sanitizeBody } from './sanitize';
import { deleteStoredImage, mediaUrl, pickVariant, siteImage, storeImage, variantKey, withMediaKeys, withoutMediaKeys } from './media';
import type { MediaStorage } from './storage';
import { columnIn, overlay, settingsIn, translationService, withCategoryLabel } from './translations';
import { promoteDueEdits } from './scheduledEdits';

type ArticleRow = typeof cmsArticles.$inferSelect;
type MediaRow = typeof cmsMedia.$inferSelect;
type ColumnRow = typeof cmsColumns.$inferSelect;

export const SETTINGS_ID = 1;
const PREVIEW_HOURS = 2;

/** Zone-less date-times typed in the console are Beijing time (the company's and its editors'). */
export function toDate(s: string | null | undefined): Date | null {
  if (!s) return null;
  const iso = s.replace(' ', 'T');
  const d = new Date(/(Z|[+-]\d{2}:?\d{2})$/.test(iso) ? iso : `${iso}+08:00`);
  if (Number.isNaN(d.getTime())) throw badRequest('error.validation', { field: 'date', rule: s });
  return d;
}
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Published and inside the publication window at `at`, evaluated at read time; `at` comes from the server's clock (injectable), not the database's. */
export const liveAt = (at: Date) => liveWindow(sql`${at.toISOString()}::timestamptz`);
const liveWindow = (at: SQL) => sql`(${cmsArticles.status} = 'published' and (${cmsArticles.publishAt} is null or ${cmsArticles.publishAt} <= ${at}) and (${cmsArticles.unpublishAt} is null or ${cmsArticles.unpublishAt} > ${at}))`;
export function isLive(a: Pick<ArticleRow, 'status' | 'publishAt' | 'unpublishAt'>, now: number) {
  return a.status === 'published' && (!a.publishAt || a.publishAt.getTime() <= now) && (!a.unpublishAt || a.unpublishAt.getTime() > now);
}
/** the date the site shows: the scheduled start when there is one, else the first publication */
const shownDate = sql`coalesce(${cmsArticles.publishAt}, ${cmsArticles.publishedAt}, ${cmsArticles.createdAt})`;

const hashToken = (t: string) => crypto.createHash('sha256').update(t).digest('hex');
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
const count = sql<number>`count(*)::int`;

export function cmsService(db: Db, storage: MediaStorage, clock: () => Date = () => new Date()) {
  const translations = translationService(db);
  /** scheduled edits whose time has come replace their live versions before anything public is read */
  const due = () => promoteDueEdits(db, clock());
  // ───────────────────────── media ─────────────────────────
  const mediaById = async (ids: number[]) => {
    const uniq = [...new Set(ids.filter((i) => Number.isInteger(i)))];
    if (!uniq.length) return new Map<number, MediaRow>();
    const rows = await db.select().from(cmsMedia).where(inArray(cmsMedia.id, uniq));
    return new Map(rows.map((r) => [r.id, r]));
  };

  async function mediaUsage(ids: number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (!ids.length) return out;
    const res = await db.execute<{ id: number; n: number }>(sql`
      select m.id, (select count(*)::int from cms_articles a where a.cover_id = m.id
          or a.fields -> 'images' @> to_jsonb(array[m.id])
          or a.fields -> 'attachments' @> jsonb_build_array(jsonb_build_object('mediaId', m.id))
          or a.body ~ ('/api/site/media/' || m.id || '([^0-9]|$)')) as n
        from cms_media m where m.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
    for (const r of res.rows) out.set(Number(r.id), Number(r.n));
    return out;
  }

  /** live content (published, in its window) showing a medium, in any language: only such media are public */
  const liveUse = (id: number) => {
    const inBody = sql`('/api/site/media/' || ${id}::int || '([^0-9]|$)')`;
    return sql`select 1 from ${cmsArticles} where ${liveAt(clock())} and (${cmsArticles.coverId} = ${id}
          or ${cmsArticles.fields} -> 'images' @> to_jsonb(array[${id}::int])
          or ${cmsArticles.fields} -> 'attachments' @> jsonb_build_array(jsonb_build_object('mediaId', ${id}::int))
          or ${cmsArticles.body} ~ ${inBody}
          or exists (select 1 from cms_translations t where t.article_id = cms_articles.id and t.content ->> 'body' ~ ${inBody}))`;
  };

  const toMedia = (m: MediaRow, usedBy = 0): CmsMedia => {
    const img = siteImage(m, undefined, m.accessKey);
    return {
      id: m.id, filename: m.filename, mime: m.mime as CmsMedia['mime'], size: m.size, width: m.width, height: m.height,
      alt: m.alt, title: m.title, url: mediaUrl(m.id, undefined, m.accessKey), widths: m.widths, srcset: img.srcset,
      thumb: mediaUrl(m.id, Math.min(...m.widths), m.accessKey), accessKey: m.accessKey, usedBy,
      createdBy: m.createdBy, createdAt: m.createdAt.toISOString(),
    };
  };

  const media = {
    async list(q: PageQuery & { keyword?: string }): Promise<Page<CmsMedia>> {
      const where = q.keyword ? or(sql`${cmsMedia.alt} ilike ${like(q.keyword)}`, sql`${cmsMedia.filename} ilike ${like(q.keyword)}`, sql`${cmsMedia.title} ilike ${like(q.keyword)}`) : undefined;
      const [rows, [{ n }]] = await Promise.all([
        db.select().from(cmsMedia).where(where)
          .orderBy(...orderBy(q, { id: cmsMedia.id, createdAt: cmsMedia.createdAt, size: cmsMedia.size, filename: cmsMedia.filename }, desc(cmsMedia.id)))
          .limit(q.limit).offset(offsetOf(q)),
        db.select({ n: count }).from(cmsMedia).where(where),
      ]);
      const usage = await mediaUsage(rows.map((r) => r.id));
      return { total: n, records: rows.map((r) => toMedia(r, usage.get(r.id) ?? 0)) };
    },
    async get(id: number) {
      const [row] = await db.select().from(cmsMedia).where(eq(cmsMedia.id, id));
      if (!row) throw notFound();
      return toMedia(row, (await mediaUsage([id])).get(id) ?? 0);
    },
    async upload(bytes: Buffer, info: { filename: string; alt: string; title: string; user: string }, opts: { prefix?: string; effort?: number } = {}) {
      const stored = await storeImage(storage, bytes, opts);
      const [row] = await db.insert(cmsMedia).values({
        ...stored, filename: info.filename.slice(0, 200) || `image.${stored.mime.split('/')[1]}`, alt: info.alt, title: info.title, createdBy: info.user,
      }).returning();
      return toMedia(row);
    },
    async update(id: number, input: { alt: string; title: string }) {
      const [row] = await db.update(cmsMedia).set({ alt: input.alt, title: input.title }).where(eq(cmsMedia.id, id)).returning();
      if (!row) throw notFound();
      return toMedia(row);
    },
    async remove(ids: number[]) {
      const rows = [...(await mediaById(ids)).values()];
      if (rows.length !== new Set(ids).size) throw notFound();
      const usage = await mediaUsage(ids);
      const used = [...usage.values()].reduce((a, b) => a + b, 0);
      if (used) throw new AppError(409, 'cms.mediaInUse', { n: used });
      await db.delete(cmsMedia).where(inArray(cmsMedia.id, ids));
      for (const r of rows) {
        // content-addressed: other rows may hold the same bytes
        const [{ n }] = await db.select({ n: count }).from(cmsMedia).where(eq(cmsMedia.storageKey, r.storageKey));
        if (!n) await deleteStoredImage(storage, r.storageKey, r.widths);
      }
      return rows.length;
    },
    /**
     * Bytes of the original or of a variant, for the public media route: only media that live
     * content shows, or any medium with its access key (the console, preview links; not cached
     * publicly). Everything else is "not found", so unpublished media cannot be enumerated by id.
     */
    async bytes(id: number, width?: number, accessKey?: string): Promise<{ bytes: Buffer; mime: string; etag: string; public: boolean } | 'badWidth' | null> {
      await due();
      // one round trip: the row and whether live content shows it
      const [found] = await db.select({ row: cmsMedia, live: sql<boolean>`exists (${liveUse(id)})` }).from(cmsMedia).where(eq(cmsMedia.id, id));
      if (!found) return null;
      const { row } = found;
      const keyed = !!accessKey && accessKey.length === row.accessKey.length
        && crypto.timingSafeEqual(Buffer.from(accessKey), Buffer.from(row.accessKey));
      if (!keyed && !found.live) return null;
      if (width === undefined) {
        const bytes = await storage.get(row.storageKey);
        return bytes && { bytes, mime: row.mime, etag: row.storageKey, public: !keyed };
      }
      if (!(MEDIA_WIDTHS as readonly number[]).includes(width) && !row.widths.includes(width)) return 'badWidth';
      const w = pickVariant(row.widths, width);
      const key = variantKey(row.storageKey, w);
      const bytes = await storage.get(key);
      return bytes && { bytes, mime: 'image/webp', etag: key, public: !keyed };
    },
    maxBytes: MEDIA_MAX_BYTES,
  };

  // ───────────────────────── columns ─────────────────────────
  const allColumns = () => db.select().from(cmsColumns).orderBy(asc(cmsColumns.seq), asc(cmsColumns.id));

  function descendantsOf(rows: ColumnRow[], id: number): Set<number> {
    const out = new Set<number>([id]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const r of rows) if (r.parent !== null && out.has(r.parent) && !out.has(r.id)) { out.add(r.id); grew = true; }
    }
    return out;
  }

  async function checkParent(parent: number, self?: number) {
    const rows = await allColumns();
    if (!rows.some((r) => r.id === parent)) throw badRequest('cms.columnUnknown', { id: parent });
    if (self !== undefined && descendantsOf(rows, self).has(parent)) throw badRequest('cms.columnCycle');
  }

  const toColumn = (r: ColumnRow, counts: Map<number, number>): CmsColumn => ({
    id: r.id, label: r.label, path: r.path, parent: r.parent ?? 0, seq: r.seq, visible: r.visible, labels: r.labels,
    articleCount: counts.get(r.id) ?? 0, updatedAt: r.updatedAt.toISOString(),
  });

  const columns = {
    async tree(): Promise<CmsColumnNode[]> {
      const [rows, counts] = await Promise.all([
        allColumns(),
        db.select({ id: cmsArticles.columnId, n: count }).from(cmsArticles).groupBy(cmsArticles.columnId),
      ]);
      const n = new Map(counts.filter((c) => c.id !== null).map((c) => [c.id as number, c.n]));
      const nodes = new Map<number, CmsColumnNode>(rows.map((r) => [r.id, { ...toColumn(r, n), children: [] }]));
      const roots: CmsColumnNode[] = [];
      for (const r of rows) {
        const node = nodes.get(r.id)!;
        const parent = r.parent !== null ? nodes.get(r.parent) : undefined;
        if (parent) parent.children.push(node); else roots.push(node);
      }
      return roots;
    },
    async get(id: number) {
      const [row] = await db.select().from(cmsColumns).where(eq(cmsColumns.id, id));
      if (!row) throw notFound();
      const [{ n }] = await db.select({ n: count }).from(cmsArticles).where(eq(cmsArticles.columnId, id));
      return toColumn(row, new Map([[id, n]]));
    },
    async create(input: ColumnInput) {
      await checkParent(input.parent);
      const [row] = await db.insert(cmsColumns).values(input).returning();
      return toColumn(row, new Map());
    },
    async update(id: number, input: ColumnInput) {
      const [cur] = await db.select().from(cmsColumns).where(eq(cmsColumns.id, id));
      if (!cur) throw notFound();
      if (cur.parent === null) throw badRequest('cms.columnRoot');
      await checkParent(input.parent, id);
      const [row] = await db.update(cmsColumns).set({ ...input, updatedAt: new Date() }).where(eq(cmsColumns.id, id)).returning();
      return toColumn(row, new Map());
    },
    async reorder(items: { id: number; parent: number; seq: number }[]) {
      const rows = await allColumns();
      const byId = new Map(rows.map((r) => [r.id, { ...r }]));
      for (const it of items) {
        const r = byId.get(it.id);
        if (!r) throw badRequest('cms.columnUnknown', { id: it.id });
        if (r.parent === null) throw badRequest('cms.columnRoot');
        if (!byId.has(it.parent)) throw badRequest('cms.columnUnknown', { id: it.parent });
        r.parent = it.parent; r.seq = it.seq;
      }
      // the result must still be a tree hanging from a root
      for (const r of byId.values()) {
        const seen = new Set<number>();
        let cur: ColumnRow | undefined = r;
        while (cur && cur.parent !== null) {
          if (seen.has(cur.id)) throw badRequest('cms.columnCycle');
          seen.add(cur.id);
          cur = byId.get(cur.parent);
        }
      }
      await db.transaction(async (tx) => {
        for (const it of items) await tx.update(cmsColumns).set({ parent: it.parent, seq: it.seq, updatedAt: new Date() }).where(eq(cmsColumns.id, it.id));
      });
    },
    async remove(ids: number[]) {
      const rows = await allColumns();
      const targets = rows.filter((r) => ids.includes(r.id));
      if (targets.length !== new Set(ids).size) throw notFound();
      if (targets.some((r) => r.parent === null)) throw badRequest('cms.columnRoot');
      if (rows.some((r) => r.parent !== null && ids.includes(r.parent) && !ids.includes(r.id))) throw new AppError(409, 'cms.columnHasChildren');
      const s = await settings.get();
      if (ids.includes(s.biddingColumnId)) throw new AppError(409, 'cms.columnBidding');
      const [{ n }] = await db.select({ n: count }).from(cmsArticles).where(inArray(cmsArticles.columnId, ids));
      if (n) throw new AppError(409, 'cms.columnHasArticles', { n });
      // children first (they are in the batch)
      const order = [...targets].sort((a, b) => depth(rows, b.id) - depth(rows, a.id));
      await db.transaction(async (tx) => { for (const r of order) await tx.delete(cmsColumns).where(eq(cmsColumns.id, r.id)); });
      return targets.length;
    },
    /** SPEC §7: visible children of a column, in order */
    async publicChildren(parentId: number, lang: SiteLang = 'zh'): Promise<SiteColumn[]> {
      const rows = await db.select().from(cmsColumns)
        .where(and(eq(cmsColumns.parent, parentId), eq(cmsColumns.visible, true)))
        .orderBy(asc(cmsColumns.seq), asc(cmsColumns.id));
      return rows.map((r) => columnIn(lang)({ ...r, parent: r.parent ?? HEADER_COLUMN_ID }));
    },
    /** every visible column under the header, parents before children (a hidden column hides its subtree) */
    async publicTree(lang: SiteLang = 'zh'): Promise<SiteColumn[]> {
      const rows = await allColumns();
      const out: SiteColumn[] = [];
      const walk = (parent: number) => {
        for (const r of rows) {
          if (r.parent !== parent || !r.visible) continue;
          out.push(columnIn(lang)({ ...r, parent }));
          walk(r.id);
        }
      };
      walk(HEADER_COLUMN_ID);
      return out;
    },
  };
  function depth(rows: ColumnRow[], id: number) {
    let d = 0; let cur = rows.find((r) => r.id === id);
    while (cur && cur.parent !== null && d < 100) { d++; const p = cur.parent; cur = rows.find((r) => r.id === p); }
    return d;
  }

  // ───────────────────────── settings ─────────────────────────
  const settings = {
    async get(): Promise<SiteSettings> {
      const [row] = await db.select().from(cmsSettings).where(eq(cmsSettings.id, SETTINGS_ID));
      if (!row) throw notFound();
      // settings saved before the English ones existed read as having none
      return { ...row.value, en: siteSettingsSchema.shape.en.parse(row.value.en ?? {}) };
    },
    /** what visitors read in `lang`: the English texts over the Chinese ones where written */
    async shown(lang: SiteLang): Promise<SiteSettings> {
      return settingsIn(await settings.get(), lang);
    },
    async update(value: SiteSettings, user: string) {
      const [col] = await db.select({ id: cmsColumns.id }).from(cmsColumns).where(eq(cmsColumns.id, value.biddingColumnId));
      if (!col) throw badRequest('cms.columnUnknown', { id: value.biddingColumnId });
      await db.insert(cmsSettings).values({ id: SETTINGS_ID, value, updatedBy: user })
        .onConflictDoUpdate({ target: cmsSettings.id, set: { value, updatedBy: user, updatedAt: new Date() } });
      return value;
    },
  };

  // ───────────────────────── articles ─────────────────────────
  const snapshotOf = (a: ArticleRow): ArticleInput => ({
    kind: a.kind, title: a.title, summary: a.summary, body: a.body, coverId: a.coverId, columnId: a.columnId, slug: a.slug,
    seoTitle: a.seoTitle, seoDescription: a.seoDescription, seq: a.seq, publishAt: iso(a.publishAt), unpublishAt: iso(a.unpublishAt),
    fields: a.fields,
  } as ArticleInput);

  /** the row as the editor last saved it: a published row with pending edits shows them */
  function withDraft(a: ArticleRow): ArticleRow {
    if (!a.draft) return a;
    const d = a.draft;
    return {
      ...a, title: d.title, summary: d.summary ?? '', body: d.body ?? '', coverId: d.coverId ?? null, columnId: d.columnId ?? null,
      slug: d.slug || null, seoTitle: d.seoTitle ?? '', seoDescription: d.seoDescription ?? '', seq: d.seq ?? 0,
      publishAt: toDate(d.publishAt), unpublishAt: toDate(d.unpublishAt), fields: d.fields as ArticleFields,
    };
  }

  /** console answers: what the editor saved (pending edits included), media URLs with their access keys */
  async function decorate(saved: ArticleRow[], withBody = true) {
    const rows = saved.map(withDraft);
    const [covers, cols, inBody, langs] = await Promise.all([
      mediaById(rows.map((r) => r.coverId ?? 0)),
      db.select({ id: cmsColumns.id, label: cmsColumns.label }).from(cmsColumns),
      withBody ? mediaById(rows.flatMap((r) => mediaIdsIn(r.body))) : Promise.resolve(new Map<number, MediaRow>()),
      translations.langsOf(rows.map((r) => r.id)),
    ]);
    const labels = new Map(cols.map((c) => [c.id, c.label]));
    const now = clock().getTime();
    return rows.map((a, i): CmsArticle => {
      const cover = a.coverId ? covers.get(a.coverId) : undefined;
      const live = saved[i];
      return {
        id: a.id, kind: a.kind, title: a.title, summary: a.summary, body: withMediaKeys(a.body, (id) => inBody.get(id)?.accessKey), coverId: a.coverId,
        cover: cover ? siteImage(cover, undefined, cover.accessKey) : null, pendingDraft: !!live.draft, columnId: a.columnId, columnLabel: a.columnId ? labels.get(a.columnId) ?? null : null,
        slug: a.slug, seoTitle: a.seoTitle, seoDescription: a.seoDescription, seq: a.seq, status: a.status,
        publishAt: iso(a.publishAt), unpublishAt: iso(a.unpublishAt), publishedAt: iso(a.publishedAt), live: isLive(live, now),
        fields: a.fields, translations: langs.get(a.id) ?? [], version: a.version, createdBy: a.createdBy, updatedBy: a.updatedBy,
        createdAt: a.createdAt.toISOString(), updatedAt: a.updatedAt.toISOString(),
      };
    });
  }

  /** checks references, sanitizes the body, and gives the columns to store */
  async function prepare(input: ArticleInput, selfId?: number) {
    const fields = articleFieldsSchemas[input.kind].parse(input.fields) as ArticleFields;
    const wanted = [input.coverId ?? 0, ...(input.kind === 'product' ? (fields as { images: number[] }).images : []),
      ...(input.kind === 'bid' ? (fields as BidFields).attachments.map((a) => a.mediaId ?? 0) : [])].filter(Boolean);
    const found = await mediaById(wanted);
    const missing = wanted.find((id) => !found.has(id));
    if (missing) throw badRequest('cms.mediaUnknown', { id: missing });
    if (input.columnId) {
      const [c] = await db.select({ id: cmsColumns.id }).from(cmsColumns).where(eq(cmsColumns.id, input.columnId));
      if (!c) throw badRequest('cms.columnUnknown', { id: input.columnId });
    }
    const slug = input.slug || null;
    if (slug) {
      const dup = await db.select({ id: cmsArticles.id }).from(cmsArticles)
        .where(and(eq(cmsArticles.slug, slug), selfId ? ne(cmsArticles.id, selfId) : undefined));
      if (dup.length) throw conflict('slug');
    }
    return {
      kind: input.kind, title: input.title, summary: input.summary, body: sanitizeBody(withoutMediaKeys(input.body)), coverId: input.coverId ?? null,
      columnId: input.columnId ?? null, slug, seoTitle: input.seoTitle, seoDescription: input.seoDescription, seq: input.seq,
      publishAt: toDate(input.publishAt), unpublishAt: toDate(input.unpublishAt), fields,
    };
  }

  async function addVersion(tx: Pick<Db, 'insert'>, a: ArticleRow, action: ArticleVersion['action'], user: string) {
    const saved = withDraft(a);
    await tx.insert(cmsArticleVersions).values({ articleId: a.id, version: a.version, action, title: saved.title, status: a.status, snapshot: snapshotOf(saved), createdBy: user });
  }

  /**
   * Saves edited content. A published article keeps serving its live content: the edits wait in
   * `draft` until the next publish (previews show them). Anything else is changed in place.
   */
  async function saveContent(cur: ArticleRow, values: Awaited<ReturnType<typeof prepare>>, action: ArticleVersion['action'], user: string) {
    if (cur.status === 'published') {
      const draft = snapshotOf({ ...cur, ...values } as ArticleRow);
      return change(cur.id, { draft }, action, user);
    }
    return change(cur.id, { ...values, draft: null, contentChangedAt: clock() }, action, user);
  }

  async function load(id: number) {
    const [row] = await db.select().from(cmsArticles).where(eq(cmsArticles.id, id));
    if (!row) throw notFound();
    return row;
  }

  /** writes a change to an article as a new version, in one transaction */
  async function change(id: number, set: Partial<typeof cmsArticles.$inferInsert>, action: ArticleVersion['action'], user: string) {
    return db.transaction(async (tx) => {
      const [row] = await tx.update(cmsArticles)
        // a change of the live content is one instant: the row's update and the sitemap's lastmod read the same time
        .set({ ...set, version: sql`${cmsArticles.version} + 1`, updatedBy: user, updatedAt: set.contentChangedAt instanceof Date ? set.contentChangedAt : new Date() })
        .where(eq(cmsArticles.id, id)).returning();
      if (!row) throw notFound();
      await addVersion(tx, row, action, user);
      return row;
    });
  }

  const articleSorts = {
    id: cmsArticles.id, title: cmsArticles.title, status: cmsArticles.status, seq: cmsArticles.seq, publishAt: cmsArticles.publishAt,
    publishedAt: cmsArticles.publishedAt, updatedAt: cmsArticles.updatedAt, createdAt: cmsArticles.createdAt,
  };

  const articles = {
    async list(q: ArticleListQuery): Promise<Page<CmsArticleRow>> {
      const conds: (SQL | undefined)[] = [
        q.kind ? eq(cmsArticles.kind, q.kind) : undefined,
        q.status ? eq(cmsArticles.status, q.status) : undefined,
        q.columnId ? eq(cmsArticles.columnId, q.columnId) : undefined,
        q.category ? sql`${cmsArticles.fields} ->> 'category' = ${q.category}` : undefined,
        q.keyword ? or(sql`${cmsArticles.title} ilike ${like(q.keyword)}`, sql`${cmsArticles.summary} ilike ${like(q.keyword)}`, sql`${cmsArticles.slug} ilike ${like(q.keyword)}`) : undefined,
        q.state === 'live' ? liveAt(clock()) : undefined,
        q.state === 'scheduled' ? sql`${cmsArticles.status} = 'published' and ${cmsArticles.publishAt} > ${clock().toISOString()}::timestamptz` : undefined,
        q.state === 'expired' ? sql`${cmsArticles.status} = 'published' and ${cmsArticles.unpublishAt} <= ${clock().toISOString()}::timestamptz` : undefined,
      ];
      const where = and(...conds);
      const [rows, [{ n }]] = await Promise.all([
        db.select().from(cmsArticles).where(where).orderBy(...orderBy(q, articleSorts, desc(cmsArticles.updatedAt)), desc(cmsArticles.id))
          .limit(q.limit).offset(offsetOf(q)),
        db.select({ n: count }).from(cmsArticles).where(where),
      ]);
      return { total: n, records: (await decorate(rows, false)).map(({ body: _b, ...r }) => r) };
    },
    async get(id: number) {
      return (await decorate([await load(id)]))[0];
    },
    async categories(kind: string) {
      const res = await db.execute<{ name: string; n: number }>(sql`
        select fields ->> 'category' as name, count(*)::int as n from cms_articles
         where kind = ${kind} and coalesce(fields ->> 'category', '') <> '' group by 1 order by 2 desc, 1`);
      return res.rows.map((r) => ({ name: r.name, count: Number(r.n) }));
    },
    async create(input: ArticleInput, user: string) {
      const values = await prepare(input);
      const row = await db.transaction(async (tx) => {
        const [r] = await tx.insert(cmsArticles).values({ ...values, status: 'draft', version: 1, createdBy: user, updatedBy: user }).returning();
        await addVersion(tx, r, 'create', user);
        return r;
      });
      return (await decorate([row]))[0];
    },
    async update(id: number, input: ArticleInput, user: string) {
      const cur = await load(id);
      if (cur.kind !== input.kind) throw badRequest('cms.kindChange');
      const values = await prepare(input, id);
      return (await decorate([await saveContent(cur, values, 'update', user)]))[0];
    },
    async remove(ids: number[]) {
      const rows = await db.delete(cmsArticles).where(inArray(cmsArticles.id, ids)).returning({ id: cmsArticles.id });
      if (!rows.length) throw notFound();
      return rows.length;
    },
    async publish(id: number, input: PublishInput, user: string) {
      const cur = await load(id);
      const publishAt = toDate(input.publishAt ?? null);
      let unpublishAt: Date | null;
      if (input.unpublishAt !== undefined) unpublishAt = toDate(input.unpublishAt);
      else unpublishAt = cur.unpublishAt && cur.unpublishAt.getTime() > clock().getTime() ? cur.unpublishAt : null;
      if (publishAt && unpublishAt && unpublishAt <= publishAt) throw badRequest('error.validation', { field: 'unpublishAt', rule: 'unpublishAt must be later than publishAt' });
      const now = clock();
      if (publishAt && publishAt > now && isLive(cur, now.getTime())) {
        // a live article's edit for later: the live version (and its translations) stays until then
        const draft = { ...snapshotOf(withDraft(cur)), publishAt: iso(publishAt), unpublishAt: iso(unpublishAt) } as ArticleInput;
        await prepare(draft, id);
        return (await decorate([await change(id, { draft, scheduledAt: publishAt }, 'publish', user)]))[0];
      }
      // pending edits go live now
      const content = cur.draft ? { ...(await prepare(cur.draft, id)), draft: null } : {};
      const row = await change(id, {
        ...content, status: 'published', publishAt, unpublishAt, publishedAt: cur.publishedAt ?? new Date(), scheduledAt: null, contentChangedAt: now,
      }, 'publish', user);
      await translations.settle(db, id);
      return (await decorate([row]))[0];
    },
    async unpublish(id: number, user: string) {
      const cur = await load(id);
      // off the site: pending edits become the content
      const content = cur.draft ? { ...(await prepare(cur.draft, id)), draft: null } : {};
      const row = await change(id, { ...content, status: 'unpublished', scheduledAt: null, contentChangedAt: clock() }, 'unpublish', user);
      await translations.settle(db, id);
      return (await decorate([row]))[0];
    },
    async versions(id: number): Promise<ArticleVersion[]> {
      await load(id);
      const rows = await db.select({
        id: cmsArticleVersions.id, articleId: cmsArticleVersions.articleId, version: cmsArticleVersions.version, title: cmsArticleVersions.title,
        status: cmsArticleVersions.status, action: cmsArticleVersions.action, lang: cmsArticleVersions.lang, createdBy: cmsArticleVersions.createdBy, createdAt: cmsArticleVersions.createdAt,
      }).from(cmsArticleVersions).where(eq(cmsArticleVersions.articleId, id)).orderBy(desc(cmsArticleVersions.id));
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
    async version(id: number, versionId: number): Promise<ArticleVersionDetail> {
      const [r] = await db.select().from(cmsArticleVersions).where(and(eq(cmsArticleVersions.articleId, id), eq(cmsArticleVersions.id, versionId)));
      if (!r) throw notFound();
      return { id: r.id, articleId: r.articleId, version: r.version, title: r.title, status: r.status, action: r.action, lang: r.lang, createdBy: r.createdBy, createdAt: r.createdAt.toISOString(), snapshot: r.snapshot };
    },
    /** puts the content of an earlier version back, in the version's language (the publication state stays as it is) */
    async restore(id: number, versionId: number, user: string, messagesIn: Lang = 'zh') {
      const v = await articles.version(id, versionId);
      if (v.lang !== 'zh') {
        await translations.save(id, v.lang, v.snapshot as ArticleTranslationInput, user, messagesIn, 'restore');
        return (await decorate([await load(id)]))[0];
      }
      const cur = await load(id);
      const values = await prepare(v.snapshot as ArticleInput, id);
      return (await decorate([await saveContent(cur, values, 'restore', user)]))[0];
    },
    async preview(id: number): Promise<PreviewAnswer> {
      const a = await load(id);
      const token = crypto.randomBytes(24).toString('base64url');
      const expiresAt = new Date(clock().getTime() + PREVIEW_HOURS * 3_600_000);
      await db.update(cmsArticles).set({ previewTokenHash: hashToken(token), previewExpiresAt: expiresAt }).where(eq(cmsArticles.id, id));
      const sitePath = a.kind === 'page'
        ? (a.slug === 'culture' ? `/#/corporateCulturePage?preview=${token}` : `/#/aboutPage?showIndex=${aboutIndex(a.slug)}&preview=${token}`)
        : `/#${SITE_DETAIL_ROUTES[a.kind]}?id=${a.id}&preview=${token}`;
      return { token, expiresAt: expiresAt.toISOString(), sitePath };
    },
  };
  const aboutIndex = (slug: string | null) => ({ overview: 0, strategy: 2, history: 4, party: 5 } as Record<string, number>)[slug ?? ''] ?? 0;

  // ───────────────────────── the public site ─────────────────────────
  async function toSummaries(rows: ArticleRow[], lang: SiteLang = 'zh', preview = false): Promise<SiteArticleSummary[]> {
    const [covers, texts, names] = await Promise.all([mediaById(rows.map((r) => r.coverId ?? 0)), translations.shown(rows.map((r) => r.id), lang, preview), categoryNames(lang)]);
    return rows.map((a) => {
      const cover = a.coverId ? covers.get(a.coverId) : undefined;
      const summary: SiteArticleSummary = {
        id: a.id, kind: a.kind, title: a.title, summary: a.summary, cover: cover ? siteImage(cover) : null,
        publishedAt: (a.publishAt ?? a.publishedAt ?? a.createdAt).toISOString(), columnId: a.columnId, fields: publicFields(a),
      };
      return lang === 'zh' ? summary : withCategoryLabel(overlay(summary, texts.get(a.id)), names);
    });
  }
  /** the English names of the content categories (none in Chinese: the stored name is the Chinese one) */
  const categoryNames = async (lang: SiteLang) => (lang === 'zh' ? {} : (await settings.get()).en.categories);
  function publicFields(a: ArticleRow): ArticleFields {
    if (a.kind !== 'bid') return a.fields;
    const f = a.fields as BidFields;
    return { ...f, attachments: f.attachments.map((x) => ({ ...x, url: x.url ?? (x.mediaId ? mediaUrl(x.mediaId) : undefined) })) };
  }
  const productOrder = [asc(cmsArticles.seq), sql`${cmsArticles.fields} ->> 'name'`, asc(cmsArticles.id)];
  const dateOrder = [desc(shownDate), desc(cmsArticles.id)];

  /** the site's detail; a preview shows pending edits, says it is one, and gives its media URLs their keys */
  async function detail(saved: ArticleRow, preview = false, lang: SiteLang = 'zh'): Promise<SiteArticleDetail> {
    const row = preview ? withDraft(saved) : saved;
    const [summary] = await toSummaries([row]);
    const text = lang === 'zh' ? undefined : (await translations.shown([row.id], lang, preview)).get(row.id);
    const imageIds = row.kind === 'product' ? (row.fields as { images?: number[] }).images ?? [] : [];
    const imgs = await mediaById([...imageIds, row.coverId ?? 0, ...(preview ? [...mediaIdsIn(row.body), ...mediaIdsIn(text?.body ?? '')] : [])]);
    const key = (m: MediaRow) => (preview ? m.accessKey : undefined);
    const images: SiteImage[] = imageIds.map((i) => imgs.get(i)).filter((m): m is MediaRow => !!m).map((m) => siteImage(m, undefined, key(m)));
    const cover = row.coverId ? imgs.get(row.coverId) : undefined;
    if (preview && cover) summary.cover = siteImage(cover, undefined, cover.accessKey);
    if (preview && row.kind === 'bid') {
      const f = summary.fields as BidFields;
      summary.fields = { ...f, attachments: f.attachments.map((x) => ({ ...x, url: x.mediaId && x.url === mediaUrl(x.mediaId) ? withMediaKeys(x.url, (id) => imgs.get(id)?.accessKey ?? undefined) : x.url })) };
    }
    let prev = null; let next = null;
    if (row.kind !== 'page') {
      const order = row.kind === 'product'
        ? sql`${cmsArticles.seq}, ${cmsArticles.fields} ->> 'name', ${cmsArticles.id}`
        : sql`${shownDate} desc, ${cmsArticles.id} desc`;
      const res = await db.execute<{ id: number; prev_id: number | null; prev_title: string | null; next_id: number | null; next_title: string | null }>(sql`
        select * from (
          select ${cmsArticles.id} as id,
                 lag(${cmsArticles.id}) over w as prev_id, lag(${cmsArticles.title}) over w as prev_title,
                 lead(${cmsArticles.id}) over w as next_id, lead(${cmsArticles.title}) over w as next_title
            from ${cmsArticles} where ${cmsArticles.kind} = ${row.kind} and (${liveAt(clock())} or ${cmsArticles.id} = ${row.id})
          window w as (order by ${order})) t where t.id = ${row.id}`);
      const r = res.rows[0];
      if (r?.prev_id) prev = { id: Number(r.prev_id), title: String(r.prev_title) };
      if (r?.next_id) next = { id: Number(r.next_id), title: String(r.next_title) };
      if (lang !== 'zh' && (prev || next)) {
        const near = await translations.shown([prev?.id ?? 0, next?.id ?? 0].filter(Boolean), lang);
        if (prev) prev.title = near.get(prev.id)?.title ?? prev.title;
        if (next) next.title = near.get(next.id)?.title ?? next.title;
      }
    }
    const out: SiteArticleDetail = {
      ...summary, body: sanitizeBody(row.body),
      seoTitle: row.seoTitle, seoDescription: row.seoDescription, images, prev, next, ...(preview ? { preview: true } : {}),
    };
    const shown = lang === 'zh' ? out : withCategoryLabel(overlay(out, text), await categoryNames(lang));
    if (preview) shown.body = withMediaKeys(shown.body, (id) => imgs.get(id)?.accessKey);
    return shown;
  }

  function previewAllowed(row: ArticleRow, token?: string) {
    return !!token && !!row.previewTokenHash && row.previewExpiresAt !== null && row.previewExpiresAt.getTime() > clock().getTime()
      && crypto.timingSafeEqual(Buffer.from(hashToken(token)), Buffer.from(row.previewTokenHash));
  }

  const site = {
    async list(q: SiteArticleQuery): Promise<Page<SiteArticleSummary>> {
      await due();
      let columnIds: number[] | undefined;
      if (q.columnId) columnIds = [...descendantsOf(await allColumns(), q.columnId)];
      const where = and(
        liveAt(clock()),
        q.kind ? eq(cmsArticles.kind, q.kind) : undefined,
        columnIds ? inArray(cmsArticles.columnId, columnIds) : undefined,
        q.category ? sql`${cmsArticles.fields} ->> 'category' = ${q.category}` : undefined,
        // bid notices are also found by their project (name and number, e.g. BC-ZB-2026-031)
        q.keyword ? or(sql`${cmsArticles.title} ilike ${like(q.keyword)}`, sql`${cmsArticles.summary} ilike ${like(q.keyword)}`,
          sql`(${cmsArticles.kind} = 'bid' and ${cmsArticles.fields} ->> 'project' ilike ${like(q.keyword)})`,
          q.lang !== 'zh' ? translations.keywordSql(q.lang, like(q.keyword)) : undefined) : undefined,
      );
      const [rows, [{ n }]] = await Promise.all([
        db.select().from(cmsArticles).where(where).orderBy(...(q.kind === 'product' ? productOrder : dateOrder))
          .limit(q.limit).offset((q.page - 1) * q.limit),
        db.select({ n: count }).from(cmsArticles).where(where),
      ]);
      return { total: n, records: await toSummaries(rows, q.lang) };
    },
    async article(id: number, previewToken?: string, lang: SiteLang = 'zh'): Promise<SiteArticleDetail> {
      await due();
      const [row] = await db.select().from(cmsArticles).where(eq(cmsArticles.id, id));
      if (!row) throw notFound();
      if (previewAllowed(row, previewToken)) return detail(row, true, lang);
      if (!isLive(row, clock().getTime())) throw notFound();
      return detail(row, false, lang);
    },
    /** a page by slug; with a valid preview token, the page as saved whatever its state */
    async page(slug: string, previewToken?: string, lang: SiteLang = 'zh'): Promise<SiteArticleDetail> {
      await due();
      const [row] = await db.select().from(cmsArticles).where(eq(cmsArticles.slug, slug));
      if (!row) throw notFound();
      if (previewAllowed(row, previewToken)) return detail(row, true, lang);
      if (!isLive(row, clock().getTime())) throw notFound();
      return detail(row, false, lang);
    },
    /** every live piece of content with its last change, for /sitemap.xml */
    async sitemapEntries(): Promise<{ kind: ArticleKind; id: number; slug: string | null; updatedAt: string; english: boolean }[]> {
      await due();
      // the last change of what visitors see: of the live content, or its going live (pending edits do not count)
      const changed = sql<Date | string>`greatest(${cmsArticles.contentChangedAt}, ${cmsArticles.publishAt})`;
      const rows = await db.select({
        kind: cmsArticles.kind, id: cmsArticles.id, slug: cmsArticles.slug, updatedAt: changed,
        // qualified by hand: inside the subquery a bare "id" would be the translation's
        english: sql<boolean>`exists (select 1 from cms_translations t where t.article_id = cms_articles.id and t.lang = 'en' and t.content is not null)`,
      })
        .from(cmsArticles).where(liveAt(clock())).orderBy(asc(cmsArticles.kind), desc(changed), desc(cmsArticles.id));
      return rows.filter((r) => r.kind !== 'page' || ['overview', 'strategy', 'history', 'party', 'culture'].includes(r.slug ?? ''))
        .map((r) => ({ kind: r.kind, id: r.id, slug: r.slug, updatedAt: new Date(r.updatedAt).toISOString(), english: !!r.english }));
    },
    async productCategories(lang: SiteLang = 'zh'): Promise<ProductCategory[]> {
      await due();
      const names = await categoryNames(lang);
      const res = await db.execute<{ name: string; n: number; s: number }>(sql`
        select ${cmsArticles.fields} ->> 'category' as name, count(*)::int as n, min(${cmsArticles.seq}) as s from ${cmsArticles}
         where ${cmsArticles.kind} = 'product' and ${liveAt(clock())} and coalesce(${cmsArticles.fields} ->> 'category', '') <> ''
         group by 1 order by 3, 1`);
      return res.rows.map((r) => ({ name: r.name, label: names[r.name] || r.name, count: Number(r.n) }));
    },
  };

  return { media, columns, settings, articles, site, translations };
}

export type CmsService = ReturnType<typeof cmsService>;
