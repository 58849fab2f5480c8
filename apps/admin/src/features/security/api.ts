import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  AccountCreateInput, AccountUpdateInput, AppInput, AuthTreeNode, EffectiveAuthority, FunctionInput, ModuleInput, OperationInput,
  OutboundPolicy, Page, PasswordPolicy, RoleGroupInput, RoleInput, TreeLevel, UrlInput,
} from '@bencao/contracts';
import { call, download } from '@/lib/request';

export interface ListQuery { page: number; limit: number; sort?: string; order?: 'asc' | 'desc'; [k: string]: string | number | undefined }
const clean = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== null));

export interface RoleRow {
  id: number; code: string; name: string; roleType: 'global' | 'common' | 'inner' | 'organ'; positionType: string | null; scope: 'global' | 'organ';
  organId: number | null; isSuper: boolean; note: string | null; createdAt: string; accountCount: number; grantCount: number;
  dataScope: 'all' | 'organ' | 'organTree' | 'custom' | 'self'; dataScopeOrganIds: number[];
}
export interface AccountRow {
  id: number; userId: string; userName: string; status: 'normal' | 'lock'; staffId: number | null; isAdmin: boolean; manageRange: string | null;
  maxSessions: number; ipPolicyEnabled: boolean; ipPolicy: string | null; email: string | null; mobile: string | null; failedLogins: number;
  lockedUntil: string | null; mustChangePassword: boolean; createdAt: string; roleNames?: string | null;
}
export interface AccountDetail extends AccountRow {
  roles: { id: number; code: string; name: string }[]; groups: { id: number; code: string; name: string }[]; roleIds: number[]; groupIds: number[];
}
export interface GroupRow { id: number; code: string; name: string; note: string | null; roleNames: string | null; accountCount: number }
export interface GroupDetail extends GroupRow { roleIds: number[]; roles: { id: number; code: string; name: string }[] }
export interface GrantNode { key: string; title: string; code: string; level: string; checkable: boolean; children?: GrantNode[] }
export interface GrantTree { role: RoleRow; tree: GrantNode[]; checked: string[] }

export const TREE_SEGMENT: Record<TreeLevel, string> = { app: 'apps', module: 'modules', function: 'functions', operation: 'operations', url: 'urls' };
type LevelBody = AppInput | ModuleInput | FunctionInput | OperationInput | UrlInput;

