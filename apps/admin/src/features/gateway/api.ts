import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@bencao/contracts';
import { call } from '@/lib/request';

export interface ListQuery { page: number; limit: number; sort?: string; order?: 'asc' | 'desc'; [k: string]: string | number | undefined }
export const clean = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== null));

export interface RouteRow {
  id: number; routeId: string; routeName: string; orderNum: number; uri: string; predicates: string; filters: string;
  description: string | null; released: boolean; createdAt: string; updatedAt: string;
}
export interface NamespaceRow { id: string; showName: string; description: string | null; configCount: number; createdAt: string }
export interface ConfigRow {
  id: number; namespaceId: string; dataId: string; group: string; appName: string | null; tags: string | null; description: string | null;
  type: string; md5: string; updatedBy: string | null; updatedAt: string; content?: string;
}
export interface HistoryRow {
  id: number; namespaceId: string; dataId: string; group: string; type: string; md5: string; opType: 'insert' | 'update' | 'delete';
  operator: string | null; createdAt: string; content?: string;
}
export interface ServiceRow {
  id: number; name: string; group: string; protectThreshold: number; healthCheck: 'none' | 'tcp' | 'http'; healthPath: string | null;
  metadata: Record<string, string>; updatedAt: string; clusterCount: number; ipCount: number; healthyCount: number;
}
export interface InstanceRow {
  id: number; serviceId: number; ip: string; port: number; weight: number; cluster: string; enabled: boolean; ephemeral: boolean;
  healthy: boolean; metadata: Record<string, string>; lastBeat: string; lastCheck: string | null;
}
export interface MetricRow {
  resource: string; requests: number; errors: number; blocked: number; broken: number; p50: number; p90: number; p99: number;
  series: { time: number; requests: number; errors: number; blocked: number; broken: number; p99: number }[];
}
/** an application that read a service's instances or a config through the application API */
export interface SubscriberRow { appName: string; accessKey: string; address: string; firstSeenAt: string; lastSeenAt: string }
export type Row = Record<string, unknown> & { id: number };
export interface AlarmEventRow {
  id: number; ruleId: number; ruleName: string; level: 'general' | 'serious' | 'urgent'; expression: string; resource: string;
  state: 'pending' | 'firing' | 'resolved'; values: Record<string, number | string>; summary: string;
  startsAt: string; firedAt: string | null; resolvedAt: string | null; notified: string[]; notifyError: string | null; updatedAt: string;
}

/** The simple rule screens share one shape: list, create, update, delete, (enable/disable). */
export const SIMPLE_BASES = {
  apiGroup: '/api/gateway/api-groups',
  flow: '/api/gateway/flow-rules',
  degrade: '/api/gateway/degrade-rules',
  alarm: '/api/gateway/alarm-rules',
  alarmReceiver: '/api/gateway/alarm-receivers',
} as const;
export type SimpleKind = keyof typeof SIMPLE_BASES;

