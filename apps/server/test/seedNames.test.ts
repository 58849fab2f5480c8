import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, DEMO, type TestServer } from './harness';

/**
 * Seeded names (issue 16): the organ types, views, demo organs and positions, roles and dictionary
 * types the product seeds in Chinese read in the operator's language (Accept-Language) on their lists,
 * details, pickers and trees; once an operator renames one, everyone sees the new name in every language.
 */
let s: TestServer;
let admin: string;
const LANGS = ['zh', 'en', 'es', 'ja'] as const;

beforeAll(async () => {
  s = await startTestServer({ loginRateLimit: 1000 });
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

async function get<T = any>(path: string, lang: string): Promise<T> {
  const res = await s.request('GET', path, { token: admin, lang });
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data as T;
}
async function send(method: 'PUT' | 'POST', path: string, body: unknown, lang = 'en') {
  const res = await s.request(method, path, { token: admin, body, lang });
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
}
type Named = { code: string; name: string };
const byCode = <T extends Named>(rows: T[], code: string) => rows.find((r) => r.code === code)!;
/** what one list answers in each language */
async function inEveryLang(read: (lang: string) => Promise<unknown>) {
  const out: Record<string, unknown> = {};
  for (const l of LANGS) out[l] = await read(l);
  return out;
}

describe('seeded names in the operator\'s language', () => {
  it('organ types: list, options and detail', async () => {
    expect(await inEveryLang(async (l) => byCode(await get<Named[]>('/api/organ/types', l), 'dept').name))
      .toEqual({ zh: '部门', en: 'Department', es: 'Departamento', ja: '部門' });
    expect(byCode(await get<Named[]>('/api/organ/type-options', 'ja'), 'company').name).toBe('会社');
    expect((await get<Named>('/api/organ/types/position', 'es')).name).toBe('Puesto');
  });

  it('organ views, the organ tree, search, pickers and rules', async () => {
    const views = await get<{ records: (Named & { id: number })[] }>('/api/organ/views', 'en');
    const adminView = byCode(views.records, 'admin');
    expect(adminView.name).toBe('Administrative organization');
    expect(byCode(await get<Named[]>('/api/organ/view-options', 'ja'), 'business').name).toBe('事業ライン');

    const [root] = await get<(Named & { id: number; shortName: string; typeName: string })[]>(`/api/organ/views/${adminView.id}/children`, 'en');
    expect([root.code, root.name, root.shortName, root.typeName]).toEqual(['BENCAO', 'Bencao Pharmaceutical Group Co., Ltd.', 'Bencao Pharma', 'Company']);
    const depts = await get<Named[]>(`/api/organ/views/${adminView.id}/children?parentId=${root.id}`, 'es');
    expect(byCode(depts, 'BC-QA').name).toBe('Departamento de Gestión de Calidad');

    const found = await get<{ code: string; name: string; typeName: string; pathNames: string[] }[]>(`/api/organ/views/${adminView.id}/search?keyword=BC-RD-TCM-P1`, 'en');
    expect(found[0]).toMatchObject({ name: 'Chief researcher', typeName: 'Position', pathNames: ['Bencao Pharmaceutical Group Co., Ltd.', 'R&D Center', 'Institute of Chinese Materia Medica', 'Chief researcher'] });

    const positions = await get<Named[]>('/api/organ/organs/options?positions=true&limit=100', 'ja');
    expect(byCode(positions, 'BC-QA-P1').name).toBe('品質責任者');
    const qa = byCode(positions, 'BC-QA-P1') as Named & { id: number };
    expect((await get<{ name: string; views: { viewName: string }[] }>(`/api/organ/organs/${qa.id}`, 'en')))
      .toMatchObject({ name: 'Qualified person', views: [{ viewName: 'Administrative organization' }] });

    const rules = await get<{ records: { parentTypeCode: string | null; childTypeCode: string; parentTypeName: string | null; childTypeName: string }[] }>('/api/organ/rules?limit=50', 'es');
    expect(rules.records.find((r) => r.parentTypeCode === 'dept' && r.childTypeCode === 'position'))
      .toMatchObject({ parentTypeName: 'Departamento', childTypeName: 'Puesto' });

    const staff = await get<{ records: { code: string; positionName: string | null }[] }>('/api/organ/staff?keyword=E0005', 'en');
    expect(staff.records[0].positionName).toBe('Qualified person');
  });

  it('roles: list, detail, an account\'s roles, the accounts list, and the accounts\' organ tree', async () => {
    const roles = await get<{ records: (Named & { id: number })[] }>('/api/security/roles?limit=100', 'en');
    expect(byCode(roles.records, 'AUDITOR').name).toBe('Auditor');
    expect(byCode(roles.records, 'SUPER_ADMIN').name).toBe('Super administrator');
    expect((await get<Named>(`/api/security/roles/${byCode(roles.records, 'WEB_EDITOR').id}`, 'ja')).name).toBe('Web サイト編集者');

    const accounts = await get<{ records: { id: number; userId: string; roleNames: string | null }[] }>('/api/security/accounts?keyword=operator&limit=50', 'es');
    const operator = accounts.records.find((a) => a.userId === 'operator')!;
    expect(operator.roleNames).toBe('Ingeniero de operaciones');
    expect((await get<{ roles: Named[] }>(`/api/security/accounts/${operator.id}`, 'en')).roles.map((r) => r.name)).toEqual(['Operations engineer']);

    const tree = await get<Named[]>('/api/security/accounts/organ-tree', 'en');
    expect(byCode(tree, 'BC-HR').name).toBe('Human Resources Department');
  });

  it('dictionary types', async () => {
    const dicts = await get<{ records: (Named & { id: number })[] }>('/api/common/dicts?limit=50', 'en');
    expect(byCode(dicts.records, 'education').name).toBe('Education');
    expect((await get<Named>(`/api/common/dicts/${byCode(dicts.records, 'idType').id}`, 'ja')).name).toBe('身分証明書の種類');
  });

  it('a keyword finds a seeded row by the name the operator reads, in any of the four languages, not only by the stored Chinese one', async () => {
    const codes = async (path: string, lang = 'en') => {
      const data = await get<Named[] | { records: Named[] }>(path, lang);
      return (Array.isArray(data) ? data : data.records).map((r) => r.code);
    };
    expect(await codes('/api/security/roles?keyword=purchasing&limit=100')).toEqual(['PURCHASER']);
    expect(await codes('/api/security/roles?keyword=%E8%B3%BC%E8%B2%B7&limit=100', 'zh')).toEqual(['PURCHASER']); // 購買 (ja) from a Chinese console
    expect(await codes('/api/security/roles?keyword=%E9%87%87%E8%B4%AD&limit=100')).toEqual(['PURCHASER']); // 采购: the stored name still matches
    expect(await codes('/api/organ/types?keyword=Puesto', 'es')).toEqual(['position']);
    expect(await codes('/api/organ/views?keyword=business%20lines')).toEqual(['business']);
    expect(await codes('/api/organ/organs/options?keyword=quality%20management&limit=50')).toEqual(['BC-QA']);
    expect(await codes('/api/common/dicts?keyword=nivel%20de%20estudios&limit=50', 'es')).toEqual(['education']);
    const views = await get<{ records: (Named & { id: number })[] }>('/api/organ/views', 'en');
    const found = await get<Named[]>(`/api/organ/views/${byCode(views.records, 'admin').id}/search?keyword=chief%20researcher`, 'en');
    expect(found.map((f) => f.code)).toEqual(['BC-RD-TCM-P1']);
    // a keyword matching no name anywhere finds nothing (and a LIKE wildcard is text)
    expect(await codes('/api/security/roles?keyword=%25&limit=100')).toEqual([]);
  });
});

describe('an operator\'s rename wins, in every language', () => {
  it('organ type, organ, role and dictionary type renamed: everyone reads the new name', async () => {
    const dept = await get<Record<string, unknown>>('/api/organ/types/dept', 'zh');
    await send('PUT', '/api/organ/types/dept', { ...dept, name: '科室', note: dept.note ?? '' });
    expect(await inEveryLang(async (l) => byCode(await get<Named[]>('/api/organ/types', l), 'dept').name))
      .toEqual({ zh: '科室', en: '科室', es: '科室', ja: '科室' });
    // a type not renamed still follows the language
    expect(byCode(await get<Named[]>('/api/organ/types', 'en'), 'company').name).toBe('Company');

    const positions = await get<(Named & { id: number; typeCode: string })[]>('/api/organ/organs/options?positions=true&limit=100', 'zh');
    const mkt = byCode(positions, 'BC-MKT-P1');
    await send('PUT', `/api/organ/organs/${mkt.id}`, { code: mkt.code, typeCode: mkt.typeCode, name: '品牌总监', shortName: '', principal: '' });
    expect(await inEveryLang(async (l) => byCode(await get<Named[]>('/api/organ/organs/options?positions=true&limit=100', l), 'BC-MKT-P1').name))
      .toEqual({ zh: '品牌总监', en: '品牌总监', es: '品牌总监', ja: '品牌总监' });
    expect((await get<{ records: { positionName: string }[] }>('/api/organ/staff?keyword=E0006', 'en')).records[0].positionName).toBe('品牌总监');

    const roles = await get<{ records: (Named & { id: number; roleType: string })[] }>('/api/security/roles?limit=100', 'zh');
    const auditor = byCode(roles.records, 'AUDITOR');
    await send('PUT', `/api/security/roles/${auditor.id}`, { code: 'AUDITOR', name: 'Internal auditor', roleType: auditor.roleType });
    expect(await inEveryLang(async (l) => byCode((await get<{ records: Named[] }>('/api/security/roles?limit=100', l)).records, 'AUDITOR').name))
      .toEqual({ zh: 'Internal auditor', en: 'Internal auditor', es: 'Internal auditor', ja: 'Internal auditor' });
    const acc = (await get<{ records: { userId: string; roleNames: string }[] }>('/api/security/accounts?keyword=auditor&limit=50', 'ja')).records.find((a) => a.userId === 'auditor')!;
    expect(acc.roleNames).toBe('Internal auditor');
    // renamed, the role no longer answers to its seeded names in other languages, only to its own
    expect((await get<{ records: Named[] }>('/api/security/roles?keyword=%E7%9B%A3%E6%9F%BB&limit=100', 'ja')).records.map((r) => r.code)).not.toContain('AUDITOR');
    expect((await get<{ records: Named[] }>('/api/security/roles?keyword=internal&limit=100', 'ja')).records.map((r) => r.code)).toEqual(['AUDITOR']);

    const dicts = await get<{ records: (Named & { id: number; note: string | null })[] }>('/api/common/dicts?limit=50', 'zh');
    const gender = byCode(dicts.records, 'gender');
    await send('PUT', `/api/common/dicts/${gender.id}`, { code: 'gender', name: '性别（国标）', note: gender.note ?? '' });
    expect(await inEveryLang(async (l) => byCode((await get<{ records: Named[] }>('/api/common/dicts?limit=50', l)).records, 'gender').name))
      .toEqual({ zh: '性别（国标）', en: '性别（国标）', es: '性别（国标）', ja: '性别（国标）' });
  });

  it('a seeded name saved unchanged from an English form still follows each operator\'s language', async () => {
    const company = await get<Record<string, unknown>>('/api/organ/types/company', 'en');
    expect(company.name).toBe('Company');
    await send('PUT', '/api/organ/types/company', { ...company, note: company.note ?? '' });
    expect(await inEveryLang(async (l) => byCode(await get<Named[]>('/api/organ/types', l), 'company').name))
      .toEqual({ zh: '公司', en: 'Company', es: 'Empresa', ja: '会社' });
  });

  it('an operator\'s own row that happens to carry a seeded name is the operator\'s text', async () => {
    await send('POST', '/api/organ/types', { code: 'ward', name: '部门', parentCode: null, holdsStaff: false, seq: 9, note: '' });
    expect(byCode(await get<Named[]>('/api/organ/types', 'en'), 'ward').name).toBe('部门');
  });
});
