import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PageContent, PortalHome } from '@bencao/contracts';
import { startTestServer, DEMO, type TestServer } from './harness';
import { accountRoles, accounts, organNodes, organTypes, organViews, organs, roleGrants, roles, staff } from '../src/db/schema/index';
import { hashPassword } from '../src/platform/auth/passwords';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

const db = () => s.built.deps.db;
let seq = 0;
const uniq = (p: string) => `${p}${++seq}`;

/** A fresh role holding `grants` and an account in it, so tests do not see each other's assignments. */
async function freshUser(grants: string[] = ['bpm:task']) {
  const userId = uniq('pu');
  const [role] = await db().insert(roles).values({ code: uniq('PR'), name: uniq('portal role ') }).returning();
  if (grants.length) await db().insert(roleGrants).values(grants.map((authority) => ({ roleId: role.id, authority })));
  const [acc] = await db().insert(accounts).values({ userId, userName: userId, passwordHash: await hashPassword('Portal@2026') }).returning();
  await db().insert(accountRoles).values({ accountId: acc.id, roleId: role.id });
  return { accountId: acc.id, roleId: role.id, token: await s.login(userId, 'Portal@2026') };
}

/** Puts the account on a position under a department; answers both organ ids. */
async function placeInOrgan(accountId: number) {
  const t = uniq('T');
  await db().insert(organTypes).values({ code: t, name: t, holdsStaff: true });
  const [view] = await db().insert(organViews).values({ code: uniq('v'), name: 'v' }).returning();
  const [dept] = await db().insert(organs).values({ code: uniq('dept'), typeCode: t, name: uniq('Dept ') }).returning();
  const [pos] = await db().insert(organs).values({ code: uniq('pos'), typeCode: t, name: uniq('Pos ') }).returning();
  await db().insert(organNodes).values([{ viewId: view.id, organId: dept.id, parentId: null }, { viewId: view.id, organId: pos.id, parentId: dept.id }]);
  const [st] = await db().insert(staff).values({ code: uniq('st'), name: 'st', positionId: pos.id }).returning();
  await db().update(accounts).set({ staffId: st.id }).where(eq(accounts.id, accountId));
  return { deptId: dept.id, posId: pos.id };
}

const content = (widgets: [string, string, Record<string, unknown>?][]): PageContent => ({
  widgets: widgets.map(([i, widget, settings]) => ({ i, widget: widget as never, settings: settings ?? {} })),
  layouts: { lg: widgets.map(([i], n) => ({ i, x: 0, y: n * 8, w: 6, h: 8 })), md: [], sm: [] },
});

async function publishedPage(c: PageContent, name = uniq('Page ')) {
  const node = await s.request('POST', '/api/portal/nodes', { token: admin, body: { kind: 'page', name } });
  expect(node.status).toBe(200);
  const id = node.body.data.id as number;
  expect((await s.request('PUT', `/api/portal/pages/${id}/draft`, { token: admin, body: c })).status).toBe(200);
  expect((await s.request('POST', `/api/portal/pages/${id}/publish`, { token: admin })).status).toBe(200);
  return id;
}

async function assign(pageId: number, scopeType: string, scopeIds: number[], extra: Record<string, unknown> = {}) {
  const r = await s.request('POST', '/api/portal/assignments', { token: admin, body: { pageId, scopeType, scopeIds, ...extra } });
  expect(r.status).toBe(200);
  return r.body.data.id as number;
}

const home = async (token: string, pageId?: number) =>
  (await s.request<{ data: PortalHome }>('GET', `/api/portal/home${pageId ? `?pageId=${pageId}` : ''}`, { token })).body.data;

