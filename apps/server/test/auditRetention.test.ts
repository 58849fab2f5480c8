import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';
import { clientErrors, loginLogs, operationLogs, wfJobs } from '../src/db/schema/index';
import { setWorkflowClock } from '../src/modules/workflow/engine/clock';
import { runDueJobs } from '../src/modules/workflow/jobs';
import { armLogPurge, LOG_PURGE_KIND } from '../src/modules/audit/retention';

/** Log clean-up by age and retention (issue 16), on a clock of the test's own. */
const NOW = new Date('2026-06-01T03:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ loginRateLimit: 1000 });
  setWorkflowClock(s.built.deps.db, () => NOW);
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

const db = () => s.built.deps.db;
const api = (method: string, path: string, body?: unknown, token = admin, lang = 'en') => s.request(method, path, { token, body, lang });

/** one entry of each log per age, marked with `tag` */
async function seedLogs(tag: string, ages: number[]) {
  for (const d of ages) {
    const createdAt = ago(d);
    await db().insert(operationLogs).values({ userId: `${tag}-${d}`, module: 'test', operation: 'x', method: 'POST', path: `/${tag}`, result: 'success', status: 200, durationMs: 1, createdAt });
    await db().insert(loginLogs).values({ userId: `${tag}-${d}`, outcome: 'success', reason: 'ok', createdAt });
    await db().insert(clientErrors).values({ message: `${tag}-${d}`, url: '/x', createdAt });
  }
}
async function left(tag: string) {
  const [o, l, c] = await Promise.all([
    db().select({ u: operationLogs.userId }).from(operationLogs).where(like(operationLogs.userId, `${tag}-%`)),
    db().select({ u: loginLogs.userId }).from(loginLogs).where(like(loginLogs.userId, `${tag}-%`)),
    db().select({ u: clientErrors.message }).from(clientErrors).where(like(clientErrors.message, `${tag}-%`)),
  ]);
  const ages = (rows: { u: string | null }[]) => rows.map((r) => Number(r.u!.split('-').pop())).sort((x, y) => x - y);
  return { operation: ages(o), login: ages(l), clientError: ages(c) };
}

describe('clean up by age', () => {
  it('deletes the entries of one log older than N days and says how many', async () => {
    await seedLogs('clean', [1, 29, 31, 400]);
    const res = await api('POST', '/api/audit/operation-logs/clean', { days: 30 }, admin, 'zh');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toBeGreaterThanOrEqual(2);
    expect(res.body.msg).toBe(`已删除 30 天前的 ${res.body.data} 条记录`);
    expect(await left('clean')).toEqual({ operation: [1, 29], login: [1, 29, 31, 400], clientError: [1, 29, 31, 400] });
    expect((await api('POST', '/api/audit/login-logs/clean', { days: 30 })).status).toBe(200);
    expect((await api('POST', '/api/audit/error-logs/clean', { days: 2 })).status).toBe(200);
    expect(await left('clean')).toEqual({ operation: [1, 29], login: [1, 29], clientError: [1] });
  });

  it('refuses a bad number of days naming the rule, and callers without the clean-up action (403)', async () => {
    const bad = await api('POST', '/api/audit/login-logs/clean', { days: -1 }, admin, 'zh');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('请输入 0 到 3650 之间的整数天数');
    expect((await api('POST', '/api/audit/login-logs/clean', { days: 1.5 })).status).toBe(400);
    const auditor = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    await seedLogs('denied', [100]);
    for (const seg of ['operation-logs', 'login-logs', 'error-logs']) {
      expect((await api('POST', `/api/audit/${seg}/clean`, { days: 1 }, auditor)).status).toBe(403);
      expect((await api('PUT', `/api/audit/${seg}/retention`, { days: 1 }, auditor)).status).toBe(403);
      expect((await api('GET', `/api/audit/${seg}/retention`, undefined, auditor)).status).toBe(200);
    }
    expect(await left('denied')).toEqual({ operation: [100], login: [100], clientError: [100] });
  });
});

describe('retention', () => {
  it('keeps everything while no retention is set: no purge job is armed', async () => {
    await armLogPurge(db(), NOW);
    expect(await db().select().from(wfJobs).where(eq(wfJobs.kind, LOG_PURGE_KIND))).toHaveLength(0);
  });

  it('a retention per kind is applied by one daily job that arms the next run', async () => {
    await seedLogs('keep', [5, 20, 95]);
    expect((await api('PUT', '/api/audit/operation-logs/retention', { days: 90 })).body.data).toEqual({ days: 90 });
    expect((await api('PUT', '/api/audit/error-logs/retention', { days: 10 })).status).toBe(200);
    expect((await api('GET', '/api/audit/error-logs/retention')).body.data).toEqual({ days: 10 });
    // armed once, however many processes or saves arm it
    await armLogPurge(db(), NOW);
    await armLogPurge(db(), NOW);
    expect(await db().select().from(wfJobs).where(eq(wfJobs.kind, LOG_PURGE_KIND))).toHaveLength(1);

    await runDueJobs(db(), { now: NOW });
    expect(await left('keep')).toEqual({ operation: [5, 20], login: [5, 20, 95], clientError: [5] });
    const jobs = await db().select().from(wfJobs).where(eq(wfJobs.kind, LOG_PURGE_KIND)).orderBy(wfJobs.id);
    expect(jobs.map((j) => [j.status, j.dueAt.toISOString()])).toEqual([['done', NOW.toISOString()], ['pending', new Date(NOW.getTime() + DAY).toISOString()]]);

    // the next day the next run applies it again
    await seedLogs('later', [11]);
    await runDueJobs(db(), { now: new Date(NOW.getTime() + DAY) });
    expect((await left('later')).clientError).toEqual([]);
  });
});
