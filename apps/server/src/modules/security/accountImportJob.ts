import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { translate, type AccountImportError, type AccountImportJob, type Lang } from '@bencao/contracts';
import type { Db } from '../../db/client';
import { accountImports, accounts, wfJobs } from '../../db/schema/index';
import { AppError, notFound } from '../../platform/errors';
import { hashPassword } from '../../platform/auth/passwords';
import { jobDone, ownJob } from '../workflow/engine/runtime';
import type { JobRow } from '../workflow/jobs';
import { checkRows, columnTitle, insertAll, readRows, type AccountInput, type SheetRow, type ValidRow } from './accountImport';

/**
 * An account import is a job (issue 16): the request reads the workbook, stores its rows and answers at
 * once; the shared job runner (`wf_jobs`, claimed with FOR UPDATE SKIP LOCKED and a lease) checks every
 * row, then hashes the passwords a slice per pass (argon2 runs in libuv's thread pool, and the runner
 * is free for timers between slices), and saves all accounts in the transaction that ends the job — so
 * a process that stops mid-way leaves the job to another runner after its lease, and nothing is saved twice.
 */

export const ACCOUNT_IMPORT_KIND = 'accountImport';
/** passwords hashed per pass of the runner */
export const HASH_SLICE = 64;
const HASH_PARALLEL = 4;

type Prepared = { row: number; input: Omit<AccountInput, 'password' | 'confirmPassword'>; passwordHash: string };
type Pending = ValidRow | Prepared;
const isPrepared = (r: Pending): r is Prepared => 'passwordHash' in r;
const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

const view = (r: typeof accountImports.$inferSelect): AccountImportJob => ({
  id: r.id, status: r.status, total: r.total, checked: r.checked, prepared: r.prepared, imported: r.imported, errors: r.errors,
});

