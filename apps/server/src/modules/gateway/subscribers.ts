import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gwSubscribers } from '../../db/schema/index';
import type { AppCaller } from '../../platform/guard';

/**
 * The applications that read a service's instances or a config through the application API, kept so an
 * operator can see who would be affected by a change (Nacos: subscribers, "who is listening").
 */

export type SubscriptionKind = 'service' | 'config';
export const serviceResource = (group: string, name: string) => `${group}@@${name}`;
export const configResource = (namespaceId: string, group: string, dataId: string) => `${namespaceId}|${group}|${dataId}`;

/** a read refreshes its row at most this often (clients poll every few seconds) */
const REFRESH_MS = 10_000;
/** readers not seen for this long are no longer listed */
export const LISTED_FOR_MS = 24 * 3_600_000;
/** one process's memory of the rows it refreshed lately: saves the write, never decides anything */
const recent = new Map<string, number>();

/** records reads of one or more resources by an application from an address (one statement) */
export async function recordSubscriber(db: Db, kind: SubscriptionKind, resources: string | string[], who: AppCaller, address: string, now: Date) {
  const due = [...new Set(typeof resources === 'string' ? [resources] : resources)].filter((resource) => {
    const key = `${kind}\u0000${resource}\u0000${who.credentialId}\u0000${address}`;
    const last = recent.get(key);
    if (last !== undefined && now.getTime() - last < REFRESH_MS) return false;
    if (recent.size > 10_000) recent.clear();
    recent.set(key, now.getTime());
    return true;
  });
  if (!due.length) return;
  await db.insert(gwSubscribers)
    .values(due.map((resource) => ({ kind, resource, credentialId: who.credentialId, appName: who.name, accessKey: who.accessKey, address, firstSeenAt: now, lastSeenAt: now })))
    .onConflictDoUpdate({
      target: [gwSubscribers.kind, gwSubscribers.resource, gwSubscribers.credentialId, gwSubscribers.address],
      set: { lastSeenAt: now, appName: who.name },
      where: lt(gwSubscribers.lastSeenAt, new Date(now.getTime() - REFRESH_MS)),
    });
}

export interface SubscriberRow { appName: string; accessKey: string; address: string; firstSeenAt: string; lastSeenAt: string }

/** readers of the last 24 hours, the latest first */
export async function listSubscribers(db: Db, kind: SubscriptionKind, resource: string, now: Date): Promise<SubscriberRow[]> {
  // readers gone for a week are forgotten
  await db.delete(gwSubscribers).where(and(eq(gwSubscribers.kind, kind), eq(gwSubscribers.resource, resource), lt(gwSubscribers.lastSeenAt, new Date(now.getTime() - 7 * LISTED_FOR_MS))));
  const rows = await db.select().from(gwSubscribers)
    .where(and(eq(gwSubscribers.kind, kind), eq(gwSubscribers.resource, resource), gte(gwSubscribers.lastSeenAt, new Date(now.getTime() - LISTED_FOR_MS))))
    .orderBy(desc(gwSubscribers.lastSeenAt), gwSubscribers.id).limit(500);
  return rows.map((r) => ({ appName: r.appName, accessKey: r.accessKey, address: r.address, firstSeenAt: r.firstSeenAt.toISOString(), lastSeenAt: r.lastSeenAt.toISOString() }));
}


