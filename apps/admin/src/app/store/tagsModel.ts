/** A visited view of the tags view (SPEC §4), unique by path. */
export interface TagView {
  path: string;
  /** path with the query, to come back to the same state */
  fullPath: string;
  code: string;
  title: string;
  affix?: boolean;
}

export interface TagsState { visited: TagView[]; cached: string[] }

/** Pure transitions of the tags view; the store and the tests use the same functions. */
export const tagsModel = {
  add(s: TagsState, view: TagView): TagsState {
    const i = s.visited.findIndex((v) => v.path === view.path);
    const visited = i < 0 ? [...s.visited, view] : s.visited.map((v, j) => (j === i ? { ...v, fullPath: view.fullPath, title: view.title } : v));
    const cached = s.cached.includes(view.path) ? s.cached : [...s.cached, view.path];
    return { visited, cached };
  },
  close(s: TagsState, path: string): TagsState {
    return { visited: s.visited.filter((v) => v.path !== path || v.affix), cached: s.cached.filter((p) => p !== path || s.visited.some((v) => v.path === p && v.affix)) };
  },
  closeOthers(s: TagsState, path: string): TagsState {
    const keep = (v: TagView) => v.affix || v.path === path;
    const visited = s.visited.filter(keep);
    return { visited, cached: s.cached.filter((p) => visited.some((v) => v.path === p)) };
  },
  closeAll(s: TagsState): TagsState {
    const visited = s.visited.filter((v) => v.affix);
    return { visited, cached: s.cached.filter((p) => visited.some((v) => v.path === p)) };
  },
  /** where to go after closing `path` while it was active: the view before it, else the last one */
  nextAfterClose(before: TagsState, after: TagsState, path: string): string | undefined {
    if (after.visited.length === 0) return undefined;
    const i = before.visited.findIndex((v) => v.path === path);
    const candidate = after.visited[Math.min(Math.max(i - 1, 0), after.visited.length - 1)];
    return candidate?.fullPath;
  },
};
