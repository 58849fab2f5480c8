import { useQuery } from '@tanstack/react-query';
import type { TodoCount } from '@bencao/contracts';
import { http } from './request';

/**
 * The user's open task count (issue 11): the sidebar's badge on the Todo entry, the browser tab's title
 * and the Todo page's bucket counts share this one query. It polls every 30 s while the tab is visible
 * (TanStack pauses intervals in a hidden tab) and again when the window gets the focus back.
 */
export const TODO_COUNT_KEY = ['workflow', 'tasks', 'todo-count'] as const;
export const TODO_COUNT_POLL_MS = 30_000;
/** the menu path of the Todo page, where the badge goes */
export const TODO_PAGE_PATH = 'bpm/task/todo';

/** A background poll fails silently (no toast every 30 s when the network drops); the next one tries again. */
async function fetchTodoCount(): Promise<TodoCount> {
  const res = await http.get<{ code: number; data: TodoCount }>('/api/workflow/tasks/todo/count');
  if (Number(res.data?.code) !== 200) throw new Error(`todo count: ${res.data?.code}`);
  return res.data.data;
}

export function useTodoCount(enabled: boolean) {
  return useQuery({
    queryKey: TODO_COUNT_KEY,
    queryFn: fetchTodoCount,
    enabled,
    refetchInterval: TODO_COUNT_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    staleTime: 5_000,
    retry: false,
  });
}

/** A badge's text: nothing for 0, the number up to 99, then "99+". */
export function badgeText(count: number | null | undefined): string {
  if (!count || count < 0) return '';
  return count > 99 ? '99+' : String(Math.floor(count));
}

/** The browser tab's title with the open task count first: `(3) 待办任务 · Bencao`. */
export function titleWithCount(title: string, count: number | null | undefined): string {
  const text = badgeText(count);
  return text ? `(${text}) ${title}` : title;
}
