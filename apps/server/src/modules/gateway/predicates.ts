import type { IncomingHttpHeaders } from 'node:http';
import { addressMatches, compileAntPattern, matchAnt, type PredicateDef } from '@bencao/contracts';

/** What a predicate looks at. */
export interface RequestFacts {
  method: string;
  path: string;
  /** Host header without the port */
  host: string;
  headers: IncomingHttpHeaders;
  query: URLSearchParams;
  remoteAddress: string;
  now: number;
}

/** A compiled predicate: true when it matches; Path writes its URI variables into `vars`. */
export type Matcher = (r: RequestFacts, vars: Record<string, string>) => boolean;

const fullMatch = (re: string) => new RegExp(`^(?:${re})$`);

export function compilePredicate(d: PredicateDef): Matcher {
  switch (d.name) {
    case 'Path': {
      const pats = d.patterns.map((p) => compileAntPattern(p, '/', d.matchTrailingSlash));
      return (r, vars) => {
        for (const p of pats) {
          const m = matchAnt(p, r.path);
          if (m) { Object.assign(vars, m); return true; }
        }
        return false;
      };
    }
    case 'Method': return (r) => d.methods.includes(r.method);
    case 'Host': {
      const pats = d.patterns.map((p) => compileAntPattern(p, '.'));
      return (r, vars) => {
        for (const p of pats) {
          const m = matchAnt(p, r.host, '.');
          if (m) { Object.assign(vars, m); return true; }
        }
        return false;
      };
    }
    case 'Header': {
      const name = d.header.toLowerCase();
      const re = d.regexp === null ? null : fullMatch(d.regexp);
      return (r) => {
        const v = r.headers[name];
        if (v === undefined) return false;
        const values = Array.isArray(v) ? v : [v];
        return re === null ? true : values.some((x) => re.test(x));
      };
    }
    case 'Query': {
      const re = d.regexp === null ? null : fullMatch(d.regexp);
      return (r) => {
        if (!r.query.has(d.param)) return false;
        return re === null ? true : r.query.getAll(d.param).some((x) => re.test(x));
      };
    }
    case 'RemoteAddr': return (r) => addressMatches(d.sources, r.remoteAddress);
    case 'After': return (r) => r.now > d.at;
    case 'Before': return (r) => r.now < d.at;
    case 'Between': return (r) => r.now > d.from && r.now < d.to;
  }
}

/** All predicates must match (Spring's AND); the URI variables of the match, or null. */
export function matchAll(matchers: Matcher[], r: RequestFacts): Record<string, string> | null {
  const vars: Record<string, string> = {};
  for (const m of matchers) if (!m(r, vars)) return null;
  return vars;
}
