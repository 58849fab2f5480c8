import { describe, expect, it } from 'vitest';
import { rankMenus, type MenuEntry } from './menuRanking';

const entry = (label: string, ...trail: string[]): MenuEntry => ({ path: `/${label}`, label, trail });
const MENUS = [
  entry('Dashboard'),
  entry('Roles', 'Security'),
  entry('Accounts', 'Security'),
  entry('Account groups', 'Security'),
  entry('Config centre', 'Gateway'),
  entry('Configuración de la pasarela', 'Pasarela'),
  entry('Flow rules', 'Gateway'),
  entry('账号管理', '安全管理'),
  entry('角色管理', '安全管理'),
];
const labels = (q: string) => rankMenus(MENUS, q).map((e) => e.label);

describe('menu search ranking', () => {
  it('puts an exact label before a prefix, a prefix before a word inside, a word before scattered letters', () => {
    expect(labels('accounts')[0]).toBe('Accounts');
    expect(labels('acc')).toEqual(['Accounts', 'Account groups']);
    expect(labels('groups')).toEqual(['Account groups']);
    expect(labels('cfg')).toEqual(['Config centre', 'Configuración de la pasarela']);
  });

  it('matches without case or accents and finds Chinese labels by any part', () => {
    expect(labels('CONFIGURACION')).toEqual(['Configuración de la pasarela']);
    expect(labels('账号')).toEqual(['账号管理']);
    expect(labels('管理')).toEqual(['账号管理', '角色管理']);
  });

  it('needs every term, and a term may name the group above the menu', () => {
    expect(labels('gateway flow')).toEqual(['Flow rules']);
    expect(labels('security ro')).toEqual(['Roles', 'Account groups']);
    expect(labels('安全 角色')).toEqual(['角色管理']);
    expect(labels('flow xyz')).toEqual([]);
  });

  it('lists the menus in their order for an empty query, and keeps to the limit', () => {
    expect(rankMenus(MENUS, '  ').map((e) => e.label)).toEqual(MENUS.map((e) => e.label));
    expect(rankMenus(MENUS, '', 2)).toHaveLength(2);
  });
});
