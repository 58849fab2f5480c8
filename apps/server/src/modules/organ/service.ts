import { and, asc, eq, ilike, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  translate, type Lang, type OrganCreateInput, type OrganNode, type OrganRuleInput, type OrganTypeInput, type OrganUpdateInput,
  type OrganViewInput, type StaffInput, GENDER_DICT, organKeywordQuerySchema, organOptionsQuerySchema, organRuleQuerySchema, staffQuerySchema,
} from '@bencao/contracts';
import type { Db } from '../../db/client';
import { seededNameLike } from '../../db/seed/seedNameSearch';
import { accounts, dictItems, dicts, organNodes, organRules, organTypes, organViews, organs, roles, serialRules, staff } from '../../db/schema/index';
import { AppError, conflict, notFound } from '../../platform/errors';
import { offsetOf, orderBy } from '../../platform/paging';
import { positionInScope, staffScopeWhere, type DataScopeOf } from '../security/dataScope';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const uniq = <T>(xs: T[]) => [...new Set(xs)];
const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

export function organService(db: Db) {
  // ---------- organ types ----------
  async function listTypes(keyword?: string) {
    const where = keyword ? or(ilike(organTypes.code, like(keyword)), ilike(organTypes.name, like(keyword)), seededNameLike('organType', organTypes.code, organTypes.name, keyword)) : undefined;
    return db.select({
      code: organTypes.code, name: organTypes.name, parentCode: organTypes.parentCode, holdsStaff: organTypes.holdsStaff,
      seq: organTypes.seq, note: organTypes.note,
      organCount: sql<number>`(select count(*)::int from ${organs} o where o.type_code = organ_types.code)`,
    }).from(organTypes).where(where).orderBy(asc(organTypes.seq), asc(organTypes.code));
  }

  async function getType(code: string) {
    const [t] = await db.select().from(organTypes).where(eq(organTypes.code, code));
    if (!t) throw notFound();
    return t;
  }

  async function assertTypeParent(code: string, parentCode: string | null) {
    if (!parentCode) return;
    const all = await db.select({ code: organTypes.code, parentCode: organTypes.parentCode }).from(organTypes);
    const byCode = new Map(all.map((t) => [t.code, t.parentCode]));
    if (!byCode.has(parentCode)) throw new AppError(400, 'organ.typeUnknown', { code: parentCode });
    for (let cur: string | null | undefined = parentCode; cur; cur = byCode.get(cur)) {
      if (cur === code) throw new AppError(400, 'organ.typeCycle');
    }
  }

  async function createType(input: OrganTypeInput) {
    const [dup] = await db.select({ code: organTypes.code }).from(organTypes).where(eq(organTypes.code, input.code));
    if (dup) throw conflict(`"${input.code}"`);
    await assertTypeParent(input.code, input.parentCode);
    const [row] = await db.insert(organTypes).values(input).returning();
    return row;
  }

  async function updateType(code: string, input: OrganTypeInput) {
    await getType(code);
    if (input.code !== code) {
      const [dup] = await db.select({ code: organTypes.code }).from(organTypes).where(eq(organTypes.code, input.code));
      if (dup) throw conflict(`"${input.code}"`);
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(organs).where(eq(organs.typeCode, code));
      if (n) throw new AppError(400, 'organ.typeInUse', { code, n });
    }
    await assertTypeParent(code, input.parentCode === code ? code : input.parentCode);
    return db.transaction(async (tx) => {
      const [row] = await tx.update(organTypes).set(input).where(eq(organTypes.code, code)).returning();
      if (input.code !== code) await tx.update(organTypes).set({ parentCode: input.code }).where(eq(organTypes.parentCode, code));
      return row;
    });
  }

  async function deleteTypes(codes: string[]) {
    const rows = await db.select().from(organTypes).where(inArray(organTypes.code, codes));
    if (rows.length !== uniq(codes).length) throw notFound();
    for (const t of rows) {
      const [child] = await db.select({ code: organTypes.code }).from(organTypes)
        .where(and(eq(organTypes.parentCode, t.code), notInArray(organTypes.code, codes)));
      if (child) throw new AppError(400, 'organ.typeHasChildren', { code: t.code });
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(organs).where(eq(organs.typeCode, t.code));
      if (n) throw new AppError(400, 'organ.typeInUse', { code: t.code, n });
    }
    await db.delete(organTypes).where(inArray(organTypes.code, codes));
    return rows.length;
  }

  // ---------- views ----------
  async function listViews(q: z.infer<typeof organKeywordQuerySchema>) {
    const where = q.keyword ? or(ilike(organViews.code, like(q.keyword)), ilike(organViews.name, like(q.keyword)), ilike(organViews.note, like(q.keyword)), seededNameLike('organView', organViews.code, organViews.name, q.keyword)) : undefined;
    const [records, [{ n }]] = await Promise.all([
      db.select({
        id: organViews.id, code: organViews.code, name: organViews.name, note: organViews.note,
        organCount: sql<number>`(select count(*)::int from ${organNodes} x where x.view_id = organ_views.id)`,
      }).from(organViews).where(where)
        .orderBy(...orderBy(q, { code: organViews.code, name: organViews.name }, asc(organViews.id))).limit(q.limit).offset(offsetOf(q)),
      db.select({ n: sql<number>`count(*)::int` }).from(organViews).where(where),
    ]);
    return { total: n, records };
  }

  async function getView(id: number) {
    const [v] = await db.select().from(organViews).where(eq(organViews.id, id));
    if (!v) throw notFound();
    return v;
  }

  async function saveView(id: number | null, input: OrganViewInput) {
    const [dup] = await db.select({ id: organViews.id }).from(organViews).where(eq(organViews.code, input.code));
    if (dup && dup.id !== id) throw conflict(`"${input.code}"`);
    if (id === null) return (await db.insert(organViews).values(input).returning())[0];
    await getView(id);
    return (await db.update(organViews).set(input).where(eq(organViews.id, id)).returning())[0];
  }

  async function deleteViews(ids: number[]) {
    const rows = await db.select().from(organViews).where(inArray(organViews.id, ids));
    if (rows.length !== uniq(ids).length) throw notFound();
    for (const v of rows) {
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(organNodes).where(eq(organNodes.viewId, v.id));
      if (n) throw new AppError(400, 'organ.viewInUse', { name: v.name, n });
    }
    await db.delete(organViews).where(inArray(organViews.id, ids));
    return rows.length;
  }

  // ---------- rules ----------
  async function typeNames(conn: Conn) {
    return new Map((await conn.select({ code: organTypes.code, name: organTypes.name }).from(organTypes)).map((t) => [t.code, t.name]));
  }

  /** Refuses a `childType` under `parentType` (null: top level) unless a rule allows it, naming what is allowed. */
  async function assertRule(conn: Conn, parentType: string | null, childType: string, lang: Lang) {
    const allowed = await conn.select({ child: organRules.childTypeCode }).from(organRules)
      .where(parentType === null ? isNull(organRules.parentTypeCode) : eq(organRules.parentTypeCode, parentType));
    if (allowed.some((r) => r.child === childType)) return;
    const names = await typeNames(conn);
    const label = (c: string) => `${names.get(c) ?? c} (${c})`;
    const list = allowed.length ? allowed.map((r) => label(r.child)).join(', ') : translate(lang, 'organ.ruleNone');
    if (parentType === null) throw new AppError(400, 'organ.ruleBrokenTop', { child: label(childType), allowed: list });
    throw new AppError(400, 'organ.ruleBroken', { child: label(childType), parent: label(parentType), allowed: list });
  }

  async function listRules(q: z.infer<typeof organRuleQuerySchema>) {
    const where = and(
      q.typeCode ? or(eq(organRules.parentTypeCode, q.typeCode), eq(organRules.childTypeCode, q.typeCode)) : undefined,
      q.keyword ? or(ilike(organRules.parentTypeCode, like(q.keyword)), ilike(organRules.childTypeCode, like(q.keyword)), ilike(organRules.note, like(q.keyword)),
        sql`exists (select 1 from ${organTypes} t where t.code in (organ_rules.parent_type_code, organ_rules.child_type_code) and t.name ilike ${like(q.keyword)})`) : undefined,
    );
    const [records, [{ n }]] = await Promise.all([
      db.select({
        id: organRules.id, parentTypeCode: organRules.parentTypeCode, childTypeCode: organRules.childTypeCode, note: organRules.note,
        parentTypeName: sql<string | null>`(select name from ${organTypes} t where t.code = organ_rules.parent_type_code)`,
        childTypeName: sql<string>`(select name from ${organTypes} t where t.code = organ_rules.child_type_code)`,
      }).from(organRules).where(where)
        .orderBy(...orderBy(q, { parentTypeCode: organRules.parentTypeCode, childTypeCode: organRules.childTypeCode }, asc(organRules.id)))
        .limit(q.limit).offset(offsetOf(q)),
      db.select({ n: sql<number>`count(*)::int` }).from(organRules).where(where),
    ]);
    return { total: n, records };
  }

  async function assertTypesExist(codes: (string | null)[]) {
    const wanted = uniq(codes.filter((c): c is string => !!c));
    const found = new Set((await db.select({ code: organTypes.code }).from(organTypes).where(inArray(organTypes.code, wanted))).map((t) => t.code));
    const missing = wanted.find((c) => !found.has(c));
    if (missing) throw new AppError(400, 'organ.typeUnknown', { code: missing });
  }

  /** Organs placed by a rule (their type under their parent's type, or at the top level). */
  async function organsPlacedBy(parentType: string | null, childType: string) {
    return db.execute<{ name: string }>(sql`
      select o.name from organ_nodes n join organs o on o.id = n.organ_id
        left join organs p on p.id = n.parent_id
       where o.type_code = ${childType} and ${parentType === null ? sql`n.parent_id is null` : sql`p.type_code = ${parentType}`}
       order by o.name limit 6`);
  }

  async function saveRule(id: number | null, input: OrganRuleInput) {
    await assertTypesExist([input.parentTypeCode, input.childTypeCode]);
    const [dup] = await db.select({ id: organRules.id }).from(organRules).where(and(
      input.parentTypeCode === null ? isNull(organRules.parentTypeCode) : eq(organRules.parentTypeCode, input.parentTypeCode),
      eq(organRules.childTypeCode, input.childTypeCode)));
    if (dup && dup.id !== id) throw conflict(`${input.parentTypeCode ?? '—'} → ${input.childTypeCode}`);
    if (id === null) return (await db.insert(organRules).values(input).returning())[0];
    const [before] = await db.select().from(organRules).where(eq(organRules.id, id));
    if (!before) throw notFound();
    if (before.parentTypeCode !== input.parentTypeCode || before.childTypeCode !== input.childTypeCode) await assertRuleUnused(before);
    return (await db.update(organRules).set(input).where(eq(organRules.id, id)).returning())[0];
  }

  async function assertRuleUnused(r: { parentTypeCode: string | null; childTypeCode: string }) {
    const placed = await organsPlacedBy(r.parentTypeCode, r.childTypeCode);
    if (placed.rows.length) {
      throw new AppError(400, 'organ.ruleInUse', { n: placed.rows.length > 5 ? '5+' : placed.rows.length, organs: placed.rows.slice(0, 5).map((o) => o.name).join(', ') });
    }
  }

  async function deleteRules(ids: number[]) {
    const rows = await db.select().from(organRules).where(inArray(organRules.id, ids));
    if (rows.length !== uniq(ids).length) throw notFound();
    for (const r of rows) await assertRuleUnused(r);
    await db.delete(organRules).where(inArray(organRules.id, ids));
    return rows.length;
  }

  // ---------- organs in views ----------
  const nodeColumns = {
    id: organs.id, code: organs.code, typeCode: organs.typeCode, typeName: organTypes.name, holdsStaff: organTypes.holdsStaff,
    name: organs.name, shortName: organs.shortName, principal: organs.principal, parentId: organNodes.parentId, seq: organNodes.seq,
    hasChildren: sql<boolean>`exists (select 1 from ${organNodes} c where c.view_id = organ_nodes.view_id and c.parent_id = organ_nodes.organ_id)`,
    staffName: sql<string | null>`(select s.name from ${staff} s where s.position_id = organs.id)`,
  };

  async function children(viewId: number, parentId: number | null): Promise<OrganNode[]> {
    await getView(viewId);
    return db.select(nodeColumns).from(organNodes)
      .innerJoin(organs, eq(organs.id, organNodes.organId)).innerJoin(organTypes, eq(organTypes.code, organs.typeCode))
      .where(and(eq(organNodes.viewId, viewId), parentId === null ? isNull(organNodes.parentId) : eq(organNodes.parentId, parentId)))
      .orderBy(asc(organNodes.seq), asc(organs.code));
  }

  /** Matches by code or name in a view, each with the ids from the top down to it (to open the tree there). */
  async function search(viewId: number, keyword: string) {
    await getView(viewId);
    const res = await db.execute<{ id: number; code: string; name: string; type_name: string; path: number[]; names: string[] }>(sql`
      with recursive up as (
        select n.organ_id as id, n.organ_id as cur, n.parent_id, 0 as depth
          from organ_nodes n join organs o on o.id = n.organ_id
         where n.view_id = ${viewId} and (o.code ilike ${like(keyword)} or o.name ilike ${like(keyword)} or o.short_name ilike ${like(keyword)}
                or ${seededNameLike('organ', sql`o.code`, sql`o.name`, keyword) ?? sql`false`})
        union all
        select up.id, p.organ_id, p.parent_id, up.depth + 1
          from up join organ_nodes p on p.view_id = ${viewId} and p.organ_id = up.parent_id
         where up.depth < 64
      )
      select o.id, o.code, o.name, t.name as type_name,
             array_agg(up.cur order by up.depth desc) as path,
             array_agg(a.name order by up.depth desc) as names
        from up join organs o on o.id = up.id join organ_types t on t.code = o.type_code join organs a on a.id = up.cur
       group by o.id, o.code, o.name, t.name
       order by o.code limit 100`);
    return res.rows.map((r) => ({ id: Number(r.id), code: r.code, name: r.name, typeName: r.type_name, path: r.path.map(Number), pathNames: r.names }));
  }

  async function getOrgan(id: number) {
    const [o] = await db.select({
      id: organs.id, code: organs.code, typeCode: organs.typeCode, typeName: organTypes.name, holdsStaff: organTypes.holdsStaff,
      name: organs.name, shortName: organs.shortName, principal: organs.principal, createdAt: organs.createdAt,
    }).from(organs).innerJoin(organTypes, eq(organTypes.code, organs.typeCode)).where(eq(organs.id, id));
    if (!o) throw notFound('organ.unknown', { id });
    const [views, holder] = await Promise.all([
      db.select({ viewId: organNodes.viewId, viewName: organViews.name, parentId: organNodes.parentId, seq: organNodes.seq })
        .from(organNodes).innerJoin(organViews, eq(organViews.id, organNodes.viewId)).where(eq(organNodes.organId, id)).orderBy(asc(organViews.id)),
      db.select({ id: staff.id, code: staff.code, name: staff.name }).from(staff).where(eq(staff.positionId, id)),
    ]);
    return { ...o, views, staff: holder[0] ?? null };
  }

  async function nodeOf(conn: Conn, viewId: number, organId: number) {
    const [n] = await conn.select({ parentId: organNodes.parentId, seq: organNodes.seq, typeCode: organs.typeCode })
      .from(organNodes).innerJoin(organs, eq(organs.id, organNodes.organId))
      .where(and(eq(organNodes.viewId, viewId), eq(organNodes.organId, organId)));
    return n;
  }

  async function parentType(conn: Conn, viewId: number, parentId: number | null) {
    if (parentId === null) return null;
    const p = await nodeOf(conn, viewId, parentId);
    if (!p) throw new AppError(400, 'organ.notInView', { id: parentId });
    return p.typeCode;
  }

  async function createOrgan(input: OrganCreateInput, lang: Lang) {
    await getView(input.viewId);
    await assertTypesExist([input.typeCode]);
    const [dup] = await db.select({ id: organs.id }).from(organs).where(eq(organs.code, input.code));
    if (dup) throw conflict(`"${input.code}"`);
    const { viewId, parentId, seq, ...fields } = input;
    await assertRule(db, await parentType(db, viewId, parentId), input.typeCode, lang);
    const id = await db.transaction(async (tx) => {
      const [o] = await tx.insert(organs).values(fields).returning({ id: organs.id });
      await tx.insert(organNodes).values({ viewId, organId: o.id, parentId, seq });
      return o.id;
    });
    return getOrgan(id);
  }

  async function updateOrgan(id: number, input: OrganUpdateInput, lang: Lang) {
    const before = await getOrgan(id);
    await assertTypesExist([input.typeCode]);
    const [dup] = await db.select({ id: organs.id }).from(organs).where(and(eq(organs.code, input.code), ne(organs.id, id)));
    if (dup) throw conflict(`"${input.code}"`);
    if (input.typeCode !== before.typeCode) {
      // The new type must fit under its parent and above its children in every view it sits in.
      for (const v of before.views) {
        await assertRule(db, await parentType(db, v.viewId, v.parentId), input.typeCode, lang);
        const kids = await db.select({ typeCode: organs.typeCode }).from(organNodes).innerJoin(organs, eq(organs.id, organNodes.organId))
          .where(and(eq(organNodes.viewId, v.viewId), eq(organNodes.parentId, id)));
        for (const k of uniq(kids.map((x) => x.typeCode))) await assertRule(db, input.typeCode, k, lang);
      }
      const [t] = await db.select({ holdsStaff: organTypes.holdsStaff }).from(organTypes).where(eq(organTypes.code, input.typeCode));
      if (before.staff && !t.holdsStaff) throw new AppError(400, 'organ.hasStaff', { name: before.name, staff: before.staff.name });
    }
    const { viewId, seq, ...fields } = input;
    await db.transaction(async (tx) => {
      await tx.update(organs).set(fields).where(eq(organs.id, id));
      if (viewId !== undefined && seq !== undefined) {
        const r = await tx.update(organNodes).set({ seq }).where(and(eq(organNodes.viewId, viewId), eq(organNodes.organId, id))).returning();
        if (!r.length) throw new AppError(400, 'organ.notInView', { id });
      }
    });
    return getOrgan(id);
  }

  /** Drag and drop: puts the organ under `parentId` at `index` among its siblings (renumbering them). */
  async function move(viewId: number, organId: number, parentId: number | null, index: number, lang: Lang) {
    await getView(viewId);
    return db.transaction(async (tx) => {
      const node = await nodeOf(tx, viewId, organId);
      if (!node) throw new AppError(400, 'organ.notInView', { id: organId });
      if (parentId !== null) {
        // the new parent must not be the organ itself or below it
        const res = await tx.execute<{ id: number }>(sql`
          with recursive up as (
            select organ_id, parent_id, 0 as depth from organ_nodes where view_id = ${viewId} and organ_id = ${parentId}
            union all
            select p.organ_id, p.parent_id, up.depth + 1 from up join organ_nodes p on p.view_id = ${viewId} and p.organ_id = up.parent_id where up.depth < 64
          ) select organ_id as id from up`);
        if (!res.rows.length) throw new AppError(400, 'organ.notInView', { id: parentId });
        if (res.rows.some((r) => Number(r.id) === organId)) throw new AppError(400, 'organ.cycle');
      }
      if (node.parentId !== parentId) await assertRule(tx, await parentType(tx, viewId, parentId), node.typeCode, lang);
      const siblings = await tx.select({ organId: organNodes.organId }).from(organNodes)
        .where(and(eq(organNodes.viewId, viewId), parentId === null ? isNull(organNodes.parentId) : eq(organNodes.parentId, parentId), ne(organNodes.organId, organId)))
        .orderBy(asc(organNodes.seq), asc(organNodes.organId));
      const order = siblings.map((s) => s.organId);
      order.splice(Math.min(index, order.length), 0, organId);
      await tx.update(organNodes).set({ parentId }).where(and(eq(organNodes.viewId, viewId), eq(organNodes.organId, organId)));
      if (order.length) {
        await tx.execute(sql`update organ_nodes set seq = v.seq from (values ${sql.join(order.map((id, i) => sql`(${id}::int, ${i}::int)`), sql`, `)}) as v(id, seq)
          where organ_nodes.view_id = ${viewId} and organ_nodes.organ_id = v.id`);
      }
      return { organId, parentId, index: order.indexOf(organId) };
    });
  }

  /** Places an existing organ in a view (the same organ may sit in several views). */
  async function place(viewId: number, organId: number, parentId: number | null, seq: number, lang: Lang) {
    await getView(viewId);
    const o = await getOrgan(organId);
    if (o.views.some((v) => v.viewId === viewId)) throw new AppError(400, 'organ.alreadyInView', { name: o.name });
    await assertRule(db, await parentType(db, viewId, parentId), o.typeCode, lang);
    await db.insert(organNodes).values({ viewId, organId, parentId, seq });
    return getOrgan(organId);
  }

  async function assertNoChildren(organId: number, name: string, viewIds?: number[]) {
    const [child] = await db.select({ viewName: organViews.name }).from(organNodes).innerJoin(organViews, eq(organViews.id, organNodes.viewId))
      .where(and(eq(organNodes.parentId, organId), viewIds ? inArray(organNodes.viewId, viewIds) : undefined)).limit(1);
    if (child) throw new AppError(400, 'organ.hasChildren', { name, view: child.viewName });
  }

  /** Takes an organ out of one view (it stays in the others and in the organ list). */
  async function unplace(viewId: number, organId: number) {
    const o = await getOrgan(organId);
    if (!o.views.some((v) => v.viewId === viewId)) throw new AppError(400, 'organ.notInView', { id: organId });
    await assertNoChildren(organId, o.name, [viewId]);
    await db.delete(organNodes).where(and(eq(organNodes.viewId, viewId), eq(organNodes.organId, organId)));
  }

  async function deleteOrgans(ids: number[]) {
    const rows = await db.select({ id: organs.id, name: organs.name }).from(organs).where(inArray(organs.id, ids));
    if (rows.length !== uniq(ids).length) throw notFound();
    for (const o of rows) {
      const [child] = await db.select({ viewName: organViews.name }).from(organNodes).innerJoin(organViews, eq(organViews.id, organNodes.viewId))
        .where(and(eq(organNodes.parentId, o.id), notInArray(organNodes.organId, ids))).limit(1);
      if (child) throw new AppError(400, 'organ.hasChildren', { name: o.name, view: child.viewName });
      const [holder] = await db.select({ name: staff.name }).from(staff).where(eq(staff.positionId, o.id));
      if (holder) throw new AppError(400, 'organ.hasStaff', { name: o.name, staff: holder.name });
      const owned = await db.select({ code: roles.code }).from(roles).where(eq(roles.organId, o.id)).limit(10);
      if (owned.length) throw new AppError(400, 'organ.hasRoles', { name: o.name, roles: owned.map((r) => r.code).join(', ') });
      const rules = await db.select({ code: serialRules.code }).from(serialRules).where(eq(serialRules.organId, o.id)).limit(10);
      if (rules.length) throw new AppError(400, 'organ.hasSerials', { name: o.name, rules: rules.map((r) => r.code).join(', ') });
    }
    await db.delete(organs).where(inArray(organs.id, ids));
    return rows.length;
  }

  /** Organs to pick from elsewhere (role owner, serial rule organ, a staff member's position). */
  async function options(q: z.infer<typeof organOptionsQuerySchema>) {
    const where = and(
      q.keyword ? or(ilike(organs.code, like(q.keyword)), ilike(organs.name, like(q.keyword)), ilike(organs.shortName, like(q.keyword)),
        seededNameLike('organ', organs.code, organs.name, q.keyword), seededNameLike('organShort', organs.code, organs.shortName, q.keyword)) : undefined,
      q.typeCode ? eq(organs.typeCode, q.typeCode) : undefined,
      q.positions === 'true' ? eq(organTypes.holdsStaff, true) : undefined,
    );
    return db.select({
      id: organs.id, code: organs.code, name: organs.name, shortName: organs.shortName, typeCode: organs.typeCode, typeName: organTypes.name,
      holdsStaff: organTypes.holdsStaff,
      staffName: sql<string | null>`(select s.name from ${staff} s where s.position_id = organs.id)`,
    }).from(organs).innerJoin(organTypes, eq(organTypes.code, organs.typeCode)).where(where).orderBy(asc(organs.code)).limit(q.limit);
  }

  async function organsByIds(ids: number[]) {
    if (!ids.length) return [];
    return db.select({ id: organs.id, code: organs.code, name: organs.name, typeName: organTypes.name }).from(organs)
      .innerJoin(organTypes, eq(organTypes.code, organs.typeCode)).where(inArray(organs.id, ids));
  }

  // ---------- staff ----------
  // `scope`: the caller's data scope (null: every staff member); outside it a staff member does not exist
  async function listStaff(q: z.infer<typeof staffQuerySchema>, scope: DataScopeOf | null = null) {
    const where = and(
      staffScopeWhere(scope),
      q.keyword ? or(ilike(staff.code, like(q.keyword)), ilike(staff.name, like(q.keyword)), ilike(staff.mobile, like(q.keyword)), ilike(staff.email, like(q.keyword))) : undefined,
      q.positionId ? eq(staff.positionId, q.positionId) : undefined,
      q.unassigned === 'true' ? isNull(staff.positionId) : undefined,
    );
    const [records, [{ n }]] = await Promise.all([
      db.select({
        id: staff.id, code: staff.code, name: staff.name, positionId: staff.positionId, gender: staff.gender, mobile: staff.mobile, email: staff.email, note: staff.note,
        createdAt: staff.createdAt, positionName: organs.name,
        accounts: sql<string | null>`(select string_agg(a.user_id, ', ' order by a.user_id) from ${accounts} a where a.staff_id = staff.id)`,
      }).from(staff).leftJoin(organs, eq(organs.id, staff.positionId)).where(where)
        .orderBy(...orderBy(q, { code: staff.code, name: staff.name, createdAt: staff.createdAt }, asc(staff.id))).limit(q.limit).offset(offsetOf(q)),
      db.select({ n: sql<number>`count(*)::int` }).from(staff).where(where),
    ]);
    return { total: n, records };
  }

  async function getStaff(id: number, scope: DataScopeOf | null = null) {
    const [s] = await db.select().from(staff).where(and(eq(staff.id, id), staffScopeWhere(scope)));
    if (!s) throw notFound();
    return s;
  }

  /** SPEC §5: "One position allows only one employee". */
  async function assertPosition(positionId: number | null, staffId: number | null) {
    if (positionId === null) return;
    const [p] = await db.select({ name: organs.name, typeCode: organs.typeCode, holdsStaff: organTypes.holdsStaff }).from(organs)
      .innerJoin(organTypes, eq(organTypes.code, organs.typeCode)).where(eq(organs.id, positionId));
    if (!p) throw new AppError(400, 'organ.unknown', { id: positionId });
    if (!p.holdsStaff) throw new AppError(400, 'organ.notPosition', { name: p.name, type: p.typeCode });
    const [holder] = await db.select({ id: staff.id, name: staff.name }).from(staff).where(eq(staff.positionId, positionId));
    if (holder && holder.id !== staffId) throw new AppError(400, 'organ.onePosition', { position: p.name, staff: holder.name });
    return p;
  }

  async function saveStaff(id: number | null, input: StaffInput, scope: DataScopeOf | null = null) {
    if (id !== null) await getStaff(id, scope);
    const [dup] = await db.select({ id: staff.id }).from(staff).where(eq(staff.code, input.code));
    if (dup && dup.id !== id) throw conflict(`"${input.code}"`);
    if (!(await positionInScope(db, scope, input.positionId))) throw new AppError(403, 'dataScope.positionBeyond');
    if (input.gender !== null) {
      const [item] = await db.select({ code: dictItems.code }).from(dictItems).innerJoin(dicts, eq(dicts.id, dictItems.dictId))
        .where(and(eq(dicts.code, GENDER_DICT), eq(dictItems.code, input.gender)));
      if (!item) throw new AppError(400, 'organ.genderUnknown', { code: input.gender });
    }
    const p = await assertPosition(input.positionId, id);
    try {
      if (id === null) return (await db.insert(staff).values(input).returning())[0];
      return (await db.update(staff).set(input).where(eq(staff.id, id)).returning())[0];
    } catch (e) {
      // two requests for one position at the same moment: the unique index decides
      if (isUniqueViolation(e) && p) throw new AppError(400, 'organ.onePosition', { position: p.name, staff: '—' });
      throw e;
    }
  }

  async function deleteStaff(ids: number[], scope: DataScopeOf | null = null) {
    const rows = await db.select().from(staff).where(and(inArray(staff.id, ids), staffScopeWhere(scope)));
    if (rows.length !== uniq(ids).length) throw notFound();
    for (const s of rows) {
      const linked = await db.select({ userId: accounts.userId }).from(accounts).where(eq(accounts.staffId, s.id)).limit(10);
      if (linked.length) throw new AppError(400, 'organ.staffLinked', { name: s.name, accounts: linked.map((a) => a.userId).join(', ') });
    }
    await db.delete(staff).where(inArray(staff.id, ids));
    return rows.length;
  }

  return {
    listTypes, getType, createType, updateType, deleteTypes,
    listViews, getView, saveView, deleteViews,
    listRules, saveRule, deleteRules,
    children, search, getOrgan, createOrgan, updateOrgan, move, place, unplace, deleteOrgans, options, organsByIds,
    listStaff, getStaff, saveStaff, deleteStaff,
  };
}
