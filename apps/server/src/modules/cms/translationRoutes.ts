import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { articleTranslationInputSchema, translate, translationLangSchema } from '@bencao/contracts';
import { ok } from '../../platform/envelope';
import { authOf } from '../../platform/guard';
import { langOf } from '../../platform/i18n';
import type { CmsService } from './service';

const params = z.object({ id: z.coerce.number().int().positive(), lang: translationLangSchema });

/** the translation of an article in a language of the site (console, registered from the cms routes) */
export const translationRoutes: FastifyPluginAsyncZod<{ svc: CmsService }> = async (app, { svc }) => {
  const tags = ['cms'];
  app.get('/api/cms/articles/:id/translations/:lang', { config: { authority: 'cms:article' }, schema: { tags, params } },
    async (req) => ok(await svc.translations.get(req.params.id, req.params.lang)));
  app.put('/api/cms/articles/:id/translations/:lang', { config: { authority: 'cms:article:edit' }, schema: { tags, params, body: articleTranslationInputSchema } },
    async (req) => ok(await svc.translations.save(req.params.id, req.params.lang, req.body, authOf(req).userId, langOf(req)), translate(langOf(req), 'ok.saved')));
  app.delete('/api/cms/articles/:id/translations/:lang', { config: { authority: 'cms:article:edit' }, schema: { tags, params } },
    async (req) => ok({ deleted: await svc.translations.remove(req.params.id, req.params.lang) }, translate(langOf(req), 'ok.deleted')));
};
