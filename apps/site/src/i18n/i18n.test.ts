import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE_LANGS, registerDictionary, translate } from './index';
import { zh } from './zh';
import { en } from './en';
import { jobText } from '../pages/jobText';
import { csText } from '../pages/csText';
import { loginText } from '../pages/loginText';
import { statusText } from '../pages/statusText';

/** the words of lazy pages, kept in their chunks */
const PAGE_TEXTS = { jobText, csText, loginText, statusText };
/** files that are dictionaries: the only places Chinese may be written */
const DICTIONARY_FILE = /(^|\/)(i18n\/(zh|en)\.ts|pages\/\w+Text\.ts|pages\/adrLink\.ts)$/;

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

  it('gives every page text in both languages, with the same placeholders', () => {
    for (const [name, { texts }] of Object.entries(PAGE_TEXTS)) {
      const zhText = texts.zh as Record<string, string>;
      const enText = texts.en as Record<string, string>;
      expect(Object.keys(enText).sort(), name).toEqual(Object.keys(zhText).sort());
      for (const k of Object.keys(zhText)) {
        expect(enText[k].trim(), `${name} ${k}`).not.toBe('');
        expect(placeholders(enText[k]), `${name} ${k}`).toEqual(placeholders(zhText[k]));
        expect(/[\u4e00-\u9fff]/.test(enText[k]), `${name} ${k} is Chinese in English`).toBe(false);
      }
    }
    expect(loginText.text('en', 'codeImage', { code: 'A B' })).toBe('Verification code A B');
  });

  it('writes no Chinese outside the dictionaries, so English pages show no Chinese chrome', () => {
    const root = path.resolve(__dirname, '..');
    const han = /[\u4e00-\u9fff]/;
    const found: string[] = [];
    for (const file of sources()) {
      const rel = path.relative(root, file).split(path.sep).join('/');
      if (DICTIONARY_FILE.test(rel)) continue;
      // comments may explain things in Chinese
      const code = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
      code.split('\n').forEach((line, i) => { if (han.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()}`); });
    }
    expect(found).toEqual([]);
  });
});
