import { describe, expect, it } from 'vitest';
import { emptyKeysOf, keysOf } from './defineLocales';
import { NAMESPACES } from './allNamespaces';

describe('console translations', () => {
  it('loads the shell and every feature namespace', () => {
    expect(Object.keys(NAMESPACES)).toEqual(expect.arrayContaining(['shell', 'security', 'audit', 'cms']));
  });

  for (const [ns, locales] of Object.entries(NAMESPACES)) {
    it(`${ns}: zh, es and ja have exactly the keys of en, none empty`, () => {
      const en = keysOf(locales.en).sort();
      for (const lang of ['zh', 'es', 'ja'] as const) {
        const other = keysOf(locales[lang]).sort();
        expect({ lang, missing: en.filter((k) => !other.includes(k)), extra: other.filter((k) => !en.includes(k)) }).toEqual({ lang, missing: [], extra: [] });
        expect(emptyKeysOf(locales[lang])).toEqual([]);
      }
      expect(emptyKeysOf(locales.en)).toEqual([]);
    });
  }
});
