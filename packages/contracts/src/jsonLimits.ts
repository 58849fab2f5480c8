import { z } from 'zod';

/**
 * Limits of the free-form JSON documents clients send: process variables (start, drafts, task actions,
 * participants' previews) and form documents. Without them a document nested 5,000 levels deep broke the
 * database driver's (recursive) JSON serialisation (500), and a 5 MB variable was stored on the instance
 * and copied on every step. Module settings with these defaults; the server sets them from its
 * configuration at start (`VARIABLES_MAX_DEPTH`, `VARIABLES_MAX_KB`, docs/SECURITY.md).
 */
export interface DocumentLimits {
  /** levels of nested objects and arrays (the document itself is level 1) */
  maxDepth: number;
  /** size of the document as JSON, in bytes (UTF-8) */
  maxBytes: number;
}
export const DEFAULT_DOCUMENT_LIMITS: Readonly<DocumentLimits> = Object.freeze({ maxDepth: 32, maxBytes: 256 * 1024 });
const limits: DocumentLimits = { ...DEFAULT_DOCUMENT_LIMITS };

/** Sets the limits (missing or invalid ones: the default); answers the limits in force. */
export function configureDocumentLimits(next: Partial<DocumentLimits> = {}): Readonly<DocumentLimits> {
  for (const k of Object.keys(DEFAULT_DOCUMENT_LIMITS) as (keyof DocumentLimits)[]) {
    const v = next[k];
    limits[k] = typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : DEFAULT_DOCUMENT_LIMITS[k];
  }
  return { ...limits };
}
export const documentLimits = (): Readonly<DocumentLimits> => ({ ...limits });

const utf8Bytes = (s: string) => {
  let n = s.length;
  for (let i = 0; i < s.length; i++) { const c = s.charCodeAt(i); if (c > 0x7f) n += c > 0x7ff && (c < 0xd800 || c > 0xdfff) ? 2 : 1; }
  return n;
};

export type DocumentProblem =
  | { rule: 'tooDeep'; path: (string | number)[]; n: number }
  | { rule: 'tooLarge'; path: (string | number)[]; n: number };

/**
 * The first limit a JSON value breaks, or null. Walks without recursion (a hostile document may be
 * nested far deeper than the stack allows) and stops at the first breach; `path` leads to the value
 * that goes too deep (at most `maxDepth` steps of it).
 */
export function documentProblem(value: unknown, max: DocumentLimits = limits): DocumentProblem | null {
  let bytes = 0;
  const stack: { v: unknown; depth: number; path: (string | number)[] }[] = [{ v: value, depth: 1, path: [] }];
  while (stack.length) {
    const { v, depth, path } = stack.pop()!;
    if (typeof v === 'string') bytes += utf8Bytes(v) + 2;
    else if (v === null || typeof v !== 'object') bytes += String(v).length;
    else {
      if (depth > max.maxDepth) return { rule: 'tooDeep', path, n: max.maxDepth };
      const entries: [string | number, unknown][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v as object);
      bytes += 2 + Math.max(0, entries.length - 1);
      for (const [k, x] of entries) {
        if (typeof k === 'string') bytes += utf8Bytes(k) + 3;
        stack.push({ v: x, depth: depth + 1, path: depth <= max.maxDepth ? [...path, k] : path });
      }
    }
    if (bytes > max.maxBytes) return { rule: 'tooLarge', path: [], n: Math.floor(max.maxBytes / 1024) };
  }
  return null;
}

/** Adds the zod issue of a document over its limits: 400 "field: is nested deeper than 32 levels" / "is larger than 256 KB". */
export function checkDocument(value: unknown, ctx: z.RefinementCtx) {
  const p = documentProblem(value);
  if (!p) return;
  // a deep path is named by its first key (the field the caller sent), not by 32 more of it
  if (p.rule === 'tooDeep') ctx.addIssue({ code: 'custom', message: 'valid.jsonTooDeep', params: { n: p.n }, path: p.path.slice(0, 1) });
  else ctx.addIssue({ code: 'custom', message: 'valid.jsonTooLarge', params: { n: p.n } });
}

/** A free-form document (process variables, a form's data) within the document limits. */
export const boundedDocumentSchema = () => z.record(z.string().max(100), z.unknown()).superRefine(checkDocument);
