import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index';
import { formatIssue } from './formatIssue';
import type { Lang } from './menu';

const LANGS: Lang[] = ['en', 'zh', 'es', 'ja'];
/** zod's own wording, in its four locales, that must never reach an operator */
const RAW = /Invalid input|expected \w+, received|无效输入|期望|Entrada inválida|無効な入力/;

/** Every object schema the contracts export: the bodies of every form of the console. */
const formSchemas = Object.entries(contracts).filter(([, v]) => v instanceof z.ZodObject) as [string, z.ZodObject][];

describe('one mapping from zod issues to the SPEC §5 messages', () => {
  it('finds the form schemas', () => {
    expect(formSchemas.length).toBeGreaterThan(30);
  });

  it('an empty form says "cannot be empty" for each required field, in four languages, never zod\'s raw text', () => {
    const seen = new Set<string>();
    const raw: string[] = [];
    for (const [name, schema] of formSchemas) {
      const res = schema.safeParse({});
      if (res.success) continue;
      for (const issue of res.error.issues) {
        for (const lang of LANGS) {
          const text = formatIssue({ ...(issue as object), code: issue.code, message: issue.message } as never, lang);
          if (RAW.test(text)) raw.push(`${name}.${issue.path.join('.')} (${lang}): ${text}`);
          expect(text.length, `${name}.${issue.path.join('.')} (${lang})`).toBeGreaterThan(0);
          seen.add(`${lang}:${text}`);
        }
      }
    }
    expect(raw).toEqual([]);
    expect(seen).toContain('en:cannot be empty');
    expect(seen).toContain('zh:不能为空');
  });

  it('an empty text where one is needed is "cannot be empty" too; other rules keep their own wording', () => {
    const schema = z.object({ name: z.string().min(1), code: z.string().max(3) });
    const issues = schema.safeParse({ name: '', code: 'toolong' }).error!.issues;
    const text = (path: string, lang: Lang) => formatIssue(issues.find((i) => i.path[0] === path) as never, lang);
    expect(text('name', 'zh')).toBe('不能为空');
    expect(text('code', 'en')).not.toBe('cannot be empty');
  });

  it('the password policy\'s cross-field rule is worded in each language', () => {
    const policy = { minLength: 12, maxLength: 8, requireUppercase: true, requireLowercase: true, requireDigit: true, requireSpecial: false, maxFailedLogins: 5, lockMinutes: 30, lifetimeDays: 90, graceDays: 7 };
    const issue = contracts.passwordPolicySchema.safeParse(policy).error!.issues.find((i) => i.path[0] === 'maxLength')!;
    const text = (lang: Lang) => formatIssue({ ...(issue as object), code: issue.code, message: issue.message } as never, lang);
    expect(text('zh')).toBe('不能小于最小长度');
    expect(text('en')).toBe('must not be less than the minimum length');
  });
});
