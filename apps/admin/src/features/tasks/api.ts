import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  BatchApproveResult, CcRecord, DoneTask, EndedInstance, InstanceTaskAction, Page, StartableDefinition, StartedInstance,
  TaskActivity, TaskAttachment, TaskDetail, TaskDraft, TaskForm, TaskImportance, TaskPostAction, TaskUserOption, TodoTask,
} from '@bencao/contracts';
import type { SignatureInput } from '@bencao/contracts';
import { call, request } from '@/lib/request';
import { TODO_COUNT_KEY } from '@/lib/todoCount';

/** The tasks and approvals API (`/api/workflow/tasks/…`, issue 11) as the console calls it. */
const BASE = '/api/workflow/tasks';

/** Bodies with typed variables go as JSON (a form body would turn every value into text). */
const json = <T>(method: 'POST' | 'PUT', url: string, body: unknown) =>
  request<T>({ method, url, data: JSON.stringify(body ?? {}), headers: { 'Content-Type': 'application/json' } });

export type Params = Record<string, string | number | boolean | undefined>;
const clean = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== null));

export interface DraftBody {
  businessKey: string | null;
  variables: Record<string, unknown>;
  comment: string | null;
  /** the start form's values (a process whose start event binds a cloud form) */
  form?: Record<string, unknown>;
}
/** what each action posts (see `taskDecisionSchema`, `taskReturnSchema`, … in contracts) */
export interface ActionBody {
  comment?: string | null;
  variables?: Record<string, unknown>;
  /** the values of the node's cloud form (approve) */
  form?: Record<string, unknown>;
  target?: string;
  userId?: number;
  userIds?: number[];
  position?: 'before' | 'after';
  /** approve at a signing node: the re-authenticated electronic signature */
  signature?: SignatureInput;
}

export const tasksApi = {
  startable: (keyword?: string) => call<StartableDefinition[]>('GET', `${BASE}/startable`, { params: clean({ keyword }) }),
  favourite: (definitionId: number, on: boolean) => call<unknown>(on ? 'PUT' : 'DELETE', `${BASE}/favourites/${definitionId}`),
  start: (definitionId: number, body: DraftBody) => json<{ id: number }>('POST', `/api/workflow/definitions/${definitionId}/start`, body),

  drafts: () => call<TaskDraft[]>('GET', `${BASE}/drafts`),
  createDraft: (definitionId: number, body: DraftBody) => json<{ instanceId: number }>('POST', `${BASE}/drafts`, { definitionId, ...body }),
  updateDraft: (instanceId: number, body: DraftBody) => json<unknown>('PUT', `${BASE}/drafts/${instanceId}`, body),
  /** without `form`, the server uses the values the draft kept */
  submitDraft: (instanceId: number, form?: Record<string, unknown>) => json<unknown>('POST', `${BASE}/drafts/${instanceId}/submit`, form ? { form } : {}),
  /** the start event's cloud form (null: none), with a draft's values when `draft` is given */
  startForm: (definitionId: number, draft?: number) =>
    call<TaskForm | null>('GET', `${BASE}/start-form/${definitionId}`, { params: clean({ draft }) }),
  deleteDraft: (instanceId: number) => call<unknown>('DELETE', `${BASE}/drafts/${instanceId}`),

  todo: (q: Params) => call<Page<TodoTask>>('GET', `${BASE}/todo`, { params: clean(q) }),
  setActivity: (id: number, activity: TaskActivity) => json<unknown>('PUT', `${BASE}/${id}/activity`, { activity }),
  setImportance: (id: number, importance: TaskImportance) => json<unknown>('PUT', `${BASE}/${id}/importance`, { importance }),
  batchApprove: (ids: number[], comment: string | null) => json<BatchApproveResult>('POST', `${BASE}/batch/approve`, { ids, comment }),

  done: (q: Params) => call<Page<DoneTask>>('GET', `${BASE}/done`, { params: clean(q) }),
  ended: (q: Params) => call<Page<EndedInstance>>('GET', `${BASE}/ended`, { params: clean(q) }),
  started: (q: Params) => call<Page<StartedInstance>>('GET', `${BASE}/started`, { params: clean(q) }),
  cc: (q: Params) => call<Page<CcRecord>>('GET', `${BASE}/cc`, { params: clean(q) }),

  task: (id: number) => call<TaskDetail>('GET', `${BASE}/${id}`),
  instanceView: (id: number) => call<TaskDetail>('GET', `/api/workflow/instances/${id}/view`),
  act: (id: number, action: TaskPostAction, body: ActionBody) => json<unknown>('POST', `${BASE}/${id}/${action}`, body),
  instanceAct: (instanceId: number, action: InstanceTaskAction, comment: string | null) =>
    json<unknown>('POST', `${BASE}/instances/${instanceId}/${action}`, { comment }),
  button: (id: number, buttonId: number, body: ActionBody) => json<unknown>('POST', `${BASE}/${id}/buttons/${buttonId}`, body),

  upload: (taskId: number, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return call<TaskAttachment>('POST', `${BASE}/${taskId}/attachments`, { form });
  },
  deleteAttachment: (id: number) => call<unknown>('DELETE', `/api/workflow/attachments/${id}`),

  users: (keyword?: string) => call<TaskUserOption[]>('GET', `${BASE}/users`, { params: clean({ keyword }) }),
};

export const tasksKeys = {
  all: ['workflow', 'tasks'] as QueryKey,
  startable: (keyword: string) => ['workflow', 'tasks', 'startable', keyword] as QueryKey,
  drafts: ['workflow', 'tasks', 'drafts'] as QueryKey,
  startForm: (definitionId: number, draft?: number) => ['workflow', 'tasks', 'startForm', definitionId, draft ?? null] as QueryKey,
  todo: ['workflow', 'tasks', 'todo'] as QueryKey,
  done: ['workflow', 'tasks', 'done'] as QueryKey,
  ended: ['workflow', 'tasks', 'ended'] as QueryKey,
  started: ['workflow', 'tasks', 'started'] as QueryKey,
  cc: ['workflow', 'tasks', 'cc'] as QueryKey,
  task: (id: number) => ['workflow', 'tasks', 'task', id] as QueryKey,
  instance: (id: number) => ['workflow', 'tasks', 'instance', id] as QueryKey,
  count: TODO_COUNT_KEY as unknown as QueryKey,
};

export function usePaged<T>(key: QueryKey, fn: (q: Params) => Promise<Page<T>>, q: Params) {
  return useQuery({ queryKey: [...key, q], queryFn: () => fn(q), placeholderData: keepPreviousData });
}

/**
 * A mutation after which every task list, detail and the todo count are read again: one approval moves a
 * task out of Todo, into Done, maybe an instance into Ended, and changes the badge.
 */
export function useTaskMutation<A, R>(fn: (a: A) => Promise<R>, onSuccess?: (r: R, a: A) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r, a) => {
      void qc.invalidateQueries({ queryKey: tasksKeys.all });
      onSuccess?.(r, a);
    },
  });
}