export const securityApi = {
  tree: (keyword?: string) => call<AuthTreeNode[]>('GET', '/api/security/tree', { params: clean({ keyword }) }),
  createNode: (level: TreeLevel, body: LevelBody) => call<Record<string, unknown>>('POST', `/api/security/tree/${TREE_SEGMENT[level]}`, { body }),
  updateNode: (level: TreeLevel, id: number, body: LevelBody) => call<Record<string, unknown>>('PUT', `/api/security/tree/${TREE_SEGMENT[level]}/${id}`, { body }),
  deleteNodes: (level: TreeLevel, ids: number[]) => call<number>('POST', `/api/security/tree/${TREE_SEGMENT[level]}/delete`, { body: { ids } }),
  importTree: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return call<{ inserted: number; skipped: number }>('POST', '/api/security/tree/import', { form });
  },
  exportTree: () => download('/api/security/tree/export', {}, 'authority-tree.zip'),

  roles: (q: ListQuery) => call<Page<RoleRow>>('GET', '/api/security/roles', { params: clean(q) }),
  createRole: (body: RoleInput) => call<RoleRow>('POST', '/api/security/roles', { body }),
  updateRole: (id: number, body: RoleInput) => call<RoleRow>('PUT', `/api/security/roles/${id}`, { body }),
  deleteRoles: (ids: number[]) => call<number>('POST', '/api/security/roles/delete', { body: { ids } }),
  grants: (id: number) => call<GrantTree>('GET', `/api/security/roles/${id}/grants`),
  setGrants: (id: number, authorities: string[]) => call<number>('PUT', `/api/security/roles/${id}/grants`, { body: { authorities } }),
  roleAccounts: (id: number) => call<{ id: number; userId: string; userName: string; status: string }[]>('GET', `/api/security/roles/${id}/accounts`),
  roleToAccounts: (roleId: number, accountIds: number[]) => call<number>('POST', '/api/security/roles/batch-grant', { body: { roleId, accountIds } }),
  revoke: (roleId: number, accountIds: number[]) => call<null>('POST', `/api/security/roles/${roleId}/revoke`, { body: { accountIds } }),

  accounts: (q: ListQuery) => call<Page<AccountRow>>('GET', '/api/security/accounts', { params: clean(q) }),
  account: (id: number) => call<AccountDetail>('GET', `/api/security/accounts/${id}`),
  createAccount: (body: AccountCreateInput) => call<AccountDetail>('POST', '/api/security/accounts', { body }),
  updateAccount: (id: number, body: AccountUpdateInput) => call<AccountDetail>('PUT', `/api/security/accounts/${id}`, { body }),
  deleteAccounts: (ids: number[]) => call<number>('POST', '/api/security/accounts/delete', { body: { ids } }),
  unlock: (id: number) => call<AccountDetail>('POST', `/api/security/accounts/${id}/unlock`, { body: {} }),
  resetPassword: (id: number, password: string, confirmPassword: string) => call<null>('POST', `/api/security/accounts/${id}/reset-password`, { body: { password, confirmPassword } }),
  assign: (id: number, roleIds: number[], groupIds: number[]) => call<AccountDetail>('PUT', `/api/security/accounts/${id}/assign`, { body: { roleIds, groupIds } }),
  rolesToAccount: (accountId: number, roleIds: number[]) => call<number>('POST', '/api/security/accounts/batch-grant', { body: { accountId, roleIds } }),
  authorities: (id: number) => call<{ all: boolean; authorities: EffectiveAuthority[] }>('GET', `/api/security/accounts/${id}/authorities`),

  groups: (q: ListQuery) => call<Page<GroupRow>>('GET', '/api/security/role-groups', { params: clean(q) }),
  group: (id: number) => call<GroupDetail>('GET', `/api/security/role-groups/${id}`),
  createGroup: (body: RoleGroupInput) => call<GroupDetail>('POST', '/api/security/role-groups', { body }),
  updateGroup: (id: number, body: RoleGroupInput) => call<GroupDetail>('PUT', `/api/security/role-groups/${id}`, { body }),
  deleteGroups: (ids: number[]) => call<number>('POST', '/api/security/role-groups/delete', { body: { ids } }),

  policy: () => call<PasswordPolicy>('GET', '/api/security/policy'),
  setPolicy: (body: PasswordPolicy) => call<PasswordPolicy>('PUT', '/api/security/policy', { body }),

  outbound: () => call<OutboundPolicy>('GET', '/api/security/outbound'),
  setOutbound: (body: OutboundPolicy) => call<OutboundPolicy>('PUT', '/api/security/outbound', { body }),
};

export const keys = {
  tree: (kw?: string) => ['security', 'tree', kw ?? ''] as const,
  roles: ['security', 'roles'] as const,
  accounts: ['security', 'accounts'] as const,
  groups: ['security', 'groups'] as const,
  policy: ['security', 'policy'] as const,
  outbound: ['security', 'outbound'] as const,
};

export const usePaged = <T,>(key: QueryKey, fetcher: (q: ListQuery) => Promise<Page<T>>, q: ListQuery) =>
  useQuery({ queryKey: [...key, q], queryFn: () => fetcher(q), placeholderData: keepPreviousData });

/** All roles / role groups for pickers (the lists are short: one page of 500). */
export const useAllRoles = () => useQuery({ queryKey: [...keys.roles, 'all'], queryFn: () => securityApi.roles({ page: 1, limit: 500, sort: 'code', order: 'asc' }) });
export const useAllGroups = () => useQuery({ queryKey: [...keys.groups, 'all'], queryFn: () => securityApi.groups({ page: 1, limit: 500, sort: 'code', order: 'asc' }) });

/** A mutation that refreshes the given lists when it succeeds. */
export function useSecurityMutation<A, R>(fn: (a: A) => Promise<R>, invalidate: QueryKey[], onSuccess?: (r: R, a: A) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (r, a) => {
      await Promise.all(invalidate.map((k) => qc.invalidateQueries({ queryKey: k })));
      onSuccess?.(r, a);
    },
  });
}
