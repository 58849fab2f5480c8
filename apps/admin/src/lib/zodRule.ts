import type { FormRule } from 'antd';
import type { z } from 'zod';
import { formatIssue, type Lang } from '@bencao/contracts';

const LANGS = ['en', 'zh', 'es', 'ja'];
export const langOf = (language: string | undefined): Lang => {
  const l = (language ?? 'en').slice(0, 2);
  return (LANGS.includes(l) ? l : 'en') as Lang;
};

/**
 * An antd rule that checks one field with the same zod schema the server uses: the whole form is
 * parsed (cross-field rules such as "passwords do not match" apply) and the issues of this field
 * are shown, worded like the server's messages.
 */
export function zodRule(schema: z.ZodType, lang: Lang, prepare: (values: Record<string, unknown>) => unknown = (v) => v): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async (rule) => {
      const field = (rule as { field?: string }).field ?? '';
      // with the input in each issue, an empty select reads "cannot be empty" like an empty text
      const res = schema.safeParse(prepare(getFieldsValue(true)), { reportInput: true });
      if (res.success) return;
      const issue = res.error.issues.find((i) => i.path.join('.') === field);
      if (issue) throw new Error(formatIssue({ ...(issue as object), code: issue.code, message: issue.message } as never, lang));
    },
  });
}
