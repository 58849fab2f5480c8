import { Environment } from '@marcbachmann/cel-js';
import { z } from 'zod';

/**
 * The one way this code base parses and evaluates CEL (workflow conditions, participants' rules,
 * setVariables plugins, gateway alarms, forms' conditions and computed fields; server and console).
 *
 * @marcbachmann/cel-js (8.0.0) only offers parse-time structural limits (AST nodes, depth, literal sizes);
 * it has no run-time cost limit, and CEL's macros nest: seven nested `.all()` over 10-element lists are
 * 10⁷ iterations (20 s on the event loop). So every expression gets:
 *
 * 1. At parse (and therefore when it is saved): at most `maxLength` characters, an AST at most `maxDepth`
 *    levels deep (chains of the same `&&`/`||` count as one level), at most `maxMacroNesting` iterating
 *    macros (all, exists, exists_one, map, filter) inside each other's bodies (nested ones multiply their
 *    iterations), and no `matches()`: its regular expression runs as one uninterruptible step whose time
 *    nothing can bound (catastrophic backtracking).
 * 2. When it runs, a budget enforced from inside the evaluator: the library evaluates every sub-expression
 *    through its evaluator's `run(ast, ctx)` (every operand, argument and macro iteration), and we hook
 *    that method once (`installHook`) so that each call is one step. An evaluation fails when it takes more
 *    than `maxSteps` steps, when more than `maxMillis` ms have passed (checked every 64 steps), or when a
 *    value it produces weighs more than `maxValueSize` (elements + characters, counted deeply and
 *    incrementally, so values shared through `cel.bind` or `map` count every time they are held).
 *    Because no value can weigh more than `maxValueSize`, every single step (a comparison, a concatenation,
 *    `in`, `contains`) costs at most O(maxValueSize), and the time check bounds the whole evaluation to
 *    about `maxMillis` plus one such step: no expression holds the event loop for long, whatever its data.
 *    Once the budget is spent every further step throws at once, so macros that absorb errors (`all`,
 *    `exists`) unwind in a few steps per level; the result is discarded even when they absorbed it.
 *
 * The limits are module settings with the defaults below; the server sets them from its configuration
 * at start (`CEL_MAX_*`, see docs/SECURITY.md). Errors carry a catalogue key (`cel.*`) and its params.
 */

export interface CelLimits {
  /** characters of an expression */
  maxLength: number;
  /** levels of its syntax tree */
  maxDepth: number;
  /** iterating macros inside each other */
  maxMacroNesting: number;
  /** sub-expression evaluations (macro iterations included) per evaluation */
  maxSteps: number;
  /** elements + characters of any value an evaluation holds */
  maxValueSize: number;
  /** wall time of one evaluation, in ms */
  maxMillis: number;
}

export const DEFAULT_CEL_LIMITS: Readonly<CelLimits> = Object.freeze({
  maxLength: 4000, maxDepth: 32, maxMacroNesting: 3, maxSteps: 100_000, maxValueSize: 1_000_000, maxMillis: 50,
});
const limits: CelLimits = { ...DEFAULT_CEL_LIMITS };

/** Sets the limits (missing or invalid ones: the default); answers the limits in force. */
export function configureCelLimits(next: Partial<CelLimits> = {}): Readonly<CelLimits> {
  for (const k of Object.keys(DEFAULT_CEL_LIMITS) as (keyof CelLimits)[]) {
    const v = next[k];
    limits[k] = typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : DEFAULT_CEL_LIMITS[k];
  }
  return { ...limits };
}
export const celLimits = (): Readonly<CelLimits> => ({ ...limits });

export type CelLimitKey = 'cel.tooLong' | 'cel.tooDeep' | 'cel.macroNesting' | 'cel.regex' | 'cel.budget';

/** An expression over a limit: `key` and `params` for the message catalogue; `message` is the English text. */
export class CelLimitError extends Error {
  constructor(readonly key: CelLimitKey, readonly params: Record<string, number>, message: string) {
    super(message);
    this.name = 'CelLimitError';
  }
}
const tooLong = () => new CelLimitError('cel.tooLong', { n: limits.maxLength }, `longer than ${limits.maxLength} characters`);
const tooDeep = () => new CelLimitError('cel.tooDeep', { n: limits.maxDepth }, `nested deeper than ${limits.maxDepth} levels`);
const tooNested = () => new CelLimitError('cel.macroNesting', { n: limits.maxMacroNesting },
  `more than ${limits.maxMacroNesting} macros (all, exists, map, filter) inside each other`);
const regex = () => new CelLimitError('cel.regex', {}, 'matches() is not allowed (a regular expression\'s running time cannot be bounded)');
const overBudget = (b: Budget) => new CelLimitError('cel.budget', { steps: b.maxSteps, ms: b.maxMillis, size: b.maxValueSize },
  `over its evaluation budget (${b.maxSteps} steps, ${b.maxMillis} ms, values of ${b.maxValueSize} elements)`);

