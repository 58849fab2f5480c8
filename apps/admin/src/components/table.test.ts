import { describe, expect, it } from 'vitest';
import { onTableChange } from './table';

interface Q { page: number; limit: number; sort?: string; order?: string; keyword?: string }

/** Applies the handler's updates the way React would, in order, to a starting query. */
function run(start: Q, ...calls: [{ current?: number; pageSize?: number }, { order?: 'ascend' | 'descend' | null; field?: unknown }][]) {
  let state = start;
  const setQ = (u: Q | ((prev: Q) => Q)) => { state = typeof u === 'function' ? u(state) : u; };
  for (const [p, s] of calls) onTableChange<Q>(setQ)(p, {}, s);
  return state;
}

describe('a server-paged table', () => {
  it('takes the page and keeps the filters', () => {
    expect(run({ page: 1, limit: 10, keyword: 'x' }, [{ current: 3, pageSize: 10 }, {}])).toEqual({ page: 3, limit: 10, keyword: 'x', sort: undefined, order: undefined });
  });

  it('goes back to page 1 when the page size changes', () => {
    expect(run({ page: 4, limit: 10 }, [{ current: 4, pageSize: 50 }, {}])).toMatchObject({ page: 1, limit: 50 });
  });

  it('sorts by the clicked column, and clears the sort when it is switched off', () => {
    const sorted = run({ page: 2, limit: 10 }, [{ current: 2, pageSize: 10 }, { field: 'createdAt', order: 'descend' }]);
    expect(sorted).toMatchObject({ page: 2, sort: 'createdAt', order: 'desc' });
    expect(run(sorted, [{ current: 2, pageSize: 10 }, { field: 'createdAt', order: null }])).toMatchObject({ sort: undefined, order: undefined });
  });

  it('builds on the latest query, so an update made just before (by the pager) is not lost', () => {
    let state: Q = { page: 1, limit: 10 };
    const setQ = (u: Q | ((prev: Q) => Q)) => { state = typeof u === 'function' ? u(state) : u; };
    state = { ...state, keyword: 'typed' }; // another update lands first
    onTableChange<Q>(setQ)({ current: 2, pageSize: 10 }, {}, { field: 'name', order: 'ascend' });
    expect(state).toEqual({ page: 2, limit: 10, keyword: 'typed', sort: 'name', order: 'asc' });
  });
});
