/**
 * Spring Cloud Gateway shortcut syntax for route predicates and filters (`Path=/x/**`,
 * `StripPrefix=1`), one per line: parsing, checking and the pure matching helpers the gateway
 * runs. The console checks a route with the same functions the server uses on save.
 *
 * Errors are catalogue keys (messages/*.ts, prefix `gateway.`) with `line` and the reason's values.
 */
import { isHeaderSafe } from './headerText';

export interface RuleError {
  /** 1-based line of the text */
  line: number;
  key: string;
  params: Record<string, string | number>;
}

export type PredicateDef =
  | { name: 'Path'; patterns: string[]; matchTrailingSlash: boolean }
  | { name: 'Method'; methods: string[] }
  | { name: 'Host'; patterns: string[] }
  | { name: 'Header'; header: string; regexp: string | null }
  | { name: 'Query'; param: string; regexp: string | null }
  | { name: 'RemoteAddr'; sources: string[] }
  | { name: 'After'; at: number }
  | { name: 'Before'; at: number }
  | { name: 'Between'; from: number; to: number };

export type FilterDef =
  | { name: 'StripPrefix'; parts: number }
  | { name: 'PrefixPath'; prefix: string }
  | { name: 'RewritePath'; regexp: string; replacement: string }
  | { name: 'SetPath'; template: string }
  | { name: 'AddRequestHeader'; header: string; value: string }
  | { name: 'AddResponseHeader'; header: string; value: string }
  | { name: 'RemoveRequestHeader'; header: string }
  | { name: 'SetStatus'; status: number }
  /** how long the upstream may take to answer, in ms (the gateway's default otherwise) */
  | { name: 'ResponseTimeout'; ms: number };

export const PREDICATE_NAMES = ['Path', 'Method', 'Host', 'Header', 'Query', 'RemoteAddr', 'After', 'Before', 'Between'] as const;
export const FILTER_NAMES = ['StripPrefix', 'PrefixPath', 'RewritePath', 'SetPath', 'AddRequestHeader', 'AddResponseHeader', 'RemoveRequestHeader', 'SetStatus', 'ResponseTimeout'] as const;

export type Parsed<T> = { ok: true; defs: T[] } | { ok: false; errors: RuleError[] };

const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'];
const HEADER_NAME_RE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const VAR_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ZONED_RE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:\d{2})(?:\[[^\]]+\])?$/;

/** HTTP status names accepted by SetStatus besides the number (Spring's HttpStatus names). */
export const HTTP_STATUS_NAMES: Record<string, number> = {
  OK: 200, CREATED: 201, ACCEPTED: 202, NO_CONTENT: 204, MOVED_PERMANENTLY: 301, FOUND: 302, SEE_OTHER: 303, NOT_MODIFIED: 304,
  TEMPORARY_REDIRECT: 307, PERMANENT_REDIRECT: 308, BAD_REQUEST: 400, UNAUTHORIZED: 401, PAYMENT_REQUIRED: 402, FORBIDDEN: 403,
  NOT_FOUND: 404, METHOD_NOT_ALLOWED: 405, NOT_ACCEPTABLE: 406, REQUEST_TIMEOUT: 408, CONFLICT: 409, GONE: 410,
  UNSUPPORTED_MEDIA_TYPE: 415, I_AM_A_TEAPOT: 418, TOO_MANY_REQUESTS: 429, INTERNAL_SERVER_ERROR: 500, NOT_IMPLEMENTED: 501,
  BAD_GATEWAY: 502, SERVICE_UNAVAILABLE: 503, GATEWAY_TIMEOUT: 504,
};

// ---------- patterns ----------

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export interface CompiledPattern { re: RegExp; vars: string[] }

/**
 * Ant-style pattern → regular expression, over `sep`-separated segments: `**` any number of
 * segments (also none), `*` any characters inside one segment, `?` one character,
 * `{name}` one segment captured as `name`, `{name:regex}` captured when it matches the regex,
 * `{*name}` the rest of the path (paths only). Throws an Error whose message is a catalogue key.
 */
