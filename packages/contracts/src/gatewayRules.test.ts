import { describe, expect, it } from 'vitest';
import {
  addressMatches, checkRouteRules, compileAntPattern, matchAnt, parseFilters, parsePredicates, parseZonedDateTime, rewritePath,
} from './gatewayRules';
import { routeSchema, isRouteUri } from './gateway';
import { formatIssue } from './formatIssue';

describe('predicates', () => {
  it('parses every supported predicate', () => {
    const r = parsePredicates([
      'Path=/demo/**,/x/{id}',
      'Method=GET,post',
      'Host=**.example.com',
      'Header=X-Request-Id, \\d+',
      'Query=green',
      'RemoteAddr=192.168.1.1/24, 10.0.0.1',
      'After=2017-01-20T17:42:47.789-07:00[America/Denver]',
      'Before=2099-01-20T17:42:47Z',
      'Between=2017-01-20T17:42:47+08:00, 2099-01-21T17:42:47+08:00',
      '# a comment',
      '',
    ].join('\n'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.defs.map((d) => d.name)).toEqual(['Path', 'Method', 'Host', 'Header', 'Query', 'RemoteAddr', 'After', 'Before', 'Between']);
    expect(r.defs[1]).toEqual({ name: 'Method', methods: ['GET', 'POST'] });
    expect(r.defs[3]).toEqual({ name: 'Header', header: 'X-Request-Id', regexp: '\\d+' });
    expect(r.defs[6]).toEqual({ name: 'After', at: Date.parse('2017-01-20T17:42:47.789-07:00') });
  });

  it('names the line and the reason of every error', () => {
    const r = parsePredicates('Path=/ok/**\nFoo=1\nMethod=FETCH\nPath=no-slash\nHeader=Bad Name\nRemoteAddr=300.1.1.1\nAfter=yesterday\nBetween=2099-01-01T00:00:00Z, 2017-01-01T00:00:00Z\nQuery=a, (\njust text\nMethod=');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => [e.line, e.key])).toEqual([
      [2, 'gateway.unknownPredicate'], [3, 'gateway.badMethod'], [4, 'gateway.badPath'], [5, 'gateway.badHeaderName'],
      [6, 'gateway.badAddress'], [7, 'gateway.badDateTime'], [8, 'gateway.betweenOrder'], [9, 'gateway.badRegex'],
      [10, 'gateway.ruleSyntax'], [11, 'gateway.ruleArgs'],
    ]);
    expect(r.errors[1].params).toMatchObject({ line: 3, value: 'FETCH' });
  });

  it('refuses duplicate or invalid path variables', () => {
    expect(parsePredicates('Path=/a/{id}/{id}').ok).toBe(false);
    expect(parsePredicates('Path=/a/{1x}').ok).toBe(false);
  });
});

describe('filters', () => {
  it('parses every supported filter', () => {
    const r = parseFilters('StripPrefix=1\nPrefixPath=/api\nRewritePath=/red/?(?<segment>.*), /$\\{segment}\nSetPath=/{seg}\nAddRequestHeader=X-Red, blue, green\nAddResponseHeader=X-Resp, 1\nRemoveRequestHeader=Cookie\nSetStatus=NOT_FOUND');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.defs[2]).toEqual({ name: 'RewritePath', regexp: '/red/?(?<segment>.*)', replacement: '/${segment}' });
    expect(r.defs[4]).toEqual({ name: 'AddRequestHeader', header: 'X-Red', value: 'blue, green' });
    expect(r.defs[7]).toEqual({ name: 'SetStatus', status: 404 });
  });

  it('refuses bad arguments with the line', () => {
    const r = parseFilters('StripPrefix=-1\nSetStatus=999\nStripPrefix=1,2\nRewritePath=([, /x\nSomething=1');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => [e.line, e.key])).toEqual([
      [1, 'gateway.badInteger'], [2, 'gateway.badStatus'], [3, 'gateway.ruleArgs'], [4, 'gateway.badRegex'], [5, 'gateway.unknownFilter'],
    ]);
  });

  it('SetPath may only use variables of a Path predicate', () => {
    expect(checkRouteRules('Path=/a/{seg}', 'SetPath=/b/{seg}')).toEqual([]);
    const errs = checkRouteRules('Path=/a/{seg}', 'StripPrefix=0\nSetPath=/b/{other}');
    expect(errs).toHaveLength(1);
    expect(errs[0]).toMatchObject({ field: 'filters', error: { line: 2, key: 'gateway.setPathVar' } });
  });

  it('rewrites paths like Spring Cloud Gateway', () => {
    const defs = (text: string) => { const r = parseFilters(text); if (!r.ok) throw new Error('bad'); return r.defs; };
    expect(rewritePath('/demo/a/b', defs('StripPrefix=1'), {})).toBe('/a/b');
    expect(rewritePath('/demo', defs('StripPrefix=1'), {})).toBe('/');
    expect(rewritePath('/a/b/', defs('StripPrefix=1'), {})).toBe('/b/');
    expect(rewritePath('/x', defs('PrefixPath=/api'), {})).toBe('/api/x');
    expect(rewritePath('/red/blue', defs('RewritePath=/red/?(?<segment>.*), /$\\{segment}'), {})).toBe('/blue');
    expect(rewritePath('/a/42', defs('SetPath=/items/{id}'), { id: '42' })).toBe('/items/42');
  });
});

