import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCode } from '@bencao/contracts';
import { DEMO, startTestServer, type TestServer } from './harness';
import { portalService } from '../src/modules/portal/service';

/**
 * Issue 28 (items 3, 4, 5, 7, 10): every refused value is worded by the catalogue in the caller's
 * language (never zod's "Too big: expected …"), codes and menu paths follow one rule, and a portal
 * page is not given twice to the same role.
 */
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

const api = (method: string, path: string, body?: unknown, lang = 'en') => s.request(method, path, { token: admin, body, lang });
const refused = async (method: string, path: string, body: unknown, lang: string) => {
  const res = await api(method, path, body, lang);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  return res.body.msg as string;
};

describe('limits are worded by SPEC §5 in the caller\'s language (item 3)', () => {
  const receiver = { name: 'Duty', workStart: '09:00', workEnd: '18:00' };
  it('a too long alarm receiver account or telephone', async () => {
    expect(await refused('POST', '/api/gateway/alarm-receivers', { ...receiver, account: 'a'.repeat(101) }, 'en')).toBe('account: maximum length 100 characters');
    expect(await refused('POST', '/api/gateway/alarm-receivers', { ...receiver, account: 'a'.repeat(101) }, 'zh')).toBe('account：长度不能超过 100 个字符');
    expect(await refused('POST', '/api/gateway/alarm-receivers', { ...receiver, telephone: '1'.repeat(31) }, 'zh')).toBe('telephone：长度不能超过 30 个字符');
    expect(await refused('POST', '/api/gateway/alarm-receivers', { ...receiver, telephone: '1'.repeat(31) }, 'es')).toBe('telephone: longitud máxima de 30 caracteres');
  });
  it('a too long flow rule source app, and numbers out of range', async () => {
    const rule = { name: 'limit-words', resourceMode: 'route', resource: 'demo', count: 5 };
    expect(await refused('POST', '/api/gateway/flow-rules', { ...rule, sourceApp: 'x'.repeat(101) }, 'en')).toBe('sourceApp: maximum length 100 characters');
    expect(await refused('POST', '/api/gateway/flow-rules', { ...rule, sourceApp: 'x'.repeat(101) }, 'zh')).toBe('sourceApp：长度不能超过 100 个字符');
    expect(await refused('POST', '/api/gateway/flow-rules', { ...rule, timeoutMs: 60_001 }, 'en')).toBe('timeoutMs: must not be greater than 60000');
    expect(await refused('POST', '/api/gateway/flow-rules', { ...rule, count: -1 }, 'zh')).toBe('count：不能小于 0');
    expect(await refused('POST', '/api/gateway/flow-rules', { ...rule, count: 'many' }, 'en')).toBe('count: must be a number');
    expect(await refused('POST', '/api/gateway/flow-rules', { ...rule, count: 'many' }, 'zh')).toBe('count：必须是数字');
  });
  it('a service metadata key that breaks the key rule', async () => {
    const key = 'k'.repeat(101);
    const body = { name: 'meta-words', protectThreshold: 0, metadata: { [key]: '' } };
    expect(await refused('POST', '/api/gateway/services', body, 'en')).toBe(`metadata.${key}: the key: maximum length 100 characters`);
    expect(await refused('POST', '/api/gateway/services', body, 'zh')).toBe(`metadata.${key}：键名长度不能超过 100 个字符`);
  });
  it('a staff picker search of more than 100 characters', async () => {
    const q = encodeURIComponent('张'.repeat(101));
    expect((await api('GET', `/api/organ/staff?keyword=${q}`, undefined, 'en')).body.msg).toBe('keyword: maximum length 100 characters');
    expect((await api('GET', `/api/organ/staff?keyword=${q}`, undefined, 'zh')).body.msg).toBe('keyword：长度不能超过 100 个字符');
  });
});

describe('an empty choice says "cannot be empty" (item 4)', () => {
  it('a region without a level', async () => {
    expect(await refused('POST', '/api/common/regions', { code: 'ZZ1', name: 'Nowhere', parentCode: null }, 'en')).toBe('type: cannot be empty');
    expect(await refused('POST', '/api/common/regions', { code: 'ZZ1', name: 'Nowhere', parentCode: null, type: '' }, 'zh')).toBe('type：不能为空');
    // a value that is there but not one of the levels still lists them
    expect(await refused('POST', '/api/common/regions', { code: 'ZZ1', name: 'Nowhere', type: 'planet' }, 'en'))
      .toBe('type: must be one of country, province, city, county, street');
  });
});

