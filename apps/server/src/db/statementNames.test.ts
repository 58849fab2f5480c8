import { describe, expect, it } from 'vitest';
import { statementNames } from './statementNames';

describe('statementNames', () => {
  it('names a text the second time it is seen, with the same name every time and in every process', () => {
    const a = statementNames();
    const text = 'select * from wf_tasks where id = $1';
    expect(a(text)).toBeUndefined();
    const name = a(text);
    expect(name).toMatch(/^s_[\w-]{22}$/);
    expect(a(text)).toBe(name);
    const b = statementNames();
    b(text);
    expect(b(text)).toBe(name);
    expect(a('select * from wf_tasks where id = $2')).toBeUndefined();
  });

  it('never names a keyword search, so that PostgreSQL plans it with the keyword each time (no generic plan)', () => {
    const names = statementNames();
    const text = 'select * from client_errors where message ilike $1 order by created_at desc limit $2';
    expect([names(text), names(text), names(text)]).toEqual([undefined, undefined, undefined]);
    const other = 'select * from client_errors where id = $1';
    names(other);
    expect(names(other)).toMatch(/^s_/);
  });

  it('names at most `max` texts, so that varying statements cannot grow the plan cache without end', () => {
    const names = statementNames(3);
    const named = Array.from({ length: 10 }, (_, i) => `select ${i} from t where id = $1`).map((t) => { names(t); return names(t); });
    expect(named.filter(Boolean)).toHaveLength(3);
    expect(names('select 0 from t where id = $1')).toBe(named[0]);
  });
});
