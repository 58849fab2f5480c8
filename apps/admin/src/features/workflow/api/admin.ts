import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  Grant, I18nNote, I18nText, InvocationStatus, ListenerEvent, ListenerInput, MailTemplates, Page, ParticipantInput, ParticipantPreview, ParticipantRule,
  ParticipantRuleInput, PerformanceReport, PluginButtonInput, PluginKind, PluginTypeInput, WorkflowPermission, WorkflowSettings,
} from '@bencao/contracts';
import { call, download } from '@/lib/request';

/**
 * The console's calls to the workflow administration API (`/api/workflow/…`, the admin owner's
 * routes): participants' rules, listeners and their invocations, plugin types and buttons, permissions,
 * settings and performance analysis.
 */
export interface ListQuery { page: number; limit: number; sort?: string; order?: 'asc' | 'desc'; [k: string]: string | number | undefined }
export const clean = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== null));

const BASE = '/api/workflow';

export interface ParticipantRow {
  id: number; code: string; name: string; rule: ParticipantRule; note: I18nNote | null; createdAt: string; updatedAt: string;
}
export interface ListenerRow {
  id: number; name: string; enabled: boolean; scope: 'global' | 'definition' | 'node'; definitionKey: string | null; elementId: string | null;
  events: ListenerEvent[]; kind: 'http' | 'mail';
  http: { url: string; secret: string | null; timeoutMs: number; retries: number } | null;
  mail: { emails: string[]; rule: ParticipantRule | null; lang: 'en' | 'zh' | 'es' | 'ja'; templates: MailTemplates } | null;
  note: I18nNote | null; createdAt: string; updatedAt: string;
}
export interface InvocationRow {
  id: number; listenerId: number; event: ListenerEvent; definitionKey: string | null; instanceId: number | null; taskId: number | null;
  payload: unknown; status: InvocationStatus; attempts: number; responseStatus: number | null; lastError: string | null;
  createdAt: string; updatedAt: string; finishedAt: string | null;
}
export interface PluginTypeRow {
  id: number; code: string; name: string; kind: PluginKind; settings: Record<string, unknown>; enabled: boolean; builtIn: boolean; note: I18nNote | null;
  createdAt: string; updatedAt: string;
}
export interface PluginButtonRow {
  id: number; code: string; label: I18nText; pluginTypeCode: string; settings: Record<string, unknown>; definitionKey: string | null;
  nodeIds: string[]; confirm: boolean; confirmText: I18nText | null; seq: number; enabled: boolean; createdAt: string; updatedAt: string;
}
/** who may do one thing, as the permissions list summarises it */
export interface GrantSummary { everyone: boolean; roles: number; organs: number; accounts: number }
export interface PermissionRow {
  definitionKey: string; definitionName: string | null; saved: boolean; start: GrantSummary; monitor: GrantSummary; administer: GrantSummary;
}
export type PermissionDetail = WorkflowPermission & { definitionKey: string; saved: boolean };
/** a process definition as the engine's API lists it (only what these screens need) */
export interface DefinitionOption { id: number; key: string; name: string; latestVersionId?: number | null; latestVersion?: number | null }

export type { Grant };

