import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';
import { serialRules } from '../src/db/schema/index';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

const db = () => s.built.deps.db;
const api = (method: string, path: string, body?: unknown, lang = 'en', token = admin) => s.request(method, path, { token, body, lang });
const okData = async (method: string, path: string, body?: unknown, token = admin) => {
  const res = await api(method, path, body, 'en', token);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};

describe('menu categories and menus', () => {
  it('preset categories cannot be deleted; ids are unique; a category with menus stays', async () => {
    const preset = await api('DELETE', '/api/common/menu-types/console');
    expect(preset.status).toBe(400);
    expect(preset.body.msg).toContain('preset');
    const zh = await api('POST', '/api/common/menu-types/delete', { ids: ['console'] }, 'zh');
    expect(zh.body.msg).toContain('系统预置');
    await okData('POST', '/api/common/menu-types', { id: 'mobile', name: 'Mobile app' });
    expect((await api('POST', '/api/common/menu-types', { id: 'mobile', name: 'again' })).status).toBe(409);
    const page = await okData('GET', '/api/common/menu-types?sort=id&order=asc');
    expect(page.records.map((t: any) => [t.id, t.isPreset])).toEqual([['console', true], ['mobile', false]]);
    const m = await okData('POST', '/api/common/menus', { menuTypeId: 'mobile', menuCode: 'mHome', names: { en: 'Home' }, seq: 0 });
    const inUse = await api('DELETE', '/api/common/menu-types/mobile');
    expect(inUse.status).toBe(400);
    await okData('DELETE', `/api/common/menus/${m.id}`);
    await okData('DELETE', '/api/common/menu-types/mobile');
  });

  it('menu seq must be an integer; codes unique; parents are groups of the same category', async () => {
    const frac = await api('POST', '/api/common/menus', { menuTypeId: 'console', menuCode: 'x1', names: { en: 'X' }, seq: 1.5 });
    expect(frac.status).toBe(400);
    expect(frac.body.msg).toContain('Menu seq must be an integer');
    const text = await api('POST', '/api/common/menus', { menuTypeId: 'console', menuCode: 'x1', names: { en: 'X' }, seq: 'abc' }, 'zh');
    expect(text.body.msg).toContain('菜单序号必须为整数');
    expect((await api('POST', '/api/common/menus', { menuTypeId: 'console', menuCode: 'organType', names: { en: 'X' }, seq: 1 })).status).toBe(409);
    const list = await okData('GET', '/api/common/menus?menuTypeId=console');
    const leaf = list.find((m: any) => m.menuCode === 'organType');
    expect((await api('POST', '/api/common/menus', { menuTypeId: 'console', parentId: leaf.id, menuCode: 'x2', names: { en: 'X' }, seq: 1 })).status).toBe(400);
    const group = list.find((m: any) => m.menuCode === 'organ');
    expect((await api('PUT', `/api/common/menus/${group.id}`, { ...group, parentId: group.id, names: group.names, actionList: [] })).status).toBe(400);
  });

  it('an edit changes the sidebar of the users it concerns without a new login', async () => {
    const auditor = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    const before = await okData('GET', '/api/admin/current/menus', undefined, auditor);
    expect(before.some((m: any) => m.menuCode === 'commonNotice')).toBe(false);
    const list = await okData('GET', '/api/common/menus?menuTypeId=console');
    const auditGroup = list.find((m: any) => m.menuCode === 'audit');
    const created = await okData('POST', '/api/common/menus', {
      menuTypeId: 'console', parentId: auditGroup.id, menuCode: 'commonNotice', names: { en: 'Audit notices', zh: '审计通知', es: 'Avisos', ja: '通知' },
      isLeaf: true, path: 'opt/audit/notice', scheme: '/', icon: 'BellOutlined', authority: 'audit:loginLog', seq: 9,
      actionList: [{ actionName: 'Export', actionCode: 'audit:loginLog:export', resourceList: [{ path: 'opt/audit/notice/export', authorityId: 'audit:loginLog:export' }] }],
    });
    expect(created.level).toBe(auditGroup.level + 1);
    const after = await okData('GET', '/api/admin/current/menus', undefined, auditor);
    const seen = after.find((m: any) => m.menuCode === 'commonNotice');
    expect(seen.path).toBe('opt/audit/notice');
    // the same user, the same session: an authority the auditor lacks hides it again
    await okData('PUT', `/api/common/menus/${created.id}`, { ...created, authority: 'organ:type', actionList: [] });
    const hidden = await okData('GET', '/api/admin/current/menus', undefined, auditor);
    expect(hidden.some((m: any) => m.menuCode === 'commonNotice')).toBe(false);
    const detail = await okData('GET', `/api/common/menus/${created.id}`);
    expect(detail.actionList).toEqual([]);
    const withChildren = await api('DELETE', `/api/common/menus/${auditGroup.id}`);
    expect(withChildren.status).toBe(400);
    await okData('DELETE', `/api/common/menus/${created.id}`);
  });
});

