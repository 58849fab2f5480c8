import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adrQuerySchema, adrReportInputSchema, adrReviewSchema } from '@bencao/contracts';
import type { ModuleOptions } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { PUBLIC, authOf } from '../../platform/guard';
import { langOf } from '../../platform/i18n';
import { adrService } from './service';
import { isBot, parseSubmission } from './publicSubmission';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** 药品不良反应报告: the site's public form and the console's review (SPEC §2 customer service). */
export const adrRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const svc = adrService(deps.db, { now: deps.config.now ?? (() => new Date()), limit: deps.config.submissionRateLimit });
  const tags = ['adr'];

  app.post('/api/adr/reports', { config: { authority: PUBLIC, personalData: true }, schema: { tags } }, async (req) => {
    const input = parseSubmission(adrReportInputSchema, req.body, 'adr', langOf(req));
    if (isBot(input)) return ok({ reference: null });
    return ok(await svc.submit(input, req.ip));
  });

  app.get('/api/adr/reports', { config: { authority: 'cms:adr' }, schema: { tags, querystring: adrQuerySchema } },
    async (req) => ok(await svc.list(req.query)));

  app.get('/api/adr/reports/:id', { config: { authority: 'cms:adr' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.get(req.params.id)));

  app.post('/api/adr/reports/:id/status', { config: { authority: 'cms:adr:edit' }, schema: { tags, params: idParams, body: adrReviewSchema } },
    async (req) => ok(await svc.review(req.params.id, req.body, authOf(req).userId)));
};
