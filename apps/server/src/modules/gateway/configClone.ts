import { and, eq, inArray, or } from 'drizzle-orm';
import type { ConfigCloneInput, ConfigCopySummary, ConflictPolicy } from '@bencao/contracts';
import type { Db } from '../../db/client';
import { gwConfigHistory, gwConfigs, gwNamespaces } from '../../db/schema/index';
import { AppError, notFound } from '../../platform/errors';
import { historyValues, md5Of } from './configs';

/** the part of a config that travels between namespaces (clone, zip) */
export interface PortableConfig {
  dataId: string; group: string; appName: string | null; tags: string | null; description: string | null; type: string; content: string;
}

const keyOf = (c: { dataId: string; group: string }) => `${c.group}/${c.dataId}`;
/** at most this many keys are named in the conflict message */
const NAMED_KEYS = 5;

/**
 * Writes `items` into namespace `namespaceId` in one transaction, a config already there (same
 * dataId and group) handled by `policy`: abort (409 naming them, nothing written), skip, overwrite.
 * Every new or overwritten config gets its history row, as a publish in the console would.
 */
export async function copyConfigs(db: Db, namespaceId: string, items: PortableConfig[], policy: ConflictPolicy, operator: string | null): Promise<ConfigCopySummary> {
  const [ns] = await db.select({ id: gwNamespaces.id }).from(gwNamespaces).where(eq(gwNamespaces.id, namespaceId));
  if (!ns) throw new AppError(400, 'gateway.namespaceMissing', { id: namespaceId });
  const unique = [...new Map(items.map((c) => [keyOf(c), c])).values()];
  return db.transaction(async (tx) => {
    const existing = unique.length ? await tx.select().from(gwConfigs).where(and(
      eq(gwConfigs.namespaceId, namespaceId),
      or(...unique.map((c) => and(eq(gwConfigs.dataId, c.dataId), eq(gwConfigs.group, c.group)))),
    )) : [];
    const found = new Map(existing.map((r) => [keyOf(r), r]));
    if (policy === 'abort' && found.size) {
      const keys = [...found.keys()].sort();
      throw new AppError(409, 'gateway.configsExist', { namespace: namespaceId, keys: keys.slice(0, NAMED_KEYS).join(', ') + (keys.length > NAMED_KEYS ? ` (+${keys.length - NAMED_KEYS})` : '') });
    }
    const summary: ConfigCopySummary = { cloned: 0, skipped: 0, overwritten: 0 };
    for (const c of unique) {
      const old = found.get(keyOf(c));
      const fields = { appName: c.appName, tags: c.tags, description: c.description, type: c.type as typeof gwConfigs.$inferInsert.type, content: c.content, md5: md5Of(c.content), updatedBy: operator };
      if (old && policy === 'skip') { summary.skipped++; continue; }
      if (old) {
        await tx.update(gwConfigs).set({ ...fields, updatedAt: new Date() }).where(eq(gwConfigs.id, old.id));
        await tx.insert(gwConfigHistory).values(historyValues(old, 'update', operator));
        summary.overwritten++;
      } else {
        const [r] = await tx.insert(gwConfigs).values({ namespaceId, dataId: c.dataId, group: c.group, ...fields, createdBy: operator }).returning();
        await tx.insert(gwConfigHistory).values(historyValues(r, 'insert', operator));
        summary.cloned++;
      }
    }
    return summary;
  });
}

/** copies the configs `ids` into another namespace */
export async function cloneConfigs(db: Db, input: ConfigCloneInput, operator: string | null) {
  const ids = [...new Set(input.ids)];
  const rows = await db.select().from(gwConfigs).where(inArray(gwConfigs.id, ids));
  if (rows.length !== ids.length) throw notFound();
  if (rows.some((r) => r.namespaceId === input.targetNamespaceId)) throw new AppError(400, 'gateway.cloneSameNamespace');
  return copyConfigs(db, input.targetNamespaceId, rows, input.policy, operator);
}