describe('matching helpers', () => {
  it('Ant-style paths', () => {
    const p = compileAntPattern('/demo/**', '/');
    expect(matchAnt(p, '/demo')).toEqual({});
    expect(matchAnt(p, '/demo/a/b')).toEqual({});
    expect(matchAnt(p, '/demox')).toBeNull();
    const v = compileAntPattern('/u/{id}/*.json', '/');
    expect(matchAnt(v, '/u/7/a.json')).toEqual({ id: '7' });
    expect(matchAnt(v, '/u/7/x/a.json')).toBeNull();
    expect(matchAnt(compileAntPattern('/a/{*rest}', '/'), '/a/b/c')).toEqual({ rest: '/b/c' });
    expect(matchAnt(compileAntPattern('/a', '/', true), '/a/')).toEqual({});
    expect(matchAnt(compileAntPattern('/a', '/', false), '/a/')).toBeNull();
  });

  it('hosts', () => {
    const h = compileAntPattern('**.example.com', '.');
    expect(matchAnt(h, 'www.example.com', '.')).not.toBeNull();
    expect(matchAnt(h, 'a.b.example.com', '.')).not.toBeNull();
    expect(matchAnt(h, 'example.org', '.')).toBeNull();
    expect(matchAnt(compileAntPattern('{sub}.example.com', '.'), 'api.example.com', '.')).toEqual({ sub: 'api' });
  });

  it('remote addresses', () => {
    expect(addressMatches(['192.168.1.0/24'], '192.168.1.77')).toBe(true);
    expect(addressMatches(['192.168.1.0/24'], '192.168.2.1')).toBe(false);
    expect(addressMatches(['127.0.0.1'], '::ffff:127.0.0.1')).toBe(true);
    expect(addressMatches(['0.0.0.0/0'], '8.8.8.8')).toBe(true);
    expect(addressMatches(['::1'], '::1')).toBe(true);
  });

  it('zoned date-times', () => {
    expect(parseZonedDateTime('2026-01-20T17:42:47.123456+08:00[Asia/Shanghai]')).toBe(Date.parse('2026-01-20T17:42:47.123+08:00'));
    expect(parseZonedDateTime('2026-01-20 17:42')).toBeNull();
  });
});

describe('route schema', () => {
  const base = { routeId: 'demo', routeName: 'Demo', orderNum: 0, uri: 'lb://demo-service', predicates: 'Path=/demo/**', filters: 'StripPrefix=1', description: '' };
  it('accepts a valid route and both URI forms', () => {
    expect(routeSchema.safeParse(base).success).toBe(true);
    expect(isRouteUri('http://127.0.0.1:8080')).toBe(true);
    expect(isRouteUri('https://example.com/base')).toBe(true);
    expect(isRouteUri('ftp://example.com')).toBe(false);
    expect(isRouteUri('lb://')).toBe(false);
    expect(isRouteUri('lb://bad name')).toBe(false);
  });
  it('reports the predicate line in the caller language', () => {
    const r = routeSchema.safeParse({ ...base, predicates: 'Path=/demo/**\nNope=1' });
    expect(r.success).toBe(false);
    if (r.success) return;
    const issue = r.error.issues[0];
    expect(issue.path).toEqual(['predicates']);
    const text = formatIssue(issue as never, 'en');
    expect(text).toContain('Line 2');
    expect(text).toContain('Nope');
    expect(formatIssue(issue as never, 'zh')).toContain('第 2 行');
  });
});