describe('serial numbers', () => {
  const rule = (over: Record<string, unknown> = {}) => ({ code: 'ORDER', name: 'Orders', isGlobal: true, length: 4, prefix: 'YYYY', suffix: '', type: 'yearly', ...over });

  it('prefix formats: YYYY yearly, YYYYMM monthly, YYYYMMDD daily', async () => {
    for (const [type, prefix] of [['yearly', 'YYYYMM'], ['monthly', 'YYYY'], ['daily', 'YYYYMM'], ['yearly', 'XYYYYY'], ['monthly', 'SO-YYYYMMDD'], ['daily', 'YYYY-MM-DD']]) {
      const res = await api('POST', '/api/common/serials', rule({ code: `BAD_${type}`, type, prefix }));
      expect(res.status, `${type} ${prefix}`).toBe(400);
      expect(res.body.msg).toContain('Serial prefix must be YYYY for yearly, YYYYMM for monthly, YYYYMMDD for daily');
    }
    const zh = await api('POST', '/api/common/serials', rule({ type: 'daily', prefix: 'YYYY' }), 'zh');
    expect(zh.body.msg).toContain('按日必须为 YYYYMMDD');
    for (const [type, prefix] of [['yearly', 'YYYY'], ['monthly', 'SO-YYYYMM'], ['daily', 'YYYYMMDD']]) {
      expect((await api('POST', '/api/common/serials', rule({ code: `OK_${type}`, type, prefix }))).status).toBe(200);
    }
    expect((await api('POST', '/api/common/serials', rule({ code: 'OK_yearly' }))).status).toBe(409);
    const notGlobal = await api('POST', '/api/common/serials', rule({ code: 'LOCAL', isGlobal: false }));
    expect(notGlobal.status).toBe(400);
    expect((await api('POST', '/api/common/serials', rule({ code: 'LOCAL', isGlobal: false, organId: 999999 }))).status).toBe(400);
  });

  it('next numbers carry the date part and the counter resets when the period turns', async () => {
    const r = await okData('POST', '/api/common/serials', rule({ code: 'MONTHLY', type: 'monthly', prefix: 'PO-YYYYMM', length: 3, suffix: 'X' }));
    const [{ p }] = (await db().execute<{ p: string }>(sql`select to_char(now() at time zone ${Intl.DateTimeFormat().resolvedOptions().timeZone}, 'YYYYMM') as p`)).rows;
    const a = await okData('POST', `/api/common/serials/${r.id}/next`);
    expect(a).toMatchObject({ value: 1, period: p, serialNo: `PO-${p}001X` });
    const b = await okData('POST', '/api/common/serials/MONTHLY/next');
    expect(b.serialNo).toBe(`PO-${p}002X`);
    // the stored period is an earlier month: the next number starts again at 1
    await db().update(serialRules).set({ period: '200001', currentValue: 57 }).where(eq(serialRules.id, r.id));
    const c = await okData('POST', `/api/common/serials/${r.id}/next`);
    expect(c).toMatchObject({ value: 1, serialNo: `PO-${p}001X` });
    // exhausted digits: refused, counter unchanged
    await db().update(serialRules).set({ currentValue: 999 }).where(eq(serialRules.id, r.id));
    const full = await api('POST', `/api/common/serials/${r.id}/next`);
    expect(full.status).toBe(400);
    expect(full.body.msg).toContain('3-digit');
    expect((await okData('GET', `/api/common/serials/${r.id}`)).currentValue).toBe(999);
    expect((await api('POST', '/api/common/serials/NO_SUCH_RULE/next')).status).toBe(404);
  });

  it('200 parallel next calls get 200 distinct, gap-free numbers', async () => {
    const r = await okData('POST', '/api/common/serials', rule({ code: 'PARALLEL', type: 'daily', prefix: 'YYYYMMDD', length: 5, currentValue: 0 }));
    // two sessions drawing at once (drawing needs common:serial:draw: two administrator sessions)
    const admin2 = await s.login(DEMO.admin.userId, DEMO.admin.password);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => api('POST', `/api/common/serials/${r.id}/next`, undefined, 'en', i % 2 ? admin : admin2)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const values = answers.map((a) => a.body.data.value as number).sort((x, y) => x - y);
    expect(values).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(new Set(answers.map((a) => a.body.data.serialNo)).size).toBe(200);
    expect((await okData('GET', `/api/common/serials/${r.id}`)).currentValue).toBe(200);
  });
});

