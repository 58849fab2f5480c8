import { and, eq, sql } from 'drizzle-orm';
import { translate, type Lang, type MessageParams } from '@bencao/contracts';
import type { Db } from '../../../db/client';
import { wfInstances, wfJobs } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';

/**
 * A flow condition that fails at run time (issue 26): the step is rolled back and the person acting gets
 * the reason in their language; the instance is put in the monitor's incident list as a failed job of
 * kind `conditionIncident` whose message is a catalogue key, translated for whoever reads it. Retrying
 * it clears the incident (the people of the task can then act again).
 */

export const CONDITION_INCIDENT = 'conditionIncident';

export class ConditionError extends AppError {
  constructor(readonly instanceId: number, readonly flowId: string, readonly elementId: string, key: string, params: MessageParams) {
    super(400, key, params);
  }
}

/** the reason CEL gave, as one of our messages (never CEL's English inside another language) */
export function conditionFailure(detail: string): { key: string; params: MessageParams } {
  const missing = /Unknown variable: ([\w.]+)|No such key: ([\w.]+)/.exec(detail);
  if (missing) return { key: 'workflow.conditionMissing', params: { field: missing[1] ?? missing[2] } };
  const overload = /no such overload: (.+)$/i.exec(detail);
  if (overload) return { key: 'workflow.conditionType', params: { detail: overload[1].replace(/dyn<(\w+)>/g, '$1').slice(0, 80) } };
  return { key: 'workflow.conditionFailed', params: {} };
}

/** keeps the incident (once per instance and flow while it is open); the error goes on to the caller */
export async function recordConditionIncident(db: Db, e: ConditionError, now: Date) {
  const open = await db.select({ id: wfJobs.id }).from(wfJobs).where(and(
    eq(wfJobs.instanceId, e.instanceId), eq(wfJobs.kind, CONDITION_INCIDENT), eq(wfJobs.status, 'failed'), sql`${wfJobs.payload} ->> 'flowId' = ${e.flowId}`,
  )).limit(1);
  if (open.length) return;
  const [inst] = await db.select({ definitionId: wfInstances.definitionId }).from(wfInstances).where(eq(wfInstances.id, e.instanceId));
  if (!inst) return;
  await db.insert(wfJobs).values({
    kind: CONDITION_INCIDENT, instanceId: e.instanceId, elementId: e.elementId, definitionId: inst.definitionId, status: 'failed', dueAt: now,
    payload: { flowId: e.flowId, message: { key: e.key, params: e.params } }, attempts: 1, maxAttempts: 1,
    lastError: translate('en', e.key, e.params), createdAt: now,
  });
}

/** runs an engine step; a condition failing in it leaves an incident behind */
export async function withIncident<T>(db: Db, now: Date, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof ConditionError) await recordConditionIncident(db, e, now);
    throw e;
  }
}

/** a job's last error as the reader reads it: an incident's message in their language */
export function jobErrorIn(lang: Lang, payload: Record<string, unknown>, lastError: string | null): string | null {
  const m = payload.message as { key?: string; params?: MessageParams } | undefined;
  return m?.key ? translate(lang, m.key, m.params ?? {}) : lastError;
}
