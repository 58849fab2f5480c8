import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  definitionKeySchema, invocationQuerySchema, listenerQuerySchema, listenerSchema, participantPreviewSchema, participantQuerySchema,
  participantSchema, performanceQuerySchema, permissionQuerySchema, pluginButtonQuerySchema, pluginButtonRunSchema, pluginButtonSchema,
  pluginTypeQuerySchema, pluginTypeSchema, translate, wfCode, workflowPermissionSchema, workflowSettingsSchema,
} from '@bencao/contracts';
import type { ModuleOptions } from '../../../platform/deps';
import { ok } from '../../../platform/envelope';
import { authOf } from '../../../platform/guard';
import { langOf } from '../../../platform/i18n';
import { deleteListeners, getListener, listInvocations, listListeners, saveListener } from './listeners';
import { deleteParticipants, getParticipant, listParticipants, previewParticipants, saveParticipant } from './participants';
import { performanceCsv, performanceReport } from './performance';
import { deletePermission, getPermission, listPermissions, savePermission, workflowAccess } from './permissions';
import {
  deletePluginButtons, deletePluginTypes, getPluginButton, getPluginType, listPluginButtons, listPluginTypes, pluginButtonsFor,
  runPluginButton, savePluginButton, savePluginType,
} from './plugins';
import { saveWorkflowSettings, workflowSettings } from './settings';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const keyParams = z.object({ definitionKey: definitionKeySchema });
const codeParams = z.object({ code: wfCode });
const idsSchema = z.object({ ids: z.array(z.number().int().positive()).min(1, { message: 'workflow.selectRecord' }).max(1000) });
const nodeQuery = z.object({ definitionKey: definitionKeySchema, elementId: z.string().trim().min(1).max(100) });
const tags = ['workflow'];