/** The first line of a CEL error, short enough to show under a field. */
export const firstLine = (e: unknown) => String((e as Error)?.message ?? e).split('\n')[0].slice(0, 300);

// ---------- static checks ----------

interface AstNode { op: string; args: unknown; meta: { alternate?: AstNode; macro?: Record<string, unknown> } }
const isNode = (v: unknown): v is AstNode => !!v && typeof v === 'object' && 'op' in v && 'meta' in v;
const ITERATING = new Set(['all', 'exists', 'exists_one', 'map', 'filter']);

/** Throws a CelLimitError when the parsed expression is deeper, more nested or uses what the limits forbid. */
function checkShape(root: AstNode) {
  const walk = (node: AstNode, depth: number, nesting: number, parentOp: string | null) => {
    const level = (node.op === '&&' || node.op === '||') && node.op === parentOp ? depth : depth + 1;
    if (level > limits.maxDepth) throw tooDeep();
    const args = node.args;
    if ((node.op === 'rcall' || node.op === 'call') && Array.isArray(args) && args[0] === 'matches') throw regex();
    const alt = node.meta.alternate;
    if (alt && alt.op === 'comprehension' && Array.isArray(args) && ITERATING.has(String(args[0]))) {
      const c = alt.args as { iterable: AstNode; init: AstNode; step: AstNode };
      if (nesting + 1 > limits.maxMacroNesting) throw tooNested();
      walk(c.iterable, level, nesting, node.op);
      walk(c.init, level, nesting, node.op);
      walk(c.step, level, nesting + 1, node.op);
      return;
    }
    const visit = (v: unknown) => {
      if (isNode(v)) walk(v, level, nesting, node.op);
      else if (Array.isArray(v)) v.forEach(visit);
      else if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) Object.values(v).forEach(visit);
    };
    if (alt) visit(alt);
    const macro = node.meta.macro;
    if (macro) for (const k of ['val', 'exp', 'receiver', 'arg']) visit(macro[k]);
    visit(args);
  };
  walk(root, 0, 0, null);
}

// ---------- the run-time budget ----------

class Budget {
  steps = 0;
  exceeded = false;
  readonly maxSteps = limits.maxSteps;
  readonly maxMillis = limits.maxMillis;
  readonly maxValueSize = limits.maxValueSize;
  private readonly deadline = now() + limits.maxMillis;
  /** deep weights of the containers seen, with the length they had (comprehension accumulators only grow) */
  private weights: WeakMap<object, { len: number; weight: number }> | null = null;

  step() {
    if (this.exceeded) throw overBudget(this);
    if (++this.steps > this.maxSteps || ((this.steps & 63) === 0 && now() > this.deadline)) this.fail();
  }
  measure(value: unknown) {
    if (value !== null && (typeof value === 'object' || typeof value === 'string') && this.weigh(value, 0) > this.maxValueSize) this.fail();
  }
  fail(): never {
    this.exceeded = true;
    throw overBudget(this);
  }

  private weigh(v: unknown, depth: number): number {
    if (typeof v === 'string') return v.length;
    if (v === null || typeof v !== 'object') return 1;
    if (ArrayBuffer.isView(v)) return (v as Uint8Array).byteLength;
    if (v instanceof Date) return 1;
    if (depth > 200) this.fail();
    const isArray = Array.isArray(v);
    const size = isArray ? v.length : v instanceof Map ? v.size : -1;
    const weights = (this.weights ??= new WeakMap());
    const known = weights.get(v);
    if (known && (size < 0 || known.len === size)) return known.weight;
    let weight = known?.weight ?? 1;
    if (isArray) {
      for (let i = known?.len ?? 0; i < v.length; i++) weight += this.weigh(v[i], depth + 1);
    } else {
      weight = 1;
      const values = v instanceof Map ? [...v.keys(), ...v.values()] : Object.values(v as object);
      for (const x of values) weight += this.weigh(x, depth + 1);
    }
    if (weight > this.maxValueSize) this.fail();
    weights.set(v, { len: size, weight });
    return weight;
  }
}
const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

let active: Budget | null = null;
let hooked = false;

/**
 * Hooks the evaluator's `run` (shared by every Environment of the package) once: each call is a step of
 * the active budget; with no active budget it is the library's own `run`. The evaluator is not exported,
 * so a function handler (called with the evaluator as `this`) reaches it.
 */
