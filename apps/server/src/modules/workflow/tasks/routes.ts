import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_TASK_ATTACHMENT, startableQuerySchema, taskActivitySchema, taskAddSignSchema, taskBatchApproveSchema, taskCcSchema, taskCommentSchema,
  taskCompleteSchema, taskDecisionSchema, taskDraftSchema, taskDraftUpdateSchema, taskHandOverSchema, taskImportanceSchema, taskListQuerySchema,
  taskRemoveSignSchema, taskReturnSchema, taskUserQuerySchema, todoQuerySchema, translate, type BatchApproveResult, type SignatureInput,
} from '@bencao/contracts';
import type { ModuleOptions } from '../../../platform/deps';
import { ok } from '../../../platform/envelope';
import { AppError, badRequest, notFound } from '../../../platform/errors';
import { LOGIN } from '../../../platform/guard';
import { hasAuthority } from '../../../platform/auth/authorities';
import { langOf } from '../../../platform/i18n';
import { workflowAccess } from '../admin/index';
import { buttonOnTask, runPluginButton } from '../admin/plugins';
import { reauthenticator } from '../../../platform/auth/reauth';
import { clockOf } from '../engine/clock';
import { completeTask, modelOf, type Actor, type Tx } from '../engine/runtime';
import type { ProcessModel } from '../engine/model';
import { CONDITION_INCIDENT, withIncident } from '../engine/incidents';
import { registerJobHandler } from '../jobs';
import { instanceService } from '../instances';
import { wfDefinitions, wfHistory, wfPluginButtons } from '../../../db/schema/index';
import { eq } from 'drizzle-orm';
import {
  addSign, approve, cc, claim, delegate, fireReminder, isResubmitTask, mustNotBeResubmit, reject, REMINDER_JOB, removeSign, resolve, resubmit, returnTask, revoke, transfer, unclaim, urge,
  voidInstance, withdraw, type Me,
} from './actions';
import { attachmentService, diskStorage } from './attachments';
import { detailOf, instanceRow, markCcRead, mustView, taskAndInstance, type Viewer } from './detail';
import { draftService } from './drafts';
import { bindingAt, startBinding, taskForms } from './forms';
import { roleOf, taskRow } from './guards';
import { checkVariables, recordChanges, refuseTaskVariables, requireReason } from './integrity';
import { setUserState, taskLists } from './lists';
import { signatureRoutes } from './signatureRoutes';
import { mustNotNeedSignature, signatureAt, signatureService, type Signer } from './signatures';

/** /api/workflow/tasks…: the end user's task screens and approval actions (issue 11, contracts/workflow/tasks.ts). */

