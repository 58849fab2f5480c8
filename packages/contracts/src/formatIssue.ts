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
  if (issue.code === 'custom') return issue.message;
  const out = zodLocales[lang]().localeError(issue as never);
  return (typeof out === 'string' ? out : out?.message) ?? issue.message;
}