export function compileAntPattern(pattern: string, sep: '/' | '.', trailingSlash = false): CompiledPattern {
  const s = escapeRe(sep);
  const not = `[^${s}]`;
  const vars: string[] = [];
  const addVar = (name: string) => {
    if (!VAR_RE.test(name) || vars.includes(name)) throw new Error('gateway.badVar');
    vars.push(name);
  };
  const segments = (sep === '/' ? pattern : `.${pattern}`).split(sep).slice(1);
  let src = '^';
  segments.forEach((seg) => {
    if (seg === '**') { src += `(?:${s}.*)?`; return; }
    const rest = /^\{\*([^}]*)\}$/.exec(seg);
    if (rest) {
      if (sep !== '/') throw new Error('gateway.badVar');
      addVar(rest[1]);
      src += `(?<${rest[1]}>(?:${s}.*)?)`;
      return;
    }
    src += s;
    let i = 0;
    while (i < seg.length) {
      const c = seg[i];
      if (c === '{') {
        const end = seg.indexOf('}', i);
        if (end < 0) throw new Error('gateway.badVar');
        const body = seg.slice(i + 1, end);
        const colon = body.indexOf(':');
        const name = colon < 0 ? body : body.slice(0, colon);
        addVar(name);
        if (colon < 0) src += `(?<${name}>${not}+)`;
        else {
          const sub = body.slice(colon + 1);
          try { new RegExp(sub); } catch { throw new Error('gateway.badRegex'); }
          src += `(?<${name}>${sub})`;
        }
        i = end + 1;
        continue;
      }
      if (c === '}') throw new Error('gateway.badVar');
      if (c === '*') src += `${not}*`;
      else if (c === '?') src += not;
      else src += escapeRe(c);
      i += 1;
    }
  });
  if (!segments.length) src += s;
  src += trailingSlash && sep === '/' ? '/?$' : '$';
  return { re: new RegExp(src, sep === '.' ? 'i' : ''), vars };
}

/** The variables of a matched path, or null when the pattern does not match. */
export function matchAnt(compiled: CompiledPattern, value: string, sep: '/' | '.' = '/'): Record<string, string> | null {
  const m = compiled.re.exec(sep === '.' ? `.${value}` : value);
  if (!m) return null;
  const out: Record<string, string> = {};
  for (const v of compiled.vars) out[v] = m.groups?.[v] ?? '';
  return out;
}

// ---------- addresses ----------

function ipv4ToInt(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = n * 256 + Number(p);
  }
  return n;
}
const IPV6_RE = /^[0-9a-fA-F:]+$/;

/** `10.0.0.0/8`, `192.168.1.5`, or an IPv6 address (exact); null when not valid. */
export function parseSource(src: string): { v4: true; base: number; bits: number } | { v4: false; addr: string } | null {
  const [ip, bitsText, extra] = src.split('/');
  if (extra !== undefined) return null;
  const n = ipv4ToInt(ip);
  if (n !== null) {
    const bits = bitsText === undefined ? 32 : /^\d{1,2}$/.test(bitsText) ? Number(bitsText) : NaN;
    if (!(bits >= 0 && bits <= 32)) return null;
    return { v4: true, base: n, bits };
  }
  if (bitsText === undefined && ip.includes(':') && IPV6_RE.test(ip)) return { v4: false, addr: ip.toLowerCase() };
  return null;
}

/** Whether a client address (IPv4, IPv6 or IPv4-mapped IPv6) falls in one of the sources. */
export function addressMatches(sources: string[], address: string): boolean {
  const addr = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
  const n = ipv4ToInt(addr);
  return sources.some((src) => {
    const p = parseSource(src);
    if (!p) return false;
    if (!p.v4) return p.addr === addr.toLowerCase();
    if (n === null) return false;
    if (p.bits === 0) return true;
    const mask = p.bits === 32 ? 0xffffffff : (~((1 << (32 - p.bits)) - 1)) >>> 0;
    return ((n & mask) >>> 0) === ((p.base & mask) >>> 0);
  });
}

