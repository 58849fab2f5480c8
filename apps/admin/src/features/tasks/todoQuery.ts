import type { Dayjs } from 'dayjs';
import { TODO_SORTS, type TaskActivity, type TaskImportance, type TaskProgress, type TodoCount } from '@bencao/contracts';
import type { Params } from './api';

/** The Todo page's filter form (SPEC §3 importance / status / activity, plus the issue's own filters). */
export interface TodoFilters {
  importance?: TaskImportance | null;
  status?: TaskProgress | null;
  definitionKey?: string | null;
  starter?: string | null;
  arrived?: readonly [Dayjs | null, Dayjs | null] | null;
  overdue?: boolean;
  keyword?: string | null;
}

export interface TodoListState { page: number; limit: number; sort?: string; order?: 'asc' | 'desc' }

const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : undefined);

/**
 * The query of `GET /api/workflow/tasks/todo`: the form's filters, the activity bucket (0 = all), page and
 * sort. Dates are whole days in the user's time zone: from the first day's start to the last day's end.
 * A sort the server does not know is left out rather than refused.
 */
export function todoParams(filters: TodoFilters, bucket: TaskActivity | 0, list: TodoListState): Params {
  const [from, to] = filters.arrived ?? [null, null];
  const sort = list.sort && (TODO_SORTS as readonly string[]).includes(list.sort) ? list.sort : undefined;
  return {
    page: list.page,
    limit: list.limit,
    sort,
    order: sort ? list.order : undefined,
    importance: filters.importance ?? undefined,
    status: filters.status ?? undefined,
    activity: bucket || undefined,
    definitionKey: text(filters.definitionKey),
    starter: text(filters.starter),
    arrivedFrom: from ? from.startOf('day').toISOString() : undefined,
    arrivedTo: to ? to.endOf('day').toISOString() : undefined,
    overdue: filters.overdue ? 'true' : undefined,
    keyword: text(filters.keyword),
  };
}

/** How many filters of the form are set (shown on the "more filters" toggle). */
export function activeFilterCount(filters: TodoFilters): number {
  const [from, to] = filters.arrived ?? [null, null];
  return [filters.importance, filters.status, text(filters.definitionKey), text(filters.starter), from || to, filters.overdue, text(filters.keyword)]
    .filter((v) => v !== undefined && v !== null && v !== false && v !== '').length;
}

/** The activity buckets with their counts, "all" first. */
export function bucketCounts(count: TodoCount | undefined): { bucket: TaskActivity | 0; count: number | null }[] {
  return [
    { bucket: 0, count: count?.total ?? null },
    ...([1, 2, 3, 4] as const).map((b) => ({ bucket: b, count: count?.byActivity?.[b] ?? null })),
  ];
}
