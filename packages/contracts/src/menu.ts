import { z } from 'zod';
import { LANGS, type Lang } from './lang';

/** SPEC §3 "Menu item": what the server sends for the logged-in user. */
export interface MenuResource {
  path: string;
  authorityId: string;
}
export interface MenuAction {
  actionName: string;
  actionCode: string;
  resourceList: MenuResource[];
}
export interface MenuItem {
  menuId: number;
  parentId: number | null;
  menuCode: string;
  menuName: string;
  /** menu names in en, zh, es, ja, keyed by language */
  names?: Partial<Record<Lang, string>>;
  path: string | null;
  scheme: string | null;
  icon: string | null;
  level: number;
  authority: string | null;
  target: string | null;
  seq: number;
  actionList: MenuAction[];
}

/** SPEC §3 "Alternative menu node". */
export interface AltMenuNode {
  id: string;
  parentId: string | null;
  url: string | null;
  text: string;
  icon: string | null;
  hidden: boolean;
  isLeaf: boolean;
  functionCode: string | null;
  componentPath: string | null;
  appCode: string | null;
}

export { LANGS, type Lang } from './lang';
export const langSchema = z.enum(LANGS);
export const menuNamesSchema = z.object({ en: z.string(), zh: z.string(), es: z.string(), ja: z.string() });
