import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, DEMO, type TestServer } from './harness';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

const api = (method: string, path: string, body?: unknown, lang = 'en', token = admin) => s.request(method, path, { token, body, lang });
const okData = async (method: string, path: string, body?: unknown) => {
  const res = await api(method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};

async function newView(code: string) {
  return okData('POST', '/api/organ/views', { code, name: `View ${code}` }) as Promise<{ id: number }>;
}
async function newOrgan(viewId: number, code: string, typeCode: string, parentId: number | null = null) {
  return okData('POST', '/api/organ/organs', { viewId, parentId, code, typeCode, name: `Organ ${code}`, seq: 0 }) as Promise<{ id: number; code: string }>;
}

describe('organ types', () => {
  it('type code is at most 10 characters, in every language', async () => {
    const en = await api('POST', '/api/organ/types', { code: 'ABCDEFGHIJK', name: 'Too long' });
    expect(en.status).toBe(400);
    expect(en.body.msg).toContain('Type code length must not exceed 10');
    const zh = await api('POST', '/api/organ/types', { code: 'ABCDEFGHIJK', name: 'Too long' }, 'zh');
    expect(zh.body.msg).toContain('类型编码长度不能超过 10');
    const ten = await api('POST', '/api/organ/types', { code: 'ABCDEFGHIJ', name: 'Ten' });
    expect(ten.status).toBe(200);
  });

  it('codes are unique; the tree refuses unknown parents and cycles; a used type is not deleted', async () => {
    expect((await api('POST', '/api/organ/types', { code: 'grp', name: 'Group' })).status).toBe(200);
    const dup = await api('POST', '/api/organ/types', { code: 'grp', name: 'Group 2' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('"grp" already exists');
    expect((await api('POST', '/api/organ/types', { code: 'team', name: 'Team', parentCode: 'nope' })).status).toBe(400);
    expect((await api('POST', '/api/organ/types', { code: 'team', name: 'Team', parentCode: 'grp' })).status).toBe(200);
    const cycle = await api('PUT', '/api/organ/types/grp', { code: 'grp', name: 'Group', parentCode: 'team' });
    expect(cycle.status).toBe(400);
    expect(cycle.body.msg).toContain('sub-types');
    const withChild = await api('DELETE', '/api/organ/types/grp');
    expect(withChild.status).toBe(400);
    const list = await okData('GET', '/api/organ/types?keyword=tea');
    expect(list.map((t: any) => t.code)).toEqual(['team']);
    // a type in use by an organ stays
    const inUse = await api('DELETE', '/api/organ/types/company');
    expect(inUse.status).toBe(400);
    expect(inUse.body.msg).toContain('company');
    expect((await api('POST', '/api/organ/types/delete', { codes: ['grp', 'team'] })).status).toBe(200);
  });
});

describe('views and organs', () => {
  it('view ids are unique; a view with organs is not deleted', async () => {
    const v = await newView('v-test');
    expect((await api('POST', '/api/organ/views', { code: 'v-test', name: 'again' })).status).toBe(409);
    const page = await okData('GET', '/api/organ/views?keyword=v-test&sort=code&order=asc');
    expect(page.total).toBe(1);
    await newOrgan(v.id, 'VT-CO', 'company');
    const del = await api('DELETE', `/api/organ/views/${v.id}`);
    expect(del.status).toBe(400);
    expect(del.body.msg).toContain('1 organ');
  });

  it('organ rules: company → department → position; a creation or a move that breaks them is refused and names the rule', async () => {
    const v = await newView('v-rules');
    const co = await newOrgan(v.id, 'R-CO', 'company');
    const dept = await newOrgan(v.id, 'R-DEPT', 'dept', co.id);
    const pos = await newOrgan(v.id, 'R-POS', 'position', dept.id);
    expect(pos.id).toBeGreaterThan(0);

    // a position directly under a company breaks the rules
    const bad = await api('POST', '/api/organ/organs', { viewId: v.id, parentId: co.id, code: 'R-POS2', typeCode: 'position', name: 'p2' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('"岗位 (position)" may not be placed under a "公司 (company)"');
    expect(bad.body.msg).toContain('公司 (company), 部门 (dept)');
    // a department at the top level
    const top = await api('POST', '/api/organ/organs', { viewId: v.id, parentId: null, code: 'R-DEPT2', typeCode: 'dept', name: 'd2' }, 'zh');
    expect(top.status).toBe(400);
    expect(top.body.msg).toContain('不能作为视图的顶级组织');
    // nothing may be placed under a position
    const under = await api('POST', '/api/organ/organs', { viewId: v.id, parentId: pos.id, code: 'R-DEPT3', typeCode: 'dept', name: 'd3' });
    expect(under.status).toBe(400);
    expect(under.body.msg).toContain('none');

    // moves are checked the same way
    const moveBad = await api('POST', `/api/organ/views/${v.id}/nodes/${pos.id}/move`, { parentId: co.id, index: 0 });
    expect(moveBad.status).toBe(400);
    expect(moveBad.body.msg).toContain('may not be placed under');
    const cycle = await api('POST', `/api/organ/views/${v.id}/nodes/${co.id}/move`, { parentId: dept.id, index: 0 });
    expect(cycle.status).toBe(400);
    expect(cycle.body.msg).toContain('itself');

    // a rule added by an operator makes the same move legal; a rule in use is not deleted
    const rule = await okData('POST', '/api/organ/rules', { parentTypeCode: 'company', childTypeCode: 'position' });
    expect((await api('POST', '/api/organ/rules', { parentTypeCode: 'company', childTypeCode: 'position' })).status).toBe(409);
    expect((await api('POST', `/api/organ/views/${v.id}/nodes/${pos.id}/move`, { parentId: co.id, index: 0 })).status).toBe(200);
    const inUse = await api('DELETE', `/api/organ/rules/${rule.id}`);
    expect(inUse.status).toBe(400);
    expect(inUse.body.msg).toContain('Organ R-POS');
    expect((await api('POST', `/api/organ/views/${v.id}/nodes/${pos.id}/move`, { parentId: dept.id, index: 0 })).status).toBe(200);
    expect((await api('DELETE', `/api/organ/rules/${rule.id}`)).status).toBe(200);
    const rules = await okData('GET', '/api/organ/rules?typeCode=position');
    expect(rules.records.map((r: any) => `${r.parentTypeCode}>${r.childTypeCode}`)).toEqual(['dept>position']);
  });

  it('the tree loads lazily, reorders by drag and drop, and search answers the path to a match', async () => {
    const v = await newView('v-tree');
    const co = await newOrgan(v.id, 'T-CO', 'company');
    const a = await newOrgan(v.id, 'T-A', 'dept', co.id);
    const b = await newOrgan(v.id, 'T-B', 'dept', co.id);
    const c = await newOrgan(v.id, 'T-C', 'dept', co.id);
    const deep = await newOrgan(v.id, 'T-A-X', 'dept', a.id);
    const roots = await okData('GET', `/api/organ/views/${v.id}/children`);
    expect(roots.map((n: any) => [n.code, n.hasChildren])).toEqual([['T-CO', true]]);
    // drag C to the first place
    await okData('POST', `/api/organ/views/${v.id}/nodes/${c.id}/move`, { parentId: co.id, index: 0 });
    let kids = await okData('GET', `/api/organ/views/${v.id}/children?parentId=${co.id}`);
    expect(kids.map((n: any) => n.code)).toEqual(['T-C', 'T-A', 'T-B']);
    expect(kids.map((n: any) => n.seq)).toEqual([0, 1, 2]);
    // drag B under A, at the end
    await okData('POST', `/api/organ/views/${v.id}/nodes/${b.id}/move`, { parentId: a.id, index: 5 });
    kids = await okData('GET', `/api/organ/views/${v.id}/children?parentId=${a.id}`);
    expect(kids.map((n: any) => n.code)).toEqual(['T-A-X', 'T-B']);
    const found = await okData('GET', `/api/organ/views/${v.id}/search?keyword=T-A-X`);
    expect(found).toHaveLength(1);
    expect(found[0].path).toEqual([co.id, a.id, deep.id]);
    expect(found[0].pathNames).toEqual(['Organ T-CO', 'Organ T-A', 'Organ T-A-X']);

    // the same organ in a second view; deleting needs its sub-organs gone first
    const v2 = await newView('v-tree-2');
    const co2 = await newOrgan(v2.id, 'T2-CO', 'company');
    await okData('POST', `/api/organ/views/${v2.id}/nodes`, { organId: a.id, parentId: co2.id });
    expect((await api('POST', `/api/organ/views/${v2.id}/nodes`, { organId: a.id, parentId: co2.id })).status).toBe(400);
    const detail = await okData('GET', `/api/organ/organs/${a.id}`);
    expect(detail.views.map((x: any) => x.viewId).sort()).toEqual([v.id, v2.id].sort());
    const del = await api('DELETE', `/api/organ/organs/${a.id}`);
    expect(del.status).toBe(400);
    expect(del.body.msg).toContain('sub-organs');
    expect((await api('POST', '/api/organ/organs/delete', { ids: [deep.id, b.id] })).status).toBe(200);
    expect((await api('DELETE', `/api/organ/organs/${a.id}`)).status).toBe(200);
    expect((await okData('GET', `/api/organ/views/${v2.id}/children?parentId=${co2.id}`))).toEqual([]);
    // organ codes are unique
    expect((await api('POST', '/api/organ/organs', { viewId: v.id, parentId: null, code: 'T-CO', typeCode: 'company', name: 'x' })).status).toBe(409);
  });
});

describe('positions and staff', () => {
  it('one position allows only one employee; only positions hold staff', async () => {
    const v = await newView('v-staff');
    const co = await newOrgan(v.id, 'S-CO', 'company');
    const dept = await newOrgan(v.id, 'S-DEPT', 'dept', co.id);
    const pos = await newOrgan(v.id, 'S-POS', 'position', dept.id);
    const first = await okData('POST', '/api/organ/staff', { code: 'S001', name: 'Alice', positionId: pos.id });
    const second = await api('POST', '/api/organ/staff', { code: 'S002', name: 'Bob', positionId: pos.id });
    expect(second.status).toBe(400);
    expect(second.body.msg).toContain('One position allows only one employee');
    expect(second.body.msg).toContain('Alice');
    const zh = await api('POST', '/api/organ/staff', { code: 'S002', name: 'Bob', positionId: pos.id }, 'zh');
    expect(zh.body.msg).toContain('一个岗位只允许一名员工');
    const notPos = await api('POST', '/api/organ/staff', { code: 'S002', name: 'Bob', positionId: dept.id });
    expect(notPos.status).toBe(400);
    expect(notPos.body.msg).toContain('is not a position');
    // parallel attempts at one free position: exactly one wins
    const pos2 = await newOrgan(v.id, 'S-POS2', 'position', dept.id);
    const tries = await Promise.all(['P1', 'P2', 'P3', 'P4'].map((c) => api('POST', '/api/organ/staff', { code: c, name: c, positionId: pos2.id })));
    expect(tries.filter((r) => r.status === 200)).toHaveLength(1);
    // editing the holder keeps the position; moving Alice frees it
    expect((await api('PUT', `/api/organ/staff/${first.id}`, { code: 'S001', name: 'Alice L.', positionId: pos.id })).status).toBe(200);
    const held = await api('DELETE', `/api/organ/organs/${pos.id}`);
    expect(held.status).toBe(400);
    expect(held.body.msg).toContain('Alice L.');
    expect((await api('PUT', `/api/organ/staff/${first.id}`, { code: 'S001', name: 'Alice L.', positionId: null })).status).toBe(200);
    expect((await api('POST', '/api/organ/staff', { code: 'S002', name: 'Bob', positionId: pos.id })).status).toBe(200);
    expect((await api('POST', '/api/organ/staff', { code: 'S002', name: 'Bob 2' })).status).toBe(409);
    const list = await okData('GET', `/api/organ/staff?positionId=${pos.id}`);
    expect(list.records.map((r: any) => r.name)).toEqual(['Bob']);
  });

  it('accounts link to staff and organ roles to organs: the organ screens refuse to break the links', async () => {
    const v = await newView('v-link');
    const co = await newOrgan(v.id, 'L-CO', 'company');
    const role = await okData('POST', '/api/security/roles', { code: 'L_ROLE', name: 'Organ role', scope: 'organ', organId: co.id });
    const del = await api('DELETE', `/api/organ/organs/${co.id}`);
    expect(del.status).toBe(400);
    expect(del.body.msg).toContain('L_ROLE');
    await okData('DELETE', `/api/security/roles/${role.id}`);
    const emp = await okData('POST', '/api/organ/staff', { code: 'L001', name: 'Linked' });
    await okData('POST', '/api/security/accounts', { userId: 'linked_user', userName: 'Linked', password: 'Passw0rd!x', confirmPassword: 'Passw0rd!x', staffId: emp.id });
    const delStaff = await api('DELETE', `/api/organ/staff/${emp.id}`);
    expect(delStaff.status).toBe(400);
    expect(delStaff.body.msg).toContain('linked_user');
    const staffPage = await okData('GET', '/api/organ/staff?keyword=L001');
    expect(staffPage.records[0].accounts).toBe('linked_user');
    // pickers for the security screens
    const opts = await okData('GET', '/api/organ/organs/options?keyword=L-CO');
    expect(opts.map((o: any) => o.code)).toEqual(['L-CO']);
    const positions = await okData('GET', '/api/organ/organs/options?positions=true&limit=200');
    expect(positions.every((o: any) => o.holdsStaff)).toBe(true);
  });

  it('an employee\'s gender is an item of the gender dictionary, and a new item is accepted at once', async () => {
    const f = await okData('POST', '/api/organ/staff', { code: 'G001', name: 'Gender F', gender: '2' });
    expect(f.gender).toBe('2');
    const bad = await api('POST', '/api/organ/staff', { code: 'G002', name: 'Gender X', gender: 'X9' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('X9');
    expect((await api('POST', '/api/organ/staff', { code: 'G002', name: 'Gender X', gender: 'X9' }, 'zh')).body.msg).toContain('性别字典');
    const dict = (await okData('GET', '/api/common/dicts?keyword=gender')).records.find((d: any) => d.code === 'gender');
    const item = await okData('POST', '/api/common/dict-items', { dictId: dict.id, code: 'X9', name: 'Other', seq: 9 });
    const x = await okData('POST', '/api/organ/staff', { code: 'G002', name: 'Gender X', gender: 'X9' });
    expect((await okData('GET', '/api/organ/staff?keyword=G002')).records[0].gender).toBe('X9');
    await okData('DELETE', `/api/organ/staff/${x.id}`);
    await okData('DELETE', `/api/common/dict-items/${item.id}`);
    const cleared = await okData('PUT', `/api/organ/staff/${f.id}`, { code: 'G001', name: 'Gender F', gender: '' });
    expect(cleared.gender).toBeNull();
  });

  it('the demo organisation is seeded: one company in two views', async () => {
    const views = await okData('GET', '/api/organ/view-options');
    const admin = views.find((x: any) => x.code === 'admin');
    const business = views.find((x: any) => x.code === 'business');
    const roots = await okData('GET', `/api/organ/views/${admin.id}/children`);
    expect(roots.map((r: any) => r.code)).toContain('BENCAO');
    // seeded names read in the caller's language (test/seedNames.test.ts): asked in Chinese
    const found = (await api('GET', `/api/organ/views/${business.id}/search?keyword=质量管理部`, undefined, 'zh')).body.data;
    expect(found[0].pathNames).toEqual(['本草药业集团有限公司', '研发中心', '质量管理部']);
  });
});

describe('authorities', () => {
  it('an account without the organ authorities gets 403; organ pickers are open to every logged-in user, the staff directory is not', async () => {
    const auditor = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    for (const [m, p, b] of [
      ['GET', '/api/organ/types', undefined], ['POST', '/api/organ/types', { code: 'x', name: 'x' }], ['GET', '/api/organ/views', undefined],
      ['POST', '/api/organ/organs', { viewId: 1, code: 'x', typeCode: 'company', name: 'x' }], ['GET', '/api/organ/rules', undefined],
      ['POST', '/api/organ/staff', { code: 'x', name: 'x' }], ['DELETE', '/api/organ/rules/1', undefined],
    ] as const) {
      const res = await api(m, p, b, 'en', auditor);
      expect(res.status, `${m} ${p}`).toBe(403);
    }
    expect((await api('GET', '/api/organ/organs/options', undefined, 'en', auditor)).status).toBe(200);
    // the staff directory holds mobiles and e-mails: organ or account administrators only
    expect((await api('GET', '/api/organ/staff', undefined, 'en', auditor)).status).toBe(403);
    expect((await api('GET', '/api/organ/staff/1', undefined, 'en', auditor)).status).toBe(403);
    expect((await api('GET', '/api/organ/staff', undefined, 'en', admin)).status).toBe(200);
    expect((await s.request('GET', '/api/organ/staff')).status).toBe(401);
  });
});
