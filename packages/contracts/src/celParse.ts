import type { Environment } from '@marcbachmann/cel-js';

/** The first line of a CEL error, short enough to show under a field. */
export const firstLine = (e: unknown) => String((e as Error)?.message ?? e).split('\n')[0].slice(0, 300);

export type ParsedCel = ReturnType<Environment['parse']>;

/**
 * A parser over one CEL environment that type-checks each expression once and keeps the result
 * (expressions are few and reused on every evaluation); throws with a one-line reason when invalid.
 */
export function cachedCelParser(env: Environment, maxEntries: number): (expression: string) => ParsedCel {
  const cache = new Map<string, ParsedCel>();
  return (expression) => {
    let p = cache.get(expression);
    if (p) return p;
    try {
      p = env.parse(expression);
    } catch (e) {
      throw new Error(firstLine(e));
    }
    const checked = p.check();
    if (!checked.valid) throw new Error(firstLine(checked.error));
    if (cache.size >= maxEntries) cache.clear();
    cache.set(expression, p);
    return p;
  };
}
