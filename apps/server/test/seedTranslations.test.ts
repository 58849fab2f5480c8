import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './harness';

/** The demo data reads in every console language (issue 28, item 9): seeded names, unless renamed, follow the caller's language. */
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

const get = async (path: string, lang: string) => {
  const res = await s.request('GET', path, { token: admin, lang });
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('seeded names in the caller\'s language', () => {
  it('the menu category 控制台菜单', async () => {
    expect((await get('/api/common/menu-type-options', 'en')).find((t: { id: string }) => t.id === 'console').name).toBe('Console menu');
    expect((await get('/api/common/menu-types?keyword=console', 'ja')).records[0].name).toBe('コンソールメニュー');
    expect((await get('/api/common/menu-types/console', 'zh')).name).toBe('控制台菜单');
  });

  it('the dictionary items 男 / 女 on the dictionary screen', async () => {
    const gender = (await get('/api/common/dicts?keyword=gender', 'en')).records.find((d: { code: string }) => d.code === 'gender');
    const names = async (lang: string) => (await get(`/api/common/dict-items?dictId=${gender.id}&limit=50`, lang)).records.map((i: { name: string }) => i.name);
    expect(await names('en')).toEqual(expect.arrayContaining(['Male', 'Female']));
    expect(await names('es')).toEqual(expect.arrayContaining(['Hombre', 'Mujer']));
    expect(await names('zh')).toEqual(expect.arrayContaining(['男', '女']));
  });

  it('the demo serial rules, Japanese included', async () => {
    const byCode = async (lang: string) => Object.fromEntries((await get('/api/common/serials?limit=50', lang)).records.map((r: { code: string; name: string }) => [r.code, r.name]));
    expect((await byCode('ja')).PURCHASE_ORDER).toBe('発注番号');
    expect((await byCode('en')).CONTRACT).toBe('Contract number');
    expect((await byCode('zh')).PRODUCTION_BATCH).toBe('生产批号');
  });

  it('the default portal, its page and the role 审计员 in the portal\'s pickers', async () => {
    const nodes = (await get('/api/portal/nodes', 'es')).map((n: { name: string }) => n.name);
    expect(nodes).toEqual(expect.arrayContaining(['Portal predeterminado', 'Área de trabajo']));
    expect(nodes).not.toContain('工作台');
    const roles = await get('/api/portal/scopes?type=role&keyword=AUDITOR', 'en');
    expect(roles.map((r: { name: string }) => r.name)).toContain('Auditor');
    const assignments = await get('/api/portal/assignments', 'ja');
    expect(assignments.map((a: { pageName: string }) => a.pageName)).toContain('ワークベンチ');
    const home = await get('/api/portal/home', 'en');
    expect(home.name).toBe('Workbench');
  });
});
