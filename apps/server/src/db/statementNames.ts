import { createHash } from 'node:crypto';

/**
 * Names for prepared statements, so that the database parses and plans a statement once per connection
 * instead of on every call (planning was a third to a half of a list's or a task completion's database
 * time). A text gets a name the second time it is seen, so one-off statements take no slot. At most
 * `max` texts are named per process: a plan takes some tens of KB in each connection, and statements
 * built with a varying number of parameters (`in ($1, …, $n)`) must not grow every connection's plan
 * cache without end. The name is a digest of the text: the same on every connection and process.
 * A keyword search (`ilike`) is never named: after five runs PostgreSQL may keep a generic plan, made
 * without the keyword, and for a common keyword that plan reads every match's trigram entry and sorts
 * them (4× the custom plan's time in bench/api-list.ts BENCH_EXPLAIN); planning it each time costs less.
 */
const KEYWORD_SEARCH = /\bilike\b/i;

export function statementNames(max = 500): (text: string) => string | undefined {
  const named = new Map<string, string>();
  const seenOnce = new Set<string>();
  return (text) => {
    const name = named.get(text);
    if (name || named.size >= max) return name;
    if (KEYWORD_SEARCH.test(text)) return undefined;
    if (!seenOnce.has(text)) {
      if (seenOnce.size >= 10 * max) seenOnce.clear();
      seenOnce.add(text);
      return undefined;
    }
    seenOnce.delete(text);
    const fresh = `s_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    named.set(text, fresh);
    return fresh;
  };
}
