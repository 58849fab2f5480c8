import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { activeFilterCount, bucketCounts, todoParams } from './todoQuery';

const list = { page: 2, limit: 20 };

describe('the Todo filters as the query of GET /api/workflow/tasks/todo', () => {
  it('sends only the filters that are set', () => {
    expect(todoParams({}, 0, list)).toEqual({ page: 2, limit: 20 });
    const p = todoParams({ importance: 1, status: 2, definitionKey: ' purchase ', starter: '', keyword: '  ', overdue: false }, 0, list);
    expect(Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined))).toEqual({ page: 2, limit: 20, importance: 1, status: 2, definitionKey: 'purchase' });
  });

  it('sends the activity bucket, none for "all"', () => {
    expect(todoParams({}, 3, list).activity).toBe(3);
    expect(todoParams({}, 0, list).activity).toBeUndefined();
  });

  it('sends overdue as the text the server reads', () => {
    expect(todoParams({ overdue: true }, 0, list).overdue).toBe('true');
  });

  it('turns the arrival dates into whole days in the user\'s time zone', () => {
    const p = todoParams({ arrived: [dayjs(new Date(2026, 2, 1, 15, 30)), dayjs(new Date(2026, 2, 3, 8))] }, 0, list);
    const from = new Date(p.arrivedFrom as string);
    const to = new Date(p.arrivedTo as string);
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours(), from.getMinutes()]).toEqual([2026, 2, 1, 0, 0]);
    expect([to.getFullYear(), to.getMonth(), to.getDate(), to.getHours(), to.getMinutes()]).toEqual([2026, 2, 3, 23, 59]);
    const open = todoParams({ arrived: [null, dayjs(new Date(2026, 2, 3))] }, 0, list);
    expect(open.arrivedFrom).toBeUndefined();
    expect(open.arrivedTo).toBeDefined();
  });

  it('sorts only by the columns the server knows, with the order only when sorted', () => {
    expect(todoParams({}, 0, { ...list, sort: 'dueAt', order: 'asc' })).toMatchObject({ sort: 'dueAt', order: 'asc' });
    const bad = todoParams({}, 0, { ...list, sort: 'name', order: 'desc' });
    expect(bad.sort).toBeUndefined();
    expect(bad.order).toBeUndefined();
  });

  it('counts the filters that are set', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ importance: 2, keyword: ' x ', starter: ' ', overdue: true, arrived: [null, null] })).toBe(3);
  });

  it('lists the buckets with their counts, "all" first, unknown until the count arrives', () => {
    expect(bucketCounts({ total: 7, overdue: 1, byActivity: { 1: 4, 2: 2, 3: 1, 4: 0 } })).toEqual([
      { bucket: 0, count: 7 }, { bucket: 1, count: 4 }, { bucket: 2, count: 2 }, { bucket: 3, count: 1 }, { bucket: 4, count: 0 },
    ]);
    expect(bucketCounts(undefined).map((b) => b.count)).toEqual([null, null, null, null, null]);
  });
});
