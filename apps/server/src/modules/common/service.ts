import { and, asc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  REGION_TYPES, formatSerial, translate, type CalendarDay, type DictInput, type DictItemInput, type Lang, type MenuInput, type MenuTypeInput,
  type RegionInput, type RegionNode, type SerialRuleInput,
  commonKeywordQuerySchema, dictItemQuerySchema, serialQuerySchema,
} from '@bencao/contracts';
import type { Db } from '../../db/client';
import { seededNameLike } from '../../db/seed/seedNameSearch';
import {
  authFunctions, authOperations, calendarDays, dictItems, dicts, menuActionResources, menuActions, menuTypes, menus, organs, regions, serialRules,
} from '../../db/schema/index';
import { AppError, conflict, notFound } from '../../platform/errors';
import { dictItemLabel } from '../../db/seed/common/dictLabels';
import { offsetOf, orderBy } from '../../platform/paging';

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const uniq = <T>(xs: T[]) => [...new Set(xs)];

/**
 * Periods turn at midnight in the server's time zone (TZ of the process), read from the database
 * clock so that every process behind a load balancer agrees.
 */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const periodSql = (typeColumn: ReturnType<typeof sql>) =>
  sql`to_char(now() at time zone ${TIME_ZONE}, case ${typeColumn} when 'yearly' then 'YYYY' when 'monthly' then 'YYYYMM' else 'YYYYMMDD' end)`;

export interface CommonActor { userId: string; lang: Lang }

// ---------- dates of the working calendar (UTC calendar arithmetic on YYYY-MM-DD) ----------
const toDate = (s: string) => new Date(`${s}T00:00:00Z`);
const fmt = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (s: string, n: number) => fmt(new Date(toDate(s).getTime() + n * 86_400_000));
const isWeekend = (s: string) => { const w = toDate(s).getUTCDay(); return w === 0 || w === 6; };

