import type { Db } from '../../../db/client';

/**
 * The engine's clock, per database handle: due dates, timers and history read `clockOf(db)()`, never
 * `new Date()` directly, so tests set the time (`setWorkflowClock(s.built.deps.db, () => t)`) and drive
 * the job runner with `runDueJobs(db, { now })`.
 */
const clocks = new WeakMap<object, () => Date>();
const wall = () => new Date();

export const clockOf = (db: Db): (() => Date) => clocks.get(db) ?? wall;
export function setWorkflowClock(db: Db, now: (() => Date) | null) {
  if (now) clocks.set(db, now);
  else clocks.delete(db);
}