/** stores the workbook's rows and queues the job; 409 while another import of the operator runs */
export async function startImport(db: Db, operatorId: number, lang: Lang, file: Buffer, now: Date): Promise<AccountImportJob> {
  // a start while one is known to run is refused before the workbook is read; the unique index decides the rest (starts sent together)
  const [busy] = await db.select({ id: accountImports.id }).from(accountImports)
    .where(and(eq(accountImports.operatorId, operatorId), inArray(accountImports.status, ['checking', 'preparing']))).limit(1);
  if (busy) throw new AppError(409, 'accounts.importRunning');
  const rows = await readRows(file);
  try {
    return await db.transaction(async (tx) => {
      const [imp] = await tx.insert(accountImports).values({ operatorId, lang, status: 'checking', total: rows.length, rows, createdAt: now }).returning();
      await tx.insert(wfJobs).values({ kind: ACCOUNT_IMPORT_KIND, status: 'pending', dueAt: now, payload: { importId: imp.id }, maxAttempts: 3, createdAt: now });
      return view(imp);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(409, 'accounts.importRunning');
    throw e;
  }
}

/** one of the operator's imports (another's: 404) */
export async function importOf(db: Db, operatorId: number, id: number): Promise<AccountImportJob> {
  const [r] = await db.select().from(accountImports).where(and(eq(accountImports.id, id), eq(accountImports.operatorId, operatorId)));
  if (!r) throw notFound();
  return view(r);
}

/** the operator's latest import (null: none), so a dialog opened again follows a running one */
export async function latestImport(db: Db, operatorId: number): Promise<AccountImportJob | null> {
  const [r] = await db.select().from(accountImports).where(eq(accountImports.operatorId, operatorId)).orderBy(desc(accountImports.id)).limit(1);
  return r ? view(r) : null;
}

export interface ImportJobDeps {
  /** throws the AppError of the first role the operator may not give (its grants as they are now) */
  assertMayGiveRoles: (operatorId: number, roleIds: number[]) => Promise<void>;
  /** whether the operator's data scope (as it is now) holds the staff member */
  staffInScope: (operatorId: number, staffId: number) => Promise<boolean>;
  slice?: number;
}

/** the job's handler: one step per pass (check, a slice of hashes, or the save) */
export async function runAccountImport(db: Db, job: JobRow, now: Date, workerId: string, deps: ImportJobDeps) {
  const [imp] = await db.select().from(accountImports).where(eq(accountImports.id, Number(job.payload.importId)));
  if (!imp || imp.status === 'done' || imp.status === 'failed') return;
  try {
    await step(db, job, now, workerId, deps, imp);
  } catch (e) {
    // retried by the runner; after the last attempt the import ends, so the operator may import again
    if (job.attempts < job.maxAttempts) throw e;
    await fail(db, job, workerId, now, imp.id, [{ row: 0, field: '', message: translate(imp.lang as Lang, 'accounts.importCrashed') }]);
  }
}

async function step(db: Db, job: JobRow, now: Date, workerId: string, deps: ImportJobDeps, imp: typeof accountImports.$inferSelect) {
  const lang = imp.lang as Lang;
  const still = and(eq(accountImports.id, imp.id), eq(accountImports.status, imp.status));

  if (imp.status === 'checking') {
    const { errors, valid } = await checkRows(imp.rows as SheetRow[], {
      db, lang, assertMayGiveRoles: (ids) => deps.assertMayGiveRoles(imp.operatorId, ids), staffInScope: (id) => deps.staffInScope(imp.operatorId, id),
    },
      async (n) => { await db.update(accountImports).set({ checked: n }).where(still); });
    if (errors.length) return fail(db, job, workerId, now, imp.id, errors);
    await db.update(accountImports).set({ status: 'preparing', checked: imp.total, rows: valid }).where(still);
    return nextPass(db, job, workerId, now);
  }

  const rows = imp.rows as Pending[];
  const todo = rows.filter((r) => !isPrepared(r)).slice(0, deps.slice ?? HASH_SLICE) as ValidRow[];
  if (todo.length) {
    for (let i = 0; i < todo.length; i += HASH_PARALLEL) {
      await Promise.all(todo.slice(i, i + HASH_PARALLEL).map(async (r) => {
        const { password, confirmPassword: _c, ...input } = r.input;
        Object.assign(r, { input, passwordHash: await hashPassword(password) });
      }));
    }
    // the plain passwords leave the table as soon as they are hashed
    await db.update(accountImports).set({ rows, prepared: rows.filter(isPrepared).length }).where(still);
    if (rows.some((r) => !isPrepared(r))) return nextPass(db, job, workerId, now);
  }

  const prepared = rows as Prepared[];
  try {
    await db.transaction(async (tx) => {
      if (!(await ownJob(tx, job.id, workerId))) return;
      await insertAll(tx, prepared, prepared.map((r) => r.passwordHash));
      await tx.update(accountImports).set({ status: 'done', imported: prepared.length, rows: [], finishedAt: now }).where(still);
      await jobDone(tx, job.id, now);
    });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    // another request created one of these accounts since the check: nothing of this file stays
    const taken = new Set((await db.select({ userId: accounts.userId }).from(accounts)
      .where(inArray(accounts.userId, prepared.map((r) => r.input.userId)))).map((a) => a.userId));
    const field = columnTitle(lang, 'userId');
    const message = translate(lang, 'accounts.importExists');
    return fail(db, job, workerId, now, imp.id, prepared.filter((r) => taken.has(r.input.userId)).map((r) => ({ row: r.row, field, message })));
  }
}

/** ends the import with its per-row report (nothing imported) and the job with it */
async function fail(db: Db, job: JobRow, workerId: string, now: Date, importId: number, errors: AccountImportError[]) {
  await db.transaction(async (tx) => {
    if (!(await ownJob(tx, job.id, workerId))) return;
    await tx.update(accountImports).set({ status: 'failed', checked: sql`${accountImports.total}`, errors, rows: [], finishedAt: now })
      .where(eq(accountImports.id, importId));
    await jobDone(tx, job.id, now);
  });
}

/** hands the job back to the runner's next pass (after the other due jobs), with its attempts counted afresh */
async function nextPass(db: Db, job: JobRow, workerId: string, now: Date) {
  await db.update(wfJobs).set({ status: 'pending', dueAt: new Date(now.getTime() + 1), attempts: 0, lockedBy: null, leaseUntil: null })
    .where(and(eq(wfJobs.id, job.id), eq(wfJobs.lockedBy, workerId), eq(wfJobs.status, 'running')));
}
