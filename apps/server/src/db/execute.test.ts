import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { wfHistory, wfJobs, wfTasks } from './schema/index';
import { toQuery } from './execute';

const dialect = new PgDialect();
const db = drizzle.mock();
const at = new Date('2026-03-04T05:06:07.000Z');

/** toQuery must build exactly what drizzle builds, or leave the statement to drizzle */
const same = (statement: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  expect(toQuery(statement)).toEqual({ sql: text, params });
};

describe('building a statement without drizzle’s chunk checks (db/execute.ts)', () => {
  it('a template with values of every kind: the same text and parameters as drizzle', () => {
    same(sql`select ${1}::int, ${'two'}, ${null}, ${true}, ${at}::timestamptz, ${JSON.stringify({ a: [1] })}::jsonb, ${{ plain: 'object' }}`);
    same(sql`select 1`);
    same(sql``);
  });

  it('nested templates, joins, lists, raw text, names, tables and columns', () => {
    const inner = sql`select id from ${wfTasks} where ${wfTasks.status} = ${'open'}`;
    same(sql`with a as (${inner}), b as (${sql.join([sql`${1}`, sql`${2}`, sql.raw('3')], sql`, `)}) select * from a where id in ${[4, 5, 6]} and ${sql.identifier('x y"z')} is not null ${undefined}`);
  });

  it('the query builders’ statements (encoded column values: json, timestamps), as the workflow engine writes them', () => {
    same(db.insert(wfJobs).values([
      { kind: 'timer', instanceId: 1, executionId: 2, elementId: 'w', definitionId: 3, dueAt: at, payload: { n: 1, s: 'x' }, createdAt: at },
      { kind: 'taskDue', instanceId: 1, status: 'pending', dueAt: at, payload: undefined, createdAt: at },
    ]).getSQL());
    same(db.update(wfTasks).set({ status: 'completed', completedAt: at, completedBy: 7, outcome: null }).where(and(eq(wfTasks.id, 9), inArray(wfTasks.status, ['open', 'suspended']))).getSQL());
    same(db.insert(wfHistory).values({ instanceId: 1, action: 'start', data: { k: ['v'] }, at }).returning().getSQL());
    same(db.delete(wfJobs).where(eq(wfJobs.instanceId, 4)).getSQL());
  });

  it('what it does not build (placeholders, inlined values, subqueries, aliases) is left to drizzle', () => {
    expect(toQuery(sql`select ${sql.placeholder('id')}`)).toBeNull();
    expect(toQuery(sql`select ${'x'}`.inlineParams())).toBeNull();
    expect(toQuery(sql`select * from ${db.select().from(wfTasks).as('t')}`)).toBeNull();
    expect(toQuery(sql`select ${sql`1`.as('one')}`)).toBeNull();
    expect(toQuery(sql`select * from ${db.select().from(wfTasks)}`)).toBeNull();
  });
});
