import { Environment } from '@marcbachmann/cel-js';
import { cachedCelParser, firstLine } from '@bencao/contracts/celParse';

/**
 * CEL (as in modules/gateway/alarms.ts) over process variables: `variables` (a map), `starter` (the
 * starter's account id), `instanceId`. Whole JS numbers go in as CEL ints (so `variables.amount + 1`
 * works), and ints come back as JS numbers.
 */
const env = new Environment({
  homogeneousAggregateLiterals: false,
  limits: { maxAstNodes: 1000, maxDepth: 50, maxListElements: 1000, maxMapEntries: 1000, maxCallArguments: 16 },
});
env.registerVariable('variables', 'map');
env.registerVariable('starter', 'int');
env.registerVariable('instanceId', 'int');

/** Parses an expression; throws with a one-line message when it is not valid CEL. */
export const parseCel = cachedCelParser(env, 1000);
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

/** Evaluates an expression over a scope; throws (one line) when it does not parse or fails. */
export function evalCel(expression: string, scope: CelScope): unknown {
  const p = parseCel(expression);
  try {
    return fromCel(p({
      variables: toCel(scope.variables ?? {}),
      starter: BigInt(scope.starter ?? 0),
      instanceId: BigInt(scope.instanceId ?? 0),
    }));
  } catch (e) {
    throw new Error(firstLine(e));
  }
}
