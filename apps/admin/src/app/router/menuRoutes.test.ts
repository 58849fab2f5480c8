import { describe, expect, it } from 'vitest';
import type { AltMenuNode, MenuItem } from '@bencao/contracts';
import { buildMenuRoutes, flattenRoutes, homePath, pageSetOf } from './menuRoutes';
import { buildAltRoutes } from './altRoutes';

let nextId = 1;
const item = (over: Partial<MenuItem>): MenuItem => ({
  menuId: nextId++, parentId: null, menuCode: `m${nextId}`, menuName: `Menu ${nextId}`, path: null, scheme: '/', icon: null,
  level: 1, authority: null, target: null, seq: 0, actionList: [], ...over,
});

describe('menu items → routes (SPEC §2)', () => {
  it('a menu with children becomes a group that redirects to its first child, by seq', () => {
    const group = item({ menuCode: 'security' });
    const second = item({ parentId: group.menuId, path: 'opt/security/role', seq: 2 });
    const first = item({ parentId: group.menuId, path: 'opt/security/function', seq: 1 });
    const [route] = buildMenuRoutes([group, second, first]);
    expect(route).toMatchObject({ kind: 'group', path: '/security', redirect: '/opt/security/function' });
    expect(route.children.map((c) => c.path)).toEqual(['/opt/security/function', '/opt/security/role']);
  });

  it('a leaf loads its page by path: "opt…" from the opt set, anything else from the views set', () => {
    const routes = buildMenuRoutes([item({ path: 'opt/audit/online' }), item({ path: '/cms/article' })]);
    expect(routes[0]).toMatchObject({ kind: 'page', path: '/opt/audit/online', page: { set: 'opt', path: 'opt/audit/online' } });
    expect(routes[1]).toMatchObject({ kind: 'page', path: '/cms/article', page: { set: 'views', path: 'cms/article' } });
    expect(pageSetOf('option/x')).toBe('opt');
    expect(pageSetOf('views/opt')).toBe('views');
  });

  it('a leaf without a path loads the fallback page', () => {
    const [route] = buildMenuRoutes([item({ menuCode: 'empty', path: null })]);
    expect(route).toMatchObject({ kind: 'fallback', path: '/fallback/empty' });
  });

  it('http and https paths are external links, not routes of the console', () => {
    const routes = buildMenuRoutes([item({ path: 'https://example.org/docs' }), item({ path: 'HTTP://intranet/x' })]);
    expect(routes.map((r) => [r.kind, r.url])).toEqual([['external', 'https://example.org/docs'], ['external', 'HTTP://intranet/x']]);
  });

  it('every action resource becomes a hidden route guarded by the action code', () => {
    const leaf = item({
      path: 'opt/security/account', authority: 'security:account',
      actionList: [{ actionName: 'Edit', actionCode: 'security:account:edit', resourceList: [{ path: 'opt/security/account/edit', authorityId: 'x' }] }],
    });
    const routes = buildMenuRoutes([leaf]);
    expect(routes).toHaveLength(2);
    expect(routes[1]).toMatchObject({ kind: 'action', hidden: true, path: '/opt/security/account/edit', authority: 'security:account:edit', page: { set: 'opt' } });
  });

  it('a group never redirects to an external link or a hidden route', () => {
    const group = item({ menuCode: 'g' });
    const ext = item({ parentId: group.menuId, path: 'https://x.org', seq: 1 });
    const page = item({ parentId: group.menuId, path: 'dashboard/index', seq: 2 });
    const [route] = buildMenuRoutes([group, ext, page]);
    expect(route.redirect).toBe('/dashboard/index');
    expect(homePath([route])).toBe('/dashboard/index');
  });

  it('an item whose parent is not in the list is a root (the server filtered the parent out)', () => {
    const routes = buildMenuRoutes([item({ parentId: 99999, path: 'opt/x' })]);
    expect(routes[0].path).toBe('/opt/x');
  });

  it('nested groups redirect through to the first page', () => {
    const top = item({ menuCode: 'top' });
    const mid = item({ menuCode: 'mid', parentId: top.menuId });
    item({});
    const leaf = item({ parentId: mid.menuId, path: 'bpm/task/todo' });
    const [route] = buildMenuRoutes([top, mid, leaf]);
    expect(route.redirect).toBe('/bpm/task/todo');
    expect(flattenRoutes([route]).map((r) => r.kind)).toEqual(['group', 'group', 'page']);
  });
});

const node = (over: Partial<AltMenuNode>): AltMenuNode => ({
  id: String(nextId++), parentId: null, url: null, text: 'n', icon: null, hidden: false, isLeaf: true, functionCode: null, componentPath: null, appCode: 'bencao', ...over,
});

describe('alternative nodes → routes (SPEC §2)', () => {
  it('leaves whose url is an http address are shown in an embedded frame', () => {
    const [r] = buildAltRoutes([node({ id: 'w', url: 'http://intranet.local/report' })]);
    expect(r).toMatchObject({ kind: 'frame', path: '/frame/w', url: 'http://intranet.local/report' });
  });

  it('a hidden node hides its children', () => {
    const parent = node({ id: 'p', isLeaf: false, hidden: true });
    const child = node({ id: 'c', parentId: 'p', url: '/opt/organ/type', componentPath: 'opt/organ/type' });
    const [r] = buildAltRoutes([parent, child]);
    expect(r.hidden).toBe(true);
    expect(r.children[0]).toMatchObject({ hidden: true, kind: 'page', page: { set: 'opt', path: 'opt/organ/type' } });
  });

  it('groups redirect to the first visible child; leaves load by component path; no path falls back', () => {
    const g = node({ id: 'g', isLeaf: false });
    const hidden = node({ id: 'h', parentId: 'g', hidden: true, url: '/cms/media', componentPath: 'cms/media' });
    const shown = node({ id: 's', parentId: 'g', url: '/cms/article', componentPath: 'cms/article' });
    const none = node({ id: 'z' });
    const [group, fallback] = buildAltRoutes([g, hidden, shown, none]);
    expect(group).toMatchObject({ kind: 'group', redirect: '/cms/article' });
    expect(fallback).toMatchObject({ kind: 'fallback', path: '/fallback/z' });
  });
});