describe('regions', () => {
  it('China is seeded to the street level; the tree loads by parent; search answers the path', async () => {
    const roots = await okData('GET', '/api/common/regions/children');
    expect(roots.map((r: any) => r.code)).toEqual(['CN']);
    const provinces = await okData('GET', '/api/common/regions/children?parentCode=CN');
    expect(provinces).toHaveLength(31);
    expect(provinces[0]).toMatchObject({ code: '110000', name: '北京市', shortName: '北京', type: 'province', hasChildren: true });
    const cities = await okData('GET', '/api/common/regions/children?parentCode=330000');
    expect(cities.find((c: any) => c.code === '330100').name).toBe('杭州市');
    const counties = await okData('GET', '/api/common/regions/children?parentCode=330100');
    expect(counties.find((c: any) => c.name === '西湖区').type).toBe('county');
    const streets = await okData('GET', '/api/common/regions/children?parentCode=330106');
    expect(streets.length).toBeGreaterThan(5);
    expect(streets[0].type).toBe('street');
    const found = await okData('GET', `/api/common/regions/search?keyword=${encodeURIComponent('西湖区')}`);
    const hz = found.find((f: any) => f.code === '330106');
    expect(hz.pathNames).toEqual(['中华人民共和国', '浙江省', '杭州市', '西湖区']);
    expect(hz.path).toEqual(['CN', '330000', '330100', '330106']);
    const byCode = await okData('GET', '/api/common/regions/search?keyword=110105');
    expect(byCode[0].name).toBe('朝阳区');
  });

  it('codes are unique, levels go downwards, a region with sub-regions stays', async () => {
    expect((await api('POST', '/api/common/regions', { code: '110000', name: 'x', type: 'province', parentCode: 'CN' })).status).toBe(409);
    const up = await api('POST', '/api/common/regions', { code: '990000', name: 'x', type: 'province', parentCode: '110105' });
    expect(up.status).toBe(400);
    expect(up.body.msg).toContain('A province cannot be placed under a county');
    expect((await api('POST', '/api/common/regions', { code: '990000', name: 'x', type: 'province' })).status).toBe(400);
    await okData('POST', '/api/common/regions', { code: '110105999', name: '测试街道', type: 'street', parentCode: '110105' });
    await okData('PUT', '/api/common/regions/110105999', { code: '110105999', name: '新测试街道', shortName: '新测试', type: 'street', parentCode: '110105' });
    expect((await okData('GET', '/api/common/regions/110105999')).name).toBe('新测试街道');
    expect((await api('DELETE', '/api/common/regions/110105')).status).toBe(400);
    await okData('DELETE', '/api/common/regions/110105999');
  });
});

describe('working calendar', () => {
  it('seeded holidays and adjusted working weekends answer "is this a working day"', async () => {
    const nationalDay = await okData('GET', '/api/common/calendar/is-working-day?date=2025-10-01');
    expect(nationalDay).toMatchObject({ working: false, kind: 'holiday', name: '国庆节' });
    // Saturday 2025-09-28 was an adjusted working day
    expect(await okData('GET', '/api/common/calendar/is-working-day?date=2025-09-28')).toMatchObject({ working: true, kind: 'workday' });
    expect(await okData('GET', '/api/common/calendar/is-working-day?date=2025-09-27')).toMatchObject({ working: false, kind: 'weekend' });
    expect(await okData('GET', '/api/common/calendar/is-working-day?date=2025-09-26')).toMatchObject({ working: true, kind: 'weekday' });
    expect((await api('GET', '/api/common/calendar/is-working-day?date=2025-02-30')).status).toBe(400);
  });

  it('date plus N working days skips weekends and holidays and counts adjusted working days', async () => {
    // Fri 2025-09-26 + 1 → Sun 2025-09-28 (adjusted working day)
    expect((await okData('GET', '/api/common/calendar/add-working-days?date=2025-09-26&days=1')).result).toBe('2025-09-28');
    // Tue 2025-09-30 + 1 → Thu 2025-10-09 (Oct 1–8 holiday)
    expect((await okData('GET', '/api/common/calendar/add-working-days?date=2025-09-30&days=1')).result).toBe('2025-10-09');
    expect((await okData('GET', '/api/common/calendar/add-working-days?date=2025-10-09&days=-1')).result).toBe('2025-09-30');
    expect((await okData('GET', '/api/common/calendar/add-working-days?date=2025-10-09&days=0')).result).toBe('2025-10-09');
    // the year's count agrees with the package's data counted here day by day
    const data = JSON.parse(fs.readFileSync(createRequire(import.meta.url).resolve('chinese-days/dist/chinese-days.json'), 'utf8'));
    let expected = 0;
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2026, 0, 1); t += 86_400_000) {
      const d = new Date(t);
      const key = d.toISOString().slice(0, 10);
      if (key in data.workdays || (!(key in data.holidays) && d.getUTCDay() % 6 !== 0)) expected++;
    }
    const year = await okData('GET', '/api/common/calendar?year=2025');
    expect(year.workingDays).toBe(expected);
    expect(expected).toBeGreaterThan(240);
    expect(year.days.find((x: any) => x.date === '2025-10-01')).toMatchObject({ kind: 'holiday', name: '国庆节' });
  });

  it('is edited day by day', async () => {
    await okData('PUT', '/api/common/calendar/days/2030-06-03', { kind: 'holiday', name: 'Company day' });
    expect(await okData('GET', '/api/common/calendar/is-working-day?date=2030-06-03')).toMatchObject({ working: false, name: 'Company day' });
    expect((await okData('GET', '/api/common/calendar/add-working-days?date=2030-05-31&days=1')).result).toBe('2030-06-04');
    await okData('PUT', '/api/common/calendar/days/2030-06-03', { kind: 'default' });
    expect((await okData('GET', '/api/common/calendar/is-working-day?date=2030-06-03')).working).toBe(true);
  });
});

