import type { FormRule } from 'antd';
import type { z } from 'zod';
import { formatIssue, type Lang } from '@bencao/contracts';

/**
 * Like `zodRule`, for a field holding a list or an object (e-mail addresses, a record): shows the first
 * issue of the shared schema at the field or inside it (e.g. `mail.emails.2`).
 */
export function zodRuleWithin(schema: z.ZodType, lang: Lang, prepare: (values: Record<string, unknown>) => unknown = (v) => v): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async (rule) => {
      const field = (rule as { field?: string }).field ?? '';
      const res = schema.safeParse(prepare(getFieldsValue(true)));
      if (res.success) return;
      const issue = res.error.issues.find((i) => { const p = i.path.join('.'); return p === field || p.startsWith(`${field}.`); });
      if (issue) throw new Error(formatIssue({ ...(issue as object), code: issue.code, message: issue.message } as never, lang));
    },
  });
}

/** A rule checking one value with a shared schema (e.g. a variable name in a row), worded like the server's messages. */
export function valueRule(schema: z.ZodType, lang: Lang): FormRule {
  return {
    validator: async (_rule, value) => {
      const res = schema.safeParse(value ?? '');
      if (res.success) return;
      const issue = res.error.issues[0];
      throw new Error(formatIssue({ ...(issue as object), code: issue.code, message: issue.message } as never, lang));
    },
  };
}
