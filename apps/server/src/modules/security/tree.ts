import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  appSchema, functionSchema, moduleSchema, operationSchema, urlSchema,
  type AuthTreeNode, type Lang, type TreeLevel,
} from '@bencao/contracts';
import type { Db } from '../../db/client';
import { authApps, authFunctions, authModules, authOperations, authUrls, roleGrants } from '../../db/schema/index';
import { AppError, conflict, notFound } from '../../platform/errors';
import { treeNodeName } from './treeNames';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;

/** Everything the code needs to know about one level of the tree. */
export const LEVELS = {
  app: { table: authApps, schema: appSchema, parent: null, parentColumn: null, sqlName: 'auth_apps', hasCode: true },
  module: { table: authModules, schema: moduleSchema, parent: 'app', parentColumn: 'appId', sqlName: 'auth_modules', hasCode: true },
  function: { table: authFunctions, schema: functionSchema, parent: 'module', parentColumn: 'moduleId', sqlName: 'auth_functions', hasCode: true },
  operation: { table: authOperations, schema: operationSchema, parent: 'function', parentColumn: 'functionId', sqlName: 'auth_operations', hasCode: true },
  url: { table: authUrls, schema: urlSchema, parent: 'operation', parentColumn: 'operationId', sqlName: 'auth_urls', hasCode: false },
} as const;
export type LevelDef = (typeof LEVELS)[TreeLevel];
const CHILD: Record<TreeLevel, TreeLevel | null> = { app: 'module', module: 'function', function: 'operation', operation: 'url', url: null };

const bySeq = <T extends { seq?: number; id: number }>(a: T, b: T) => (a.seq ?? 0) - (b.seq ?? 0) || a.id - b.id;

/**
 * The whole tree, apps first; `keyword` keeps the branches whose code or name contains it. With `lang`,
 * the names the product seeded read in that language (`data` keeps the stored row for editing).
 */
export async function loadTree(db: Conn, keyword?: string, lang?: Lang): Promise<AuthTreeNode[]> {
  const [apps, mods, fns, ops, urls] = await Promise.all([
    db.select().from(authApps), db.select().from(authModules), db.select().from(authFunctions),
    db.select().from(authOperations), db.select().from(authUrls),
  ]);
  const node = (level: TreeLevel, row: { id: number; name: string; code?: string }, children?: AuthTreeNode[]): AuthTreeNode =>
    ({ key: `${level}-${row.id}`, level, id: row.id, code: row.code ?? null, name: lang ? treeNodeName(level, row.code, row.name, lang) : row.name, data: row, ...(children ? { children } : {}) });
  const kw = keyword?.toLowerCase();
  const hit = (n: AuthTreeNode) => !kw || n.name.toLowerCase().includes(kw) || (n.data as { name: string }).name.toLowerCase().includes(kw) || (n.code ?? '').toLowerCase().includes(kw);
  const keep = (n: AuthTreeNode): AuthTreeNode | null => {
    if (hit(n)) return n;
    const kids = (n.children ?? []).map(keep).filter((c): c is AuthTreeNode => c !== null);
    return kids.length ? { ...n, children: kids } : null;
  };
  const urlNodes = (opId: number) => urls.filter((u) => u.operationId === opId).sort((x, y) => x.id - y.id).map((u) => node('url', u));
  const opNodes = (fnId: number) => ops.filter((o) => o.functionId === fnId).sort(bySeq).map((o) => node('operation', o, urlNodes(o.id)));
  const fnNodes = (modId: number) => fns.filter((f) => f.moduleId === modId).sort(bySeq).map((f) => node('function', f, opNodes(f.id)));
  const modNodes = (appId: number) => mods.filter((m) => m.appId === appId).sort(bySeq).map((m) => node('module', m, fnNodes(m.id)));
  const tree = apps.sort(bySeq).map((a) => node('app', a, modNodes(a.id)));
  return kw ? tree.map(keep).filter((n): n is AuthTreeNode => n !== null) : tree;
}

/** Function and operation codes share one namespace: both are authority codes a role grants. */
async function authorityCodeTaken(db: Conn, code: string, except?: { level: TreeLevel; id: number }) {
  const [f] = await db.select({ id: authFunctions.id }).from(authFunctions).where(eq(authFunctions.code, code));
  const [o] = await db.select({ id: authOperations.id }).from(authOperations).where(eq(authOperations.code, code));
  return (!!f && !(except?.level === 'function' && except.id === f.id)) || (!!o && !(except?.level === 'operation' && except.id === o.id));
}