export function commonService(db: Db) {
  // ---------- menu categories ----------
  async function listMenuTypes(q: z.infer<typeof commonKeywordQuerySchema>) {
    const where = q.keyword ? or(ilike(menuTypes.id, like(q.keyword)), ilike(menuTypes.name, like(q.keyword))) : undefined;
    const [records, [{ n }]] = await Promise.all([
      db.select({
        id: menuTypes.id, name: menuTypes.name, isPreset: menuTypes.isPreset,
        menuCount: sql<number>`(select count(*)::int from ${menus} m where m.menu_type_id = menu_types.id)`,
      }).from(menuTypes).where(where)
        .orderBy(...orderBy(q, { id: menuTypes.id, name: menuTypes.name, isPreset: menuTypes.isPreset }, asc(menuTypes.id))).limit(q.limit).offset(offsetOf(q)),
      db.select({ n: sql<number>`count(*)::int` }).from(menuTypes).where(where),
    ]);
    return { total: n, records };
  }

  async function getMenuType(id: string) {
    const [t] = await db.select().from(menuTypes).where(eq(menuTypes.id, id));
    if (!t) throw notFound();
    return t;
  }

  async function createMenuType(input: MenuTypeInput) {
    const [dup] = await db.select({ id: menuTypes.id }).from(menuTypes).where(eq(menuTypes.id, input.id));
    if (dup) throw conflict(`"${input.id}"`);
    return (await db.insert(menuTypes).values({ ...input, isPreset: false }).returning())[0];
  }

  /** The id names the category everywhere (menus, the menu API): only the name changes. */
  async function updateMenuType(id: string, input: MenuTypeInput) {
    await getMenuType(id);
    return (await db.update(menuTypes).set({ name: input.name }).where(eq(menuTypes.id, id)).returning())[0];
  }

  async function deleteMenuTypes(ids: string[]) {
    const rows = await db.select().from(menuTypes).where(inArray(menuTypes.id, ids));
    if (rows.length !== uniq(ids).length) throw notFound();
    for (const t of rows) {
      if (t.isPreset) throw new AppError(400, 'common.menuTypePreset', { id: t.id });
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(menus).where(eq(menus.menuTypeId, t.id));
      if (n) throw new AppError(400, 'common.menuTypeInUse', { id: t.id, n });
    }
    await db.delete(menuTypes).where(inArray(menuTypes.id, ids));
    return rows.length;
  }

  // ---------- menus ----------
  async function actionsOf(menuIds: number[]) {
    if (!menuIds.length) return new Map<number, { actionName: string; actionCode: string; resourceList: { path: string; authorityId: string }[] }[]>();
    const acts = await db.select().from(menuActions).where(inArray(menuActions.menuId, menuIds)).orderBy(asc(menuActions.seq), asc(menuActions.id));
    const res = acts.length ? await db.select().from(menuActionResources).where(inArray(menuActionResources.actionId, acts.map((a) => a.id))).orderBy(asc(menuActionResources.id)) : [];
    const out = new Map<number, { actionName: string; actionCode: string; resourceList: { path: string; authorityId: string }[] }[]>();
    for (const a of acts) {
      const list = out.get(a.menuId) ?? [];
      list.push({ actionName: a.actionName, actionCode: a.actionCode, resourceList: res.filter((r) => r.actionId === a.id).map((r) => ({ path: r.path, authorityId: r.authorityId })) });
      out.set(a.menuId, list);
    }
    return out;
  }

  /** A category's whole menu tree as a flat list (parentId links), with each menu's actions. */
  async function listMenus(menuTypeId: string, keyword?: string) {
    await getMenuType(menuTypeId);
    const rows = await db.select().from(menus).where(eq(menus.menuTypeId, menuTypeId)).orderBy(asc(menus.seq), asc(menus.id));
    const acts = await actionsOf(rows.map((m) => m.id));
    let list = rows.map((m) => ({ ...m, actionList: acts.get(m.id) ?? [] }));
    if (keyword) {
      // matches and the groups above them
      const k = keyword.toLowerCase();
      const byId = new Map(list.map((m) => [m.id, m]));
      const keep = new Set<number>();
      for (const m of list) {
        const hay = [m.menuCode, m.menuName, m.path ?? '', m.authority ?? '', ...Object.values(m.names)].join(' ').toLowerCase();
        if (!hay.includes(k)) continue;
        for (let cur: typeof m | undefined = m; cur && !keep.has(cur.id); cur = cur.parentId ? byId.get(cur.parentId) : undefined) keep.add(cur.id);
      }
      list = list.filter((m) => keep.has(m.id));
    }
    return list;
  }

  async function getMenu(id: number) {
    const [m] = await db.select().from(menus).where(eq(menus.id, id));
    if (!m) throw notFound();
    return { ...m, actionList: (await actionsOf([id])).get(id) ?? [] };
  }

  async function checkMenu(id: number | null, input: MenuInput) {
    const [t] = await db.select({ id: menuTypes.id }).from(menuTypes).where(eq(menuTypes.id, input.menuTypeId));
    if (!t) throw new AppError(400, 'common.menuTypeUnknown', { id: input.menuTypeId });
    const [dup] = await db.select({ id: menus.id }).from(menus).where(eq(menus.menuCode, input.menuCode));
    if (dup && dup.id !== id) throw conflict(`"${input.menuCode}"`);
    let level = 1;
    if (input.parentId !== null) {
      const all = await db.select({ id: menus.id, parentId: menus.parentId, menuTypeId: menus.menuTypeId, isLeaf: menus.isLeaf, level: menus.level }).from(menus);
      const byId = new Map(all.map((m) => [m.id, m]));
      const parent = byId.get(input.parentId);
      if (!parent || parent.menuTypeId !== input.menuTypeId || parent.isLeaf) throw new AppError(400, 'common.menuParent', { id: input.parentId });
      for (let cur: typeof parent | undefined = parent; cur; cur = cur.parentId ? byId.get(cur.parentId) : undefined) {
        if (cur.id === id) throw new AppError(400, 'common.menuCycle');
      }
      level = parent.level + 1;
    }
    await checkAuthorities(input);
    if (id !== null && input.isLeaf) {
      const [child] = await db.select({ id: menus.id }).from(menus).where(eq(menus.parentId, id)).limit(1);
      if (child) throw new AppError(400, 'common.menuLeafChildren', { name: input.names.en });
    }
    return level;
  }

  /**
   * A menu's authority and its resources' authorities must be functions or operations of the
   * authority tree (a resource may also name one of the menu's own actions): an unknown code would
   * show the entry to nobody, or, like "-1", look like a rule that does not exist.
   */
  async function checkAuthorities(input: MenuInput) {
    const wanted: { field: string; code: string }[] = [];
    if (input.authority) wanted.push({ field: 'authority', code: input.authority });
    const own = new Set(input.actionList.map((a) => a.actionCode));
    input.actionList.forEach((a, i) => a.resourceList.forEach((r, j) => {
      if (!own.has(r.authorityId)) wanted.push({ field: `actionList.${i}.resourceList.${j}.authorityId`, code: r.authorityId });
    }));
    if (!wanted.length) return;
    const codes = uniq(wanted.map((w) => w.code));
    const known = new Set([
      ...(await db.select({ code: authFunctions.code }).from(authFunctions).where(inArray(authFunctions.code, codes))).map((r) => r.code),
      ...(await db.select({ code: authOperations.code }).from(authOperations).where(inArray(authOperations.code, codes))).map((r) => r.code),
    ]);
    const missing = wanted.find((w) => !known.has(w.code));
    if (missing) throw new AppError(400, 'common.authorityUnknown', { field: missing.field, authority: missing.code });
  }

  async function saveMenu(id: number | null, input: MenuInput) {
    if (id !== null) await getMenu(id);
    const level = await checkMenu(id, input);
    const { actionList, names, ...fields } = input;
    const full = { en: names.en, zh: names.zh || names.en, es: names.es || names.en, ja: names.ja || names.en };
    const row = { ...fields, names: full, menuName: full.zh, level, appCode: 'bencao' };
    const menuId = await db.transaction(async (tx) => {
      let mid = id;
      if (mid === null) [{ id: mid }] = await tx.insert(menus).values(row).returning({ id: menus.id });
      else {
        await tx.update(menus).set(row).where(eq(menus.id, mid));
        await tx.delete(menuActions).where(eq(menuActions.menuId, mid));
      }
      for (const [i, a] of actionList.entries()) {
        const [act] = await tx.insert(menuActions).values({ menuId: mid!, actionName: a.actionName, actionCode: a.actionCode, seq: i }).returning({ id: menuActions.id });
        if (a.resourceList.length) await tx.insert(menuActionResources).values(a.resourceList.map((r) => ({ actionId: act.id, ...r })));
      }
      if (id !== null && level !== undefined) await fixLevels(tx, mid!, level);
      return mid!;
    });
    return getMenu(menuId);
  }

  /** After a move, the levels below follow. */
  async function fixLevels(tx: Parameters<Parameters<Db['transaction']>[0]>[0], rootId: number, rootLevel: number) {
    await tx.execute(sql`
      with recursive sub as (
        select id, ${rootLevel}::int as lvl from menus where id = ${rootId}
        union all
        select m.id, sub.lvl + 1 from menus m join sub on m.parent_id = sub.id where sub.lvl < 64
      ) update menus set level = sub.lvl from sub where menus.id = sub.id and menus.level <> sub.lvl`);
  }

  async function deleteMenus(ids: number[]) {
    const rows = await db.select({ id: menus.id, name: menus.menuName }).from(menus).where(inArray(menus.id, ids));
    if (rows.length !== uniq(ids).length) throw notFound();
    for (const m of rows) {
      const [child] = await db.select({ id: menus.id }).from(menus).where(and(eq(menus.parentId, m.id), sql`not (${inArray(menus.id, ids)})`)).limit(1);
      if (child) throw new AppError(400, 'common.menuHasChildren', { name: m.name });
    }
    await db.delete(menus).where(inArray(menus.id, ids));
    return rows.length;
  }

  // ---------- serial numbers ----------
  async function organExists(id: number | null) {
    if (id === null) return;
    const [o] = await db.select({ id: organs.id }).from(organs).where(eq(organs.id, id));
    if (!o) throw new AppError(400, 'common.organUnknown', { id });
  }

  const serialColumns = {
    id: serialRules.id, code: serialRules.code, name: serialRules.name, isGlobal: serialRules.isGlobal, organId: serialRules.organId,
    length: serialRules.length, currentValue: serialRules.currentValue, prefix: serialRules.prefix, suffix: serialRules.suffix,
    type: serialRules.type, period: serialRules.period, updatedAt: serialRules.updatedAt,
    organName: sql<string | null>`(select o.name from ${organs} o where o.id = serial_rules.organ_id)`,
  };

  async function listSerials(q: z.infer<typeof serialQuerySchema>) {
    const where = and(
      q.keyword ? or(ilike(serialRules.code, like(q.keyword)), ilike(serialRules.name, like(q.keyword)), ilike(serialRules.prefix, like(q.keyword))) : undefined,
      q.type ? eq(serialRules.type, q.type) : undefined,
    );
    const [records, [{ n }]] = await Promise.all([
      db.select(serialColumns).from(serialRules).where(where)
        .orderBy(...orderBy(q, { code: serialRules.code, name: serialRules.name, type: serialRules.type, currentValue: serialRules.currentValue, updatedAt: serialRules.updatedAt }, asc(serialRules.id)))
        .limit(q.limit).offset(offsetOf(q)),
      db.select({ n: sql<number>`count(*)::int` }).from(serialRules).where(where),
    ]);
    return { total: n, records: records.map((r) => ({ ...r, sample: formatSerial(r, r.currentValue + 1, r.period) })) };
  }

  async function getSerial(id: number) {
    const [r] = await db.select(serialColumns).from(serialRules).where(eq(serialRules.id, id));
    if (!r) throw notFound();
    return r;
  }

  /** The counter given counts in the current period (a later `next` continues from it). */
  async function saveSerial(id: number | null, input: SerialRuleInput) {
    const [dup] = await db.select({ id: serialRules.id }).from(serialRules).where(eq(serialRules.code, input.code));
    if (dup && dup.id !== id) throw conflict(`"${input.code}"`);
    await organExists(input.isGlobal ? null : input.organId);
    const row = { ...input, organId: input.isGlobal ? null : input.organId, period: periodSql(sql`${input.type}::text`), updatedAt: new Date() };
    if (id === null) {
      const [r] = await db.insert(serialRules).values(row).returning({ id: serialRules.id });
      return getSerial(r.id);
    }
    await getSerial(id);
    await db.update(serialRules).set(row).where(eq(serialRules.id, id));
    return getSerial(id);
  }

  async function deleteSerials(ids: number[]) {
    const rows = await db.select({ id: serialRules.id }).from(serialRules).where(inArray(serialRules.id, ids));
    if (rows.length !== uniq(ids).length) throw notFound();
    await db.delete(serialRules).where(inArray(serialRules.id, ids));
    return rows.length;
  }

  /**
   * The next number of a rule (by id or code), atomically: one UPDATE … RETURNING increments the
   * counter, or starts it at 1 when the period has turned, and refuses when the digits are used up.
   */
  async function nextSerial(key: string) {
    const byKey = /^\d+$/.test(key) ? eq(serialRules.id, Number(key)) : eq(serialRules.code, key);
    const period = periodSql(sql`${serialRules.type}`);
    const nextValue = sql`case when ${serialRules.period} = ${period} then ${serialRules.currentValue} + 1 else 1 end`;
    const [r] = await db.update(serialRules)
      .set({ currentValue: sql`${nextValue}`, period: sql`${period}`, updatedAt: sql`now()` })
      .where(and(byKey, sql`${nextValue} <= power(10, ${serialRules.length}) - 1`))
      .returning({ code: serialRules.code, value: serialRules.currentValue, period: serialRules.period, prefix: serialRules.prefix, suffix: serialRules.suffix, length: serialRules.length, type: serialRules.type });
    if (r) return { code: r.code, value: r.value, period: r.period, serialNo: formatSerial(r, r.value, r.period) };
    const [rule] = await db.select().from(serialRules).where(byKey);
    if (!rule) throw notFound();
    throw new AppError(400, 'common.serialExhausted', { code: rule.code, length: rule.length, period: rule.period });
  }

  // ---------- regions ----------
  const hasChildren = sql<boolean>`exists (select 1 from ${regions} c where c.parent_code = regions.code)`;
  const regionColumns = { code: regions.code, name: regions.name, shortName: regions.shortName, type: regions.type, parentCode: regions.parentCode, hasChildren };

  async function regionChildren(parentCode: string | null): Promise<RegionNode[]> {
    return db.select(regionColumns).from(regions)
      .where(parentCode === null ? sql`${regions.parentCode} is null` : eq(regions.parentCode, parentCode)).orderBy(asc(regions.code));
  }

  /** Regions whose name, short name or code matches, each with its ancestors from the top. */
  async function searchRegions(keyword: string, limit: number) {
    const res = await db.execute<{ code: string; name: string; short_name: string | null; type: string; parent_code: string | null; path: string[]; names: string[] }>(sql`
      with recursive hit as (
        select code from regions
         where name ilike ${like(keyword)} or short_name ilike ${like(keyword)} or code like ${`${keyword.replace(/[\\%_]/g, '')}%`}
         order by length(code), code limit ${limit}
      ), up as (
        select h.code as id, r.code as cur, r.parent_code, 0 as depth from hit h join regions r on r.code = h.code
        union all
        select up.id, p.code, p.parent_code, up.depth + 1 from up join regions p on p.code = up.parent_code where up.depth < 8
      )
      select r.code, r.name, r.short_name, r.type, r.parent_code,
             array_agg(up.cur order by up.depth desc) as path, array_agg(a.name order by up.depth desc) as names
        from up join regions r on r.code = up.id join regions a on a.code = up.cur
       group by r.code, r.name, r.short_name, r.type, r.parent_code
       order by length(r.code), r.code`);
    return res.rows.map((r) => ({ code: r.code, name: r.name, shortName: r.short_name, type: r.type, parentCode: r.parent_code, path: r.path, pathNames: r.names }));
  }

  async function getRegion(code: string) {
    const [r] = await db.select(regionColumns).from(regions).where(eq(regions.code, code));
    if (!r) throw notFound();
    return r;
  }

  async function checkRegion(code: string | null, input: RegionInput, lang: Lang) {
    if (!input.parentCode) return;
    const [p] = await db.select({ code: regions.code, type: regions.type }).from(regions).where(eq(regions.code, input.parentCode));
    if (!p) throw new AppError(400, 'common.regionParent', { code: input.parentCode });
    if (REGION_TYPES.indexOf(input.type) <= REGION_TYPES.indexOf(p.type)) {
      throw new AppError(400, 'common.regionLevel', { type: translate(lang, `common.regionType.${input.type}`), parentType: translate(lang, `common.regionType.${p.type}`) });
    }
    if (code !== null) {
      const up = await db.execute<{ code: string }>(sql`
        with recursive up as (select code, parent_code, 0 as d from regions where code = ${input.parentCode}
          union all select r.code, r.parent_code, up.d + 1 from up join regions r on r.code = up.parent_code where up.d < 8)
        select code from up`);
      if (up.rows.some((r) => r.code === code)) throw new AppError(400, 'common.regionLevel', { type: input.type, parentType: p.type });
    }
  }

  async function createRegion(input: RegionInput, lang: Lang) {
    const [dup] = await db.select({ code: regions.code }).from(regions).where(eq(regions.code, input.code));
    if (dup) throw conflict(`"${input.code}"`);
    await checkRegion(null, input, lang);
    await db.insert(regions).values(input);
    return getRegion(input.code);
  }

  /** The code names the region (children point at it): only name, short name, type and parent change. */
  async function updateRegion(code: string, input: RegionInput, lang: Lang) {
    await getRegion(code);
    await checkRegion(code, { ...input, code }, lang);
    const { code: _ignored, ...fields } = input;
    await db.update(regions).set(fields).where(eq(regions.code, code));
    return getRegion(code);
  }

  async function deleteRegions(codes: string[]) {
    const rows = await db.select({ code: regions.code, name: regions.name }).from(regions).where(inArray(regions.code, codes));
    if (rows.length !== uniq(codes).length) throw notFound();
    for (const r of rows) {
      const [child] = await db.select({ code: regions.code }).from(regions).where(and(eq(regions.parentCode, r.code), sql`not (${inArray(regions.code, codes)})`)).limit(1);
      if (child) throw new AppError(400, 'common.regionHasChildren', { name: r.name });
    }
    await db.delete(regions).where(inArray(regions.code, codes));
    return rows.length;
  }

  // ---------- working calendar ----------
  async function overrides(from: string, to: string) {
    const rows = await db.select({ date: calendarDays.day, kind: calendarDays.kind, name: calendarDays.name }).from(calendarDays)
      .where(sql`${calendarDays.day} between ${from}::date and ${to}::date`).orderBy(asc(calendarDays.day));
    return new Map<string, CalendarDay>(rows.map((r) => [r.date, r]));
  }

  const working = (date: string, o: CalendarDay | undefined) => (o ? o.kind === 'workday' : !isWeekend(date));

  /** A year's holidays and adjusted working days, and how many working days it has. */
  async function calendarYear(year: number) {
    const from = `${year}-01-01`;
    const to = `${year}-12-31`;
    const map = await overrides(from, to);
    let workingDays = 0;
    for (let d = from; d <= to; d = addDays(d, 1)) if (working(d, map.get(d))) workingDays++;
    return { year, workingDays, days: [...map.values()] };
  }

  async function isWorkingDay(date: string) {
    const o = (await overrides(date, date)).get(date);
    return { date, working: working(date, o), kind: o?.kind ?? (isWeekend(date) ? 'weekend' : 'weekday'), name: o?.name ?? null };
  }

  /** `date` plus `days` working days (negative: minus); 0 answers the date itself. */
  async function addWorkingDays(date: string, days: number) {
    const step = days < 0 ? -1 : 1;
    let left = Math.abs(days);
    let cur = date;
    const window = 400;
    while (left > 0) {
      const end = addDays(cur, step * window);
      const map = await overrides(step > 0 ? cur : end, step > 0 ? end : cur);
      for (let i = 0; i < window && left > 0; i++) {
        cur = addDays(cur, step);
        if (working(cur, map.get(cur))) left--;
      }
    }
    return { date, days, result: cur };
  }

  async function setDay(date: string, kind: 'holiday' | 'workday' | 'default', name: string | null, actor: CommonActor) {
    if (kind === 'default') await db.delete(calendarDays).where(eq(calendarDays.day, date));
    else {
      await db.insert(calendarDays).values({ day: date, kind, name, updatedBy: actor.userId })
        .onConflictDoUpdate({ target: calendarDays.day, set: { kind, name, updatedBy: actor.userId, updatedAt: new Date() } });
    }
    return isWorkingDay(date);
  }

  // ---------- dictionaries ----------
  async function listDicts(q: z.infer<typeof commonKeywordQuerySchema>) {
    const where = q.keyword ? or(ilike(dicts.code, like(q.keyword)), ilike(dicts.name, like(q.keyword)), ilike(dicts.note, like(q.keyword)), seededNameLike('dict', dicts.code, dicts.name, q.keyword)) : undefined;
    const [records, [{ n }]] = await Promise.all([
      db.select({
        id: dicts.id, code: dicts.code, name: dicts.name, note: dicts.note, updatedBy: dicts.updatedBy, updatedAt: dicts.updatedAt,
        itemCount: sql<number>`(select count(*)::int from ${dictItems} i where i.dict_id = dicts.id)`,
      }).from(dicts).where(where)
        .orderBy(...orderBy(q, { code: dicts.code, name: dicts.name, updatedBy: dicts.updatedBy, updatedAt: dicts.updatedAt }, asc(dicts.id)))
        .limit(q.limit).offset(offsetOf(q)),
      db.select({ n: sql<number>`count(*)::int` }).from(dicts).where(where),
    ]);
    return { total: n, records };
  }

  async function getDict(id: number) {
    const [d] = await db.select().from(dicts).where(eq(dicts.id, id));
    if (!d) throw notFound();
    return d;
  }

  async function saveDict(id: number | null, input: DictInput, actor: CommonActor) {
    const [dup] = await db.select({ id: dicts.id }).from(dicts).where(eq(dicts.code, input.code));
    if (dup && dup.id !== id) throw conflict(`"${input.code}"`);
    const row = { ...input, updatedBy: actor.userId, updatedAt: new Date() };
    if (id === null) return (await db.insert(dicts).values(row).returning())[0];
    await getDict(id);
    return (await db.update(dicts).set(row).where(eq(dicts.id, id)).returning())[0];
  }

  async function deleteDicts(ids: number[]) {
    const rows = await db.select({ id: dicts.id }).from(dicts).where(inArray(dicts.id, ids));
    if (rows.length !== uniq(ids).length) throw notFound();
    await db.delete(dicts).where(inArray(dicts.id, ids));
    return rows.length;
  }

  async function listItems(q: z.infer<typeof dictItemQuerySchema>) {
    await getDict(q.dictId);
    const where = and(eq(dictItems.dictId, q.dictId), q.keyword ? or(ilike(dictItems.code, like(q.keyword)), ilike(dictItems.name, like(q.keyword))) : undefined);
    const [records, [{ n }]] = await Promise.all([
      db.select().from(dictItems).where(where)
        .orderBy(...orderBy(q, { code: dictItems.code, name: dictItems.name, seq: dictItems.seq }, asc(dictItems.seq)), asc(dictItems.id))
        .limit(q.limit).offset(offsetOf(q)),
      db.select({ n: sql<number>`count(*)::int` }).from(dictItems).where(where),
    ]);
    return { total: n, records };
  }

  /** For selects anywhere: a dictionary's items in order. */
  async function itemsByCode(code: string, lang: Lang = 'zh') {
    const [d] = await db.select({ id: dicts.id }).from(dicts).where(eq(dicts.code, code));
    if (!d) throw notFound();
    const items = await db.select({ code: dictItems.code, name: dictItems.name, seq: dictItems.seq, color: dictItems.color }).from(dictItems)
      .where(eq(dictItems.dictId, d.id)).orderBy(asc(dictItems.seq), asc(dictItems.id));
    return items.map((i) => ({ ...i, name: dictItemLabel(code, i.code, i.name, lang) }));
  }

  async function touchDict(dictId: number, actor: CommonActor) {
    await db.update(dicts).set({ updatedBy: actor.userId, updatedAt: new Date() }).where(eq(dicts.id, dictId));
  }

  async function saveItem(id: number | null, input: DictItemInput, actor: CommonActor) {
    await getDict(input.dictId);
    const [dup] = await db.select({ id: dictItems.id }).from(dictItems)
      .where(and(eq(dictItems.dictId, input.dictId), eq(dictItems.code, input.code), id === null ? undefined : ne(dictItems.id, id)));
    if (dup) throw conflict(`"${input.code}"`);
    let row;
    if (id === null) [row] = await db.insert(dictItems).values(input).returning();
    else {
      [row] = await db.update(dictItems).set(input).where(eq(dictItems.id, id)).returning();
      if (!row) throw notFound();
    }
    await touchDict(input.dictId, actor);
    return row;
  }

  async function deleteItems(ids: number[], actor: CommonActor) {
    const rows = await db.select({ id: dictItems.id, dictId: dictItems.dictId }).from(dictItems).where(inArray(dictItems.id, ids));
    if (rows.length !== uniq(ids).length) throw notFound();
    await db.delete(dictItems).where(inArray(dictItems.id, ids));
    for (const d of uniq(rows.map((r) => r.dictId))) await touchDict(d, actor);
    return rows.length;
  }

  return {
    listMenuTypes, getMenuType, createMenuType, updateMenuType, deleteMenuTypes,
    listMenus, getMenu, saveMenu, deleteMenus,
    listSerials, getSerial, saveSerial, deleteSerials, nextSerial,
    regionChildren, searchRegions, getRegion, createRegion, updateRegion, deleteRegions,
    calendarYear, isWorkingDay, addWorkingDays, setDay,
    listDicts, getDict, saveDict, deleteDicts, listItems, itemsByCode, saveItem, deleteItems,
  };
}
