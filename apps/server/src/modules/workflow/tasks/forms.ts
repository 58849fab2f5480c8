import { and, desc, eq, sql } from 'drizzle-orm';
import { parseFormBinding, type FormBinding, type Lang } from '@bencao/contracts';
import type { FormData } from '@bencao/contracts/forms/cel';
import type { Db } from '../../../db/client';
import { formData } from '../../../db/schema/index';
import { formsService } from '../../forms/service';
import type { ProcessModel } from '../engine/model';
import type { InstanceRow, TaskRow, Tx } from '../engine/runtime';
import { formChanges } from './integrity';

/**
 * The cloud form bound to a start event or user task (`bencao:form`, issue 12): what the task detail
 * shows, and what a start or an approval submits. The instance holds one document per form; each node
 * sees and writes it with its own field permissions (forms/service enforces them).
 */

export const bindingAt = (model: ProcessModel, elementId: string): FormBinding | null => parseFormBinding(model.elements[elementId]?.form);

/** the binding of the process's (first) start event that has one */
export function startBinding(model: ProcessModel): { elementId: string; binding: FormBinding } | null {
  for (const id of model.starts) {
    const binding = bindingAt(model, id);
    if (binding) return { elementId: id, binding };
  }
  return null;
}

/** someone who only looks (no open task of theirs): what they could write is shown read-only */
const readOnly = (b: FormBinding): FormBinding => ({
  ...b,
  defaultPermission: b.defaultPermission === 'hidden' ? 'hidden' : 'read',
  fields: Object.fromEntries(Object.entries(b.fields).map(([k, p]) => [k, p === 'hidden' ? 'hidden' : 'read'])),
});

/** the instance's document of the form, with its data (one read; null before the start stored it) */
async function documentOf(db: Db, instanceId: number, formId: number): Promise<{ id: number; data: FormData } | null> {
  const [d] = await db.select({ id: formData.id, data: formData.data }).from(formData)
    .where(and(eq(formData.processInstanceId, instanceId), eq(formData.formId, formId))).orderBy(desc(formData.id)).limit(1);
  return d ?? null;
}

export function taskForms(db: Db) {
  // the published form versions read, shared with the services made for an action's transaction
  const versions: NonNullable<Parameters<typeof formsService>[1]> = new Map();
  const forms = formsService(db, versions);
  return {
    /** the detail's `form`: the task's node (writable only while the viewer may act on it), else the start form read-only */
    async forDetail(model: ProcessModel, inst: InstanceRow, task: TaskRow | null, mayAct: boolean, lang: Lang) {
      const own = task ? bindingAt(model, task.elementId) : null;
      const binding = own ?? startBinding(model)?.binding ?? null;
      if (!binding) return null;
      const shown = own && mayAct ? binding : readOnly(binding);
      return forms.formForTask(shown, lang, (await documentOf(db, inst.id, binding.formId))?.id ?? null);
    },
    /**
     * 400 before anything changes when the node's form data is not acceptable; otherwise the process
     * variables it gives: the document under the form's `modelName` (none without one), for conditions.
     */
    async check(binding: FormBinding, instanceId: number | null, input: FormData, lang: Lang): Promise<Record<string, unknown>> {
      // the form's model name (editable: read each time) with the instance's document, in one read
      const [r] = instanceId ? (await db.execute<{ model_name: string | null; data: FormData | null }>(sql`
        select f.model_name, d.data from forms f
          left join lateral (select data from form_data where process_instance_id = ${instanceId} and form_id = f.id order by id desc limit 1) d on true
         where f.id = ${binding.formId}`)).rows : [];
      const doc = await forms.validateTaskSubmit(binding, input, lang, r?.data ?? null);
      const alias = r ? r.model_name : await forms.modelNameOf(binding.formId);
      return alias ? { [alias]: doc } : {};
    },
    /** the start form of a process about to be started (or of the starter's draft, with what was typed) */
    async forStart(model: ProcessModel, lang: Lang, draftInstanceId?: number | null) {
      const start = startBinding(model);
      return start ? forms.formForTask(start.binding, lang, null, draftInstanceId) : null;
    },
    /** keeps a draft's start form values (unchecked) */
    async saveDraft(model: ProcessModel, instanceId: number, input: FormData | undefined) {
      const start = startBinding(model);
      if (start && input) await forms.saveStartDraft(start.binding, instanceId, input);
    },
    removeDraft: (instanceId: number) => forms.removeStartDraft(instanceId),
    draftValues: (instanceId: number) => forms.startDraftValues(instanceId),
    /**
     * stores the node's form data in the instance's document (created by the start); answers each field changed,
     * old and new. `tx`: inside the action's transaction (the approval and its data stand or fall together)
     */
    async store(binding: FormBinding, node: string, instanceId: number, input: FormData, actor: { userId: string; lang: Lang }, tx?: Tx) {
      const q = tx ? (tx as unknown as Db) : db;
      const within = tx ? formsService(q, versions) : forms;
      const doc = await documentOf(q, instanceId, binding.formId);
      const saved = await within.submitForNode({ binding, input, actor, node, processInstanceId: instanceId, dataId: doc?.id ?? null, previous: doc?.data });
      return { ...saved, changes: doc ? formChanges((await within.getVersion(binding)).schema, doc.data, saved.data) : [] };
    },
  };
}
export type TaskForms = ReturnType<typeof taskForms>;