describe('portal home', () => {
  it('everyone gets the seeded default page, with only the widgets their authorities allow', async () => {
    const auditor = await home(await s.login(DEMO.auditor.userId, DEMO.auditor.password));
    const editor = await home(await s.login(DEMO.editor.userId, DEMO.editor.password));
    expect(auditor.name).toBe('Workbench'); // the seeded 工作台, in the caller's language (issue 28, item 9)
    expect(auditor.widgets.map((w) => w.widget)).toEqual(expect.arrayContaining(['loginStats', 'operationsWeek', 'shortcuts']));
    expect(editor.pageId).toBe(auditor.pageId);
    expect(editor.widgets.map((w) => w.widget)).not.toContain('loginStats');
    expect(editor.widgets.map((w) => w.widget)).not.toContain('operationsWeek');
    expect(editor.widgets.map((w) => w.widget)).toContain('shortcuts');
    // every shown widget has a place at every breakpoint; the phone has one column
    expect(editor.layouts.sm.every((it) => it.x === 0 && it.w === 1)).toBe(true);
    expect(editor.layouts.md.map((it) => it.i).sort()).toEqual(editor.widgets.map((w) => w.i).sort());
  });

  it('resolves user over organ over role, and by priority within a scope', async () => {
    const u = await freshUser();
    const { deptId } = await placeInOrgan(u.accountId);
    const roleLow = await publishedPage(content([['a', 'richText', { html: '<p>low</p>' }]]));
    const roleHigh = await publishedPage(content([['a', 'richText', { html: '<p>high</p>' }]]));
    await assign(roleLow, 'role', [u.roleId], { priority: 1 });
    await assign(roleHigh, 'role', [u.roleId], { priority: 9 });
    expect((await home(u.token)).pageId).toBe(roleHigh);

    const organPage = await publishedPage(content([['a', 'calendar']]));
    await assign(organPage, 'organ', [deptId], { priority: 0 });
    const viaOrgan = await home(u.token);
    expect(viaOrgan.pageId).toBe(organPage);
    expect(viaOrgan.others.map((o) => o.pageId)).toEqual(expect.arrayContaining([roleHigh, roleLow]));

    const userPage = await publishedPage(content([['a', 'todo']]));
    await assign(userPage, 'user', [u.accountId]);
    expect((await home(u.token)).pageId).toBe(userPage);
    // another assigned page can still be opened; an unassigned one cannot
    expect((await home(u.token, roleLow)).widgets[0].settings).toEqual({ html: '<p>low</p>' });
    const foreign = await publishedPage(content([['a', 'todo']]));
    expect((await s.request('GET', `/api/portal/home?pageId=${foreign}`, { token: u.token })).status).toBe(403);
  });

  it('an unpublished page is not anyone\'s home yet', async () => {
    const u = await freshUser();
    const fallback = await home(u.token);
    const node = await s.request('POST', '/api/portal/nodes', { token: admin, body: { kind: 'page', name: uniq('Draft ') } });
    await assign(node.body.data.id, 'user', [u.accountId]);
    expect((await home(u.token)).pageId).toBe(fallback.pageId);
    expect((await s.request('POST', `/api/portal/pages/${node.body.data.id}/publish`, { token: admin })).status).toBe(409);
  });

  it('filters widgets by the user\'s authorities and refuses adding a widget they may not use', async () => {
    const u = await freshUser();
    const p = await publishedPage(content([['traffic', 'gatewayTraffic'], ['note', 'richText', { html: '<p>hi</p><script>x()</script>' }]]));
    await assign(p, 'user', [u.accountId]);
    const h = await home(u.token);
    expect(h.widgets.map((w) => w.i)).toEqual(['note']);
    expect(h.widgets[0].settings.html).toBe('<p>hi</p>');
    const ops = await freshUser(['gateway:metrics']);
    await assign(p, 'user', [ops.accountId]);
    expect((await home(ops.token)).widgets.map((w) => w.i)).toEqual(['traffic', 'note']);

    const add = await s.request('PUT', `/api/portal/home/${p}/overlay`, { token: u.token, body: { layouts: { lg: [], md: [], sm: [] }, added: [{ i: 'mine', widget: 'gatewayAlarms', settings: {} }] } });
    expect(add.status).toBe(400);
    expect(add.body.msg).toContain('gatewayAlarms');

    const preview = await s.request('GET', `/api/portal/pages/${p}/preview?roleId=${u.roleId}`, { token: admin });
    expect(preview.body.data.widgets.map((w: { i: string }) => w.i)).toEqual(['note']);
  });

  it('a personal overlay survives a republish: new widgets appear, removed ones go', async () => {
    const u = await freshUser();
    const p = await publishedPage(content([['a', 'todo'], ['b', 'calendar'], ['c', 'cc']]));
    await assign(p, 'user', [u.accountId]);
    const overlay = {
      layouts: { lg: [{ i: 'a', x: 6, y: 20, w: 6, h: 9 }, { i: 'mine', x: 0, y: 0, w: 4, h: 4 }], md: [], sm: [] },
      hidden: ['c'],
      added: [{ i: 'mine', widget: 'richText', settings: { html: '<p>my note</p>' } }],
    };
    const saved = await s.request('PUT', `/api/portal/home/${p}/overlay`, { token: u.token, body: overlay });
    expect(saved.status).toBe(200);
    expect(saved.body.data.widgets.map((w: { i: string }) => w.i)).toEqual(['a', 'b', 'mine']);

    // the base changes: b removed, d added
    await s.request('PUT', `/api/portal/pages/${p}/draft`, { token: admin, body: content([['a', 'todo'], ['c', 'cc'], ['d', 'started']]) });
    await s.request('POST', `/api/portal/pages/${p}/publish`, { token: admin });
    const after = await home(u.token);
    expect(after.personalised).toBe(true);
    expect(after.widgets.map((w) => w.i)).toEqual(['a', 'd', 'mine']);
    expect(after.layouts.lg.find((it) => it.i === 'a')).toMatchObject({ x: 6, y: 20, w: 6, h: 9 });
    expect(after.layouts.lg.find((it) => it.i === 'd')).toMatchObject({ x: 0, y: 16, w: 6, h: 8 });
    expect(after.hidden).toEqual(['c']);

    // reset to default: the base page as published
    const reset = await s.request('DELETE', `/api/portal/home/${p}/overlay`, { token: u.token });
    expect(reset.body.data.widgets.map((w: { i: string }) => w.i)).toEqual(['a', 'c', 'd']);
    expect(reset.body.data.personalised).toBe(false);
  });

  it('a locked assignment forbids personal changes and ignores an earlier overlay', async () => {
    const u = await freshUser();
    const p = await publishedPage(content([['a', 'todo'], ['b', 'calendar']]));
    const aid = await assign(p, 'user', [u.accountId]);
    const overlay = { layouts: { lg: [], md: [], sm: [] }, hidden: ['b'], added: [] };
    expect((await s.request('PUT', `/api/portal/home/${p}/overlay`, { token: u.token, body: overlay })).status).toBe(200);
    await s.request('PUT', `/api/portal/assignments/${aid}`, { token: admin, body: { pageId: p, scopeType: 'user', scopeIds: [u.accountId], locked: true } });
    const h = await home(u.token);
    expect(h.locked).toBe(true);
    expect(h.widgets.map((w) => w.i)).toEqual(['a', 'b']);
    const refused = await s.request('PUT', `/api/portal/home/${p}/overlay`, { token: u.token, body: overlay, lang: 'zh' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('该页面已被管理员锁定，不能个性化调整');
    expect((await s.request('DELETE', `/api/portal/home/${p}/overlay`, { token: u.token })).status).toBe(409);
  });
});

describe('page manager', () => {
  it('others get 403 on the manager and assignment APIs', async () => {
    const auditor = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    expect((await s.request('GET', '/api/portal/nodes', { token: auditor })).status).toBe(403);
    expect((await s.request('POST', '/api/portal/nodes', { token: auditor, body: { kind: 'dir', name: 'x' } })).status).toBe(403);
    expect((await s.request('GET', '/api/portal/assignments', { token: auditor })).status).toBe(403);
    expect((await s.request('POST', '/api/portal/assignments', { token: auditor, body: { pageId: 1, scopeType: 'everyone' } })).status).toBe(403);
    expect((await s.request('PUT', '/api/portal/frame-hosts', { token: auditor, body: { hosts: [] } })).status).toBe(403);
    const viewer = await freshUser(['cportal:page']);
    expect((await s.request('GET', '/api/portal/nodes', { token: viewer.token })).status).toBe(200);
    expect((await s.request('POST', '/api/portal/nodes', { token: viewer.token, body: { kind: 'dir', name: 'x' } })).status).toBe(403);
  });

  it('names the field and rule of bad input, in the user\'s language', async () => {
    const p = (await s.request('POST', '/api/portal/nodes', { token: admin, body: { kind: 'page', name: uniq('Bad ') } })).body.data.id;
    const small = content([['a', 'todo']]);
    small.layouts.lg[0].h = 1;
    const r1 = await s.request('PUT', `/api/portal/pages/${p}/draft`, { token: admin, body: small, lang: 'zh' });
    expect(r1.status).toBe(400);
    expect(r1.body.msg).toContain('组件尺寸小于其最小尺寸');
    const r2 = await s.request('PUT', `/api/portal/pages/${p}/draft`, { token: admin, body: content([['a', 'todo', { limit: 500 }]]) });
    expect(r2.status).toBe(400);
    expect(r2.body.msg).toContain('widgets.0.settings.limit');
    const frame = content([['f', 'frame', { url: 'https://intranet.example.com/board' }]]);
    const r3 = await s.request('PUT', `/api/portal/pages/${p}/draft`, { token: admin, body: frame, lang: 'zh' });
    expect(r3.status).toBe(400);
    expect(r3.body.msg).toBe('站点 intranet.example.com 不在允许嵌入的白名单中');
    await s.request('PUT', '/api/portal/frame-hosts', { token: admin, body: { hosts: ['intranet.example.com'] } });
    expect((await s.request('PUT', `/api/portal/pages/${p}/draft`, { token: admin, body: frame })).status).toBe(200);
    const url = await s.request('POST', '/api/portal/nodes', { token: admin, body: { kind: 'url', name: 'x' }, lang: 'es' });
    expect(url.status).toBe(400);
    expect(url.body.msg).toContain('http://');
  });

  it('only maintainers change a maintained page; a page in use or a directory with entries cannot be deleted', async () => {
    const editorRole = await freshUser(['cportal:page', 'cportal:page:add', 'cportal:page:edit', 'cportal:page:delete']);
    const other = await freshUser(['cportal:page', 'cportal:page:edit', 'cportal:page:delete']);
    const dir = (await s.request('POST', '/api/portal/nodes', { token: editorRole.token, body: { kind: 'dir', name: uniq('Dir ') } })).body.data.id;
    const page = (await s.request('POST', '/api/portal/nodes', { token: editorRole.token, body: { kind: 'page', name: uniq('Kept '), parentId: dir, maintainers: [editorRole.accountId] } })).body.data.id;
    expect((await s.request('PUT', `/api/portal/pages/${page}/draft`, { token: other.token, body: content([['a', 'todo']]) })).status).toBe(403);
    expect((await s.request('PUT', `/api/portal/pages/${page}/draft`, { token: editorRole.token, body: content([['a', 'todo']]) })).status).toBe(200);
    const delDir = await s.request('DELETE', `/api/portal/nodes/${dir}`, { token: editorRole.token });
    expect(delDir.status).toBe(409);
    await s.request('POST', `/api/portal/pages/${page}/publish`, { token: editorRole.token });
    await assign(page, 'everyone', [], { isDefault: false });
    expect((await s.request('DELETE', `/api/portal/nodes/${page}`, { token: editorRole.token })).status).toBe(409);
    // a page cannot be moved under a page
    const under = await s.request('POST', '/api/portal/nodes', { token: admin, body: { kind: 'dir', name: 'x', parentId: page } });
    expect(under.status).toBe(400);
  });
});