function installHook() {
  if (hooked) return;
  let proto: { run(ast: unknown, ctx: unknown): unknown } | null = null;
  const probe = new Environment();
  probe.registerFunction('celBudgetProbe(): bool', function (this: object) {
    proto = Object.getPrototypeOf(this);
    return true;
  });
  probe.evaluate('celBudgetProbe()');
  const target = proto as { run(ast: unknown, ctx: unknown): unknown } | null;
  if (!target || typeof target.run !== 'function') throw new Error('cel-js: the evaluator has no run() to hook; the expression budget cannot be enforced');
  const original = target.run;
  target.run = function run(this: unknown, ast: unknown, ctx: unknown) {
    const b = active;
    if (b === null) return original.call(this, ast, ctx);
    b.step();
    const out = original.call(this, ast, ctx);
    b.measure(out);
    return out;
  };
  hooked = true;
}

// ---------- the wrapper ----------

export type CelEnvironmentOptions = ConstructorParameters<typeof Environment>[0];
type Parsed = ReturnType<Environment['parse']>;

export interface BoundedCel {
  /** the environment, to register variables and functions on before the first parse */
  readonly env: Environment;
  /** Parses, checks the limits and type-checks (cached); throws CelLimitError or an Error with one line. */
  parse(expression: string): BoundedExpression;
  /** The reason an expression cannot be used (a CelLimitError for a limit), or null. */
  problem(expression: string): Error | null;
}
export interface BoundedExpression {
  /** the checked result type ('bool', 'int', 'list', 'map', 'dyn', …) */
  readonly type: string;
  /** Evaluates within the budget; throws CelLimitError over it, an Error (one line) when evaluation fails. */
  evaluate(context: Record<string, unknown>): unknown;
}

/** A CEL environment whose expressions are checked against the limits and evaluated within the budget. */
export function boundedCel(options: CelEnvironmentOptions = {}, cacheEntries = 1000): BoundedCel {
  installHook();
  const env = new Environment(options);
  const cache = new Map<string, BoundedExpression>();
  let cachedUnder = limitsKey();

  const compile = (expression: string): BoundedExpression => {
    if (expression.length > limits.maxLength) throw tooLong();
    let parsed: Parsed;
    try {
      parsed = env.parse(expression);
    } catch (e) {
      throw new Error(firstLine(e));
    }
    checkShape(parsed.ast as unknown as AstNode);
    const checked = parsed.check();
    if (!checked.valid) throw new Error(firstLine(checked.error));
    return { type: checked.type ?? 'dyn', evaluate: (context) => evaluateWithin(parsed, context) };
  };

  const parse = (expression: string) => {
    // limits changed (configuration at start, tests): what was accepted before is checked again
    const key = limitsKey();
    if (key !== cachedUnder) { cache.clear(); cachedUnder = key; }
    let p = cache.get(expression);
    if (p) return p;
    p = compile(expression);
    if (cache.size >= cacheEntries) cache.clear();
    cache.set(expression, p);
    return p;
  };
  return {
    env,
    parse,
    problem(expression) {
      try {
        parse(expression);
        return null;
      } catch (e) {
        return e as Error;
      }
    },
  };
}
const limitsKey = () => `${limits.maxLength}/${limits.maxDepth}/${limits.maxMacroNesting}`;

function evaluateWithin(parsed: Parsed, context: Record<string, unknown>): unknown {
  const outer = active;
  const budget = new Budget();
  active = budget;
  try {
    const out = parsed(context);
    if (budget.exceeded) throw overBudget(budget);
    budget.measure(out);
    return out;
  } catch (e) {
    if (budget.exceeded || e instanceof CelLimitError) throw overBudget(budget);
    throw new Error(firstLine(e));
  } finally {
    active = outer;
  }
}

/** Only the static checks (length, depth, nesting, no matches()), on any expression; null when it passes them. */
const shapeOnly = boundedCelLazy();
function boundedCelLazy() {
  let cel: BoundedCel | null = null;
  return (expression: string): CelLimitError | null => {
    if (expression.length > limits.maxLength) return tooLong();
    cel ??= boundedCel({ unlistedVariablesAreDyn: true, homogeneousAggregateLiterals: false });
    try {
      checkShape(cel.env.parse(expression).ast as unknown as AstNode);
      return null;
    } catch (e) {
      return e instanceof CelLimitError ? e : null;
    }
  };
}
export const celLimitProblem = shapeOnly;

/**
 * A CEL expression field: text within the static limits (a 400 names the field and the limit, in the
 * caller's language). Whether it is valid CEL for its variables is checked where those are known.
 */
export const celExpressionSchema = (max = DEFAULT_CEL_LIMITS.maxLength, required: { message: string } = { message: 'valid.required' }) =>
  z.string().trim().min(1, required).max(max).superRefine((s, ctx) => {
    const p = celLimitProblem(s);
    if (p) ctx.addIssue({ code: 'custom', message: p.key, params: p.params });
  });
