import { afterEach, describe, expect, it } from 'vitest';
import { boundedCel, celExpressionSchema, celLimitProblem, CelLimitError, configureCelLimits, DEFAULT_CEL_LIMITS } from './celBudget';
import { evalFormCel, celProblem } from './forms/cel';
import { formatIssue } from './formatIssue';
import { configureDocumentLimits, documentProblem } from './jsonLimits';

/** seven nested .all() over a list: 10⁷ iterations of the innermost predicate for a 10-element list */
export const SEVEN_NESTED = 'l.all(a, l.all(b, l.all(c, l.all(d, l.all(e, l.all(f, l.all(g, a + b + c + d + e + f + g >= 0)))))))';
const THREE_NESTED = 'l.all(a, l.all(b, l.all(c, a + b + c >= 0)))';
const ints = (n: number) => Array.from({ length: n }, (_, i) => BigInt(i));
const errorOf = (run: () => unknown): unknown => { try { run(); } catch (e) { return e; } return null; };

afterEach(() => { configureCelLimits(); configureDocumentLimits(); });

describe('static limits (checked at parse, so when an expression is saved)', () => {
  it('refuses more nested macros than allowed, whatever the lists', () => {
    const p = celLimitProblem(SEVEN_NESTED);
    expect(p).toBeInstanceOf(CelLimitError);
    expect(p).toMatchObject({ key: 'cel.macroNesting', params: { n: 3 } });
    expect(celLimitProblem(THREE_NESTED)).toBeNull();
    // sequential macros do not multiply: not nested
    expect(celLimitProblem('l.all(a, a > 0) && l.exists(b, b > 1) && l.map(c, c).filter(d, d > 2).size() > 0 && l.all(e, e < 9)')).toBeNull();
    // a macro in the range of another runs once: not nested either
    expect(celLimitProblem('l.map(a, a * 2).all(b, l.exists(c, c == b))')).toBeNull();
  });

  it('refuses long and deep expressions and matches()', () => {
    expect(celLimitProblem('1 + '.repeat(1100) + '1')).toMatchObject({ key: 'cel.tooLong', params: { n: 4000 } });
    expect(celLimitProblem(`${'['.repeat(40)}1${']'.repeat(40)}`)).toMatchObject({ key: 'cel.tooDeep', params: { n: 32 } });
    expect(celLimitProblem('s.matches("(a+)+$")')).toMatchObject({ key: 'cel.regex' });
    // a long chain of && (or ||) is one level, not forty
    expect(celLimitProblem(Array.from({ length: 40 }, (_, i) => `v${i} > 0`).join(' && '))).toBeNull();
  });

  it('as a zod field: the rule in the caller\'s language', () => {
    const r = celExpressionSchema().safeParse(SEVEN_NESTED);
    expect(r.success).toBe(false);
    const issue = r.error!.issues[0];
    expect(formatIssue(issue as never, 'en')).toBe('nests more than 3 macros (all, exists, exists_one, map, filter) inside each other');
    expect(formatIssue(issue as never, 'zh')).toBe('嵌套的宏（all、exists、exists_one、map、filter）超过 3 层');
  });

  it('limits are settings', () => {
    configureCelLimits({ maxMacroNesting: 7 });
    expect(celLimitProblem(SEVEN_NESTED)).toBeNull();
    configureCelLimits();
    expect(celLimitProblem(SEVEN_NESTED)).not.toBeNull();
  });
});

describe('the run-time budget', () => {
  const cel = boundedCel({ unlistedVariablesAreDyn: true, homogeneousAggregateLiterals: false });

  it('stops an expression that passes the static checks but costs too much', () => {
    configureCelLimits({ maxMillis: 60_000 });
    const e = errorOf(() => cel.parse(THREE_NESTED).evaluate({ l: ints(100) }));
    expect(e).toBeInstanceOf(CelLimitError);
    expect(e).toMatchObject({ key: 'cel.budget', params: { steps: DEFAULT_CEL_LIMITS.maxSteps } });
    // the same expression over small lists is fine
    expect(cel.parse(THREE_NESTED).evaluate({ l: ints(5) })).toBe(true);
  });

  it('is enforced inside the evaluator: even seven nested macros stop (static limit lifted)', () => {
    configureCelLimits({ maxMacroNesting: 10 });
    expect(errorOf(() => cel.parse(SEVEN_NESTED).evaluate({ l: ints(10) }))).toMatchObject({ key: 'cel.budget' });
  });

  it('the wall-time bound stops it too, whatever the step budget', () => {
    configureCelLimits({ maxMacroNesting: 10, maxSteps: 1e12, maxMillis: 5 });
    expect(errorOf(() => cel.parse(SEVEN_NESTED).evaluate({ l: ints(10) }))).toMatchObject({ key: 'cel.budget', params: { ms: 5 } });
  });

  it('macros that absorb errors (exists) do not swallow the budget', () => {
    expect(errorOf(() => cel.parse('l.exists(a, l.exists(b, l.exists(c, a + b + c < 0)))').evaluate({ l: ints(100) }))).toMatchObject({ key: 'cel.budget' });
  });

  it('bounds the size of the values built (shared structures count every time)', () => {
    const level = (n: string, of: string) => `cel.bind(${n}, [${Array(10).fill(of).join(', ')}], `;
    const expr = `${level('a', 'l')}${level('b', 'a')}${level('c', 'b')}${level('d', 'c')}${level('e', 'd')}size(e) > 0)))))`;
    expect(errorOf(() => cel.parse(expr).evaluate({ l: ints(100) }))).toMatchObject({ key: 'cel.budget' });
    expect(errorOf(() => cel.parse('size(s + s + s) > 0').evaluate({ s: 'x'.repeat(400_000) }))).toMatchObject({ key: 'cel.budget' });
  });

  it('ordinary expressions are untouched', () => {
    // the step budget alone (the wall-time bound would depend on the machine's load)
    configureCelLimits({ maxMillis: 60_000 });
    expect(cel.parse('amount > 5000 && dept == "x"').evaluate({ amount: 6000n, dept: 'x' })).toBe(true);
    expect(cel.parse('l.map(x, x * 2).filter(y, y > 2)').evaluate({ l: ints(4) })).toEqual([4n, 6n]);
    expect(cel.parse('l.all(a, l.exists(b, b == a))').evaluate({ l: ints(100) })).toBe(true);
  });

  it('forms use the wrapper: limits at parse, budget at run', () => {
    expect(celProblem(SEVEN_NESTED.replace(/\bl\b/g, 'data.l'))).toMatch(/more than 3 macros/);
    const data = { l: Array.from({ length: 100 }, (_, i) => i) };
    expect(() => evalFormCel('data.l.all(a, data.l.all(b, data.l.all(c, a + b + c >= 0.0)))', data)).toThrow(/budget/);
  });
});

describe('document limits (process variables, form data)', () => {
  it('depth and size, without recursion', () => {
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 5000; i++) { const next = {}; deep.a = next; deep = next; }
    expect(documentProblem({ deep: root })).toMatchObject({ rule: 'tooDeep', n: 32 });
    expect(documentProblem({ deep: root })!.path[0]).toBe('deep');
    expect(documentProblem({ big: 'x'.repeat(300 * 1024) })).toMatchObject({ rule: 'tooLarge', n: 256 });
    expect(documentProblem({ ok: { a: [1, 2, { b: 'c' }] } })).toBeNull();
    configureDocumentLimits({ maxBytes: 512 * 1024 });
    expect(documentProblem({ big: 'x'.repeat(300 * 1024) })).toBeNull();
  });
});
