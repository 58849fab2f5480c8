import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type {
  OrganCreateInput, OrganNode, OrganRuleInput, OrganTypeInput, OrganUpdateInput, OrganViewInput, Page, StaffInput,
} from '@bencao/contracts';
import { call } from '@/lib/request';

export interface ListQuery { page: number; limit: number; sort?: string; order?: 'asc' | 'desc'; [k: string]: string | number | undefined }
const clean = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== null));

export interface TypeRow { code: string; name: string; parentCode: string | null; holdsStaff: boolean; seq: number; note: string | null; organCount: number }
export interface ViewRow { id: number; code: string; name: string; note: string | null; organCount: number }
export interface RuleRow { id: number; parentTypeCode: string | null; childTypeCode: string; note: string | null; parentTypeName: string | null; childTypeName: string }
export interface OrganDetail {
  id: number; code: string; typeCode: string; typeName: string; holdsStaff: boolean; name: string; shortName: string | null; principal: string | null;
  views: { viewId: number; viewName: string; parentId: number | null; seq: number }[]; staff: { id: number; code: string; name: string } | null;
}
export interface SearchHit { id: number; code: string; name: string; typeName: string; path: number[]; pathNames: string[] }
export interface StaffRow {
  id: number; code: string; name: string; positionId: number | null; positionName: string | null; gender: string | null; mobile: string | null; email: string | null;
  note: string | null; accounts: string | null;
}
export interface OrganOption { id: number; code: string; name: string; typeName: string; holdsStaff: boolean; staffName: string | null }

export const organApi = {
  types: (keyword?: string) => call<TypeRow[]>('GET', '/api/organ/types', { params: clean({ keyword }) }),
  typeOptions: () => call<TypeRow[]>('GET', '/api/organ/type-options'),
  createType: (body: OrganTypeInput) => call<TypeRow>('POST', '/api/organ/types', { body }),
  updateType: (code: string, body: OrganTypeInput) => call<TypeRow>('PUT', `/api/organ/types/${encodeURIComponent(code)}`, { body }),
  deleteTypes: (codes: string[]) => call<number>('POST', '/api/organ/types/delete', { body: { codes } }),

  views: (q: ListQuery) => call<Page<ViewRow>>('GET', '/api/organ/views', { params: clean(q) }),
  viewOptions: () => call<ViewRow[]>('GET', '/api/organ/view-options'),
  createView: (body: OrganViewInput) => call<ViewRow>('POST', '/api/organ/views', { body }),
  updateView: (id: number, body: OrganViewInput) => call<ViewRow>('PUT', `/api/organ/views/${id}`, { body }),
  deleteViews: (ids: number[]) => call<number>('POST', '/api/organ/views/delete', { body: { ids } }),

  children: (viewId: number, parentId: number | null) => call<OrganNode[]>('GET', `/api/organ/views/${viewId}/children`, { params: clean({ parentId }) }),
  search: (viewId: number, keyword: string) => call<SearchHit[]>('GET', `/api/organ/views/${viewId}/search`, { params: { keyword } }),
  move: (viewId: number, organId: number, parentId: number | null, index: number) => call<unknown>('POST', `/api/organ/views/${viewId}/nodes/${organId}/move`, { body: { parentId, index } }),
  place: (viewId: number, organId: number, parentId: number | null) => call<OrganDetail>('POST', `/api/organ/views/${viewId}/nodes`, { body: { organId, parentId } }),
  unplace: (viewId: number, organId: number) => call<null>('DELETE', `/api/organ/views/${viewId}/nodes/${organId}`),
  organ: (id: number) => call<OrganDetail>('GET', `/api/organ/organs/${id}`),
  organOptions: (params: { keyword?: string; positions?: 'true' }) => call<OrganOption[]>('GET', '/api/organ/organs/options', { params: clean(params) }),
  createOrgan: (body: OrganCreateInput) => call<OrganDetail>('POST', '/api/organ/organs', { body }),
  updateOrgan: (id: number, body: OrganUpdateInput) => call<OrganDetail>('PUT', `/api/organ/organs/${id}`, { body }),
  deleteOrgans: (ids: number[]) => call<number>('POST', '/api/organ/organs/delete', { body: { ids } }),

  rules: (q: ListQuery) => call<Page<RuleRow>>('GET', '/api/organ/rules', { params: clean(q) }),
  createRule: (body: OrganRuleInput) => call<RuleRow>('POST', '/api/organ/rules', { body }),
  updateRule: (id: number, body: OrganRuleInput) => call<RuleRow>('PUT', `/api/organ/rules/${id}`, { body }),
  deleteRules: (ids: number[]) => call<number>('POST', '/api/organ/rules/delete', { body: { ids } }),

  staff: (q: ListQuery) => call<Page<StaffRow>>('GET', '/api/organ/staff', { params: clean(q) }),
  createStaff: (body: StaffInput) => call<StaffRow>('POST', '/api/organ/staff', { body }),
  updateStaff: (id: number, body: StaffInput) => call<StaffRow>('PUT', `/api/organ/staff/${id}`, { body }),
  deleteStaff: (ids: number[]) => call<number>('POST', '/api/organ/staff/delete', { body: { ids } }),
};

export const keys = {
  types: ['organ', 'types'] as const,
  views: ['organ', 'views'] as const,
  rules: ['organ', 'rules'] as const,
  staff: ['organ', 'staff'] as const,
  tree: ['organ', 'tree'] as const,
};

export function usePaged<T>(key: QueryKey, fetch: (q: ListQuery) => Promise<Page<T>>, q: ListQuery) {
  return useQuery({ queryKey: [...key, q], queryFn: () => fetch(q), placeholderData: keepPreviousData });
}

/** A mutation that refreshes the given lists and says "saved" (errors are shown by the request client). */
export function useOrganMutation<A, R>(fn: (a: A) => Promise<R>, invalidate: QueryKey[], onDone?: (r: R) => void, okKey = 'msg.saved') {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const { t } = useTranslation('organ');
  return useMutation({
    mutationFn: fn,
    onSuccess: (r) => {
      for (const k of invalidate) void qc.invalidateQueries({ queryKey: k });
      void message.success(t(okKey));
      onDone?.(r);
    },
  });
}
