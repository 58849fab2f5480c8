import type { IncomingHttpHeaders } from 'node:http';
import { addressMatches, compileAntPattern, matchAnt, type PredicateDef } from '@bencao/contracts';

/** What a predicate looks at; the query and host are parsed only when a predicate asks for them. */
export class RequestFacts {
  private parsedQuery: URLSearchParams | null = null;
  private bareHost: string | null = null;
  constructor(
    readonly method: string,
    readonly path: string,
    /** the query string without '?' */
    readonly search: string,
    /** the request (its headers are parsed by Node only when a predicate reads them) */
    private readonly source: { readonly headers: IncomingHttpHeaders },
    readonly remoteAddress: string,
    readonly now: number,
  ) {}
  get headers(): IncomingHttpHeaders { return this.source.headers; }
  get query(): URLSearchParams { return (this.parsedQuery ??= new URLSearchParams(this.search)); }
  /** Host header without the port */
  get host(): string {
    return (this.bareHost ??= String(this.headers.host ?? '').replace(/:\d+$/, '').replace(/^\[|\]$/g, ''));
  }
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
  for (let i = 0; i < matchers.length; i++) if (!matchers[i](r, vars)) return null;
  return vars;
}
