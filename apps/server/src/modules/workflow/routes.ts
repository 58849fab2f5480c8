import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionCommentSchema, hasXmlDtd, MAX_BPMN_XML, translate, workflowDefinitionQuerySchema, workflowDefinitionCopySchema, workflowDefinitionSchema,
  workflowDefinitionUpdateSchema, workflowInstanceQuerySchema, workflowStartSchema,
} from '@bencao/contracts';
import type { ModuleOptions } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { AppError, badRequest } from '../../platform/errors';
import { LOGIN } from '../../platform/guard';
import { langOf } from '../../platform/i18n';
import { workflowAccess } from './admin/index';
import { workflowAdminRoutes } from './admin/routes';
import { workflowTaskRoutes } from './tasks/routes';
import { workflowMigrationRoutes } from './migration/routes';
import { definitionService, PublishError } from './definitions';
import { instanceService } from './instances';
import { dataScopeOf } from '../security/dataScope';
import { clockOf } from './engine/clock';
import { registerEngineJobs } from './engine/handlers';
import { deleteInstance, executionAction, instanceAction, modelOf, type Actor } from './engine/runtime';
import { startBinding, taskForms } from './tasks/forms';
import { checkVariables } from './tasks/integrity';

/** /api/workflow: definitions, versions, instances, executions, tasks, jobs (docs/WORKFLOW.md). */

const idParams = z.object({ id: z.coerce.number().int().positive() });
const versionParams = z.object({ versionId: z.coerce.number().int().positive() });
const actionParams = z.object({ id: z.coerce.number().int().positive(), action: z.enum(['suspend', 'resume', 'interrupt', 'terminate']) });
const tags = ['workflow'];
/** the optional `{comment}` of an action (the body may be absent) */
const commentOf = (req: FastifyRequest) => {
  const parsed = actionCommentSchema.safeParse(req.body ?? undefined);
  return parsed.success ? (parsed.data?.comment || null) : null;
};

const actorOf = (req: FastifyRequest): Actor => ({ accountId: req.auth?.accountId ?? null, name: req.auth?.userName ?? null });
const accessOf = (db: Parameters<typeof workflowAccess>[0], req: FastifyRequest) => workflowAccess(db, { accountId: req.auth!.accountId, authorities: req.auth!.authorities, isAdmin: req.auth!.isAdmin });

