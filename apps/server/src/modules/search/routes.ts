import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEARCH_MAX_QUERY, searchQuerySchema } from '@bencao/contracts';
import type { ModuleOptions } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { PUBLIC } from '../../platform/guard';
import { publicCache } from '../cms/publicCache';
import { searchService } from './service';
import { searchPageRenderer } from './searchPage';

/** a visitor types quickly: generous, but a script cannot make the database tokenise in a loop */
const SEARCH_RATE = { max: 120, timeWindow: '1 minute' };

/** Site search: the public API and the server-rendered results page (/search?q=, noindex). */
export const searchRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const clock = deps.config.now ?? (() => new Date());
  const svc = searchService(deps.db, clock);
  // answers kept per URL until the site's content changes (the index is written with it)
  const cache = publicCache(deps.db, deps.versions, () => clock().getTime());
  const page = searchPageRenderer(deps);
  await svc.rebuildIfEmpty();

  app.get('/api/site/search', {
    config: { authority: PUBLIC, rateLimit: SEARCH_RATE },
    schema: { tags: ['site'], querystring: searchQuerySchema },
  }, (req, reply) => cache.answer(req, reply, async () => ok(await svc.search(req.query))));

  for (const path of ['/search', '/en/search']) {
    app.get(path, {
      config: { authority: PUBLIC, rateLimit: SEARCH_RATE },
      schema: { tags: ['site'], hide: true, querystring: z.object({ q: z.string().max(SEARCH_MAX_QUERY * 4).optional(), kind: z.string().max(20).optional(), page: z.string().max(6).optional() }) },
    }, async (req, reply) => {
      const html = await page.render(req);
      // the render is not built: the app's own route shows the same results
      if (!html) return reply.redirect(`/#/search${req.url.slice(path.length)}`);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    });
  }
};
