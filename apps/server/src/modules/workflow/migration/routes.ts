import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate, workflowMigrationInstanceQuerySchema, workflowMigrationSchema } from '@bencao/contracts';
import type { ModuleOptions } from '../../../platform/deps';
import { ok } from '../../../platform/envelope';
import { AppError } from '../../../platform/errors';
import { langOf } from '../../../platform/i18n';
import { dataScopeOf } from '../../security/dataScope';
import { workflowAccess } from '../admin/index';
import { clockOf } from '../engine/clock';
import { migrationService } from './service';

/** /api/workflow/migration: moving running instances to another version of their process (docs/WORKFLOW.md). */
const AUTHORITY = 'bpm:instance:migrate';
const tags = ['workflow'];

export const workflowMigrationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, opts) => {
  const { db } = opts.deps;
  const migrations = migrationService(db, { batchSize: opts.deps.config.migrationBatchSize });
  const scopeOf = (req: FastifyRequest) => dataScopeOf(db, req.auth!.accountId, req.auth!.authorities);
  /** the caller administers the process (process permissions) */
  const mustAdminister = async (req: FastifyRequest, versionId: number) => {
    const v = await migrations.version(versionId);
    const access = workflowAccess(db, { accountId: req.auth!.accountId, authorities: req.auth!.authorities, isAdmin: req.auth!.isAdmin });
    if (!(await access.canAdminister(v.definitionKey))) throw new AppError(403, 'workflow.cannotAdminister', { name: v.name });
  };
  const actorOf = (req: FastifyRequest) => ({ accountId: req.auth?.accountId ?? null, name: req.auth?.userName ?? null });

  app.get('/api/workflow/migration/instances', { config: { authority: AUTHORITY }, schema: { tags, querystring: workflowMigrationInstanceQuerySchema } },
    async (req) => {
      await mustAdminister(req, req.query.versionId);
      return ok(await migrations.candidates(req.query, await scopeOf(req)));
    });
  app.post('/api/workflow/migration/dry-run', { config: { authority: AUTHORITY }, schema: { tags, body: workflowMigrationSchema } },
    async (req) => {
      await mustAdminister(req, req.body.sourceVersionId);
      return ok(await migrations.run(req.body, { dryRun: true, actor: actorOf(req), now: clockOf(db)(), lang: langOf(req), dataScope: await scopeOf(req) }));
    });
  app.post('/api/workflow/migration/apply', { config: { authority: AUTHORITY }, schema: { tags, body: workflowMigrationSchema } },
    async (req) => {
      await mustAdminister(req, req.body.sourceVersionId);
      const result = await migrations.run(req.body, { dryRun: false, actor: actorOf(req), now: clockOf(db)(), lang: langOf(req), dataScope: await scopeOf(req) });
      const lang = langOf(req);
      return ok(result, result.remaining > 0
        ? translate(lang, 'workflow.migration.doneMore', { n: result.migrated, total: result.instances.length, remaining: result.remaining })
        : translate(lang, 'workflow.migration.done', { n: result.migrated, total: result.instances.length }));
    });
};