describe('codes, menu paths and authorities follow one rule (item 5)', () => {
  const codeRule = { en: 'must start with a letter and contain only letters, digits, _, - and :', zh: '须以字母开头，只能包含字母、数字、_、- 和 :' };
  const cases: [string, string, Record<string, unknown>][] = [
    ['/api/security/roles', 'code', { name: 'Junk' }],
    ['/api/security/role-groups', 'code', { name: 'Junk' }],
    ['/api/common/menu-types', 'id', { name: 'Junk' }],
    ['/api/common/dicts', 'code', { name: 'Junk' }],
    ['/api/organ/types', 'code', { name: 'Junk' }],
    ['/api/organ/views', 'code', { name: 'Junk' }],
    ['/api/gateway/namespaces', 'namespaceId', { showName: 'Junk' }],
    ['/api/common/menus', 'menuCode', { menuTypeId: 'console', names: { en: 'Junk' }, seq: 1 }],
  ];
  it.each(cases)('%s refuses the code "-1" in en and zh', async (path, field, rest) => {
    expect(await refused('POST', path, { ...rest, [field]: '-1' }, 'en')).toBe(`${field}: ${codeRule.en}`);
    expect(await refused('POST', path, { ...rest, [field]: '-1' }, 'zh')).toBe(`${field}：${codeRule.zh}`);
  });

  const menu = { menuTypeId: 'console', menuCode: 'junkMenu', names: { en: 'Junk' }, seq: 1 };
  it('a menu path with spaces, and an authority that does not exist', async () => {
    expect(await refused('POST', '/api/common/menus', { ...menu, path: 'a b'.repeat(100) }, 'en'))
      .toBe('path: must be a route path starting with /, such as /system/users, without spaces');
    expect(await refused('POST', '/api/common/menus', { ...menu, path: 'a b'.repeat(100) }, 'zh')).toBe('path：须为以 / 开头的路由路径（如 /system/users），不能含空格');
    expect(await refused('POST', '/api/common/menus', { ...menu, authority: '-1' }, 'zh')).toBe(`authority：${codeRule.zh}`);
    expect(await refused('POST', '/api/common/menus', { ...menu, path: 'opt/junk', authority: 'junk:nothing' }, 'en'))
      .toBe('authority: the authority "junk:nothing" does not exist');
    expect(await refused('POST', '/api/common/menus', { ...menu, path: 'opt/junk', authority: 'junk:nothing' }, 'zh'))
      .toBe('authority：权限标识“junk:nothing”不存在');
    const resource = { actionName: 'Export', actionCode: 'junk:export', resourceList: [{ path: '/api/junk', authorityId: 'junk:other' }] };
    expect(await refused('POST', '/api/common/menus', { ...menu, actionList: [resource] }, 'en'))
      .toBe('actionList.0.resourceList.0.authorityId: the authority "junk:other" does not exist');
    const menus = (await api('GET', '/api/admin/current/menus')).body.data as { menuCode: string }[];
    expect(menus.some((m) => m.menuCode === 'junkMenu')).toBe(false);
    // a real authority, a route path and a resource naming the menu's own action are accepted
    const ok = await api('POST', '/api/common/menus', { ...menu, path: 'opt/junk/list', authority: 'organ:type', actionList: [{ ...resource, resourceList: [{ path: '/api/junk', authorityId: 'junk:export' }] }] });
    expect(ok.status, ok.body.msg).toBe(200);
  });

  it('every seeded code passes the rule, and every seeded menu saves again unchanged', async () => {
    const list = async (path: string) => { const d = (await api('GET', path)).body.data; return (d.records ?? d) as Record<string, unknown>[]; };
    const codes = [
      ...(await list('/api/security/roles?limit=100')).map((r) => r.code),
      ...(await list('/api/security/role-groups?limit=100')).map((r) => r.code),
      ...(await list('/api/common/menu-types?limit=100')).map((r) => r.id),
      ...(await list('/api/common/dicts?limit=100')).map((r) => r.code),
      ...(await list('/api/organ/types')).map((r) => r.code),
      ...(await list('/api/organ/views?limit=100')).map((r) => r.code),
      ...(await list('/api/gateway/namespaces')).map((r) => r.id),
    ] as string[];
    expect(codes.length).toBeGreaterThan(10);
    expect(codes.filter((c) => !isCode(c))).toEqual([]);
    const menus = await list('/api/common/menus?menuTypeId=console');
    expect(menus.length).toBeGreaterThan(40);
    for (const m of menus) {
      const again = await api('PUT', `/api/common/menus/${m.id}`, m);
      expect(again.status, `${m.menuCode}: ${again.body.msg}`).toBe(200);
    }
  });
});