/** Java ZonedDateTime text (`2026-01-20T17:42:47.789+08:00[Asia/Shanghai]`) → epoch ms, or null. */
export function parseZonedDateTime(text: string): number | null {
  const m = ZONED_RE.exec(text.trim());
  if (!m) return null;
  const local = m[1].replace(/(\.\d{3})\d+$/, '$1');
  const t = Date.parse(`${local}${m[2]}`);
  return Number.isNaN(t) ? null : t;
}

// ---------- parsing ----------

interface Line { line: number; name: string; args: string[]; raw: string }

function splitLines(text: string | null | undefined): { lines: Line[]; errors: RuleError[] } {
  const lines: Line[] = [];
  const errors: RuleError[] = [];
  (text ?? '').split(/\r?\n/).forEach((raw, i) => {
    const trimmed = raw.trim();
    if (!trimmed || trimmed.startsWith('#')) return;
    const eq = trimmed.indexOf('=');
    const name = eq < 0 ? '' : trimmed.slice(0, eq).trim();
    if (eq <= 0 || !/^[A-Za-z]+$/.test(name)) {
      errors.push({ line: i + 1, key: 'gateway.ruleSyntax', params: { line: i + 1, text: trimmed.slice(0, 80) } });
      return;
    }
    const argText = trimmed.slice(eq + 1).trim();
    lines.push({ line: i + 1, name, args: argText === '' ? [] : argText.split(',').map((a) => a.trim()), raw: argText });
  });
  return { lines, errors };
}

class LineError extends Error {
  constructor(readonly key: string, readonly params: Record<string, string | number> = {}) { super(key); }
}
const fail = (key: string, params: Record<string, string | number> = {}): never => { throw new LineError(key, params); };

function argCount(l: Line, min: number, max: number) {
  if (l.args.length < min || l.args.length > max || l.args.some((a) => a === '')) {
    fail('gateway.ruleArgs', { name: l.name, expected: min === max ? String(min) : max === Infinity ? `≥ ${min}` : `${min}–${max}` });
  }
}
function checkRegex(value: string) {
  try { new RegExp(value); } catch { fail('gateway.badRegex', { value }); }
}
function checkHeader(value: string) {
  if (!HEADER_NAME_RE.test(value)) fail('gateway.badHeaderName', { value });
}
function dateArg(value: string) {
  const t = parseZonedDateTime(value);
  if (t === null) fail('gateway.badDateTime', { value });
  return t as number;
}
/** A header value argument: everything after the first comma (values may contain commas). */
const afterFirstComma = (raw: string) => raw.slice(raw.indexOf(',') + 1).trim();

