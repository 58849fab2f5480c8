/**
 * Words of a query and their marking in results. A "word" is a run of CJK characters or a run of
 * Latin letters and digits, as the SQL function `search_tokens` (migration search_index) cuts them.
 */
const WORD = /[a-z0-9\u00c0-\u024f]+|[\u3400-\u9fff\uf900-\ufaff]+/g;
const SNIPPET_BEFORE = 30;
const SNIPPET_LENGTH = 120;

/** the distinct words of a query, lower-cased (NFKC: full-width letters and digits too), longest first */
export function queryTerms(q: string): string[] {
  const words = q.normalize('NFKC').toLowerCase().match(WORD) ?? [];
  return [...new Set(words)].sort((a, b) => b.length - a.length).slice(0, 10);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** a term as written in the text: ASCII letters and digits also in their full-width forms (the text is shown as written) */
const termPattern = (term: string) => [...term].map((c) => (/[a-z0-9]/.test(c) ? `[${c}${String.fromCharCode(c.charCodeAt(0) + 0xfee0)}]` : escapeRegExp(c))).join('');
const matcher = (terms: string[]) => new RegExp(`(${terms.map(termPattern).join('|')})`, 'giu');

/** `text` escaped, with every occurrence of a term in `<mark>` (nothing else of `text` becomes markup) */
export function markTerms(text: string, terms: string[]): string {
  if (!terms.length) return escapeHtml(text);
  return text.split(matcher(terms)).map((part, i) => (i % 2 ? `<mark>${escapeHtml(part)}</mark>` : escapeHtml(part))).join('');
}

/** a passage of `text` around the first occurrence of a term (the start when none), marked */
export function snippetOf(text: string, terms: string[]): string {
  const first = terms.length ? text.search(matcher(terms)) : -1;
  let start = first > SNIPPET_BEFORE ? first - SNIPPET_BEFORE : 0;
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  // Latin text: start and end at a word's edge when one is near
  const wordChar = /[\p{L}\p{N}]/u;
  if (start > 0 && wordChar.test(text.charAt(start - 1))) {
    const space = text.slice(start, first).search(/\s/);
    if (space >= 0 && space < 15) start += space + 1;
  }
  if (end < text.length && wordChar.test(text.charAt(end))) {
    const space = text.slice(Math.max(start, end - 15), end).search(/\s\S*$/);
    if (space >= 0) end = Math.max(start, end - 15) + space;
  }
  // never cut a character outside the BMP in two
  if (/[\udc00-\udfff]/.test(text.charAt(start))) start++;
  if (/[\ud800-\udbff]/.test(text.charAt(end - 1))) end--;
  const passage = text.slice(start, end);
  return `${start > 0 ? '…' : ''}${markTerms(passage, terms)}${end < text.length ? '…' : ''}`;
}