async function assertCodeFree(db: Conn, level: TreeLevel, code: string, exceptId?: number) {
  if (level === 'function' || level === 'operation') {
    if (await authorityCodeTaken(db, code, exceptId ? { level, id: exceptId } : undefined)) throw conflict(`"${code}"`);
    return;
  }
  const t = LEVELS[level].table as typeof authApps | typeof authModules;
  const [row] = await db.select({ id: t.id }).from(t).where(eq(t.code, code));
  if (row && row.id !== exceptId) throw conflict(`"${code}"`);
}

async function assertParent(db: Conn, level: TreeLevel, parentId: number) {
  const parentLevel = LEVELS[level].parent;
  if (!parentLevel) return;
  const t = LEVELS[parentLevel].table;
  const [row] = await db.select({ id: t.id }).from(t).where(eq(t.id, parentId));
  if (!row) throw new AppError(400, 'security.unknownIds', { field: LEVELS[level].parentColumn!, ids: String(parentId) });
}

export type LevelInput = z.infer<LevelDef['schema']>;

export function treeService(db: Db) {
  async function get(level: TreeLevel, id: number) {
    const t = LEVELS[level].table;
    const [row] = await db.select().from(t).where(eq(t.id, id));
    if (!row) throw notFound();
    return row;
  }

  async function create(level: TreeLevel, input: LevelInput) {
    const def = LEVELS[level];
    if (def.parentColumn) await assertParent(db, level, (input as unknown as Record<string, number>)[def.parentColumn]);
    if ('code' in input) await assertCodeFree(db, level, input.code);
    const [row] = await db.insert(def.table).values(input as never).returning();
    return row;
  }

  async function update(level: TreeLevel, id: number, input: LevelInput) {
    const def = LEVELS[level];
    const before = await get(level, id) as Record<string, unknown>;
    if (def.parentColumn) await assertParent(db, level, (input as unknown as Record<string, number>)[def.parentColumn]);
    if ('code' in input) await assertCodeFree(db, level, input.code, id);
    return db.transaction(async (tx) => {
      const [row] = await tx.update(def.table).set(input as never).where(eq(def.table.id, id)).returning();
      // A renamed function or operation keeps its grants: roles follow the new code.
      if ((level === 'function' || level === 'operation') && 'code' in input && before.code !== input.code) {
        await tx.update(roleGrants).set({ authority: input.code }).where(eq(roleGrants.authority, before.code as string));
      }
      return row;
    });
  }

  /** Deletes leaves only: a node with children says so (the operator deletes bottom-up on purpose). */
  async function remove(level: TreeLevel, ids: number[]) {
    const def = LEVELS[level];
    const rows = await db.select().from(def.table).where(inArray(def.table.id, ids)) as { id: number; name: string; code?: string }[];
    if (rows.length !== new Set(ids).size) throw notFound();
    const child = CHILD[level];
    if (child) {
      const cdef = LEVELS[child];
      const col = (cdef.table as unknown as Record<string, typeof authModules.appId>)[cdef.parentColumn!];
      const [busy] = await db.select({ parent: col }).from(cdef.table).where(inArray(col, ids)).limit(1);
      if (busy) throw new AppError(400, 'security.nodeHasChildren', { name: rows.find((r) => r.id === busy.parent)?.name ?? '' });
    }
    await db.transaction(async (tx) => {
      await tx.delete(def.table).where(inArray(def.table.id, ids));
      const codes = rows.map((r) => r.code).filter((c): c is string => !!c);
      if ((level === 'function' || level === 'operation') && codes.length) await tx.delete(roleGrants).where(inArray(roleGrants.authority, codes));
    });
    return rows.length;
  }

  /** All function and operation codes (what a role may be granted). */
  async function authorityCodes(conn: Conn = db) {
    const [f, o] = await Promise.all([conn.select({ code: authFunctions.code }).from(authFunctions), conn.select({ code: authOperations.code }).from(authOperations)]);
    return new Set([...f, ...o].map((r) => r.code));
  }

  return { get, create, update, remove, authorityCodes, tree: (keyword?: string, lang?: Lang) => loadTree(db, keyword, lang) };
}