export const gatewayApi = {
  routes: (q: ListQuery) => call<Page<RouteRow>>('GET', '/api/gateway/routes', { params: clean(q) }),
  createRoute: (body: unknown) => call<RouteRow>('POST', '/api/gateway/routes', { body }),
  updateRoute: (id: number, body: unknown) => call<RouteRow>('PUT', `/api/gateway/routes/${id}`, { body }),
  deleteRoutes: (ids: number[], force: boolean) => call<number>('POST', '/api/gateway/routes/delete', { body: { ids, force } }),
  release: (ids: number[]) => call<RouteRow[]>('POST', '/api/gateway/routes/release', { body: { ids } }),
  cancelRelease: (ids: number[]) => call<RouteRow[]>('POST', '/api/gateway/routes/cancel-release', { body: { ids } }),

  namespaces: () => call<NamespaceRow[]>('GET', '/api/gateway/namespaces'),
  createNamespace: (body: unknown) => call<NamespaceRow>('POST', '/api/gateway/namespaces', { body }),
  updateNamespace: (id: string, body: unknown) => call<NamespaceRow>('PUT', `/api/gateway/namespaces/${encodeURIComponent(id)}`, { body }),
  deleteNamespace: (id: string) => call<number>('DELETE', `/api/gateway/namespaces/${encodeURIComponent(id)}`),

  configs: (q: ListQuery) => call<Page<ConfigRow>>('GET', '/api/gateway/configs', { params: clean(q) }),
  config: (id: number) => call<ConfigRow & { content: string }>('GET', `/api/gateway/configs/${id}`),
  createConfig: (body: unknown) => call<ConfigRow>('POST', '/api/gateway/configs', { body }),
  updateConfig: (id: number, body: unknown) => call<ConfigRow>('PUT', `/api/gateway/configs/${id}`, { body }),
  deleteConfigs: (ids: number[]) => call<number>('POST', '/api/gateway/configs/delete', { body: { ids } }),
  history: (q: ListQuery) => call<Page<HistoryRow>>('GET', '/api/gateway/configs/history', { params: clean(q) }),
  historyItem: (id: number) => call<HistoryRow & { content: string }>('GET', `/api/gateway/configs/history/${id}`),
  rollback: (historyId: number) => call<ConfigRow | null>('POST', '/api/gateway/configs/rollback', { body: { historyId } }),

  services: (q: ListQuery) => call<Page<ServiceRow>>('GET', '/api/gateway/services', { params: clean(q) }),
  createService: (body: unknown) => call<ServiceRow>('POST', '/api/gateway/services', { body }),
  updateService: (id: number, body: unknown) => call<ServiceRow>('PUT', `/api/gateway/services/${id}`, { body }),
  deleteServices: (ids: number[]) => call<number>('POST', '/api/gateway/services/delete', { body: { ids } }),
  instances: (serviceId: number) => call<InstanceRow[]>('GET', `/api/gateway/services/${serviceId}/instances`),
  addInstance: (serviceId: number, body: unknown) => call<InstanceRow>('POST', `/api/gateway/services/${serviceId}/instances`, { body }),
  updateInstance: (serviceId: number, id: number, body: unknown) => call<InstanceRow>('PUT', `/api/gateway/services/${serviceId}/instances/${id}`, { body }),
  removeInstance: (serviceId: number, id: number) => call<number>('DELETE', `/api/gateway/services/${serviceId}/instances/${id}`),
  setOnline: (serviceId: number, id: number, online: boolean) =>
    call<InstanceRow>('POST', `/api/gateway/services/${serviceId}/instances/${id}/${online ? 'online' : 'offline'}`, { body: {} }),

  list: (kind: SimpleKind, q: ListQuery) => call<Page<Row>>('GET', SIMPLE_BASES[kind], { params: clean(q) }),
  create: (kind: SimpleKind, body: unknown) => call<Row>('POST', SIMPLE_BASES[kind], { body }),
  update: (kind: SimpleKind, id: number, body: unknown) => call<Row>('PUT', `${SIMPLE_BASES[kind]}/${id}`, { body }),
  remove: (kind: SimpleKind, ids: number[]) => call<number>('POST', `${SIMPLE_BASES[kind]}/delete`, { body: { ids } }),
  setEnabled: (kind: SimpleKind, id: number, enabled: boolean) => call<Row>('POST', `${SIMPLE_BASES[kind]}/${id}/${enabled ? 'enable' : 'disable'}`, { body: {} }),

  alarmEvents: (q: ListQuery) => call<Page<AlarmEventRow>>('GET', '/api/gateway/alarm-events', { params: clean(q) }),

  serviceSubscribers: (serviceId: number) => call<SubscriberRow[]>('GET', `/api/gateway/services/${serviceId}/subscribers`),
  configSubscribers: (configId: number) => call<SubscriberRow[]>('GET', `/api/gateway/configs/${configId}/subscribers`),

  metrics: (seconds: number) => call<{ now: number; resources: MetricRow[] }>('GET', '/api/gateway/metrics', { params: { seconds } }),
};

export function usePaged<T>(key: QueryKey, fn: (q: ListQuery) => Promise<Page<T>>, q: ListQuery) {
  return useQuery({ queryKey: [...key, q], queryFn: () => fn(q), placeholderData: keepPreviousData });
}

/** A mutation that refreshes the lists it changed. */
export function useGwMutation<A, R>(fn: (a: A) => Promise<R>, invalidate: QueryKey[], onSuccess?: (r: R) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r) => { for (const k of invalidate) void qc.invalidateQueries({ queryKey: k }); onSuccess?.(r); },
  });
}