const TASK = 'bpm:task';
const tags = ['workflow-tasks'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const defParams = z.object({ definitionId: z.coerce.number().int().positive() });
const draftParams = z.object({ instanceId: z.coerce.number().int().positive() });
const startFormQuery = z.object({ draft: z.coerce.number().int().positive().optional() });
const draftSubmitSchema = z.object({ form: z.record(z.string(), z.unknown()).optional() }).optional();
const buttonParams = z.object({ id: z.coerce.number().int().positive(), buttonId: z.coerce.number().int().positive() });

const meOf = (req: FastifyRequest): Me => ({ accountId: req.auth!.accountId, name: req.auth!.userName });
const signerOf = (req: FastifyRequest): Signer => ({
  accountId: req.auth!.accountId, userId: req.auth!.userId, name: req.auth!.userName, ip: req.ip, userAgent: req.headers['user-agent'],
});

export const workflowTaskRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, opts) => {
  const { db, config } = opts.deps;
  const now = () => clockOf(db)();
  const lists = taskLists(db, now);
  const drafts = draftService(db, now);
  const files = attachmentService(db, diskStorage(config.dataDir), now);
  const insts = instanceService(db);
  const forms = taskForms(db);
  // electronic signatures: re-authentication on the login's clock (its lock times), the signature's time on the engine's
  const signatures = signatureService(db, reauthenticator(db, opts.deps.sessions, config.now ?? (() => new Date())));
  await app.register(signatureRoutes, { ...opts, signatures });
  type Located = { elementId: string; instanceId: number };
  const nodeSignature = async (task: Located) => {
    const inst = await instanceRow(db, task.instanceId);
    return signatureAt(await modelOf(db, inst.versionId, inst.definitionKey, inst.version), task.elementId);
  };
  /** the password again (counted like a login) before anything changes; null where the node needs no signature */
  const signedIfNeeded = async (req: FastifyRequest, task: Located, model: ProcessModel) => {
    const meanings = signatureAt(model, task.elementId);
    return meanings ? signatures.verify(meanings, (req.body as { signature?: SignatureInput }).signature, signerOf(req)) : null;
  };
  /** paths that cannot sign (batch approval, the plain completion) refuse a node that must be signed */
  const mustSignElsewhere = async (taskId: number) => mustNotNeedSignature(await nodeSignature(await taskRow(db, taskId)));
  /**
   * stores a node's form data and keeps each field it changed in the history (field, old, new, who, when),
   * inside the action's transaction (`tx`)
   */
  const storeForm = async (tx: Tx, req: FastifyRequest, task: { id: number; instanceId: number; elementId: string }, binding: NonNullable<ReturnType<typeof bindingAt>>) => {
    const body = req.body as { form?: Record<string, unknown> };
    const { changes } = await forms.store(binding, task.elementId, task.instanceId, body.form ?? {}, { userId: req.auth!.userId, lang: langOf(req) }, tx);
    await recordChanges(tx, { instanceId: task.instanceId, taskId: task.id, elementId: task.elementId, actorId: req.auth!.accountId, actorName: req.auth!.userName, changes, at: now() });
  };
  /** a process whose start or any node has a cloud form: its data comes through the forms only */
  const hasForm = (model: Parameters<typeof startBinding>[0]) => Object.keys(model.elements).some((id) => !!bindingAt(model, id));
  registerJobHandler(REMINDER_JOB, (d, job, t) => fireReminder(d, job.payload, t));
  // a condition incident retried from the monitor: acknowledged (the task's people act again)
  registerJobHandler(CONDITION_INCIDENT, async () => undefined);

  const accessOf = (req: FastifyRequest) => workflowAccess(db, { accountId: req.auth!.accountId, authorities: req.auth!.authorities, isAdmin: req.auth!.isAdmin });
  const viewerOf = (req: FastifyRequest): Viewer => ({
    accountId: req.auth!.accountId, lang: langOf(req), access: accessOf(req), mayMonitor: hasAuthority(req.auth!.authorities, 'bpm:monitor'),
  });
  const saved = (req: FastifyRequest) => translate(langOf(req), 'ok.saved');
  const commentOf = (body: unknown) => taskCommentSchema.parse(body ?? undefined).comment;

  // ---------- New ----------
  app.get('/api/workflow/tasks/startable', { config: { authority: TASK }, schema: { tags, querystring: startableQuerySchema } },
    async (req) => ok(await lists.startable(req.auth!.accountId, accessOf(req), req.query.keyword)));
  app.put('/api/workflow/tasks/favourites/:definitionId', { config: { authority: TASK }, schema: { tags, params: defParams } },
    async (req) => ok(await lists.setFavourite(req.auth!.accountId, req.params.definitionId, true), saved(req)));
  app.delete('/api/workflow/tasks/favourites/:definitionId', { config: { authority: TASK }, schema: { tags, params: defParams } },
    async (req) => ok(await lists.setFavourite(req.auth!.accountId, req.params.definitionId, false), saved(req)));
  app.get('/api/workflow/tasks/users', { config: { authority: TASK }, schema: { tags, querystring: taskUserQuerySchema } },
    async (req) => ok(await lists.users(req.query.keyword)));

  app.get('/api/workflow/tasks/drafts', { config: { authority: TASK }, schema: { tags } },
    async (req) => ok(await drafts.list(meOf(req))));
  // a draft keeps its start form's values unchecked (form_drafts); they are checked when it is submitted
  const keepDraftForm = async (instanceId: number, form: Record<string, unknown> | undefined) => {
    if (!form) return;
    const inst = await instanceRow(db, instanceId);
    await forms.saveDraft(await modelOf(db, inst.versionId, inst.definitionKey, inst.version), instanceId, form);
  };
  app.post('/api/workflow/tasks/drafts', { config: { authority: TASK }, schema: { tags, body: taskDraftSchema } },
    async (req) => {
      checkVariables(req.body.variables, false, langOf(req));
      const made = await drafts.create(req.body, meOf(req), accessOf(req));
      await keepDraftForm(made.instanceId, req.body.form);
      return ok(made, saved(req));
    });
  app.put('/api/workflow/tasks/drafts/:instanceId', { config: { authority: TASK }, schema: { tags, params: draftParams, body: taskDraftUpdateSchema } },
    async (req) => {
      checkVariables(req.body.variables, false, langOf(req));
      const result = await drafts.update(req.params.instanceId, req.body, meOf(req));
      await keepDraftForm(req.params.instanceId, req.body.form);
      return ok(result, saved(req));
    });
  // the start form of a process (null: it has none), with a draft's values when `draft` names one of the caller's drafts
  app.get('/api/workflow/tasks/start-form/:definitionId', { config: { authority: TASK }, schema: { tags, params: defParams, querystring: startFormQuery } },
    async (req) => {
      const [d] = await db.select().from(wfDefinitions).where(eq(wfDefinitions.id, req.params.definitionId));
      if (!d) throw notFound();
      if (!(await accessOf(req).canStart(d.key))) throw new AppError(403, 'workflow.cannotStart', { name: d.name });
      const draft = req.query.draft ? await instanceRow(db, req.query.draft) : null;
      if (draft && (draft.starterId !== req.auth!.accountId || draft.definitionId !== d.id)) throw notFound();
      const model = draft ? await modelOf(db, draft.versionId, draft.definitionKey, draft.version)
        : d.latestVersionId ? await modelOf(db, d.latestVersionId, d.key, d.latestVersion) : null;
      return ok(model ? await forms.forStart(model, langOf(req), draft?.id) : null);
    });
  app.post('/api/workflow/tasks/drafts/:instanceId/submit', { config: { authority: TASK }, schema: { tags, params: draftParams, body: draftSubmitSchema } },
    async (req) => {
      const inst = await instanceRow(db, req.params.instanceId);
      const start = startBinding(await modelOf(db, inst.versionId, inst.definitionKey, inst.version));
      // submitted from the drafts list: the values the draft kept
      const input = req.body?.form ?? (await forms.draftValues(inst.id)) ?? {};
      checkVariables(inst.variables, !!start, langOf(req));
      const modelVariables = start ? await forms.check(start.binding, null, input, langOf(req)) : {};
      // the start form's document in the start's transaction
      const result = await drafts.submit(req.params.instanceId, meOf(req), accessOf(req), modelVariables,
        start ? async (tx) => { await forms.store(start.binding, start.elementId, inst.id, input, { userId: req.auth!.userId, lang: langOf(req) }, tx); } : undefined);
      await forms.removeDraft(inst.id);
      return ok(result, saved(req));
    });
  app.delete('/api/workflow/tasks/drafts/:instanceId', { config: { authority: TASK }, schema: { tags, params: draftParams } },
    async (req) => {
      const result = await drafts.remove(req.params.instanceId, meOf(req));
      await forms.removeDraft(req.params.instanceId);
      return ok(result, translate(langOf(req), 'ok.deleted'));
    });

  // ---------- lists ----------
  app.get('/api/workflow/tasks/todo', { config: { authority: TASK }, schema: { tags, querystring: todoQuerySchema } },
    async (req) => ok(await lists.todo(req.auth!.accountId, req.query)));
  app.get('/api/workflow/tasks/todo/count', { config: { authority: TASK }, schema: { tags } },
    async (req) => ok(await lists.todoCount(req.auth!.accountId)));
  app.get('/api/workflow/tasks/done', { config: { authority: TASK }, schema: { tags, querystring: taskListQuerySchema } },
    async (req) => ok(await lists.done(req.auth!.accountId, req.query)));
  app.get('/api/workflow/tasks/ended', { config: { authority: TASK }, schema: { tags, querystring: taskListQuerySchema } },
    async (req) => ok(await lists.ended(req.auth!.accountId, req.query)));
  app.get('/api/workflow/tasks/started', { config: { authority: TASK }, schema: { tags, querystring: taskListQuerySchema } },
    async (req) => ok(await lists.started(req.auth!.accountId, req.query)));
  app.get('/api/workflow/tasks/cc', { config: { authority: TASK }, schema: { tags, querystring: taskListQuerySchema } },
    async (req) => ok(await lists.cc(req.auth!.accountId, req.query)));

  /** a mark is the caller's own filing of a task they hold or are offered; of anyone else's task, nothing is said (404) */
  const mustBeInTodo = async (id: number, accountId: number) => {
    if (!(await roleOf(db, await taskRow(db, id), accountId))) throw notFound();
  };
  app.put('/api/workflow/tasks/:id/activity', { config: { authority: TASK }, schema: { tags, params: idParams, body: taskActivitySchema } },
    async (req) => {
      await mustBeInTodo(req.params.id, req.auth!.accountId);
      await setUserState(db, req.params.id, req.auth!.accountId, { activity: req.body.activity });
      return ok({ id: req.params.id, activity: req.body.activity }, saved(req));
    });
  app.put('/api/workflow/tasks/:id/importance', { config: { authority: TASK }, schema: { tags, params: idParams, body: taskImportanceSchema } },
    async (req) => {
      await mustBeInTodo(req.params.id, req.auth!.accountId);
      await setUserState(db, req.params.id, req.auth!.accountId, { importance: req.body.importance });
      return ok({ id: req.params.id, importance: req.body.importance }, saved(req));
    });

  // ---------- detail ----------
  app.get('/api/workflow/tasks/:id', { config: { authority: TASK }, schema: { tags, params: idParams } },
    async (req) => {
      const task = await taskRow(db, req.params.id);
      const inst = await instanceRow(db, task.instanceId);
      const v = viewerOf(req);
      await mustView(db, inst, v);
      if (task.status === 'open') await setUserState(db, task.id, v.accountId, { openedAt: now() });
      const detail = await detailOf(db, inst, task, v, now());
      const model = await modelOf(db, inst.versionId, inst.definitionKey, inst.version);
      const mayWrite = detail.actions.includes('approve') || detail.actions.includes('resubmit');
      return ok({ ...detail, form: await forms.forDetail(model, inst, task, mayWrite, v.lang) });
    });
  app.get('/api/workflow/instances/:id/view', { config: { authority: TASK }, schema: { tags, params: idParams } },
    async (req) => {
      const inst = await instanceRow(db, req.params.id);
      const v = viewerOf(req);
      await mustView(db, inst, v);
      await markCcRead(db, inst.id, v.accountId, now());
      const detail = await detailOf(db, inst, null, v, now());
      const model = await modelOf(db, inst.versionId, inst.definitionKey, inst.version);
      return ok({ ...detail, form: await forms.forDetail(model, inst, null, false, v.lang) });
    });

  // ---------- actions ----------
  const decision = { config: { authority: TASK }, schema: { tags, params: idParams, body: taskDecisionSchema } };
  // a node with a cloud form: its data is checked first (400, nothing changed), stored once the approval went through
  app.post('/api/workflow/tasks/:id/approve', decision, async (req) => {
    const { task, inst } = await taskAndInstance(db, req.params.id);
    const model = await modelOf(db, inst.versionId, inst.definitionKey, inst.version);
    // a request returned to its starter: refused before its (start) form is looked at
    mustNotBeResubmit(model, task);
    refuseTaskVariables(req.body.variables, langOf(req));
    const binding = bindingAt(model, task.elementId);
    const modelVariables = binding ? await forms.check(binding, task.instanceId, req.body.form ?? {}, langOf(req)) : {};
    const signed = await signedIfNeeded(req, task, model);
    // the form data and the signature manifest in the approval's transaction: all of it stands, or none
    const result = await withIncident(db, now(), () => approve(db, req.params.id, meOf(req), { ...req.body, variables: modelVariables }, now(), async (tx) => {
      if (binding) await storeForm(tx, req, task, binding);
      // the manifest over the data as the step leaves it (read inside the transaction)
      if (signed) await signatures.record(tx, task, signerOf(req), signed, now());
    }));
    return ok(result, saved(req));
  });
  // the starter's task after a return to the start: the start form checked again as at the start, then on
  app.post('/api/workflow/tasks/:id/resubmit', decision, async (req) => {
    const { task, inst } = await taskAndInstance(db, req.params.id);
    const model = await modelOf(db, inst.versionId, inst.definitionKey, inst.version);
    if (!isResubmitTask(model, task)) throw badRequest('workflow.task.notResubmit');
    if (bindingAt(model, task.elementId)) refuseTaskVariables(req.body.variables, langOf(req));
    const binding = bindingAt(model, task.elementId);
    const modelVariables = binding ? await forms.check(binding, task.instanceId, req.body.form ?? {}, langOf(req)) : {};
    const result = await resubmit(db, req.params.id, meOf(req), { ...req.body, variables: { ...req.body.variables, ...modelVariables } }, now(),
      binding ? (tx) => storeForm(tx, req, task, binding) : undefined);
    return ok(result, saved(req));
  });
  app.post('/api/workflow/tasks/:id/revoke', { config: { authority: TASK }, schema: { tags, params: idParams } },
    async (req) => ok(await revoke(db, req.params.id, meOf(req), commentOf(req.body), now()), saved(req)));
  app.post('/api/workflow/tasks/:id/reject', decision, async (req) => {
    refuseTaskVariables(req.body.variables, langOf(req));
    requireReason(req.body.comment, langOf(req));
    return ok(await withIncident(db, now(), () => reject(db, req.params.id, meOf(req), req.body, now())), saved(req));
  });
  app.post('/api/workflow/tasks/:id/resolve', decision, async (req) => {
    refuseTaskVariables(req.body.variables, langOf(req));
    return ok(await resolve(db, req.params.id, meOf(req), req.body, now()), saved(req));
  });
  app.post('/api/workflow/tasks/:id/return', { config: { authority: TASK }, schema: { tags, params: idParams, body: taskReturnSchema } },
    async (req) => {
      requireReason(req.body.comment, langOf(req));
      return ok(await returnTask(db, req.params.id, meOf(req), req.body, now()), saved(req));
    });
  app.post('/api/workflow/tasks/:id/transfer', { config: { authority: TASK }, schema: { tags, params: idParams, body: taskHandOverSchema } },
    async (req) => ok(await transfer(db, req.params.id, meOf(req), req.body, now()), saved(req)));
  app.post('/api/workflow/tasks/:id/delegate', { config: { authority: TASK }, schema: { tags, params: idParams, body: taskHandOverSchema } },
    async (req) => ok(await delegate(db, req.params.id, meOf(req), req.body, now()), saved(req)));
  app.post('/api/workflow/tasks/:id/addSign', { config: { authority: TASK }, schema: { tags, params: idParams, body: taskAddSignSchema } },
    async (req) => ok(await addSign(db, req.params.id, meOf(req), req.body, now()), saved(req)));
  app.post('/api/workflow/tasks/:id/removeSign', { config: { authority: TASK }, schema: { tags, params: idParams, body: taskRemoveSignSchema } },
    async (req) => ok(await removeSign(db, req.params.id, meOf(req), req.body, now()), saved(req)));
  app.post('/api/workflow/tasks/:id/cc', { config: { authority: TASK }, schema: { tags, params: idParams, body: taskCcSchema } },
    async (req) => ok(await cc(db, req.params.id, meOf(req), req.body, now()), saved(req)));
  app.post('/api/workflow/tasks/:id/claim', { config: { authority: TASK }, schema: { tags, params: idParams } },
    async (req) => ok(await claim(db, req.params.id, meOf(req), commentOf(req.body), now()), saved(req)));
  app.post('/api/workflow/tasks/:id/unclaim', { config: { authority: TASK }, schema: { tags, params: idParams } },
    async (req) => ok(await unclaim(db, req.params.id, meOf(req), commentOf(req.body), now()), saved(req)));

  app.post('/api/workflow/tasks/batch/approve', { config: { authority: TASK }, schema: { tags, body: taskBatchApproveSchema } },
    async (req) => {
      const lang = langOf(req);
      const out: BatchApproveResult = { succeeded: [], failed: [] };
      for (const id of [...new Set(req.body.ids)]) {
        try {
          const t = await taskRow(db, id);
          if (t.formKey) throw new AppError(409, 'workflow.task.noBatch');
          await mustSignElsewhere(id);
          await withIncident(db, now(), () => approve(db, id, meOf(req), { comment: req.body.comment, variables: {} }, now()));
          out.succeeded.push(id);
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          const params = Object.fromEntries(Object.entries(e.params).map(([k, v]) => [k, typeof v === 'string' ? translate(lang, v) : v]));
          out.failed.push({ id, message: translate(lang, e.key, params) });
        }
      }
      return ok(out, saved(req));
    });

  const instanceAction = { config: { authority: TASK }, schema: { tags, params: idParams } };
  app.post('/api/workflow/tasks/instances/:id/urge', instanceAction, async (req) => ok(await urge(db, req.params.id, meOf(req), commentOf(req.body), now()), saved(req)));
  app.post('/api/workflow/tasks/instances/:id/withdraw', instanceAction, async (req) => ok(await withdraw(db, req.params.id, meOf(req), commentOf(req.body), now()), saved(req)));
  app.post('/api/workflow/tasks/instances/:id/void', instanceAction, async (req) => {
    const reason = commentOf(req.body);
    requireReason(reason, langOf(req));
    return ok(await voidInstance(db, req.params.id, meOf(req), reason, now()), saved(req));
  });

  app.post('/api/workflow/tasks/:id/buttons/:buttonId', { config: { authority: TASK }, schema: { tags, params: buttonParams } },
    async (req) => {
      const [b] = await db.select().from(wfPluginButtons).where(eq(wfPluginButtons.id, req.params.buttonId));
      if (!b) throw new AppError(409, 'workflow.task.buttonNotOnNode');
      const task = await taskRow(db, req.params.id);
      if (!buttonOnTask(b, task)) throw new AppError(409, 'workflow.task.buttonNotOnNode');
      const result = await runPluginButton(db, b.code, task.id, req.auth!.accountId, langOf(req), now());
      await db.insert(wfHistory).values({
        instanceId: task.instanceId, executionId: task.executionId, taskId: task.id, elementId: task.elementId, actorId: req.auth!.accountId,
        actorName: req.auth!.userName, action: 'button', data: { button: b.code, variables: result.variables ?? {} }, at: now(),
      });
      return ok(result, saved(req));
    });

  // ---------- attachments ----------
  app.post('/api/workflow/tasks/:id/attachments', { config: { authority: TASK }, schema: { tags, params: idParams, consumes: ['multipart/form-data'] } },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('workflow.task.noFile');
      const file = await req.file({ limits: { fileSize: MAX_TASK_ATTACHMENT + 1 } });
      if (!file) throw badRequest('workflow.task.noFile');
      const bytes = await file.toBuffer();
      return ok(await files.upload(req.params.id, meOf(req), { fileName: file.filename, mimeType: file.mimetype, bytes }), saved(req));
    });
  app.get('/api/workflow/attachments/:id', { config: { authority: TASK }, schema: { tags, params: idParams } },
    async (req, reply) => {
      const a = await files.row(req.params.id);
      await mustView(db, await instanceRow(db, a.instanceId), viewerOf(req));
      const bytes = await files.bytes(a.storageKey);
      return reply.header('content-type', a.mimeType).header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(a.fileName)}`).send(bytes);
    });
  app.delete('/api/workflow/attachments/:id', { config: { authority: TASK }, schema: { tags, params: idParams } },
    async (req) => ok(await files.remove(req.params.id, meOf(req)), translate(langOf(req), 'ok.deleted')));

  // the engine's plain completion (scripts, the monitor's operators): assignee, candidate, or an administrator of the process
  app.post('/api/workflow/tasks/:id/complete', { config: { authority: LOGIN }, schema: { tags, params: idParams, body: taskCompleteSchema } },
    async (req) => {
      const actor: Actor = { accountId: req.auth!.accountId, name: req.auth!.userName };
      // the node's signature and the form-bound variables: checked by the completion on the rows it locks
      const check = (task: { elementId: string }, model: ProcessModel) => {
        mustNotNeedSignature(signatureAt(model, task.elementId));
        checkVariables(req.body.variables, hasForm(model), langOf(req));
      };
      try {
        // the assignee or a candidate: checked by the completion itself, under the lock, from the rows it loads
        return ok(await withIncident(db, now(), () => completeTask(db, req.params.id, actor, req.body, now(), false, check)), saved(req));
      } catch (e) {
        // not theirs (nothing was written): an administrator of the process may still complete it
        if (!(e instanceof AppError && e.key === 'workflow.notYourTask') || !hasAuthority(req.auth!.authorities, 'bpm:monitor:operate')) throw e;
        if (!(await accessOf(req).canAdminister((await insts.task(req.params.id)).definitionKey))) throw e;
        return ok(await withIncident(db, now(), () => completeTask(db, req.params.id, actor, req.body, now(), true, check)), saved(req));
      }
    });
};
