import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { startTestServer, type TestServer } from './harness';
import { accounts, notifications, staff, wfJobs } from '../src/db/schema/index';
import { hashPassword } from '../src/platform/auth/passwords';
import { notify, MAIL_JOB_KIND } from '../src/modules/notification/service';
import { saveWorkflowSettings, workflowSettings } from '../src/modules/workflow/admin/settings';
import { runDueJobs } from '../src/modules/workflow/jobs';

/**
 * Notifications by mail: written in the language the recipient last read the console in, sent to the
 * account's address or its staff member's, one job per mail so a refused recipient is retried alone.
 */

let s: TestServer;
const db = () => s.built.deps.db;
const T0 = new Date('2099-04-01T08:00:00Z'); // jobs due in the future: no runner on the wall clock takes them
const acc: Record<string, number> = {};
const mails: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let refuse = new Set<string>();
const env = { ...process.env };

/** the decoded Subject header of a raw mail (RFC 2047 encoded words, as nodemailer writes them) */
function subjectOf(raw: string): string {
  const m = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw);
  if (!m) return '';
  return m[1].replace(/\r?\n[ \t]/g, ' ').replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_h, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8')).trim();
}

async function makeAccount(userId: string, extra: Partial<typeof accounts.$inferInsert> = {}) {
  const [a] = await db().insert(accounts).values({ userId, userName: userId, passwordHash: await hashPassword('Nm@2026pass'), ...extra }).returning({ id: accounts.id });
  acc[userId] = a.id;
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false,
    onRcptTo(address, _session, cb) {
      cb(refuse.has(address.address) ? Object.assign(new Error('mailbox unavailable'), { responseCode: 450 }) : undefined);
    },
    onData(stream, session, cb) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (c: string) => { raw += c; });
      stream.on('end', () => { mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw }); cb(); });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  process.env.SMTP_HOST = '127.0.0.1';
  process.env.SMTP_PORT = String((smtp.server.address() as AddressInfo).port);
  process.env.SMTP_FROM = 'notify@bencao.test';

  s = await startTestServer();
  const [person] = await db().insert(staff).values({ code: 'NM-E1', name: '邮件员工', email: 'nm-staff@staff.example.com' }).returning({ id: staff.id });
  await makeAccount('nm-ja', { email: 'nm-ja@example.com' });
  await makeAccount('nm-staff', { staffId: person.id });
  await makeAccount('nm-none');
  await makeAccount('nm-bounce', { email: 'nm-bounce@example.com' });
  await saveWorkflowSettings(db(), { ...(await workflowSettings(db())), channels: { inApp: true, mail: true } }, T0);
  // the demo data's own due jobs run now, so what runs below is only what the tests queue
  await runDueJobs(db(), { now: T0 });
});

/** the mails to this test's accounts (nothing else of the demo data) */
const ours = () => mails.filter((m) => m.to.every((a) => a.startsWith('nm-')));
/** the state of the mail jobs of these notifications */
const mailJobs = async (ids: number[]) => (await db().select().from(wfJobs).where(eq(wfJobs.kind, MAIL_JOB_KIND)))
  .filter((j) => ids.includes(Number((j.payload.notificationIds as number[])[0])));
afterAll(async () => {
  process.env.SMTP_HOST = env.SMTP_HOST; process.env.SMTP_PORT = env.SMTP_PORT; process.env.SMTP_FROM = env.SMTP_FROM;
  for (const k of ['SMTP_HOST', 'SMTP_PORT', 'SMTP_FROM'] as const) if (env[k] === undefined) delete process.env[k];
  await s?.close();
  await new Promise<void>((r) => smtp.close(() => r()));
});

describe('notification mail', () => {
  it('is written in the language the recipient last used, to the account\'s or the staff member\'s address', async () => {
    // nm-ja reads the console in Japanese: the bell's poll remembers it
    const token = await s.login('nm-ja', 'Nm@2026pass');
    expect((await s.request('GET', '/api/notifications/count', { token, lang: 'ja' })).status).toBe(200);

    const ids = await notify(db(), { accountIds: [acc['nm-ja'], acc['nm-staff'], acc['nm-none']], kind: 'taskArrived', params: { taskName: '部门审批', businessKey: 'PO-7' } }, T0);
    expect(ids).toHaveLength(3);
    mails.length = 0;
    expect((await mailJobs(ids)).map((j) => j.status)).toEqual(['pending', 'pending', 'pending']);
    await runDueJobs(db(), { now: T0 });
    expect((await mailJobs(ids)).map((j) => j.status)).toEqual(['done', 'done', 'done']);

    const byTo = new Map(ours().map((m) => [m.to.join(','), subjectOf(m.raw)]));
    expect([...byTo.keys()].sort()).toEqual(['nm-ja@example.com', 'nm-staff@staff.example.com']);
    expect(byTo.get('nm-ja@example.com')).toBe('新しいタスク：部门审批');
    // an account that never opened the console gets Chinese
    expect(byTo.get('nm-staff@staff.example.com')).toBe('新待办：部门审批');
  });

  it('a recipient whose server refuses is retried alone; the others are not mailed twice', async () => {
    refuse = new Set(['nm-bounce@example.com']);
    const ids = await notify(db(), { accountIds: [acc['nm-ja'], acc['nm-bounce']], kind: 'urge', params: { taskName: '财务复核', businessKey: 'PO-8' } }, T0);
    mails.length = 0;
    await runDueJobs(db(), { now: T0 });
    expect(ours().map((m) => m.to)).toEqual([['nm-ja@example.com']]);
    const jobs = await mailJobs(ids);
    expect(jobs.map((j) => j.status).sort()).toEqual(['done', 'pending']);
    const retry = jobs.find((j) => j.status === 'pending')!;
    expect(retry.dueAt.getTime()).toBeGreaterThan(T0.getTime());

    refuse = new Set();
    await runDueJobs(db(), { now: retry.dueAt });
    expect(ours().map((m) => m.to)).toEqual([['nm-ja@example.com'], ['nm-bounce@example.com']]);
    expect((await mailJobs(ids)).map((j) => j.status).sort()).toEqual(['done', 'done']);
  });

  it('with the mail channel off nothing is queued; with in-app off the bell stays quiet', async () => {
    const settings = await workflowSettings(db());
    await saveWorkflowSettings(db(), { ...settings, channels: { inApp: true, mail: false } }, T0);
    const before = (await db().select().from(wfJobs)).filter((j) => j.kind === MAIL_JOB_KIND).length;
    await notify(db(), { accountIds: [acc['nm-ja']], kind: 'cc', params: { definitionName: '采购申请' } }, T0);
    expect((await db().select().from(wfJobs)).filter((j) => j.kind === MAIL_JOB_KIND)).toHaveLength(before);

    await saveWorkflowSettings(db(), { ...settings, channels: { inApp: false, mail: true } }, T0);
    const [id] = await notify(db(), { accountIds: [acc['nm-ja']], kind: 'cc', params: { definitionName: '采购申请' } }, T0);
    const [row] = await db().select().from(notifications).where(eq(notifications.id, id));
    expect(row.readAt).not.toBeNull();
    await saveWorkflowSettings(db(), settings, T0);
  });
});
