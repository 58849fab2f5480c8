import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE_LANGS, registerDictionary, translate } from './index';
import { zh } from './zh';
import { en } from './en';

const DICTIONARIES = { zh, en };
registerDictionary('en', en);

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** every source file of the site (tests aside) */
function sources(dir = path.resolve(__dirname, '..')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !e.name.includes('.test.') ? [p] : [];
  });
}

describe('the site dictionary', () => {
  it('has every key in every language, none empty, with the same placeholders', () => {
    for (const lang of SITE_LANGS) {
      const d = DICTIONARIES[lang] as Record<string, string>;
      expect(Object.keys(d).sort(), lang).toEqual(Object.keys(zh).sort());
      for (const [k, v] of Object.entries(d)) {
        expect(v.trim(), `${lang} ${k}`).not.toBe('');
        expect(placeholders(v), `${lang} ${k}`).toEqual(placeholders((zh as Record<string, string>)[k]));
      }
    }
  });

  it('has every key the site asks for', () => {
    const missing: string[] = [];
    for (const file of sources()) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt[r]?\(\s*'([a-z]+\.[A-Za-z0-9]+)'/g)) if (!(m[1] in zh)) missing.push(`${path.basename(file)}: ${m[1]}`);
    }
    expect(missing).toEqual([]);
  });

  it('English chrome reads as English, and fills its placeholders', () => {
    expect(translate('en', 'pager.total', { n: 12 })).toBe('12 items');
    expect(translate('zh', 'pager.total', { n: 12 })).toBe('共 12 条');
    expect(translate('en', 'lang.untranslated')).toBe('This content is not yet available in English.');
    const han = /[\u4e00-\u9fff]/;
    const chinese = Object.entries(DICTIONARIES.en).filter(([k, v]) => han.test(v) && !['lang.zh', 'site.nameSub'].includes(k));
    expect(chinese).toEqual([]);
  });
});
