import { describe, expect, it } from 'vitest';
import { markTerms, queryTerms, snippetOf } from './highlight';

describe('search words and their marking', () => {
  it('cuts a query into Chinese runs and Latin words, full-width forms folded', () => {
    expect(queryTerms('板蓝根，ＢＣ-zb 2026')).toEqual(['2026', '板蓝根', 'bc', 'zb']);
    expect(queryTerms('？！…')).toEqual([]);
  });

  it('marks the words as written (any case, full-width too) and escapes the rest', () => {
    expect(markTerms('<b>ＢＣ</b> & bc', ['bc'])).toBe('&lt;b&gt;<mark>ＢＣ</mark>&lt;/b&gt; &amp; <mark>bc</mark>');
  });

  it('a passage of English text starts and ends at word edges', () => {
    const text = `${'Take the granules with warm water after meals. '.repeat(3)}Yupingfeng helps people who catch colds easily. ${'Keep in a dry place. '.repeat(6)}`;
    const s = snippetOf(text, ['yupingfeng']);
    const words = s.replace(/^…|…$/g, '').trim().split(' ');
    expect(s.startsWith('…') && s.endsWith('…')).toBe(true);
    expect(text).toContain(` ${words[0]} `);
    expect(text).toContain(` ${words[words.length - 1]} `);
    expect(s).toContain('<mark>Yupingfeng</mark> helps people');
  });
});
