import { boundedCel, CelLimitError, firstLine } from '@bencao/contracts/celBudget';
import { AppError } from '../../../platform/errors';

/**
 * CEL (as in modules/gateway/alarms.ts) over process variables: `variables` (a map), `starter` (the
 * starter's account id), `instanceId`. Whole JS numbers go in as CEL ints (so `variables.amount + 1`
 * works), and ints come back as JS numbers.
 */
const cel = boundedCel({
  homogeneousAggregateLiterals: false,
  limits: { maxAstNodes: 1000, maxDepth: 64, maxListElements: 1000, maxMapEntries: 1000, maxCallArguments: 16 },
});
cel.env.registerVariable('variables', 'map');
cel.env.registerVariable('starter', 'int');
cel.env.registerVariable('instanceId', 'int');

/**
 * Parses an expression within the limits of contracts' celBudget.ts; throws a CelLimitError over a
 * limit, else an Error with one line when it is not valid CEL.
 */
export const parseCel = (expression: string) => cel.parse(expression);
export { firstLine };

/** JS → CEL: whole numbers become BigInt, recursively */
export function toCel(v: unknown): unknown {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? BigInt(v) : v;
  if (Array.isArray(v)) return v.map(toCel);
  if (v instanceof Date) return v;
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, toCel(x)]));
  return v;
}
/** CEL → JSON-safe JS: BigInt becomes a number, Maps become objects */
export function fromCel(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (Array.isArray(v)) return v.map(fromCel);
  if (v instanceof Map) return Object.fromEntries([...v.entries()].map(([k, x]) => [String(k), fromCel(x)]));
  if (v instanceof Date) return v.toISOString();
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, fromCel(x)]));
  return v;
}

export interface CelScope { variables: Record<string, unknown>; starter?: number | null; instanceId?: number | null }

/** Evaluates an expression over a scope within the budget; throws CelLimitError over it, else one line when it does not parse or fails. */
export function evalCel(expression: string, scope: CelScope): unknown {
  return fromCel(parseCel(expression).evaluate({
    variables: toCel(scope.variables ?? {}),
    starter: BigInt(scope.starter ?? 0),
    instanceId: BigInt(scope.instanceId ?? 0),
  }));
}

/** A CEL limit or budget error as the API's 400 in the caller's language (a failed job keeps its key), else null. */
export const celLimitError = (e: unknown): AppError | null => (e instanceof CelLimitError ? new AppError(400, e.key, e.params) : null);
