import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  InstanceAction, Page, PublishProblem, WorkflowDefinition, WorkflowDefinitionDetail, WorkflowInstance, WorkflowInstanceDetail,
  WorkflowVersion, WorkflowVersionDetail,
} from '@bencao/contracts';
import { call, download, request, RequestError } from '@/lib/request';

/**
 * The console's calls to the workflow engine's API (`/api/workflow/…`, the engine owner's routes):
 * definitions, versions, instances, activity instances (executions) and jobs.
 */
export interface EngineQuery { page: number; limit: number; sort?: string; order?: 'asc' | 'desc'; [k: string]: string | number | undefined }
const clean = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== null));

const BASE = '/api/workflow';

/** A body with structured values (variables keep their types) goes as JSON through the same client. */
const json = <T>(method: 'POST' | 'PUT', url: string, body: unknown) =>
  request<T>({ method, url, data: JSON.stringify(body ?? {}), headers: { 'Content-Type': 'application/json' } });

export interface DefinitionInput { key?: string; name?: string; category?: string | null; description?: string | null; xml?: string | null }

export const engineApi = {
  definitions: (q: EngineQuery) => call<Page<WorkflowDefinition>>('GET', `${BASE}/definitions`, { params: clean(q) }),
  definition: (id: number) => call<WorkflowDefinitionDetail>('GET', `${BASE}/definitions/${id}`),
  createDefinition: (body: DefinitionInput) => json<WorkflowDefinitionDetail>('POST', `${BASE}/definitions`, body),
  copyDefinition: (id: number, body: { key: string; name: string; category: string | null }) => json<WorkflowDefinitionDetail>('POST', `${BASE}/definitions/${id}/copy`, body),
  updateDefinition: (id: number, body: DefinitionInput) => json<WorkflowDefinitionDetail>('PUT', `${BASE}/definitions/${id}`, body),
  deleteDefinition: (id: number) => call<unknown>('DELETE', `${BASE}/definitions/${id}`),
  publish: (id: number) => json<WorkflowVersion>('POST', `${BASE}/definitions/${id}/publish`, {}),
  suspend: (id: number) => json<WorkflowDefinition>('POST', `${BASE}/definitions/${id}/suspend`, {}),
  resume: (id: number) => json<WorkflowDefinition>('POST', `${BASE}/definitions/${id}/resume`, {}),
  versions: (id: number) => call<WorkflowVersion[] | Page<WorkflowVersion>>('GET', `${BASE}/definitions/${id}/versions`).then(listOf),
  version: (versionId: number) => call<WorkflowVersionDetail>('GET', `${BASE}/versions/${versionId}`),
  republish: (versionId: number) => json<WorkflowVersion>('POST', `${BASE}/versions/${versionId}/republish`, {}),
  exportDefinition: (id: number, key: string) => download(`${BASE}/definitions/${id}/export`, {}, `${key}.bpmn`),
  importDefinition: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return call<WorkflowDefinitionDetail>('POST', `${BASE}/definitions/import`, { form });
  },
  start: (id: number, body: { businessKey: string | null; variables: Record<string, unknown> }) =>
    json<WorkflowInstance>('POST', `${BASE}/definitions/${id}/start`, body),

  instances: (q: EngineQuery) => call<Page<WorkflowInstance>>('GET', `${BASE}/instances`, { params: clean(q) }),
  instance: (id: number) => call<WorkflowInstanceDetail>('GET', `${BASE}/instances/${id}`),
  instanceAction: (id: number, action: InstanceAction) => (action === 'delete'
    ? call<unknown>('DELETE', `${BASE}/instances/${id}`)
    : json<unknown>('POST', `${BASE}/instances/${id}/${action}`, {})),
  executionAction: (id: number, action: Exclude<InstanceAction, 'delete'>) => json<unknown>('POST', `${BASE}/executions/${id}/${action}`, {}),
  retryJob: (id: number) => json<unknown>('POST', `${BASE}/jobs/${id}/retry`, {}),
};

/** Lists answered either bare or paged. */
function listOf<T>(v: T[] | Page<T>): T[] {
  return Array.isArray(v) ? v : v.records;
}

/** The problems a refused publish (HTTP 400) carries in `data.problems`; empty for any other failure. */
export function publishProblems(e: unknown): PublishProblem[] {
  if (!(e instanceof RequestError) || e.status !== 400) return [];
  const data = e.data as { problems?: unknown } | undefined;
  if (!data || !Array.isArray(data.problems)) return [];
  return data.problems
    .filter((p): p is PublishProblem => !!p && typeof p === 'object' && typeof (p as PublishProblem).message === 'string')
    .map((p) => ({ elementId: p.elementId ?? null, message: p.message }));
}

export const engineKeys = {
  definitions: ['workflow', 'engine', 'definitions'] as QueryKey,
  definition: (id: number) => ['workflow', 'engine', 'definition', id] as QueryKey,
  versions: (id: number) => ['workflow', 'engine', 'versions', id] as QueryKey,
  version: (id: number) => ['workflow', 'engine', 'version', id] as QueryKey,
  instances: ['workflow', 'engine', 'instances'] as QueryKey,
  instance: (id: number) => ['workflow', 'engine', 'instance', id] as QueryKey,
};

export function useEnginePaged<T>(key: QueryKey, fn: (q: EngineQuery) => Promise<Page<T>>, q: EngineQuery) {
  return useQuery({ queryKey: [...key, q], queryFn: () => fn(q), placeholderData: keepPreviousData });
}

/** A mutation that refreshes what it changed. */
export function useEngineMutation<A, R>(fn: (a: A) => Promise<R>, invalidate: QueryKey[], onSuccess?: (r: R, a: A) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r, a) => { for (const k of invalidate) void qc.invalidateQueries({ queryKey: k }); onSuccess?.(r, a); },
  });
}