/** /api/workflow: participants' rules, listeners, plugin types and buttons, permissions, settings, performance. */
export const workflowAdminRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const { db } = deps;
  const saved = (req: Parameters<typeof langOf>[0]) => translate(langOf(req), 'ok.saved');
  const deleted = (req: Parameters<typeof langOf>[0]) => translate(langOf(req), 'ok.deleted');

  // ---------- participants' rules ----------
  app.get('/api/workflow/participants', { config: { authority: 'bpm:participant' }, schema: { tags, querystring: participantQuerySchema } },
    async (req) => ok(await listParticipants(db, req.query)));
  /** the saved rules for the modeler's assignment picker */
  app.get('/api/workflow/participants/options', { config: { authority: 'bpm:definition' }, schema: { tags } },
    async () => ok((await listParticipants(db, { page: 1, limit: 500 })).records.map((r) => ({ id: r.id, code: r.code, name: r.name, kind: r.kind }))));
  app.get('/api/workflow/participants/:id', { config: { authority: 'bpm:participant' }, schema: { tags, params: idParams } },
    async (req) => ok(await getParticipant(db, req.params.id)));
  app.post('/api/workflow/participants', { config: { authority: 'bpm:participant:add' }, schema: { tags, body: participantSchema } },
    async (req) => ok(await saveParticipant(db, null, req.body), saved(req)));
  app.put('/api/workflow/participants/:id', { config: { authority: 'bpm:participant:edit' }, schema: { tags, params: idParams, body: participantSchema } },
    async (req) => ok(await saveParticipant(db, req.params.id, req.body), saved(req)));
  app.delete('/api/workflow/participants/:id', { config: { authority: 'bpm:participant:delete' }, schema: { tags, params: idParams } },
    async (req) => ok(await deleteParticipants(db, [req.params.id]), deleted(req)));
  app.post('/api/workflow/participants/delete', { config: { authority: 'bpm:participant:delete' }, schema: { tags, body: idsSchema } },
    async (req) => ok(await deleteParticipants(db, req.body.ids), deleted(req)));
  app.post('/api/workflow/participants/preview', { config: { authority: 'bpm:participant' }, schema: { tags, body: participantPreviewSchema } },
    async (req) => ok(await previewParticipants(db, req.body.rule, req.body.starterAccountId, req.body.variables, new Date())));

  // ---------- listeners ----------
  app.get('/api/workflow/listeners', { config: { authority: 'bpm:listener' }, schema: { tags, querystring: listenerQuerySchema } },
    async (req) => ok(await listListeners(db, req.query)));
  app.get('/api/workflow/listeners/:id', { config: { authority: 'bpm:listener' }, schema: { tags, params: idParams } },
    async (req) => ok(await getListener(db, req.params.id)));
  app.get('/api/workflow/listeners/:id/invocations', { config: { authority: 'bpm:listener' }, schema: { tags, params: idParams, querystring: invocationQuerySchema } },
    async (req) => ok(await listInvocations(db, req.params.id, req.query)));
  app.post('/api/workflow/listeners', { config: { authority: 'bpm:listener:add' }, schema: { tags, body: listenerSchema } },
    async (req) => ok(await saveListener(db, null, req.body, new Date()), saved(req)));
  app.put('/api/workflow/listeners/:id', { config: { authority: 'bpm:listener:edit' }, schema: { tags, params: idParams, body: listenerSchema } },
    async (req) => ok(await saveListener(db, req.params.id, req.body, new Date()), saved(req)));
  app.delete('/api/workflow/listeners/:id', { config: { authority: 'bpm:listener:delete' }, schema: { tags, params: idParams } },
    async (req) => ok(await deleteListeners(db, [req.params.id]), deleted(req)));
  app.post('/api/workflow/listeners/delete', { config: { authority: 'bpm:listener:delete' }, schema: { tags, body: idsSchema } },
    async (req) => ok(await deleteListeners(db, req.body.ids), deleted(req)));

  // ---------- plugin types ----------
  app.get('/api/workflow/plugin-types', { config: { authority: 'bpm:pluginButton' }, schema: { tags, querystring: pluginTypeQuerySchema } },
    async (req) => ok(await listPluginTypes(db, req.query)));
  /** the enabled types for the modeler's service task and the button form */
  app.get('/api/workflow/plugin-types/options', { config: { authority: 'bpm:definition' }, schema: { tags } },
    async () => ok((await listPluginTypes(db, { page: 1, limit: 500 })).records.filter((t) => t.enabled).map((t) => ({ code: t.code, name: t.name, kind: t.kind }))));
  app.get('/api/workflow/plugin-types/:id', { config: { authority: 'bpm:pluginButton' }, schema: { tags, params: idParams } },
    async (req) => ok(await getPluginType(db, req.params.id)));
  app.post('/api/workflow/plugin-types', { config: { authority: 'bpm:pluginButton:add' }, schema: { tags, body: pluginTypeSchema } },
    async (req) => ok(await savePluginType(db, null, req.body, langOf(req)), saved(req)));
  app.put('/api/workflow/plugin-types/:id', { config: { authority: 'bpm:pluginButton:edit' }, schema: { tags, params: idParams, body: pluginTypeSchema } },
    async (req) => ok(await savePluginType(db, req.params.id, req.body, langOf(req)), saved(req)));
  app.delete('/api/workflow/plugin-types/:id', { config: { authority: 'bpm:pluginButton:delete' }, schema: { tags, params: idParams } },
    async (req) => ok(await deletePluginTypes(db, [req.params.id]), deleted(req)));
  app.post('/api/workflow/plugin-types/delete', { config: { authority: 'bpm:pluginButton:delete' }, schema: { tags, body: idsSchema } },
    async (req) => ok(await deletePluginTypes(db, req.body.ids), deleted(req)));

  // ---------- plugin buttons ----------
  app.get('/api/workflow/plugin-buttons', { config: { authority: 'bpm:pluginButton' }, schema: { tags, querystring: pluginButtonQuerySchema } },
    async (req) => ok(await listPluginButtons(db, req.query)));
  /** every button for the modeler's user-task picker */
  app.get('/api/workflow/plugin-buttons/options', { config: { authority: 'bpm:definition' }, schema: { tags } },
    async () => ok((await listPluginButtons(db, { page: 1, limit: 500 })).records.map((b) => ({ code: b.code, label: b.label, definitionKey: b.definitionKey, nodeIds: b.nodeIds, enabled: b.enabled }))));
  /** the buttons of a task's node (tasks screens) */
  app.get('/api/workflow/plugin-buttons/node', { config: { authority: 'bpm:task' }, schema: { tags, querystring: nodeQuery } },
    async (req) => ok(await pluginButtonsFor(db, req.query.definitionKey, req.query.elementId)));
  app.get('/api/workflow/plugin-buttons/:id', { config: { authority: 'bpm:pluginButton' }, schema: { tags, params: idParams } },
    async (req) => ok(await getPluginButton(db, req.params.id)));
  app.post('/api/workflow/plugin-buttons', { config: { authority: 'bpm:pluginButton:add' }, schema: { tags, body: pluginButtonSchema } },
    async (req) => ok(await savePluginButton(db, null, req.body), saved(req)));
  app.put('/api/workflow/plugin-buttons/:id', { config: { authority: 'bpm:pluginButton:edit' }, schema: { tags, params: idParams, body: pluginButtonSchema } },
    async (req) => ok(await savePluginButton(db, req.params.id, req.body), saved(req)));
  app.delete('/api/workflow/plugin-buttons/:id', { config: { authority: 'bpm:pluginButton:delete' }, schema: { tags, params: idParams } },
    async (req) => ok(await deletePluginButtons(db, [req.params.id]), deleted(req)));
  app.post('/api/workflow/plugin-buttons/delete', { config: { authority: 'bpm:pluginButton:delete' }, schema: { tags, body: idsSchema } },
    async (req) => ok(await deletePluginButtons(db, req.body.ids), deleted(req)));
  app.post('/api/workflow/plugin-buttons/:code/run', { config: { authority: 'bpm:task' }, schema: { tags, params: codeParams, body: pluginButtonRunSchema } },
    async (req) => ok(await runPluginButton(db, req.params.code, req.body.taskId, authOf(req).accountId, langOf(req), new Date())));

  // ---------- permissions ----------
  app.get('/api/workflow/permissions', { config: { authority: 'bpm:permission' }, schema: { tags, querystring: permissionQuerySchema } },
    async (req) => ok(await listPermissions(db, req.query)));
  app.get('/api/workflow/permissions/:definitionKey', { config: { authority: 'bpm:permission' }, schema: { tags, params: keyParams } },
    async (req) => ok(await getPermission(db, req.params.definitionKey)));
  app.put('/api/workflow/permissions/:definitionKey', { config: { authority: 'bpm:permission:edit' }, schema: { tags, params: keyParams, body: workflowPermissionSchema } },
    async (req) => ok(await savePermission(db, req.params.definitionKey, req.body, new Date()), saved(req)));
  /** back to the default (everyone with the screens' authorities) */
  app.delete('/api/workflow/permissions/:definitionKey', { config: { authority: 'bpm:permission:edit' }, schema: { tags, params: keyParams } },
    async (req) => ok(await deletePermission(db, req.params.definitionKey), saved(req)));

  // ---------- settings ----------
  app.get('/api/workflow/settings', { config: { authority: 'bpm:config' }, schema: { tags } },
    async () => ok(await workflowSettings(db)));
  app.put('/api/workflow/settings', { config: { authority: 'bpm:config:edit' }, schema: { tags, body: workflowSettingsSchema } },
    async (req) => ok(await saveWorkflowSettings(db, req.body, new Date()), saved(req)));

  // ---------- performance ----------
  const keysOf = async (req: Parameters<typeof authOf>[0]) => {
    const m = await workflowAccess(db, authOf(req)).monitorableKeys();
    return m.all ? null : m.keys;
  };
  app.get('/api/workflow/performance', { config: { authority: 'bpm:performance' }, schema: { tags, querystring: performanceQuerySchema } },
    async (req) => ok(await performanceReport(db, req.query, new Date(), await keysOf(req))));
  app.get('/api/workflow/performance/export', { config: { authority: 'bpm:performance' }, schema: { tags, querystring: performanceQuerySchema } },
    async (req, reply) => {
      const report = await performanceReport(db, req.query, new Date(), await keysOf(req));
      const name = `workflow-performance-${req.query.from}-${req.query.to}.csv`;
      return reply.header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(performanceCsv(report, langOf(req)));
    });
};
