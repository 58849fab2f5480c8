import { describe, expect, it } from 'vitest';
import { checkSyntax } from './configSyntax';

describe('config syntax check', () => {
  it('finds the line and column of a JSON error', () => {
    const p = checkSyntax('json', '{\n  "a": 1,\n  "b": ,\n}');
    expect(p).toMatchObject({ line: 3, col: 8 });
    expect(checkSyntax('json', '{"a": [1, 2]}')).toBeNull();
  });

  it('reports YAML and XML errors where they are', () => {
    expect(checkSyntax('yaml', 'server:\n  port: 8080\n  port: 9090\n')).toMatchObject({ line: 3 });
    expect(checkSyntax('yaml', 'server:\n  port: 8080\nlist:\n  - a\n')).toBeNull();
    expect(checkSyntax('xml', '<a>\n  <b></c>\n</a>')).toMatchObject({ line: 2 });
    expect(checkSyntax('xml', '<a><b x="1"/></a>')).toBeNull();
  });

  it('refuses a properties entry without key and a malformed unicode escape, accepts comments and continuations', () => {
    expect(checkSyntax('properties', 'a=1\n=2')).toMatchObject({ line: 2, col: 1 });
    expect(checkSyntax('properties', 'a=1\nname=\\u00zz')).toMatchObject({ line: 2, col: 6 });
    expect(checkSyntax('properties', '# =comment\na = 1 \\\n  =continued\nb: \\u4e2d')).toBeNull();
  });

  it('does not check plain text or html, nor empty content (the required rule says that)', () => {
    expect(checkSyntax('text', '{')).toBeNull();
    expect(checkSyntax('html', '<p>')).toBeNull();
    expect(checkSyntax('json', '  ')).toBeNull();
  });
});
