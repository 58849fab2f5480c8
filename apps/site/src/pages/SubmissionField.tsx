import type { ReactNode } from 'react';
import type { z } from 'zod';
import { formatIssue } from '@bencao/contracts';
import type { SiteLang } from '../i18n';

/**
 * One labelled control of a visitor's form: the label, an optional hint and the field's error, tied
 * to the control by id and aria-describedby so a screen reader reads them with it.
 */
export function SubmissionField({ id, label, required, hint, error, children, requiredText }: {
  id: string; label: string; required?: boolean; hint?: string; error?: string; children: (aria: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string; 'aria-required'?: boolean }) => ReactNode;
  /** what a screen reader says after the label of a required field, brackets included: '（必填）', ' (required)' */
  requiredText: string;
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field sub-field has-error' : 'field sub-field'}>
      <label htmlFor={id}>
        {label}
        {required && <span className="req" aria-hidden="true"> *</span>}
        {required && <span className="sr-only">{requiredText}</span>}
      </label>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': described, 'aria-required': required || undefined })}
      {hint && <p id={`${id}-hint`} className="sub-hint">{hint}</p>}
      {error && <p id={`${id}-error`} className="field-error">{error}</p>}
    </div>
  );
}

/** A field no person sees or reaches: a bot that fills every input fills it too (the server then drops the form). */
export function Honeypot({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <div className="sub-trap" aria-hidden="true">
      <label htmlFor="website">Website</label>
      <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** Each field's first broken rule, worded like the server's messages; empty when the values pass. */
export function fieldErrors(schema: z.ZodType, values: unknown, lang: SiteLang): Record<string, string> {
  const res = schema.safeParse(values, { reportInput: true });
  const out: Record<string, string> = {};
  if (res.success) return out;
  for (const issue of res.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (!(name in out)) out[name] = formatIssue({ ...(issue as object), code: issue.code, message: issue.message } as never, lang);
  }
  return out;
}
