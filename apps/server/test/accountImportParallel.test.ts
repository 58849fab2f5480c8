import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';
import { importWorkbook } from './accountImportWorkbook';
import { accountImports, accounts, wfJobs } from '../src/db/schema/index';
import { runDueJobs } from '../src/modules/workflow/jobs';
import { setWorkflowClock } from '../src/modules/workflow/engine/clock';
import { ACCOUNT_IMPORT_KIND } from '../src/modules/security/accountImportJob';

/**
 * An operator who clicks "Import" many times (or several tabs, or a script) starts at most one import
 * at a time (issue 16): of 40 starts sent together for the same file, one is taken and every other one
 * is refused with 409 and a message saying why; nothing is queued twice, the accounts are saved once.
 */
let s: TestServer;
let admin: string;
const T0 = Date.parse('2026-03-01T08:00:00Z');
let clock = T0;
const db = () => s.built.deps.db;
const PARALLEL = 40;

beforeAll(async () => {
  s = await startTestServer({ loginRateLimit: 1000 });
  setWorkflowClock(db(), () => new Date(clock));
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { if (s) setWorkflowClock(db(), null); await s?.close(); });

const workbook = importWorkbook;
async function upload(file: Buffer, token: string, lang: string) {
  const form = new FormData();
  form.append('file', new Blob([file]), 'accounts.xlsx');
  const res = await fetch(`${s.url}/api/security/accounts/import`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-language': lang }, body: form });
  return { status: res.status, body: await res.json() as any };
}
const LANGS = ['en', 'zh', 'es', 'ja'] as const;
const RUNNING_MSG: Record<(typeof LANGS)[number], string> = {
  en: 'An import of yours is still running: wait until it ends',
  zh: '您上一次的导入还在进行中，请等它结束后再导入',
  es: 'Todavía hay una importación suya en curso: espere a que termine',
  ja: '前回のインポートがまだ実行中です。終了してから再度お試しください',
};

/** the imports of the operator that have not ended, and the jobs queued for them */
async function running(operatorId: number) {
  const imps = await db().select({ id: accountImports.id }).from(accountImports)
    .where(and(eq(accountImports.operatorId, operatorId), inArray(accountImports.status, ['checking', 'preparing'])));
  const jobs = await db().select({ id: wfJobs.id, payload: wfJobs.payload }).from(wfJobs)
    .where(and(eq(wfJobs.kind, ACCOUNT_IMPORT_KIND), inArray(wfJobs.status, ['pending', 'running'])));
  return { imps, jobs };
}
async function drain(id: number) {
  for (let i = 0; i < 50; i++) {
    clock += 1000;
    await runDueJobs(db(), { now: new Date(clock), workerId: 'runner-1' });
    const [r] = await db().select({ status: accountImports.status, imported: accountImports.imported }).from(accountImports).where(eq(accountImports.id, id));
    if (r.status === 'done' || r.status === 'failed') return r;
  }
  throw new Error('the import never ended');
}
const count = async (prefix: string) => (await db().select({ id: accounts.id }).from(accounts).where(like(accounts.userId, `${prefix}%`))).length;

/** sends PARALLEL starts of the same file at once, the callers' languages in turn; answers them in order */
async function startMany(file: Buffer) {
  return Promise.all(Array.from({ length: PARALLEL }, (_, i) => upload(file, admin, LANGS[i % LANGS.length]).then((r) => ({ ...r, lang: LANGS[i % LANGS.length] }))));
}

describe(`${PARALLEL} starts of the same import at once`, () => {
  it('take exactly one job; every other start is refused with 409 and says why in the caller\'s language', async () => {
    const [me] = await db().select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, DEMO.admin.userId));
    const file = await workbook([['par_a1', 'a1', 'Passw0rd!x'], ['par_a2', 'a2', 'Passw0rd!x']]);

    const answers = await startMany(file);
    const taken = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    expect(taken, JSON.stringify(answers.filter((a) => a.status !== 409).map((a) => [a.status, a.body.msg]))).toHaveLength(1);
    expect(refused).toHaveLength(PARALLEL - 1);
    for (const r of refused) expect([r.body.code, r.body.msg]).toEqual([409, RUNNING_MSG[r.lang]]);

    const id = taken[0].body.data.id as number;
    const { imps, jobs } = await running(me.id);
    expect(imps.map((i) => i.id)).toEqual([id]);
    expect(jobs.map((j) => Number((j.payload as { importId: unknown }).importId))).toEqual([id]);
    expect(await db().select({ id: accountImports.id }).from(accountImports).where(eq(accountImports.operatorId, me.id))).toHaveLength(1);

    expect(await drain(id)).toEqual({ status: 'done', imported: 2 });
    expect(await count('par_a')).toBe(2);
    // every runner pass after the end finds nothing more to save
    clock += 1000;
    await runDueJobs(db(), { now: new Date(clock), workerId: 'runner-2' });
    expect(await count('par_a')).toBe(2);
  });

  it('once that import has ended, the next burst again takes exactly one', async () => {
    const file = await workbook([['par_b1', 'b1', 'Passw0rd!x']]);
    const answers = await startMany(file);
    const taken = answers.filter((a) => a.status === 200);
    expect(taken).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(PARALLEL - 1);
    expect(await drain(taken[0].body.data.id)).toEqual({ status: 'done', imported: 1 });
    expect(await count('par_b')).toBe(1);
    const jobs = await db().select({ n: sql<number>`count(*)::int` }).from(wfJobs)
      .where(and(eq(wfJobs.kind, ACCOUNT_IMPORT_KIND), inArray(wfJobs.status, ['pending', 'running'])));
    expect(jobs[0].n).toBe(0);
  });
});
