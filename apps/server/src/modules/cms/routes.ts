import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HEADER_COLUMN_ID, MEDIA_MAX_BYTES, MEDIA_WIDTHS, articleInputSchema, articleKindSchema, articleListQuerySchema,
  columnInputSchema, columnOrderSchema, mediaInputSchema, mediaListQuerySchema, mediaUpdateSchema, publishInputSchema,
  formatIssue, siteArticleQuerySchema, siteLangQuerySchema, siteSettingsSchema, translate,
} from '@bencao/contracts';
import type { ModuleOptions } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { PUBLIC, authOf } from '../../platform/guard';
import { AppError, badRequest } from '../../platform/errors';
import { langOf } from '../../platform/i18n';
import { cmsService } from './service';
import { localDiskStorage, mediaDir } from './storage';
import { seoRoutes } from './seo';
import { publicCache } from './publicCache';
import { translationRoutes } from './translationRoutes';

const idParam = z.object({ id: z.coerce.number().int().positive() });
const idsBody = z.object({ ids: z.array(z.coerce.number().int().positive()).min(1).max(500) });
const deleted = (req: Parameters<typeof langOf>[0], n: number) => ok({ deleted: n }, translate(langOf(req), 'ok.deleted'));

/** Website content: columns, articles, media, settings (console) and the public site API. */
export const cmsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const clock = deps.config.now ?? (() => new Date());
  const svc = cmsService(deps.db, localDiskStorage(mediaDir(deps.config.dataDir)), clock);
  // the public site's answers: kept per URL until content changes on any process (publicCache.ts)
  const cache = publicCache(deps.db, deps.versions, () => clock().getTime());
  const user = (req: Parameters<typeof authOf>[0]) => authOf(req).userId;
  const tags = ['cms'];

  // ───────────────────────── columns ─────────────────────────
  app.get('/api/cms/columns', { config: { authority: 'cms:column' }, schema: { tags } }, async () => ok(await svc.columns.tree()));
  app.get('/api/cms/columns/:id', { config: { authority: 'cms:column' }, schema: { tags, params: idParam } },
    async (req) => ok(await svc.columns.get(req.params.id)));
  app.post('/api/cms/columns', { config: { authority: 'cms:column:add' }, schema: { tags, body: columnInputSchema } },
    async (req) => ok(await svc.columns.create(req.body)));
  app.put('/api/cms/columns/order', { config: { authority: 'cms:column:edit' }, schema: { tags, body: columnOrderSchema } },
    async (req) => { await svc.columns.reorder(req.body.items); return ok(null); });
  app.put('/api/cms/columns/:id', { config: { authority: 'cms:column:edit' }, schema: { tags, params: idParam, body: columnInputSchema } },
    async (req) => ok(await svc.columns.update(req.params.id, req.body)));
  app.delete('/api/cms/columns/:id', { config: { authority: 'cms:column:delete' }, schema: { tags, params: idParam } },
    async (req) => deleted(req, await svc.columns.remove([req.params.id])));
  app.post('/api/cms/columns/delete', { config: { authority: 'cms:column:delete' }, schema: { tags, body: idsBody } },
    async (req) => deleted(req, await svc.columns.remove(req.body.ids)));

  // ───────────────────────── articles ─────────────────────────
  app.get('/api/cms/articles', { config: { authority: 'cms:article' }, schema: { tags, querystring: articleListQuerySchema } },
    async (req) => ok(await svc.articles.list(req.query)));
  app.get('/api/cms/articles/categories', { config: { authority: 'cms:article' }, schema: { tags, querystring: z.object({ kind: articleKindSchema }) } },
    async (req) => ok(await svc.articles.categories(req.query.kind)));
  app.get('/api/cms/articles/:id', { config: { authority: 'cms:article' }, schema: { tags, params: idParam } },
    async (req) => ok(await svc.articles.get(req.params.id)));
  app.post('/api/cms/articles', { config: { authority: 'cms:article:add' }, schema: { tags, body: articleInputSchema } },
    async (req) => ok(await svc.articles.create(req.body, user(req)), translate(langOf(req), 'ok.saved')));
  app.put('/api/cms/articles/:id', { config: { authority: 'cms:article:edit' }, schema: { tags, params: idParam, body: articleInputSchema } },
    async (req) => ok(await svc.articles.update(req.params.id, req.body, user(req)), translate(langOf(req), 'ok.saved')));
  app.delete('/api/cms/articles/:id', { config: { authority: 'cms:article:delete' }, schema: { tags, params: idParam } },
    async (req) => deleted(req, await svc.articles.remove([req.params.id])));
  app.post('/api/cms/articles/delete', { config: { authority: 'cms:article:delete' }, schema: { tags, body: idsBody } },
    async (req) => deleted(req, await svc.articles.remove(req.body.ids)));
  app.post('/api/cms/articles/:id/publish', { config: { authority: 'cms:article:publish' }, schema: { tags, params: idParam, body: publishInputSchema.optional() } },
    async (req) => ok(await svc.articles.publish(req.params.id, req.body ?? {}, user(req))));
  app.post('/api/cms/articles/:id/unpublish', { config: { authority: 'cms:article:publish' }, schema: { tags, params: idParam } },
    async (req) => ok(await svc.articles.unpublish(req.params.id, user(req))));
  app.get('/api/cms/articles/:id/versions', { config: { authority: 'cms:article' }, schema: { tags, params: idParam } },
    async (req) => ok(await svc.articles.versions(req.params.id)));
  app.get('/api/cms/articles/:id/versions/:versionId', {
    config: { authority: 'cms:article' },
    schema: { tags, params: idParam.extend({ versionId: z.coerce.number().int().positive() }) },
  }, async (req) => ok(await svc.articles.version(req.params.id, req.params.versionId)));
  app.post('/api/cms/articles/:id/versions/:versionId/restore', {
    config: { authority: 'cms:article:edit' },
    schema: { tags, params: idParam.extend({ versionId: z.coerce.number().int().positive() }) },
  }, async (req) => ok(await svc.articles.restore(req.params.id, req.params.versionId, user(req), langOf(req))));
  // a short-lived token that lets the site show this article whatever its state (and its pending
  // edits): it reveals unpublished content, so it takes the edit authority, not the read one
  app.post('/api/cms/articles/:id/preview', { config: { authority: 'cms:article:edit' }, schema: { tags, params: idParam } },
    async (req) => ok(await svc.articles.preview(req.params.id)));

  // English (and later other) translations of an article
  await app.register(translationRoutes, { svc });

  // ───────────────────────── media ─────────────────────────
  app.get('/api/cms/media', { config: { authority: 'cms:media' }, schema: { tags, querystring: mediaListQuerySchema } },
    async (req) => ok(await svc.media.list(req.query)));
  app.get('/api/cms/media/:id', { config: { authority: 'cms:media' }, schema: { tags, params: idParam } },
    async (req) => ok(await svc.media.get(req.params.id)));
  // multipart: one `file` and the fields `alt` (required) and `title`
  app.post('/api/cms/media', { config: { authority: 'cms:media:add' }, schema: { tags, consumes: ['multipart/form-data'] } }, async (req) => {
    if (!req.isMultipart()) throw badRequest('cms.mediaMissingFile');
    const fields: Record<string, string> = {};
    let file: { bytes: Buffer; filename: string } | null = null;
    try {
      for await (const part of req.parts({ limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 10 } })) {
        if (part.type === 'file') {
          if (file) { await part.toBuffer(); continue; }
          file = { bytes: await part.toBuffer(), filename: part.filename ?? '' };
        } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'cms.mediaTooLarge', { n: MEDIA_MAX_BYTES / 1024 / 1024 });
      throw err;
    }
    const info = mediaInputSchema.safeParse(fields);
    if (!info.success) {
      const issue = info.error.issues[0];
      throw badRequest('error.validation', { field: issue.path.join('.') || 'alt', rule: formatIssue(issue as never, langOf(req)) });
    }
    if (!file || !file.bytes.length) throw badRequest('cms.mediaMissingFile');
    return ok(await svc.media.upload(file.bytes, { filename: file.filename, ...info.data, user: user(req) }));
  });
  app.put('/api/cms/media/:id', { config: { authority: 'cms:media:edit' }, schema: { tags, params: idParam, body: mediaUpdateSchema } },
    async (req) => ok(await svc.media.update(req.params.id, req.body)));
  app.delete('/api/cms/media/:id', { config: { authority: 'cms:media:delete' }, schema: { tags, params: idParam } },
    async (req) => deleted(req, await svc.media.remove([req.params.id])));
  app.post('/api/cms/media/delete', { config: { authority: 'cms:media:delete' }, schema: { tags, body: idsBody } },
    async (req) => deleted(req, await svc.media.remove(req.body.ids)));

  // ───────────────────────── settings ─────────────────────────
  app.get('/api/cms/settings', { config: { authority: 'cms:settings' }, schema: { tags } }, async () => ok(await svc.settings.get()));
  app.put('/api/cms/settings', { config: { authority: 'cms:settings:edit' }, schema: { tags, body: siteSettingsSchema } },
    async (req) => ok(await svc.settings.update(req.body, user(req)), translate(langOf(req), 'ok.saved')));

  // ───────────────────────── public site (only published, in-window content) ─────────────────────────
  const siteTags = ['site'];
  // path URLs of the site's content (server-rendered pages), /sitemap.xml, /robots.txt
  await app.register(seoRoutes, { svc, config: deps.config, deps });
  // SPEC §7: the header menu
  app.get('/api/art/column/columnTreeselect', {
    config: { authority: PUBLIC },
    schema: { tags: siteTags, querystring: siteLangQuerySchema.extend({ parentId: z.coerce.number().int().positive().default(HEADER_COLUMN_ID) }) },
  }, (req, reply) => cache.answer(req, reply, async () => ok(await svc.columns.publicChildren(req.query.parentId, req.query.lang))));
  // the whole visible column tree under the header (sub-menus, sub-column lists), in one answer
  app.get('/api/site/columns', { config: { authority: PUBLIC }, schema: { tags: siteTags, querystring: siteLangQuerySchema } },
    (req, reply) => cache.answer(req, reply, async () => ok(await svc.columns.publicTree(req.query.lang))));
  app.get('/api/site/settings', { config: { authority: PUBLIC }, schema: { tags: siteTags, querystring: siteLangQuerySchema } },
    (req, reply) => cache.answer(req, reply, async () => ok(await svc.settings.shown(req.query.lang))));
  app.get('/api/site/articles', { config: { authority: PUBLIC }, schema: { tags: siteTags, querystring: siteArticleQuerySchema } },
    (req, reply) => cache.answer(req, reply, async () => ok(await svc.site.list(req.query))));
  app.get('/api/site/articles/:id', {
    config: { authority: PUBLIC },
    schema: { tags: siteTags, params: idParam, querystring: siteLangQuerySchema.extend({ preview: z.string().max(100).optional() }) },
  }, async (req, reply) => {
    if (!req.query.preview) return cache.answer(req, reply, async () => ok(await svc.site.article(req.params.id, undefined, req.query.lang)));
    const a = await svc.site.article(req.params.id, req.query.preview, req.query.lang);
    reply.header('cache-control', 'no-store');
    return ok(a);
  });
  app.get('/api/site/pages/:slug', {
    config: { authority: PUBLIC },
    schema: { tags: siteTags, params: z.object({ slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,59}$/) }), querystring: siteLangQuerySchema.extend({ preview: z.string().max(100).optional() }) },
  }, async (req, reply) => {
    if (!req.query.preview) return cache.answer(req, reply, async () => ok(await svc.site.page(req.params.slug, undefined, req.query.lang)));
    const page = await svc.site.page(req.params.slug, req.query.preview, req.query.lang);
    reply.header('cache-control', 'no-store');
    return ok(page);
  });
  app.get('/api/site/products/categories', { config: { authority: PUBLIC }, schema: { tags: siteTags, querystring: siteLangQuerySchema } },
    (req, reply) => cache.answer(req, reply, async () => ok(await svc.site.productCategories(req.query.lang))));

  // media: public only while live content shows them; `k` (the medium's access key) opens any one
  // for the console and preview links, and such answers are never cached publicly
  const sendMedia = async (reply: FastifyReply, ifNoneMatch: string | undefined, found: Awaited<ReturnType<typeof svc.media.bytes>>) => {
    if (found === 'badWidth') throw badRequest('error.validation', { field: 'width', rule: 'width' });
    if (!found) return reply.code(404).header('cache-control', 'no-store').send({ code: 404, msg: 'not found', data: null });
    const etag = `"${found.etag}"`;
    reply.header('cache-control', found.public ? 'public, max-age=31536000, immutable' : 'private, no-cache').header('etag', etag).header('x-content-type-options', 'nosniff');
    if (ifNoneMatch === etag) return reply.code(304).send();
    return reply.type(found.mime).send(found.bytes);
  };
  const keyQuery = z.object({ k: z.string().regex(/^[0-9a-f]{1,64}$/).optional() });
  app.get('/api/site/media/:id', { config: { authority: PUBLIC }, schema: { tags: siteTags, params: idParam, querystring: keyQuery } },
    async (req, reply) => sendMedia(reply, req.headers['if-none-match'], await svc.media.bytes(req.params.id, undefined, req.query.k)));
  app.get('/api/site/media/:id/:width', {
    config: { authority: PUBLIC },
    // the standard widths, or a picture's own width when it is narrower than the largest (checked by the service)
    schema: { tags: siteTags, params: idParam.extend({ width: z.coerce.number().int().min(1).max(MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1]) }), querystring: keyQuery },
  }, async (req, reply) => sendMedia(reply, req.headers['if-none-match'], await svc.media.bytes(req.params.id, req.params.width, req.query.k)));
};