describe('dictionaries', () => {
  it('codes unique, items ordered, last modifier recorded, items open to every logged-in user', async () => {
    const d = await okData('POST', '/api/common/dicts', { code: 'color', name: 'Colours', note: 'test' });
    expect(d.updatedBy).toBe('admin');
    const dup = await api('POST', '/api/common/dicts', { code: 'color', name: 'again' });
    expect(dup.status).toBe(409);
    await okData('POST', '/api/common/dict-items', { dictId: d.id, code: 'r', name: 'Red', seq: 2, color: 'red' });
    await okData('POST', '/api/common/dict-items', { dictId: d.id, code: 'g', name: 'Green', seq: 1 });
    // a colour outside the tag colours is refused, naming the field
    const badColor = await api('POST', '/api/common/dict-items', { dictId: d.id, code: 'x', name: 'X', color: 'javascript:alert(1)' });
    expect(badColor.status).toBe(400);
    expect(badColor.body.msg).toContain('color');
    expect((await api('POST', '/api/common/dict-items', { dictId: d.id, code: 'g', name: 'again', seq: 3 })).status).toBe(409);
    expect((await api('POST', '/api/common/dict-items', { dictId: d.id, code: 'b', name: 'Blue', seq: 0.5 })).status).toBe(400);
    const auditor = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    const items = await okData('GET', '/api/common/dicts/color/items', undefined, auditor);
    expect(items.map((i: any) => [i.code, i.color])).toEqual([['g', 'default'], ['r', 'red']]);
    const gender = await okData('GET', '/api/common/dicts/gender/items', undefined, auditor);
    // the seeded items read in the caller's language (en here)
    expect(gender.map((i: any) => i.name)).toContain('Female');
    const page = await okData('GET', '/api/common/dicts?keyword=colo&sort=updatedAt&order=desc');
    expect(page.records[0]).toMatchObject({ code: 'color', itemCount: 2 });
    await okData('DELETE', `/api/common/dicts/${d.id}`);
    expect((await api('GET', '/api/common/dicts/color/items')).status).toBe(404);
  });
});

describe('authorities', () => {
  it('an account without the common authorities gets 403', async () => {
    const auditor = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    for (const [m, p, b] of [
      ['GET', '/api/common/menu-types', undefined], ['DELETE', '/api/common/menu-types/console', undefined], ['GET', '/api/common/menus?menuTypeId=console', undefined],
      ['POST', '/api/common/serials', { code: 'A', name: 'a', length: 3, prefix: 'YYYY', type: 'yearly' }], ['GET', '/api/common/serials', undefined],
      ['POST', '/api/common/regions', { code: '1', name: 'x', type: 'country' }], ['GET', '/api/common/calendar?year=2025', undefined],
      ['PUT', '/api/common/calendar/days/2025-01-02', { kind: 'holiday' }], ['GET', '/api/common/dicts', undefined], ['POST', '/api/common/dicts', { code: 'x', name: 'x' }],
      // drawing consumes a number: not for every logged-in account
      ['POST', '/api/common/serials/PURCHASE_ORDER/next', undefined],
    ] as const) {
      expect((await api(m, p, b, 'en', auditor)).status, `${m} ${p}`).toBe(403);
    }
    expect((await api('GET', '/api/common/calendar/is-working-day?date=2025-01-02', undefined, 'en', auditor)).status).toBe(200);
    expect((await s.request('POST', '/api/common/serials/PURCHASE_ORDER/next')).status).toBe(401);
  });
});
