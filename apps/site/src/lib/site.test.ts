import { describe, expect, it } from 'vitest';
import { buildMenu, columnHref, isColumnActive, menuPathFor } from './menu';
import { goTopVisible, headerScrolled } from './scroll';
import { interpretEnvelope } from '../api/envelope';
import { translate } from '../i18n';
import { newCode, validateLogin } from './loginForm';
import { pageItems } from '../ui/Pager';

const columns = [
  { id: 1001, label: '首页', path: '/homePage', parent: 1000 },
  { id: 1002, label: '新闻动态', path: '/newsPage', parent: 1000 },
  { id: 1003, label: '产品中心', path: '/productPage', parent: 1000 },
  { id: 1004, label: '中医药知识', path: '/chineseMedicinePage', parent: 1000 },
  { id: 1009, label: '招标采购', path: '/bidReport', parent: 1000 },
  { id: 1010, label: '招标公告', path: '/bidReport', parent: 1009 },
  { id: 1011, label: '公司概况', path: '/aboutPage', parent: 1005 },
];

describe('menu highlight', () => {
  it('maps detail routes to their lists', () => {
    expect(menuPathFor('/newsDetail')).toBe('/newsPage');
    expect(menuPathFor('/productDetail')).toBe('/productPage');
    expect(menuPathFor('/medicDetail')).toBe('/chineseMedicinePage');
    expect(menuPathFor('/jobDetail')).toBe('/manpowerPage');
    expect(menuPathFor('/')).toBe('/homePage');
    expect(menuPathFor('/newsPage')).toBe('/newsPage');
  });
  it('highlights exactly the parent list on a detail page', () => {
    const active = columns.filter((c) => isColumnActive(c, '/productDetail'));
    expect(active.map((c) => c.id)).toEqual([1003]);
    expect(columns.filter((c) => isColumnActive(c, '/medicDetail')).map((c) => c.id)).toEqual([1004]);
  });
  it('builds the header menu without the bidding column', () => {
    const menu = buildMenu(columns, 1009);
    expect(menu.map((m) => m.id)).toEqual([1001, 1002, 1003, 1004]);
    expect(buildMenu(columns, null).map((m) => m.id)).toContain(1009);
    expect(buildMenu(columns, Number('1009')).find((m) => m.id === 1009)).toBeUndefined();
  });
  it('links each sub-column to its path with the query id, a top column to its list', () => {
    expect(columnHref(columns[1])).toBe('/newsPage');
    expect(columnHref(columns[5])).toBe('/bidReport?id=1010');
    expect(columnHref({ id: 7, path: 'aboutPage?showIndex=0' })).toBe('/aboutPage?showIndex=0&id=7');
  });
});

describe('scroll rules', () => {
  it('header toggles above 30px', () => {
    expect(headerScrolled(30)).toBe(false);
    expect(headerScrolled(31)).toBe(true);
  });
  it('go-to-top shows past 200px or while scrolling down', () => {
    expect(goTopVisible(201, 300)).toBe(true);
    expect(goTopVisible(200, 250)).toBe(false);
    expect(goTopVisible(120, 100)).toBe(true);
    expect(goTopVisible(0, 0)).toBe(false);
    expect(goTopVisible(150, 180)).toBe(false);
  });
});

describe('envelope handling', () => {
  it('unwraps success (200 and 0)', () => {
    expect(interpretEnvelope({ code: 200, msg: 'ok', data: [1] })).toEqual({ kind: 'ok', data: [1] });
    expect(interpretEnvelope({ code: 0, msg: '', data: 'x' })).toEqual({ kind: 'ok', data: 'x' });
  });
  it('401 asks for a re-login with the system text, 10002 with the server message', () => {
    expect(interpretEnvelope({ code: 401, msg: 'nope', data: null })).toEqual({ kind: 'relogin', message: translate('zh', 'api.relogin'), code: 401 });
    expect(interpretEnvelope({ code: 10002, msg: '您的账号已在别处登录', data: null })).toEqual({ kind: 'relogin', message: '您的账号已在别处登录', code: 10002 });
  });
  it('500 and other codes become an error toast with the message', () => {
    expect(interpretEnvelope({ code: 500, msg: '系统错误', data: null }, 500)).toEqual({ kind: 'error', message: '系统错误', code: 500 });
    expect(interpretEnvelope({ code: 404, msg: '未找到', data: null }, 404)).toMatchObject({ kind: 'error', code: 404 });
    expect(interpretEnvelope(null, 502)).toMatchObject({ kind: 'error', code: 502 });
  });
});

describe('public login form', () => {
  it('requires the three fields', () => {
    expect(validateLogin({ userName: ' ', password: '', code: '' }, 'AB12')).toEqual({
      userName: 'userNameHint',
      password: 'passwordHint',
      code: 'codeHint',
    });
    expect(validateLogin({ userName: 'u', password: 'p', code: 'ab12' }, 'AB12')).toEqual({});
    expect(validateLogin({ userName: 'u', password: 'p', code: 'zzzz' }, 'AB12').code).toBe('codeWrong');
  });
  it('codes avoid look-alike characters', () => {
    expect(newCode(() => 0.999)).toMatch(/^[A-Z2-9]{4}$/);
    expect(newCode()).not.toMatch(/[01IO]/);
  });
});

describe('pager', () => {
  it('shows first, last and neighbours with gaps', () => {
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(6, 12)).toEqual([1, '…', 5, 6, 7, '…', 12]);
  });
});