export const workflowRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, opts) => {
  const { db } = opts.deps;
  registerEngineJobs();
  const now = () => clockOf(db)();
  const defs = definitionService(db, now);
  const forms = taskForms(db);
  const insts = instanceService(db);
  const saved = (req: FastifyRequest) => translate(langOf(req), 'ok.saved');
  /** a diagram refused on save (a URL the outbound rule refuses): 400 naming the field, each task and its rule */
  const savingXml = async <T>(req: FastifyRequest, field: string, save: () => Promise<T>): Promise<T> => {
    try { return await save(); } catch (e) {
      if (!(e instanceof PublishError)) throw e;
      throw badRequest('error.validation', { field, rule: e.translated(langOf(req)).map((p) => p.message).join('; ') });
    }
  };

  const mustAdminister = async (req: FastifyRequest, key: string, name: string) => {
    if (!(await accessOf(db, req).canAdminister(key))) throw new AppError(403, 'workflow.cannotAdminister', { name });
  };
  const mustMonitor = async (req: FastifyRequest, key: string, name: string) => {
    if (!(await accessOf(db, req).canMonitor(key))) throw new AppError(403, 'workflow.cannotMonitor', { name });
  };

  // ---------- definitions ----------
  app.get('/api/workflow/definitions', { config: { authority: 'bpm:definition' }, schema: { tags, querystring: workflowDefinitionQuerySchema } },
    async (req) => ok(await defs.list(req.query)));
  app.get('/api/workflow/definitions/:id', { config: { authority: 'bpm:definition' }, schema: { tags, params: idParams } },
    async (req) => ok(await defs.detail(req.params.id)));
  app.post('/api/workflow/definitions', { config: { authority: 'bpm:definition:add' }, schema: { tags, body: workflowDefinitionSchema } },
    async (req) => ok(await savingXml(req, 'xml', () => defs.create(req.body, actorOf(req))), saved(req)));
  app.post('/api/workflow/definitions/:id/copy', { config: { authority: 'bpm:definition:add' }, schema: { tags, params: idParams, body: workflowDefinitionCopySchema } },
    async (req) => ok(await savingXml(req, 'xml', () => defs.copy(req.params.id, req.body, actorOf(req))), saved(req)));
  app.put('/api/workflow/definitions/:id', { config: { authority: 'bpm:definition:edit' }, schema: { tags, params: idParams, body: workflowDefinitionUpdateSchema } },
    async (req) => {
      const d = await defs.get(req.params.id);
      await mustAdminister(req, d.key, d.name);
      return ok(await savingXml(req, 'xml', () => defs.update(req.params.id, req.body)), saved(req));
    });
  app.delete('/api/workflow/definitions/:id', { config: { authority: 'bpm:definition:delete' }, schema: { tags, params: idParams } },
    async (req) => {
      const d = await defs.get(req.params.id);
      await mustAdminister(req, d.key, d.name);
      return ok(await defs.remove(req.params.id), translate(langOf(req), 'ok.deleted'));
    });
  app.post('/api/workflow/definitions/:id/publish', { config: { authority: 'bpm:definition:publish' }, schema: { tags, params: idParams } },
    async (req, reply) => {
      const d = await defs.get(req.params.id);
      await mustAdminister(req, d.key, d.name);
      try {
        return ok(await defs.publish(req.params.id, actorOf(req)), saved(req));
      } catch (e) {
        if (!(e instanceof PublishError)) throw e;
        const lang = langOf(req);
        return reply.code(400).send({ code: 400, msg: translate(lang, 'workflow.publishInvalid', { count: e.problems.length }), data: { problems: e.translated(lang) } });
      }
    });
  app.post('/api/workflow/definitions/:id/suspend', { config: { authority: 'bpm:definition:edit' }, schema: { tags, params: idParams } },
    async (req) => {
      const d = await defs.get(req.params.id);
      await mustAdminister(req, d.key, d.name);
      return ok(await defs.setStatus(req.params.id, 'suspended'), saved(req));
    });
  app.post('/api/workflow/definitions/:id/resume', { config: { authority: 'bpm:definition:edit' }, schema: { tags, params: idParams } },
    async (req) => {
      const d = await defs.get(req.params.id);
      await mustAdminister(req, d.key, d.name);
      return ok(await defs.setStatus(req.params.id, 'active'), saved(req));
    });
  app.get('/api/workflow/definitions/:id/versions', { config: { authority: 'bpm:definition' }, schema: { tags, params: idParams } },
    async (req) => ok(await defs.versions(req.params.id)));
  app.get('/api/workflow/versions/:versionId', { config: { authority: 'bpm:definition' }, schema: { tags, params: versionParams } },
    async (req) => ok(await defs.version(req.params.versionId)));
  app.post('/api/workflow/versions/:versionId/republish', { config: { authority: 'bpm:definition:publish' }, schema: { tags, params: versionParams } },
    async (req, reply) => {
      const v = await defs.version(req.params.versionId);
      await mustAdminister(req, v.definitionKey, v.name);
      try {
        return ok(await defs.republish(req.params.versionId, actorOf(req)), saved(req));
      } catch (e) {
        if (!(e instanceof PublishError)) throw e;
        const lang = langOf(req);
        return reply.code(400).send({ code: 400, msg: translate(lang, 'workflow.publishInvalid', { count: e.problems.length }), data: { problems: e.translated(lang) } });
      }
    });
  app.get('/api/workflow/definitions/:id/export', { config: { authority: 'bpm:definition' }, schema: { tags, params: idParams } },
    async (req, reply) => {
      const { key, xml } = await defs.exportXml(req.params.id);
      return reply.header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${key}.bpmn"`).send(xml);
    });
  // multipart: one `.bpmn` file; its process id is the definition key
  app.post('/api/workflow/definitions/import', { config: { authority: 'bpm:definition:add' }, schema: { tags, consumes: ['multipart/form-data'] } },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('workflow.importInvalid');
      const file = await req.file();
      if (!file) throw badRequest('workflow.importInvalid');
      const buf = await file.toBuffer();
      if (buf.length > MAX_BPMN_XML) throw badRequest('workflow.importInvalid');
      const xml = buf.toString('utf8').replace(/^\uFEFF/, '');
      if (hasXmlDtd(xml)) throw badRequest('error.validation', { field: 'file', rule: translate(langOf(req), 'workflow.xmlDoctype') });
      return ok(await savingXml(req, 'file', () => defs.importXml(xml, actorOf(req))), saved(req));
    });
  app.post('/api/workflow/definitions/:id/start', { config: { authority: LOGIN }, schema: { tags, params: idParams, body: workflowStartSchema } },
    async (req) => {
      const d = await defs.get(req.params.id);
      if (!(await accessOf(db, req).canStart(d.key))) throw new AppError(403, 'workflow.cannotStart', { name: d.name });
      // the start event's cloud form (issue 12): checked before the instance exists, stored as its document in the start's transaction
      const start = d.latestVersionId ? startBinding(await modelOf(db, d.latestVersionId, d.key, d.latestVersion)) : null;
      // a process with a start form is started by its form alone: its data routes the process, so it comes validated
      checkVariables(req.body.variables, !!start, langOf(req));
      const modelVariables = start ? await forms.check(start.binding, null, req.body.form ?? {}, langOf(req)) : {};
      const started = await defs.start(req.params.id, actorOf(req), { ...req.body, variables: { ...req.body.variables, ...modelVariables } },
        start ? (tx, instanceId) => forms.store(start.binding, start.elementId, instanceId, req.body.form ?? {}, { userId: req.auth!.userId, lang: langOf(req) }, tx) : undefined);
      return ok(started, saved(req));
    });

  // ---------- instances (monitor) ----------
  // instances are organ-owned through their starters: the roles' data scope applies (outside it: 404)
  const startersOf = (req: FastifyRequest) => dataScopeOf(db, req.auth!.accountId, req.auth!.authorities);
  app.get('/api/workflow/instances', { config: { authority: 'bpm:monitor' }, schema: { tags, querystring: workflowInstanceQuerySchema } },
    async (req) => ok(await insts.list(req.query, await accessOf(db, req).monitorableKeys(), await startersOf(req))));
  app.get('/api/workflow/instances/:id', { config: { authority: 'bpm:monitor' }, schema: { tags, params: idParams } },
    async (req) => {
      const i = await insts.row(req.params.id, await startersOf(req));
      await mustMonitor(req, i.definitionKey, i.definitionName);
      return ok(await insts.detail(req.params.id, langOf(req)));
    });
  app.post('/api/workflow/instances/:id/:action', { config: { authority: 'bpm:monitor:operate' }, schema: { tags, params: actionParams } },
    async (req) => {
      const i = await insts.row(req.params.id, await startersOf(req));
      await mustAdminister(req, i.definitionKey, i.definitionName);
      return ok(await instanceAction(db, req.params.id, req.params.action, actorOf(req), now(), commentOf(req)), saved(req));
    });
  app.delete('/api/workflow/instances/:id', { config: { authority: 'bpm:monitor:operate' }, schema: { tags, params: idParams } },
    async (req) => {
      const i = await insts.row(req.params.id, await startersOf(req));
      await mustAdminister(req, i.definitionKey, i.definitionName);
      return ok(await deleteInstance(db, req.params.id), translate(langOf(req), 'ok.deleted'));
    });
  app.post('/api/workflow/executions/:id/:action', { config: { authority: 'bpm:monitor:operate' }, schema: { tags, params: actionParams } },
    async (req) => {
      const e = await insts.execution(req.params.id);
      const i = await insts.row(e.instanceId, await startersOf(req));
      await mustAdminister(req, i.definitionKey, i.definitionName);
      return ok(await executionAction(db, req.params.id, req.params.action, actorOf(req), now(), commentOf(req)), saved(req));
    });
  app.post('/api/workflow/jobs/:id/retry', { config: { authority: 'bpm:monitor:operate' }, schema: { tags, params: idParams } },
    async (req) => {
      const j = await insts.jobRow(req.params.id);
      if (j.instanceId) {
        const i = await insts.row(j.instanceId, await startersOf(req));
        await mustAdminister(req, i.definitionKey, i.definitionName);
      }
      return ok(await insts.retryJob(req.params.id, now()), saved(req));
    });

  // ---------- tasks and approvals (tasks/) ----------
  await app.register(workflowTaskRoutes, opts);

  // the admin part: listeners, plugins, participants, permissions, settings, performance
  await app.register(workflowAdminRoutes, opts);

  // moving running instances to another version (migration/)
  await app.register(workflowMigrationRoutes, opts);
};
