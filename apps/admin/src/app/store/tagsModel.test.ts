import { describe, expect, it } from 'vitest';
import { tagsModel, type TagsState, type TagView } from './tagsModel';

const v = (path: string, affix = false): TagView => ({ path, fullPath: path, code: path, title: path, affix });
const empty: TagsState = { visited: [], cached: [] };
const openAll = (...views: TagView[]) => views.reduce(tagsModel.add, empty);

describe('tags view (SPEC §4)', () => {
  it('keeps visited views unique by path and remembers the latest query', () => {
    let s = openAll(v('/a'), v('/b'));
    s = tagsModel.add(s, { ...v('/a'), fullPath: '/a?page=3' });
    expect(s.visited.map((x) => x.fullPath)).toEqual(['/a?page=3', '/b']);
    expect(s.cached).toEqual(['/a', '/b']);
  });

  it('close, close others and close all keep affixed views', () => {
    const s = openAll(v('/dash', true), v('/a'), v('/b'), v('/c'));
    expect(tagsModel.close(s, '/b').visited.map((x) => x.path)).toEqual(['/dash', '/a', '/c']);
    expect(tagsModel.close(s, '/dash').visited).toHaveLength(4);
    expect(tagsModel.closeOthers(s, '/b').visited.map((x) => x.path)).toEqual(['/dash', '/b']);
    const all = tagsModel.closeAll(s);
    expect(all.visited.map((x) => x.path)).toEqual(['/dash']);
    expect(all.cached).toEqual(['/dash']);
  });

  it('after closing the active view, goes to the one before it', () => {
    const s = openAll(v('/a'), v('/b'), v('/c'));
    const after = tagsModel.close(s, '/b');
    expect(tagsModel.nextAfterClose(s, after, '/b')).toBe('/a');
    expect(tagsModel.nextAfterClose(s, tagsModel.close(s, '/a'), '/a')).toBe('/b');
  });
});
