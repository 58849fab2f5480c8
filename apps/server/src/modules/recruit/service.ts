import crypto from 'node:crypto';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { APPLICATION_CONSENT, PRIVACY_PAGE_SLUG, RECRUIT_TRANSITIONS, type ApplicationQuery, type ApplicationReview, type ApplicationRow, type RecruitJob, type RecruitStatus, type applicationInputSchema, type JobFields } from '@bencao/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { cmsArticles, recruitApplications } from '../../db/schema/index';
import { AppError, notFound } from '../../platform/errors';
import { offsetOf, orderBy } from '../../platform/paging';
import type { MediaStorage } from '../cms/storage';
import { isLive } from '../cms/service';
import { limitedInsert } from '../adr/publicSubmission';
import { chinaDay, likeText } from '../adr/service';
import type { CvKind } from './cvType';

type Input = z.infer<typeof applicationInputSchema>;
type Row = typeof recruitApplications.$inferSelect;
export interface CvFile { bytes: Buffer; name: string; kind: CvKind }

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toRow = (r: Row): ApplicationRow => ({
  id: r.id, jobId: r.jobId, jobTitle: r.jobTitle, name: r.name, phone: r.phone, email: r.email, coverNote: r.coverNote,
  cvName: r.cvName, cvType: r.cvType, cvSize: r.cvSize,
  consentText: r.consentText, privacyVersion: r.privacyVersion, privacyChangedAt: iso(r.privacyChangedAt), status: r.status, reviewNote: r.reviewNote,
  reviewedBy: r.reviewedBy, reviewedAt: iso(r.reviewedAt), createdAt: r.createdAt.toISOString(),
});

/** The name a CV is saved under: the visitor's base name (no folders, at most 100 characters) and the extension of its real type. */
export function cvFileName(original: string, kind: CvKind) {
  const base = (original.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '').trim().slice(0, 100) || 'cv';
  return `${base}.${kind.ext}`;
}

export function recruitService(db: Db, store: MediaStorage, opts: { now: () => Date; limit: number }) {
  /** The job being applied to: 404 when there is no such job on the site, 409 when it no longer takes applications. */
  async function openJob(id: number, now: Date) {
    const [job] = await db.select().from(cmsArticles).where(and(eq(cmsArticles.id, id), eq(cmsArticles.kind, 'job')));
    if (!job || !job.publishedAt) throw notFound('recruit.jobUnknown');
    const endDate = (job.fields as Partial<JobFields>).endDate;
    if (!isLive(job, now.getTime()) || (endDate && endDate < chinaDay(now))) throw new AppError(409, 'recruit.jobClosed');
    return job;
  }

  return {
    openJob,

    /** `lang`: the site's language the form was shown in (the consent is stored in its words) */
    async apply(jobId: number, input: Input, cv: CvFile, ip: string, lang: 'zh' | 'en' = 'zh') {
      const now = opts.now();
      const job = await openJob(jobId, now);
      const [policy] = await db.select({ version: cmsArticles.version, changedAt: cmsArticles.contentChangedAt }).from(cmsArticles)
        .where(and(eq(cmsArticles.slug, PRIVACY_PAGE_SLUG), eq(cmsArticles.kind, 'page')));
      const key = `${crypto.randomBytes(16).toString('hex')}.${cv.kind.ext}`;
      return limitedInsert(db, { scope: 'recruit', ip, limit: opts.limit, now, table: recruitApplications, ipColumn: recruitApplications.clientIp, createdColumn: recruitApplications.createdAt }, async (tx) => {
        await store.put(key, cv.bytes);
        try {
          const [r] = await tx.insert(recruitApplications).values({
            jobId: job.id, jobTitle: job.title, name: input.name, phone: input.phone, email: input.email, coverNote: input.coverNote,
            cvKey: key, cvName: cvFileName(cv.name, cv.kind), cvType: cv.kind.mime, cvSize: cv.bytes.length, clientIp: ip, createdAt: now,
            consentText: APPLICATION_CONSENT[lang], privacyVersion: policy?.version ?? null, privacyChangedAt: policy?.changedAt ?? null,
          }).returning({ id: recruitApplications.id });
          return { id: r.id };
        } catch (err) {
          await store.delete(key);
          throw err;
        }
      });
    },

    async list(q: ApplicationQuery) {
      const where: (SQL | undefined)[] = [
        q.jobId ? eq(recruitApplications.jobId, q.jobId) : undefined,
        q.status ? eq(recruitApplications.status, q.status) : undefined,
        q.keyword ? or(ilike(recruitApplications.name, likeText(q.keyword)), ilike(recruitApplications.phone, likeText(q.keyword)), ilike(recruitApplications.email, likeText(q.keyword))) : undefined,
      ];
      const cond = and(...where);
      const [{ total }] = await db.select({ total: count() }).from(recruitApplications).where(cond);
      const rows = await db.select().from(recruitApplications).where(cond)
        .orderBy(...orderBy(q, { createdAt: recruitApplications.createdAt, name: recruitApplications.name, jobTitle: recruitApplications.jobTitle, status: recruitApplications.status }, sql`${recruitApplications.createdAt} desc, ${recruitApplications.id} desc`))
        .limit(q.limit).offset(offsetOf(q));
      return { total, records: rows.map(toRow) };
    },

    /** every job of the site that was ever published, newest first, with its number of applications */
    async jobs(): Promise<RecruitJob[]> {
      const n = db.$with('n').as(db.select({ jobId: recruitApplications.jobId, c: count().as('c') }).from(recruitApplications).groupBy(recruitApplications.jobId));
      const rows = await db.with(n).select({ id: cmsArticles.id, title: cmsArticles.title, c: n.c }).from(cmsArticles)
        .leftJoin(n, eq(n.jobId, cmsArticles.id))
        .where(and(eq(cmsArticles.kind, 'job'), sql`${cmsArticles.publishedAt} is not null`))
        .orderBy(desc(cmsArticles.publishedAt), desc(cmsArticles.id));
      return rows.map((r) => ({ id: r.id, title: r.title, applications: Number(r.c ?? 0) }));
    },

    async get(id: number) {
      const [r] = await db.select().from(recruitApplications).where(eq(recruitApplications.id, id));
      if (!r) throw notFound();
      return r;
    },

    async cv(id: number) {
      const r = await this.get(id);
      const bytes = await store.get(r.cvKey);
      if (!bytes) throw notFound();
      return { bytes, name: r.cvName, type: r.cvType };
    },

    async review(id: number, change: ApplicationReview, reviewer: string) {
      const cur = await this.get(id);
      const refuse = (from: RecruitStatus) => new AppError(409, 'recruit.transition', { from: `recruit.status.${from}`, to: `recruit.status.${change.status}` });
      if (!RECRUIT_TRANSITIONS[cur.status].includes(change.status)) throw refuse(cur.status);
      const [r] = await db.update(recruitApplications)
        .set({ status: change.status, reviewNote: change.note, reviewedBy: reviewer, reviewedAt: opts.now() })
        .where(and(eq(recruitApplications.id, id), eq(recruitApplications.status, cur.status))).returning();
      if (!r) throw refuse((await this.get(id)).status);
      return toRow(r);
    },

    toRow,
  };
}