describe('one wording for an empty required value (item 7)', () => {
  it('an empty account id is one error, not two', async () => {
    const body = { userId: '', userName: 'Nobody', password: 'Passw0rd!x', confirmPassword: 'Passw0rd!x' };
    expect(await refused('POST', '/api/security/accounts', body, 'zh')).toBe('userId：不能为空');
    expect(await refused('POST', '/api/security/accounts', body, 'en')).toBe('userId: cannot be empty');
  });
  it('a plugin button without a name reads like every other empty field', async () => {
    const msg = await refused('POST', '/api/workflow/plugin-buttons', {}, 'en');
    expect(msg).toContain('cannot be empty');
    expect(msg).not.toContain('This field is required');
  });
});

describe('a portal page is given to a role once (item 10)', () => {
  it('assigning the same page to the same role again is refused with 409, naming the existing assignment', async () => {
    const node = await api('POST', '/api/portal/nodes', { parentId: null, kind: 'page', name: 'Twice page', seq: 0 });
    expect(node.status, node.body.msg).toBe(200);
    const pageId = node.body.data.id as number;
    const roles = (await api('GET', '/api/portal/scopes?type=role&keyword=')).body.data as { id: number; name: string }[];
    const [r1, r2] = roles;
    const first = await api('POST', '/api/portal/assignments', { pageId, scopeType: 'role', scopeIds: [r1.id] });
    expect(first.status, first.body.msg).toBe(200);
    const id = first.body.data.id as number;
    const again = await api('POST', '/api/portal/assignments', { pageId, scopeType: 'role', scopeIds: [r2.id, r1.id] }, 'en');
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(`Page "Twice page" is already assigned to ${r1.name} (assignment ${id}); edit that assignment instead`);
    const zh = await api('POST', '/api/portal/assignments', { pageId, scopeType: 'role', scopeIds: [r1.id] }, 'zh');
    expect(zh.status).toBe(409);
    // the seeded role reads in each caller's language (超级管理员 / Super administrator)
    const r1zh = ((await api('GET', '/api/portal/scopes?type=role&keyword=', undefined, 'zh')).body.data as { id: number; name: string }[]).find((r) => r.id === r1.id)!;
    expect(r1zh.name).not.toBe(r1.name);
    expect(zh.body.msg).toBe(`页面“Twice page”已分配给${r1zh.name}（分配 ${id}），请修改那条分配`);
    // another role is fine, and so is editing the assignment itself
    const other = await api('POST', '/api/portal/assignments', { pageId, scopeType: 'role', scopeIds: [r2.id] });
    expect(other.status, other.body.msg).toBe(200);
    expect((await api('PUT', `/api/portal/assignments/${id}`, { pageId, scopeType: 'role', scopeIds: [r1.id], priority: 3 })).status).toBe(200);
    // moving the second onto the first's role is refused too
    expect((await api('PUT', `/api/portal/assignments/${other.body.data.id}`, { pageId, scopeType: 'role', scopeIds: [r1.id] })).status).toBe(409);
    const everyone = await api('POST', '/api/portal/assignments', { pageId, scopeType: 'everyone' });
    expect(everyone.status).toBe(200);
    const twice = await api('POST', '/api/portal/assignments', { pageId, scopeType: 'everyone' }, 'zh');
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe(`页面“Twice page”已分配给所有人（分配 ${everyone.body.data.id}），请修改那条分配`);
    const mine = (await api('GET', '/api/portal/assignments')).body.data as { pageId: number }[];
    expect(mine.filter((a) => a.pageId === pageId)).toHaveLength(3);
  });

  it('saves of the same assignment at once: one stands, the others are refused', async () => {
    const node = await api('POST', '/api/portal/nodes', { parentId: null, kind: 'page', name: 'Race page', seq: 0 });
    const pageId = node.body.data.id as number;
    const [role] = (await api('GET', '/api/portal/scopes?type=role&keyword=')).body.data as { id: number }[];
    // straight to the service: the guard's shared cache check releases HTTP requests in batches, which hides the race
    const svc = portalService(s.built.deps.db);
    const saves = await Promise.allSettled(Array.from({ length: 6 }, () => svc.saveAssignment({ pageId, scopeType: 'role', scopeIds: [role.id], priority: 0, isDefault: false, locked: false })));
    expect(saves.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(saves.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.status)).toEqual([409, 409, 409, 409, 409]);
    const mine = (await api('GET', '/api/portal/assignments')).body.data as { pageId: number }[];
    expect(mine.filter((a) => a.pageId === pageId)).toHaveLength(1);
  });
});
