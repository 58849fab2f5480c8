import { create } from 'zustand';
import { tagsModel, type TagView, type TagsState } from './tagsModel';

interface TagsStore extends TagsState {
  /** bumping a view's key remounts it: that is "refresh" */
  refreshKeys: Record<string, number>;
  add(view: TagView): void;
  close(path: string): TagsState;
  closeOthers(path: string): void;
  closeAll(): void;
  refresh(path: string): void;
  reset(): void;
}

export const useTags = create<TagsStore>()((set, get) => ({
  visited: [],
  cached: [],
  refreshKeys: {},
  add: (view) => set((s) => tagsModel.add(s, view)),
  close(path) {
    const before = get();
    set(tagsModel.close(before, path));
    return before;
  },
  closeOthers: (path) => set((s) => tagsModel.closeOthers(s, path)),
  closeAll: () => set((s) => tagsModel.closeAll(s)),
  refresh: (path) => set((s) => ({ refreshKeys: { ...s.refreshKeys, [path]: (s.refreshKeys[path] ?? 0) + 1 } })),
  reset: () => set({ visited: [], cached: [], refreshKeys: {} }),
}));

const tagsKey = (account: string | number) => `bencao-tags:${account}`;

/**
 * Keeps the account's open tags in this browser tab's session storage, so a reload brings them back
 * (only those whose route the account still has). Returns the function that stops keeping them.
 */
export function keepTags(account: string | number, stillThere: (path: string) => boolean): () => void {
  try {
    const saved = JSON.parse(sessionStorage.getItem(tagsKey(account)) ?? '[]') as TagView[];
    for (const view of saved) if (view && typeof view.path === 'string' && stillThere(view.path)) useTags.getState().add(view);
  } catch { /* nothing usable was saved */ }
  return useTags.subscribe((s, before) => {
    if (s.visited !== before.visited) sessionStorage.setItem(tagsKey(account), JSON.stringify(s.visited));
  });
}
