import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type {
  CalendarDay, DictColor, DictInput, DictItemInput, MenuInput, MenuTypeInput, Page, RegionInput, RegionNode, SerialRuleInput, SerialType,
} from '@bencao/contracts';
import { call } from '@/lib/request';

export interface ListQuery { page: number; limit: number; sort?: string; order?: 'asc' | 'desc'; [k: string]: string | number | undefined }
const clean = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== null));

export interface MenuTypeRow { id: string; name: string; isPreset: boolean; menuCount: number }
export interface MenuRow {
  id: number; menuTypeId: string; parentId: number | null; menuCode: string; menuName: string; names: Record<string, string>; path: string | null;
  scheme: string | null; icon: string | null; level: number; authority: string | null; target: string | null; seq: number; isLeaf: boolean; hidden: boolean;
  actionList: { actionName: string; actionCode: string; resourceList: { path: string; authorityId: string }[] }[];
}
export interface SerialRow {
  id: number; code: string; name: string; isGlobal: boolean; organId: number | null; organName: string | null; length: number; currentValue: number;
  prefix: string; suffix: string; type: SerialType; period: string; updatedAt: string; sample: string;
}
export interface RegionHit extends Omit<RegionNode, 'hasChildren'> { path: string[]; pathNames: string[] }
export interface DictRow { id: number; code: string; name: string; note: string | null; updatedBy: string | null; updatedAt: string; itemCount: number }
export interface DictItemRow { id: number; dictId: number; code: string; name: string; seq: number; color: DictColor }
/** The server's answer to "is this a working day". */
export interface WorkingDayAnswer { date: string; working: boolean; kind: 'holiday' | 'workday' | 'weekend' | 'weekday'; name: string | null }
export interface OrganOption { id: number; code: string; name: string; typeName: string }

export const commonApi = {
  menuTypes: (q: ListQuery) => call<Page<MenuTypeRow>>('GET', '/api/common/menu-types', { params: clean(q) }),
  menuTypeOptions: () => call<MenuTypeRow[]>('GET', '/api/common/menu-type-options'),
  createMenuType: (body: MenuTypeInput) => call<MenuTypeRow>('POST', '/api/common/menu-types', { body }),
  updateMenuType: (id: string, body: MenuTypeInput) => call<MenuTypeRow>('PUT', `/api/common/menu-types/${encodeURIComponent(id)}`, { body }),
  deleteMenuTypes: (ids: string[]) => call<number>('POST', '/api/common/menu-types/delete', { body: { ids } }),

  menus: (menuTypeId: string, keyword?: string) => call<MenuRow[]>('GET', '/api/common/menus', { params: clean({ menuTypeId, keyword }) }),
  createMenu: (body: MenuInput) => call<MenuRow>('POST', '/api/common/menus', { body }),
  updateMenu: (id: number, body: MenuInput) => call<MenuRow>('PUT', `/api/common/menus/${id}`, { body }),
  deleteMenus: (ids: number[]) => call<number>('POST', '/api/common/menus/delete', { body: { ids } }),

  serials: (q: ListQuery) => call<Page<SerialRow>>('GET', '/api/common/serials', { params: clean(q) }),
  createSerial: (body: SerialRuleInput) => call<SerialRow>('POST', '/api/common/serials', { body }),
  updateSerial: (id: number, body: SerialRuleInput) => call<SerialRow>('PUT', `/api/common/serials/${id}`, { body }),
  deleteSerials: (ids: number[]) => call<number>('POST', '/api/common/serials/delete', { body: { ids } }),
  nextSerial: (id: number) => call<{ code: string; value: number; period: string; serialNo: string }>('POST', `/api/common/serials/${id}/next`),
  organOptions: (keyword?: string) => call<OrganOption[]>('GET', '/api/organ/organs/options', { params: clean({ keyword }) }),

  regionChildren: (parentCode?: string) => call<RegionNode[]>('GET', '/api/common/regions/children', { params: clean({ parentCode }) }),
  searchRegions: (keyword: string) => call<RegionHit[]>('GET', '/api/common/regions/search', { params: { keyword } }),
  createRegion: (body: RegionInput) => call<RegionNode>('POST', '/api/common/regions', { body }),
  updateRegion: (code: string, body: RegionInput) => call<RegionNode>('PUT', `/api/common/regions/${encodeURIComponent(code)}`, { body }),
  deleteRegions: (codes: string[]) => call<number>('POST', '/api/common/regions/delete', { body: { codes } }),

  calendar: (year: number) => call<{ year: number; workingDays: number; days: CalendarDay[] }>('GET', '/api/common/calendar', { params: { year } }),
  isWorkingDay: (date: string) => call<WorkingDayAnswer>('GET', '/api/common/calendar/is-working-day', { params: { date } }),
  setDay: (date: string, kind: 'holiday' | 'workday' | 'default', name: string | null) => call<unknown>('PUT', `/api/common/calendar/days/${date}`, { body: { kind, name } }),

  dicts: (q: ListQuery) => call<Page<DictRow>>('GET', '/api/common/dicts', { params: clean(q) }),
  createDict: (body: DictInput) => call<DictRow>('POST', '/api/common/dicts', { body }),
  updateDict: (id: number, body: DictInput) => call<DictRow>('PUT', `/api/common/dicts/${id}`, { body }),
  deleteDicts: (ids: number[]) => call<number>('POST', '/api/common/dicts/delete', { body: { ids } }),
  items: (q: ListQuery) => call<Page<DictItemRow>>('GET', '/api/common/dict-items', { params: clean(q) }),
  createItem: (body: DictItemInput) => call<DictItemRow>('POST', '/api/common/dict-items', { body }),
  updateItem: (id: number, body: DictItemInput) => call<DictItemRow>('PUT', `/api/common/dict-items/${id}`, { body }),
  deleteItems: (ids: number[]) => call<number>('POST', '/api/common/dict-items/delete', { body: { ids } }),
};

export const keys = {
  menuTypes: ['common', 'menuTypes'] as const,
  menus: ['common', 'menus'] as const,
  serials: ['common', 'serials'] as const,
  calendar: ['common', 'calendar'] as const,
  dicts: ['common', 'dicts'] as const,
  items: ['common', 'items'] as const,
};

export function usePaged<T>(key: QueryKey, fetch: (q: ListQuery) => Promise<Page<T>>, q: ListQuery) {
  return useQuery({ queryKey: [...key, q], queryFn: () => fetch(q), placeholderData: keepPreviousData });
}

/** A mutation that refreshes the given lists and says "saved" (errors are shown by the request client). */
/** `okKey` null: no toast (the caller says what happened). */
export function useCommonMutation<A, R>(fn: (a: A) => Promise<R>, invalidate: QueryKey[], onDone?: (r: R) => void, okKey: string | null = 'msg.saved') {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const { t } = useTranslation('common');
  return useMutation({
    mutationFn: fn,
    onSuccess: (r) => {
      for (const k of invalidate) void qc.invalidateQueries({ queryKey: k });
      if (okKey) void message.success(t(okKey));
      onDone?.(r);
    },
  });
}
