import { describe, expect, it } from 'vitest';
import { messages, translate } from './index';

const LANGS = ['en', 'zh', 'es', 'ja'] as const;
const table = (lang: (typeof LANGS)[number]) => messages[lang] as Record<string, string>;
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

describe('message catalogue', () => {
  const enKeys = Object.keys(table('en')).sort();

  it('has messages', () => {
    expect(enKeys.length).toBeGreaterThan(0);
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s has exactly the keys of en', (lang) => {
    const keys = Object.keys(table(lang)).sort();
    expect(keys.filter((k) => !enKeys.includes(k)), 'keys only in ' + lang).toEqual([]);
    expect(enKeys.filter((k) => !keys.includes(k)), 'keys missing in ' + lang).toEqual([]);
  });

  it.each(LANGS)('%s has no empty values', (lang) => {
    const empty = Object.entries(table(lang)).filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s uses the same {placeholders} as en', (lang) => {
    const differ = enKeys.filter((k) => k in table(lang) && placeholders(table(lang)[k]).join() !== placeholders(table('en')[k]).join());
    expect(differ).toEqual([]);
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s is translated (not a copy of the English text)', (lang) => {
    // a key whose text is the same in en and this language and reads as an English phrase is probably untranslated
    const copies = enKeys.filter((k) => {
      const en = table('en')[k];
      return table(lang)[k] === en && /[A-Za-z]{3,}\s+[A-Za-z]{3,}/.test(en.replace(/\{\w+\}/g, ''));
    });
    expect(copies).toEqual([]);
  });

  it('translate fills placeholders and falls back to the key', () => {
    expect(translate('en', 'valid.minLength', { n: 6 })).toBe('minimum length 6 characters');
    expect(translate('zh', 'error.alreadyExists', { field: '编码' })).toBe('编码已存在');
    expect(translate('ja', 'no.such.key')).toBe('no.such.key');
  });
});
