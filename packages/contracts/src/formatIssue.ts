import { z } from 'zod';
import type { Lang } from './menu';
import { messages, translate } from './messages/index';

export interface IssueLike {
  code: string;
  message: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  params?: Record<string, unknown>;
  [k: string]: unknown;
}

/**
 * Every schema's fallback words for a value that is not there at all: a choice (z.enum, z.literal)
 * left empty is "cannot be empty", not "must be one of …". The server's validator does not keep
 * the input in its issues, so this is decided while parsing, where zod still has it.
 */
z.config({
  customError: (iss) => {
    const input = (iss as { input?: unknown }).input;
    if (iss.code === 'invalid_value' && (input === undefined || input === null || input === '')) return 'valid.required';
    return undefined;
  },
});

const zodLocales = { en: z.locales.en, zh: z.locales.zhCN, es: z.locales.es, ja: z.locales.ja } as const;

/**
 * The rule a value broke, in `lang`. Shared validators put a catalogue key in `message` (with
 * `params.n` or the check's minimum/maximum as `{n}`); zod's built-in checks are reworded by
 * zod's own locale for that language.
 */
export function formatIssue(issue: IssueLike, lang: Lang): string {
  const table = messages.en as Record<string, string>;
  if (issue.message in table) {
    const n = issue.params?.n ?? issue.minimum ?? issue.maximum;
    const params: Record<string, string | number> = { ...(issue.params as Record<string, string | number> | undefined) };
    if (n !== undefined) params.n = Number(n);
    return translate(lang, issue.message, params);
  }
  // a value that is missing altogether (or an empty text where one is needed): SPEC §5 "cannot be
  // empty", the same in every form, instead of zod's "expected string, received undefined"
  if (isMissing(issue)) return translate(lang, 'valid.required');
  if (issue.code === 'invalid_union') return translate(lang, 'valid.invalid');
  if (issue.code === 'invalid_value' && Array.isArray(issue.values)) {
    return translate(lang, 'valid.oneOf', { values: issue.values.map((v) => String(v)).join(lang === 'zh' || lang === 'ja' ? '、' : ', ') });
  }
  if (issue.code === 'custom') return issue.message;
  const limit = limitKey(issue);
  if (limit) return translate(lang, limit, { n: Number(issue.code === 'too_big' ? issue.maximum : issue.minimum) });
  if (issue.code === 'invalid_key' && Array.isArray(issue.issues) && issue.issues.length) {
    return translate(lang, 'valid.recordKey', { rule: formatIssue(issue.issues[0] as IssueLike, lang) });
  }
  // what zod would word in its own English ("Invalid input: expected number, received string") gets the catalogue's words
  if (issue.code === 'invalid_type') return translate(lang, ['number', 'int', 'bigint'].includes(String(issue.expected)) ? 'valid.number' : 'valid.invalid');
  if (issue.code === 'invalid_format') return translate(lang, issue.format === 'email' ? 'valid.email' : 'valid.invalid');
  if (issue.code === 'not_multiple_of' || issue.code === 'invalid_element') return translate(lang, 'valid.invalid');
  const out = zodLocales[lang]().localeError(issue as never);
  return (typeof out === 'string' ? out : out?.message) ?? issue.message;
}

/** SPEC §5's words for a length, count or size limit (zod's own "Too big: expected …" never reaches a user) */
function limitKey(issue: IssueLike): string | null {
  if (issue.code !== 'too_big' && issue.code !== 'too_small') return null;
  const big = issue.code === 'too_big';
  switch (issue.origin) {
    case 'string': return big ? 'valid.maxLength' : 'valid.minLength';
    case 'array': case 'set': case 'map': return big ? 'valid.maxItems' : 'valid.minItems';
    case 'number': case 'int': case 'bigint':
      if (issue.inclusive === false) return big ? 'valid.lessThan' : 'valid.greaterThan';
      return big ? 'valid.maxNumber' : 'valid.minNumber';
    default: return null;
  }
}

function isMissing(issue: IssueLike): boolean {
  if (issue.code === 'invalid_type') {
    if ('input' in issue) return issue.input === undefined || issue.input === null;
    // zod leaves the input out of its issues unless asked: its English wording still tells
    return /received (undefined|null|NaN)$/.test(issue.message);
  }
  // a union (e.g. "empty or an e-mail") none of whose branches got a value
  if (issue.code === 'invalid_union' && Array.isArray(issue.errors)) {
    return (issue.errors as IssueLike[][]).some((branch) => branch.length > 0 && branch.every(isMissing));
  }
  return issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1 && !(issue.message in messages.en);
}
