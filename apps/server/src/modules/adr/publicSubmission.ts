import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { formatIssue, translate, type Lang } from '@bencao/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';

/**
 * What public forms of the site share (ADR reports here, job applications in modules/recruit): the
 * body checked with the contract's schema and every broken rule named by the field's label in the
 * visitor's language, a honeypot, and a limit of stored submissions per client address and hour.
 */

const HOUR = 3_600_000;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The parsed body, or 400 "<field label>: <rule>; …" with labels from `<labelPrefix>.field.<name>`. */
export function parseSubmission<S extends z.ZodType>(schema: S, body: unknown, labelPrefix: string, lang: Lang): z.infer<S> {
  const res = schema.safeParse(body ?? {});
  if (res.success) return res.data;
  const text = res.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'body');
    const rule = formatIssue({ ...(issue as object), code: issue.code, message: issue.message }, lang);
    return translate(lang, 'error.validation', { field: fieldLabel(labelPrefix, name, lang), rule });
  });
  throw new AppError(400, [...new Set(text)].join('; '));
}

export const fieldLabel = (labelPrefix: string, name: string, lang: Lang) => {
  const key = `${labelPrefix}.field.${name}`;
  const label = translate(lang, key);
  return label === key ? name : label;
};

/** A filled honeypot: a bot, answered as if accepted and dropped. */
export const isBot = (input: { website?: string }) => !!input.website?.trim();

/**
 * Runs `insert` in a transaction that first takes a lock on the address (so parallel submissions from
 * it are counted one after the other, on any number of processes) and refuses with 429 when the address
 * already has `limit` stored submissions in `table` within the hour before `now`. `limit` < 1: no limit.
 */
export async function limitedInsert<T>(
  db: Db,
  opts: { scope: string; ip: string; limit: number; now: Date; table: PgTable; ipColumn: PgColumn; createdColumn: PgColumn },
  insert: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${opts.scope}:${opts.ip}`}))`);
    if (opts.limit >= 1) {
      const since = new Date(opts.now.getTime() - HOUR);
      const [recent] = await tx.select({ n: count(), oldest: min(opts.createdColumn) }).from(opts.table)
        .where(and(eq(opts.ipColumn, opts.ip), gt(opts.createdColumn, since)));
      if (recent.n >= opts.limit) {
        const oldest = recent.oldest ? new Date(recent.oldest as Date | string).getTime() : opts.now.getTime();
        const minutes = Math.max(1, Math.ceil((oldest + HOUR - opts.now.getTime()) / 60_000));
        throw new AppError(429, 'submission.tooMany', { minutes });
      }
    }
    return insert(tx);
  });
}
