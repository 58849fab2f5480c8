import { dataFields, translate, type FormSchema, type Lang, type LocalText } from '@bencao/contracts';
import type { Db } from '../../../db/client';
import { wfHistory } from '../../../db/schema/index';
import { badRequest } from '../../../platform/errors';

/**
 * The approvals record (DESIGN "approvals record", issue 26): a task action writes only what its node's
 * form lets it write, the engine's own variables are never set or shown by people, and every change an
 * actor makes is kept in the history as field, old value, new value, who and when.
 */

/** variables the engine sets itself (and the names its expressions read besides the variables) */
export const RESERVED_VARIABLES: ReadonlySet<string> = new Set(['outcome', 'variables', 'starter', 'instanceId']);

const refuse = (lang: Lang, key: 'workflow.variableReserved' | 'workflow.variableNotWritable', name: string) =>
  badRequest(translate(lang, key, { name }));

/** a task action (approve, reject, resolve): its data comes through the node's form only, never as variables */
export function refuseTaskVariables(variables: Record<string, unknown> | undefined, lang: Lang) {
  for (const name of Object.keys(variables ?? {})) {
    throw refuse(lang, RESERVED_VARIABLES.has(name) ? 'workflow.variableReserved' : 'workflow.variableNotWritable', name);
  }
}

/**
 * a start or the engine's plain completion: never a reserved name; where the process has a form, nothing
 * but the form (its data routes the process, so it comes validated or not at all)
 */
export function checkVariables(variables: Record<string, unknown> | undefined, formBound: boolean, lang: Lang) {
  for (const name of Object.keys(variables ?? {})) {
    if (RESERVED_VARIABLES.has(name)) throw refuse(lang, 'workflow.variableReserved', name);
    if (formBound) throw refuse(lang, 'workflow.variableNotWritable', name);
  }
}

/** the variables people see: the engine's own left out */
export const shownVariables = (variables: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(variables).filter(([k]) => !RESERVED_VARIABLES.has(k)));

/** return, reject and void need a reason (the server's rule, not only the browser's) */
export function requireReason(comment: string | null | undefined, lang: Lang) {
  if (!comment || !comment.trim()) {
    throw badRequest(translate(lang, 'error.validation', { field: translate(lang, 'workflow.field.reason'), rule: translate(lang, 'valid.required') }));
  }
}

export interface FieldChange { field: string; label: LocalText; old: unknown; new: unknown }

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** the fields whose value differs between two documents of a form, with their labels in every language */
export function formChanges(schema: FormSchema, before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  return dataFields(schema).filter((f) => !same(before[f.key], after[f.key]))
    .map((f) => ({ field: f.key, label: f.label, old: before[f.key] ?? null, new: after[f.key] ?? null }));
}

/** history `dataChange`: who changed which fields of the instance's form, from what to what, when */
export async function recordChanges(db: Pick<Db, 'insert'>, p: {
  instanceId: number; taskId: number | null; elementId: string; actorId: number; actorName: string; changes: FieldChange[]; at: Date;
}) {
  if (!p.changes.length) return;
  await db.insert(wfHistory).values({
    instanceId: p.instanceId, taskId: p.taskId, elementId: p.elementId, actorId: p.actorId, actorName: p.actorName,
    action: 'dataChange', data: { changes: p.changes }, at: p.at,
  });
}
