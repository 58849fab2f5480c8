import { z } from 'zod';
import { and, asc, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  CONFIG_ZIP_LIMITS, configBetaSchema, configCloneSchema, configExportQuerySchema, configImportQuerySchema, translate, type ConfigCopySummary,
} from '@bencao/contracts';
import type { ModuleOptions } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { badRequest } from '../../platform/errors';
import { authOf } from '../../platform/guard';
import { langOf } from '../../platform/i18n';
import { gwConfigs } from '../../db/schema/index';
import { configFilter } from './configs';
import { cloneConfigs } from './configClone';
import { exportZip, importZip } from './configZip';
import { configBetaService } from './configBeta';

const tags = ['gateway'];
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Config centre operations on many configs (clone, zip) and the beta publish of one (issue 16). */
export const configOpsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const { db } = deps;
  const betas = configBetaService(db);
  const operator = (req: FastifyRequest) => authOf(req).userId;
  const say = (req: FastifyRequest, key: string, params?: Record<string, string | number>) => translate(langOf(req), key, params);
  const summary = (req: FastifyRequest, key: string, s: ConfigCopySummary) => ok(s, say(req, key, { ...s }));
  const C = '/api/gateway/configs';

  app.post(`${C}/clone`, {
    config: { authority: 'gateway:config:clone' },
    schema: { tags, summary: 'Clone configs into another namespace; a config already there: abort (409), skip or overwrite', body: configCloneSchema },
  }, async (req) => summary(req, 'gateway.cloneDone', await cloneConfigs(db, req.body, operator(req))));

  app.get(`${C}/export`, {
    config: { authority: 'gateway:config:export' },
    schema: { tags, summary: 'A zip of the configs `ids`, else of those the list query matches (Nacos layout: group/dataId + .metadata.yml)', querystring: configExportQuerySchema },
  }, async (req, reply) => {
    const q = req.query;
    const where = q.ids ? and(configFilter({ namespaceId: q.namespaceId }), inArray(gwConfigs.id, q.ids.split(',').map(Number))) : configFilter(q);
    const rows = await db.select().from(gwConfigs).where(where).orderBy(asc(gwConfigs.group), asc(gwConfigs.dataId));
    return reply.header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`configs-${q.namespaceId}.zip`)}`)
      .send(Buffer.from(exportZip(rows)));
  });

  app.post(`${C}/import`, {
    config: { authority: 'gateway:config:import' },
    schema: { tags, summary: 'Import a zip (multipart `file`, ≤ 10 MB, ≤ 1,000 entries of ≤ 1 MB) into a namespace; conflicts: abort (409), skip or overwrite', querystring: configImportQuerySchema, consumes: ['multipart/form-data'] },
  }, async (req) => {
    if (!req.isMultipart()) throw badRequest('gateway.zipMissing');
    const file = await req.file({ limits: { fileSize: CONFIG_ZIP_LIMITS.archiveBytes + 1 }, throwFileSizeLimit: false });
    if (!file) throw badRequest('gateway.zipMissing');
    const bytes = await file.toBuffer();
    if (file.file.truncated || bytes.length > CONFIG_ZIP_LIMITS.archiveBytes) throw badRequest('gateway.zipTooLarge', { n: CONFIG_ZIP_LIMITS.archiveBytes / 1024 / 1024 });
    return summary(req, 'gateway.importDone', await importZip(db, bytes, req.query.namespaceId, req.query.policy, operator(req)));
  });

  app.get(`${C}/:id/beta`, { config: { authority: 'gateway:config' }, schema: { tags, summary: 'The beta release of a config, or null', params: idParams } },
    async (req) => ok(await betas.get(req.params.id)));
  app.put(`${C}/:id/beta`, {
    config: { authority: 'gateway:config:beta' },
    schema: { tags, summary: 'Publish (or replace) the beta: its content is answered to the listed client IPs only', params: idParams, body: configBetaSchema },
  }, async (req) => ok(await betas.publish(req.params.id, req.body, operator(req)), say(req, 'gateway.betaPublished')));
  app.delete(`${C}/:id/beta`, { config: { authority: 'gateway:config:beta' }, schema: { tags, summary: 'Stop the beta (409 when there is none)', params: idParams } },
    async (req) => ok(await betas.stop(req.params.id), say(req, 'gateway.betaStopped')));
  app.post(`${C}/:id/beta/promote`, {
    config: { authority: 'gateway:config:beta' },
    schema: { tags, summary: 'Publish the beta content as the release and end the beta (409 when there is none)', params: idParams },
  }, async (req) => ok(await betas.promote(req.params.id, operator(req)), say(req, 'gateway.betaPromoted')));
};
