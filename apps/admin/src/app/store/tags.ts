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
