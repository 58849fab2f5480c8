import { inArray } from 'drizzle-orm';
import type { Lang } from '@bencao/contracts';
import type { Db } from '../../../db/client';
import { accounts } from '../../../db/schema/index';

/**
 * A task's arrival (`taskCreate`) is about the people it arrived to, not about whoever's step created it:
 * its line names the assignee or the candidates (the row keeps the actor of the step). One rule for every
 * history a person reads: the task detail and the monitor.
 */
export async function withArrivalPeople<H extends { action: string; actorName: string | null; data: unknown }>(
  db: Db, history: H[], lang: Lang,
): Promise<H[]> {
  const peopleOf = (h: H): number[] => {
    const d = h.data as { assigneeId?: unknown; candidateIds?: unknown } | null;
    const ids = typeof d?.assigneeId === 'number' ? [d.assigneeId] : Array.isArray(d?.candidateIds) ? d.candidateIds : [];
    return ids.filter((x): x is number => typeof x === 'number');
  };
  const ids = [...new Set(history.filter((h) => h.action === 'taskCreate').flatMap(peopleOf))];
  if (!ids.length) return history;
  const names = new Map((await db.select({ id: accounts.id, name: accounts.userName }).from(accounts).where(inArray(accounts.id, ids))).map((a) => [a.id, a.name]));
  return history.map((h) => (h.action === 'taskCreate' ? { ...h, actorName: peopleOf(h).map((id) => names.get(id) ?? String(id)).join(lang === 'zh' || lang === 'ja' ? '、' : ', ') || null } : h));
}
