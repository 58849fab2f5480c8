import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { translate, type Lang, type NotificationKind, type NotificationQuery, type NotificationRecord, type WorkflowSettings } from '@bencao/contracts';
import type { Db } from '../../db/client';
import { accountLanguages, accounts, notifications, staff, wfJobs } from '../../db/schema/index';
import { environmentMailer } from '../../platform/mail';
import { offsetOf } from '../../platform/paging';
import { accountEmail, workflowSettings } from '../workflow/admin/index';

/**
 * In-app notifications (the bell) and their mail copies. Rows keep a kind and parameters; title and
 * body are translated when read, in the language of whoever reads them. Mail goes out through a job
 * (kind `notification.mail`, retried with back-off by the workflow job runner) in the language the
 * recipient last used, when the workflow settings enable the mail channel and SMTP is configured.
 */

type Q = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'selectDistinct'>;
export const MAIL_JOB_KIND = 'notification.mail';
export type NotificationParams = Record<string, string | number>;

export interface NewNotification { accountIds: number[]; kind: NotificationKind; params: NotificationParams; link?: string | null }

/**
 * `settings`: the workflow settings when the caller has read them already (the engine reads them with the instance lock);
 * `defer`: takes the insert instead of running it when no mail goes out (the engine writes it with the step's history;
 * the answer is then [])
 */
export async function notify(q: Q, n: NewNotification, now: Date, settings?: WorkflowSettings, defer?: (insert: SQL) => void): Promise<number[]> {
  const ids = [...new Set(n.accountIds.filter((a) => Number.isInteger(a) && a > 0))];
  if (!ids.length) return [];
  const s = settings ?? await workflowSettings(q);
  if (!s.channels.inApp && !s.channels.mail) return [];
  const insert = q.insert(notifications).values(ids.map((accountId) => ({
    accountId, kind: n.kind, params: n.params, link: n.link ?? null, createdAt: now,
    // only mailed: kept read so the bell does not show it
    readAt: s.channels.inApp ? null : now,
  })));
  if (defer && !s.channels.mail) {
    defer(insert.getSQL());
    return [];
  }
  const rows = await insert.returning({ id: notifications.id });
  if (s.channels.mail) {
    // one job per mail: a recipient whose server refuses is retried alone, the others are not mailed twice
    await q.insert(wfJobs).values(rows.map((r) => ({ kind: MAIL_JOB_KIND, dueAt: now, payload: { notificationIds: [r.id] }, createdAt: now })));
  }
  return rows.map((r) => r.id);
}

export function render(lang: Lang, kind: string, params: NotificationParams) {
  const p = { businessKey: '-', ...params };
  return { title: translate(lang, `notify.${kind}.title`, p), body: translate(lang, `notify.${kind}.body`, p) };
}

/** remembers the language an account uses (mail is written in it) */
export async function rememberLanguage(q: Q, accountId: number, lang: Lang, now: Date) {
  await q.insert(accountLanguages).values({ accountId, lang, updatedAt: now })
    .onConflictDoUpdate({ target: accountLanguages.accountId, set: { lang, updatedAt: now }, where: sql`${accountLanguages.lang} <> ${lang}` });
}

export async function languageOf(q: Q, accountId: number): Promise<Lang> {
  const [r] = await q.select({ lang: accountLanguages.lang }).from(accountLanguages).where(eq(accountLanguages.accountId, accountId));
  return (r?.lang as Lang | undefined) ?? 'zh';
}

/** the mail job: one mail per notification whose recipient has an address (the account's or its staff member's) */
export async function sendNotificationMails(db: Db, notificationIds: number[]) {
  if (!notificationIds.length) return;
  const mailer = environmentMailer();
  if (!mailer) return;
  // the account's own address, else its staff member's (as the workflow's mail listeners do)
  const rows = await db.select({ n: notifications, email: accountEmail, lang: accountLanguages.lang }).from(notifications)
    .innerJoin(accounts, eq(accounts.id, notifications.accountId))
    .leftJoin(staff, eq(staff.id, accounts.staffId))
    .leftJoin(accountLanguages, eq(accountLanguages.accountId, notifications.accountId))
    .where(inArray(notifications.id, notificationIds));
  for (const r of rows) {
    if (!r.email) continue;
    const m = render((r.lang as Lang | null) ?? 'zh', r.n.kind, r.n.params);
    await mailer.send({ to: [r.email], subject: m.title, text: m.body });
  }
}

export function notificationService(db: Db) {
  const view = (lang: Lang) => (r: typeof notifications.$inferSelect): NotificationRecord => ({
    id: r.id, kind: r.kind as NotificationKind, ...render(lang, r.kind, r.params), link: r.link,
    createdAt: r.createdAt.toISOString(), readAt: r.readAt?.toISOString() ?? null,
  });
  return {
    async list(accountId: number, q: NotificationQuery, lang: Lang) {
      const where = and(eq(notifications.accountId, accountId), q.unread ? isNull(notifications.readAt) : undefined);
      const [{ total }] = await db.select({ total: count() }).from(notifications).where(where);
      const rows = await db.select().from(notifications).where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(q.limit).offset(offsetOf(q));
      return { total, records: rows.map(view(lang)) };
    },
    async unread(accountId: number) {
      const [{ unread }] = await db.select({ unread: count() }).from(notifications).where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)));
      return { unread };
    },
    async read(accountId: number, id: number, now: Date) {
      await db.update(notifications).set({ readAt: now }).where(and(eq(notifications.id, id), eq(notifications.accountId, accountId), isNull(notifications.readAt)));
      return { id };
    },
    async readAll(accountId: number, now: Date) {
      const rows = await db.update(notifications).set({ readAt: now }).where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt))).returning({ id: notifications.id });
      return { updated: rows.length };
    },
  };
}
