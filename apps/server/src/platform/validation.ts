import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { formatIssue, translate, type Lang } from '@bencao/contracts';

/**
 * "field: rule" for every failed check, in the caller's language. Messages of the shared
 * validators are catalogue keys; zod's own checks are worded by zod's locale for that language.
 */
export function validationMessage(errors: FastifySchemaValidationError[], lang: Lang): string {
  return errors.map((e) => {
    const issue = { ...(e.params as object), code: e.keyword, message: e.message ?? '' };
    const field = (e.instancePath || '').replace(/^\//, '').replace(/\//g, '.') || 'body';
    const rule = formatIssue(issue, lang);
    return translate(lang, 'error.validation', { field, rule });
  }).join('; ');
}
