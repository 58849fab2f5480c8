import { describe, expect, it } from 'vitest';
import { rankMenus, type MenuEntry } from './menuRanking';
import { pinyinKeys, withPinyin } from './pinyinKeys';

const entry = (label: string, ...trail: string[]): MenuEntry => ({ path: `/${label}`, label, trail });
const MENUS = withPinyin([
  entry('采购申请', '流程管理'),
  entry('采购订单', '流程管理'),
  entry('账号管理', '安全管理'),
  entry('角色管理', '安全管理'),
  entry('Nacos 配置', '服务治理'),
  entry('Dashboard'),
]);
const labels = (q: string) => rankMenus(MENUS, q).map((e) => e.label);

describe('menu search in pinyin', () => {
  it('spells a Chinese label in full pinyin and in initials, and an English one not at all', () => {
    expect(pinyinKeys('采购申请')).toEqual(['caigoushenqing', 'cgsq']);
    expect(pinyinKeys('Dashboard')).toEqual([]);
  });

  it('finds a menu by its initials or by the start of its full pinyin', () => {
    expect(labels('cgsq')).toEqual(['采购申请']);
    expect(labels('caigou')).toEqual(['采购申请', '采购订单']);
    expect(labels('CaiGouShenQing')).toEqual(['采购申请']);
    expect(labels('zhgl')).toEqual(['账号管理']);
  });

  it('ranks a whole initials match before a part of another label, and still matches characters', () => {
    expect(labels('gl')).toEqual(['账号管理', '角色管理']);
    expect(labels('jsgl')[0]).toBe('角色管理');
    expect(labels('采购')).toEqual(['采购申请', '采购订单']);
    expect(labels('nacos pz')).toEqual(['Nacos 配置']);
  });

  it('a pinyin that spells no label finds nothing', () => {
    expect(labels('xyzq')).toEqual([]);
  });
});
