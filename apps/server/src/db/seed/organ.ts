import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import type { AppConfig } from '../../config';
import { organNodes, organRules, organTypes, organViews, organs, staff } from '../schema/index';

/** Reference data every profile needs: the three basic organ types, their rules and the administrative view. */
const TYPES = [
  { code: 'company', name: '公司', parentCode: null, holdsStaff: false, seq: 0, note: 'Company / 公司' },
  { code: 'dept', name: '部门', parentCode: null, holdsStaff: false, seq: 1, note: 'Department / 部门' },
  { code: 'position', name: '岗位', parentCode: null, holdsStaff: true, seq: 2, note: 'Position / 岗位：一个岗位只允许一名员工' },
];
/** company → department → position; companies may hold subsidiaries, departments sub-departments. */
const RULES: [string | null, string][] = [[null, 'company'], ['company', 'company'], ['company', 'dept'], ['dept', 'dept'], ['dept', 'position']];

interface DemoOrgan { code: string; type: string; name: string; shortName?: string; principal?: string; staff?: [string, string, string]; children?: DemoOrgan[] }
const DEMO: DemoOrgan = {
  code: 'BENCAO', type: 'company', name: '本草药业集团有限公司', shortName: '本草药业', principal: '林本草', children: [
    { code: 'BC-RD', type: 'dept', name: '研发中心', principal: '陈思远', children: [
      { code: 'BC-RD-TCM', type: 'dept', name: '中药研究所', principal: '王若兰', children: [
        { code: 'BC-RD-TCM-P1', type: 'position', name: '首席研究员', staff: ['E0001', '王若兰', '2'] },
        { code: 'BC-RD-TCM-P2', type: 'position', name: '药理研究员', staff: ['E0002', '赵明轩', '1'] },
      ] },
      { code: 'BC-RD-P1', type: 'position', name: '研发总监', staff: ['E0003', '陈思远', '1'] },
    ] },
    { code: 'BC-PROD', type: 'dept', name: '生产部', principal: '刘建华', children: [
      { code: 'BC-PROD-P1', type: 'position', name: '生产经理', staff: ['E0004', '刘建华', '1'] },
      { code: 'BC-PROD-P2', type: 'position', name: '饮片车间主任' },
    ] },
    { code: 'BC-QA', type: 'dept', name: '质量管理部', principal: '孙静', children: [
      { code: 'BC-QA-P1', type: 'position', name: '质量受权人', staff: ['E0005', '孙静', '2'] },
    ] },
    { code: 'BC-MKT', type: 'dept', name: '市场营销部', principal: '周子涵', children: [
      { code: 'BC-MKT-P1', type: 'position', name: '市场总监', staff: ['E0006', '周子涵', '2'] },
    ] },
    { code: 'BC-HR', type: 'dept', name: '人力资源部', principal: '吴晓', children: [
      { code: 'BC-HR-P1', type: 'position', name: '人力资源经理', staff: ['E0007', '吴晓', '2'] },
    ] },
  ],
};

export async function seedOrgan(db: Db, cfg: AppConfig) {
  await db.insert(organTypes).values(TYPES).onConflictDoNothing();
  await db.insert(organRules).values(RULES.map(([parentTypeCode, childTypeCode]) => ({ parentTypeCode, childTypeCode }))).onConflictDoNothing();
  await db.insert(organViews).values({ code: 'admin', name: '行政组织', note: 'Administrative hierarchy / 行政隶属关系' }).onConflictDoNothing();
  if (cfg.profile === 'production') return;

  const [present] = await db.select({ id: organs.id }).from(organs).where(eq(organs.code, DEMO.code));
  if (present) return;
  const [admin] = await db.select({ id: organViews.id }).from(organViews).where(eq(organViews.code, 'admin'));
  await db.insert(organViews).values({ code: 'business', name: '业务条线', note: 'Business lines / 业务条线视图' }).onConflictDoNothing();
  const [business] = await db.select({ id: organViews.id }).from(organViews).where(eq(organViews.code, 'business'));
  await db.transaction(async (tx) => {
    const visit = async (o: DemoOrgan, parentId: number | null, seq: number): Promise<number> => {
      const [row] = await tx.insert(organs).values({ code: o.code, typeCode: o.type, name: o.name, shortName: o.shortName ?? null, principal: o.principal ?? null })
        .returning({ id: organs.id });
      await tx.insert(organNodes).values({ viewId: admin.id, organId: row.id, parentId, seq });
      if (o.staff) await tx.insert(staff).values({ code: o.staff[0], name: o.staff[1], gender: o.staff[2], positionId: row.id });
      for (const [i, c] of (o.children ?? []).entries()) await visit(c, row.id, i);
      return row.id;
    };
    const rootId = await visit(DEMO, null, 0);
    // The same organs in a second hierarchy: research and quality report together as one business line.
    const ids = new Map((await tx.select({ id: organs.id, code: organs.code }).from(organs)).map((r) => [r.code, r.id]));
    await tx.insert(organNodes).values([
      { viewId: business.id, organId: rootId, parentId: null, seq: 0 },
      { viewId: business.id, organId: ids.get('BC-RD')!, parentId: rootId, seq: 0 },
      { viewId: business.id, organId: ids.get('BC-QA')!, parentId: ids.get('BC-RD')!, seq: 0 },
      { viewId: business.id, organId: ids.get('BC-MKT')!, parentId: rootId, seq: 1 },
    ]);
    await tx.insert(staff).values({ code: 'E0008', name: '郑可欣', gender: '2', positionId: null, note: '待分配岗位' });
  });
}