function parsePredicate(l: Line): PredicateDef {
  switch (l.name) {
    case 'Path': {
      argCount(l, 1, Infinity);
      let args = l.args;
      let matchTrailingSlash = true;
      const last = args[args.length - 1].toLowerCase();
      if (args.length > 1 && (last === 'true' || last === 'false')) { matchTrailingSlash = last === 'true'; args = args.slice(0, -1); }
      for (const p of args) {
        if (!p.startsWith('/') || /\s/.test(p)) fail('gateway.badPath', { value: p });
        try { compileAntPattern(p, '/'); } catch (e) { fail((e as Error).message, { value: p }); }
      }
      return { name: 'Path', patterns: args, matchTrailingSlash };
    }
    case 'Method': {
      argCount(l, 1, Infinity);
      const methods = l.args.map((m) => m.toUpperCase());
      for (const m of methods) if (!HTTP_METHODS.includes(m)) fail('gateway.badMethod', { value: m });
      return { name: 'Method', methods };
    }
    case 'Host': {
      argCount(l, 1, Infinity);
      for (const p of l.args) {
        if (!/^[A-Za-z0-9.*?{}:_\-]+$/.test(p)) fail('gateway.badHost', { value: p });
        try { compileAntPattern(p, '.'); } catch { fail('gateway.badHost', { value: p }); }
      }
      return { name: 'Host', patterns: l.args };
    }
    case 'Header':
    case 'Query': {
      argCount(l, 1, 2);
      const [first] = l.args;
      const regexp = l.args.length > 1 ? afterFirstComma(l.raw) : null;
      if (l.name === 'Header') checkHeader(first);
      else if (!/^[^\s=&]+$/.test(first)) fail('gateway.badParam', { value: first });
      if (regexp !== null) checkRegex(regexp);
      return l.name === 'Header' ? { name: 'Header', header: first, regexp } : { name: 'Query', param: first, regexp };
    }
    case 'RemoteAddr': {
      argCount(l, 1, Infinity);
      for (const a of l.args) if (!parseSource(a)) fail('gateway.badAddress', { value: a });
      return { name: 'RemoteAddr', sources: l.args };
    }
    case 'After':
    case 'Before': {
      // a zoned date-time has no comma: one argument
      argCount(l, 1, 1);
      return { name: l.name, at: dateArg(l.args[0]) };
    }
    case 'Between': {
      argCount(l, 2, 2);
      const from = dateArg(l.args[0]);
      const to = dateArg(l.args[1]);
      if (from >= to) fail('gateway.betweenOrder');
      return { name: 'Between', from, to };
    }
    default:
      return fail('gateway.unknownPredicate', { name: l.name, known: PREDICATE_NAMES.join(', ') });
  }
}

function parseFilter(l: Line): FilterDef {
  switch (l.name) {
    case 'StripPrefix': {
      argCount(l, 1, 1);
      if (!/^\d{1,3}$/.test(l.args[0])) fail('gateway.badInteger', { value: l.args[0] });
      return { name: 'StripPrefix', parts: Number(l.args[0]) };
    }
    case 'PrefixPath': {
      argCount(l, 1, 1);
      if (!/^\/\S*$/.test(l.args[0])) fail('gateway.badPath', { value: l.args[0] });
      return { name: 'PrefixPath', prefix: l.args[0] };
    }
    case 'RewritePath': {
      // the regular expression may hold commas ({1,3}): the replacement is after the last one
      const cut = l.raw.lastIndexOf(',');
      if (cut <= 0) fail('gateway.ruleArgs', { name: l.name, expected: '2' });
      const regexp = l.raw.slice(0, cut).trim();
      const replacement = l.raw.slice(cut + 1).trim().replace(/\$\\\{/g, '${');
      if (!regexp) fail('gateway.ruleArgs', { name: l.name, expected: '2' });
      checkRegex(regexp);
      return { name: 'RewritePath', regexp, replacement };
    }
    case 'SetPath': {
      argCount(l, 1, 1);
      if (!/^\/\S*$/.test(l.args[0])) fail('gateway.badPath', { value: l.args[0] });
      for (const m of l.args[0].matchAll(/\{([^}]*)\}/g)) if (!VAR_RE.test(m[1])) fail('gateway.badVar', { value: m[1] });
      return { name: 'SetPath', template: l.args[0] };
    }
    case 'AddRequestHeader':
    case 'AddResponseHeader': {
      argCount(l, 2, Infinity);
      checkHeader(l.args[0]);
      const value = afterFirstComma(l.raw);
      if (!isHeaderSafe(value)) fail('gateway.badHeaderValue', { value: l.args[0] });
      return { name: l.name, header: l.args[0], value };
    }
    case 'RemoveRequestHeader': {
      argCount(l, 1, 1);
      checkHeader(l.args[0]);
      return { name: 'RemoveRequestHeader', header: l.args[0] };
    }
    case 'SetStatus': {
      argCount(l, 1, 1);
      const v = l.args[0];
      const status = /^\d{3}$/.test(v) ? Number(v) : HTTP_STATUS_NAMES[v.toUpperCase()];
      if (!status || status < 100 || status > 599) fail('gateway.badStatus', { value: v });
      return { name: 'SetStatus', status };
    }
    case 'ResponseTimeout': {
      argCount(l, 1, 1);
      const ms = /^\d{1,7}$/.test(l.args[0]) ? Number(l.args[0]) : 0;
      if (ms < 1 || ms > 3_600_000) fail('gateway.badTimeout', { value: l.args[0] });
      return { name: 'ResponseTimeout', ms };
    }
    default:
      return fail('gateway.unknownFilter', { name: l.name, known: FILTER_NAMES.join(', ') });
  }
}