export const workflowAdminApi = {
  participants: (q: ListQuery) => call<Page<ParticipantRow>>('GET', `${BASE}/participants`, { params: clean(q) }),
  createParticipant: (body: ParticipantInput) => call<ParticipantRow>('POST', `${BASE}/participants`, { body }),
  updateParticipant: (id: number, body: ParticipantInput) => call<ParticipantRow>('PUT', `${BASE}/participants/${id}`, { body }),
  deleteParticipants: (ids: number[]) => call<number>('POST', `${BASE}/participants/delete`, { body: { ids } }),
  preview: (rule: ParticipantRuleInput, starterAccountId: number | null) =>
    call<ParticipantPreview>('POST', `${BASE}/participants/preview`, { body: { rule, starterAccountId } }),

  listeners: (q: ListQuery) => call<Page<ListenerRow>>('GET', `${BASE}/listeners`, { params: clean(q) }),
  createListener: (body: ListenerInput) => call<ListenerRow>('POST', `${BASE}/listeners`, { body }),
  updateListener: (id: number, body: ListenerInput) => call<ListenerRow>('PUT', `${BASE}/listeners/${id}`, { body }),
  deleteListeners: (ids: number[]) => call<number>('POST', `${BASE}/listeners/delete`, { body: { ids } }),
  /** switches a listener on or off (saved as a whole, as the API has no separate switch) */
  setListenerEnabled: (row: ListenerRow, enabled: boolean) => {
    const { id, createdAt: _c, updatedAt: _u, ...input } = row;
    return call<ListenerRow>('PUT', `${BASE}/listeners/${id}`, { body: { ...input, enabled } as ListenerInput });
  },
  invocations: (id: number, q: ListQuery) => call<Page<InvocationRow>>('GET', `${BASE}/listeners/${id}/invocations`, { params: clean(q) }),

  pluginTypes: (q: ListQuery) => call<Page<PluginTypeRow>>('GET', `${BASE}/plugin-types`, { params: clean(q) }),
  createPluginType: (body: PluginTypeInput) => call<PluginTypeRow>('POST', `${BASE}/plugin-types`, { body }),
  updatePluginType: (id: number, body: PluginTypeInput) => call<PluginTypeRow>('PUT', `${BASE}/plugin-types/${id}`, { body }),
  deletePluginTypes: (ids: number[]) => call<number>('POST', `${BASE}/plugin-types/delete`, { body: { ids } }),

  pluginButtons: (q: ListQuery) => call<Page<PluginButtonRow>>('GET', `${BASE}/plugin-buttons`, { params: clean(q) }),
  createPluginButton: (body: PluginButtonInput) => call<PluginButtonRow>('POST', `${BASE}/plugin-buttons`, { body }),
  updatePluginButton: (id: number, body: PluginButtonInput) => call<PluginButtonRow>('PUT', `${BASE}/plugin-buttons/${id}`, { body }),
  deletePluginButtons: (ids: number[]) => call<number>('POST', `${BASE}/plugin-buttons/delete`, { body: { ids } }),

  permissions: (q: ListQuery) => call<Page<PermissionRow>>('GET', `${BASE}/permissions`, { params: clean(q) }),
  permission: (key: string) => call<PermissionDetail>('GET', `${BASE}/permissions/${encodeURIComponent(key)}`),
  savePermission: (key: string, body: WorkflowPermission) => call<PermissionDetail>('PUT', `${BASE}/permissions/${encodeURIComponent(key)}`, { body }),
  /** back to the default: everyone who holds the screens' authorities */
  resetPermission: (key: string) => call<PermissionDetail>('DELETE', `${BASE}/permissions/${encodeURIComponent(key)}`),

  settings: () => call<WorkflowSettings>('GET', `${BASE}/settings`),
  saveSettings: (body: WorkflowSettings) => call<WorkflowSettings>('PUT', `${BASE}/settings`, { body }),

  performance: (q: { definitionKey?: string; from: string; to: string; tzOffset: number }) =>
    call<PerformanceReport>('GET', `${BASE}/performance`, { params: clean(q) }),
  exportPerformance: (q: { definitionKey?: string; from: string; to: string; tzOffset: number }, fileName: string) =>
    download(`${BASE}/performance/export`, clean(q), fileName),

  /** the engine's definitions, for pickers */
  definitions: (keyword?: string) => call<Page<DefinitionOption>>('GET', `${BASE}/definitions`, { params: clean({ page: 1, limit: 100, keyword }) }),
};

export function usePaged<T>(key: QueryKey, fn: (q: ListQuery) => Promise<Page<T>>, q: ListQuery) {
  return useQuery({ queryKey: [...key, q], queryFn: () => fn(q), placeholderData: keepPreviousData });
}

/** A mutation that refreshes the lists it changed. */
export function useWfMutation<A, R>(fn: (a: A) => Promise<R>, invalidate: QueryKey[], onSuccess?: (r: R) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r) => { for (const k of invalidate) void qc.invalidateQueries({ queryKey: k }); onSuccess?.(r); },
  });
}

export const wfKeys = {
  participants: ['workflow', 'participants'] as QueryKey,
  listeners: ['workflow', 'listeners'] as QueryKey,
  invocations: ['workflow', 'invocations'] as QueryKey,
  pluginTypes: ['workflow', 'plugin-types'] as QueryKey,
  pluginButtons: ['workflow', 'plugin-buttons'] as QueryKey,
  permissions: ['workflow', 'permissions'] as QueryKey,
  settings: ['workflow', 'settings'] as QueryKey,
  performance: ['workflow', 'performance'] as QueryKey,
  definitions: ['workflow', 'definition-options'] as QueryKey,
};
