import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@bencao/contracts';
import { call } from '@/lib/request';

export type Query = Record<string, string | number | undefined> & { page: number; limit: number };
const clean = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== null));

export interface OnlineRow {
  id: string; accountId: number; userId: string; userName: string; ip: string | null; userAgent: string | null;
  loginAt: string; lastSeenAt: string; expiresAt: string; browser: string | null; os: string | null;
}
export interface OperationLogRow {
  id: number; userId: string | null; module: string; operation: string; target: string | null; method: string; path: string;
  ip: string | null; result: 'success' | 'failure'; status: number; durationMs: number; createdAt: string;
}
export interface OperationLogDetail extends OperationLogRow { params: unknown; userAgent: string | null; browser: string | null; os: string | null }
export interface LoginLogRow {
  id: number; userId: string; ip: string | null; userAgent: string | null; outcome: 'success' | 'failure'; reason: string; createdAt: string;
  browser: string | null; os: string | null;
}

export interface ClientErrorRow {
  id: number; message: string; stack: string | null; url: string; userAgent: string | null; accountId: number | null; createdAt: string;
}

export const auditApi = {
  clientErrors: (q: Query) => call<Page<ClientErrorRow>>('GET', '/api/audit/client-errors', { params: clean(q) }),
  online: (q: Query) => call<Page<OnlineRow>>('GET', '/api/audit/online', { params: clean(q) }),
  kick: (ids: string[]) => call<number>('POST', '/api/audit/online/kick', { body: { ids } }),
  operationLogs: (q: Query) => call<Page<OperationLogRow>>('GET', '/api/audit/operation-logs', { params: clean(q) }),
  operationLog: (id: number) => call<OperationLogDetail>('GET', `/api/audit/operation-logs/${id}`),
  modules: () => call<string[]>('GET', '/api/audit/operation-logs/modules'),
  loginLogs: (q: Query) => call<Page<LoginLogRow>>('GET', '/api/audit/login-logs', { params: clean(q) }),
};

export const usePagedAudit = <T,>(name: string, fetcher: (q: Query) => Promise<Page<T>>, q: Query, refetchInterval?: number) =>
  useQuery({ queryKey: ['audit', name, q], queryFn: () => fetcher(q), placeholderData: keepPreviousData, refetchInterval });

export function useKick(onDone: (n: number) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => auditApi.kick(ids),
    onSuccess: async (n) => { await qc.invalidateQueries({ queryKey: ['audit', 'online'] }); onDone(n); },
  });
}