function parseAll<T>(text: string | null | undefined, one: (l: Line) => T): Parsed<T> {
  const { lines, errors } = splitLines(text);
  const defs: T[] = [];
  for (const l of lines) {
    try { defs.push(one(l)); } catch (e) {
      if (!(e instanceof LineError)) throw e;
      errors.push({ line: l.line, key: e.key, params: { line: l.line, ...e.params } });
    }
  }
  errors.sort((a, b) => a.line - b.line);
  return errors.length ? { ok: false, errors } : { ok: true, defs };
}

export const parsePredicates = (text: string | null | undefined) => parseAll<PredicateDef>(text, parsePredicate);
export const parseFilters = (text: string | null | undefined) => parseAll<FilterDef>(text, parseFilter);

/**
 * Both texts of a route, with the cross-check that SetPath only uses variables captured by a
 * Path predicate. Errors of the filters carry `field: 'filters'`.
 */
export function checkRouteRules(predicates: string | null | undefined, filters: string | null | undefined):
  { field: 'predicates' | 'filters'; error: RuleError }[] {
  const out: { field: 'predicates' | 'filters'; error: RuleError }[] = [];
  const p = parsePredicates(predicates);
  const f = parseFilters(filters);
  if (!p.ok) out.push(...p.errors.map((error) => ({ field: 'predicates' as const, error })));
  if (!f.ok) out.push(...f.errors.map((error) => ({ field: 'filters' as const, error })));
  if (p.ok && f.ok) {
    const vars = new Set<string>();
    for (const d of p.defs) if (d.name === 'Path') for (const pat of d.patterns) compileAntPattern(pat, '/').vars.forEach((v) => vars.add(v));
    const lines = splitLines(filters).lines;
    f.defs.forEach((d, i) => {
      if (d.name !== 'SetPath') return;
      for (const m of d.template.matchAll(/\{([^}]*)\}/g)) {
        if (!vars.has(m[1])) out.push({ field: 'filters', error: { line: lines[i].line, key: 'gateway.setPathVar', params: { line: lines[i].line, value: m[1] } } });
      }
    });
  }
  return out;
}

// ---------- filters on a path ----------

/** Spring's `${name}` replacement → JavaScript's `$<name>`. */
export const jsReplacement = (replacement: string) => replacement.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, '$<$1>');

/** The path after the path-changing filters, in order (query strings are kept apart by the caller). */
export function rewritePath(path: string, filters: FilterDef[], vars: Record<string, string>): string {
  let p = path;
  for (const f of filters) {
    if (f.name === 'StripPrefix') {
      p = `/${p.split('/').slice(1).slice(f.parts).join('/')}`;
    } else if (f.name === 'PrefixPath') {
      p = `${f.prefix.replace(/\/$/, '')}${p}`;
    } else if (f.name === 'RewritePath') {
      p = p.replace(new RegExp(f.regexp, 'g'), jsReplacement(f.replacement));
      if (!p.startsWith('/')) p = `/${p}`;
    } else if (f.name === 'SetPath') {
      p = f.template.replace(/\{([^}]*)\}/g, (_m, name: string) => vars[name] ?? '');
    }
  }
  return p;
}
