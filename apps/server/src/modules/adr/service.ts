import { and, count, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { ADR_TRANSITIONS, type AdrQuery, type AdrReportRow, type AdrReview, type AdrStatus, type adrReportInputSchema } from '@bencao/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { adrReports, adrSequences, cmsArticles } from '../../db/schema/index';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { offsetOf, orderBy } from '../../platform/paging';
import { isLive } from '../cms/service';
import { limitedInsert } from './publicSubmission';

type Input = z.infer<typeof adrReportInputSchema>;
type Row = typeof adrReports.$inferSelect;

const CHINA_OFFSET_MS = 8 * 3_600_000;
/** the calendar day in China (the company's and the regulator's day), YYYY-MM-DD */
export const chinaDay = (d: Date) => new Date(d.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
/** midnight of a China calendar day, as an instant */
export const chinaMidnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS);
/** `like` pattern of a literal text */
export const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toRow = (r: Row): AdrReportRow => ({
  id: r.id, reference: r.reference, productId: r.productId, productName: r.productName, batchNo: r.batchNo,
  patientAge: r.patientAge, patientSex: r.patientSex, reaction: r.reaction, onsetDate: r.onsetDate, outcome: r.outcome,
  reporterName: r.reporterName, contact: r.contact, status: r.status, reviewComment: r.reviewComment,
  reviewedBy: r.reviewedBy, reviewedAt: iso(r.reviewedAt), createdAt: r.createdAt.toISOString(),
});

export function adrService(db: Db, opts: { now: () => Date; limit: number }) {
  /** the title of a live product of the site, or 400 on the product field */
  async function productTitle(id: number, now: Date) {
    const [p] = await db.select().from(cmsArticles).where(and(eq(cmsArticles.id, id), eq(cmsArticles.kind, 'product')));
    if (!p || !isLive(p, now.getTime())) throw badRequest('error.validation', { field: 'adr.field.productName', rule: 'adr.productUnknown' });
    return p.title;
  }

  return {
    /** Stores a visitor's report and answers its reference, ADR-YYYYMMDD-NNNN (China day, per-day counter). */
    async submit(input: Input, ip: string): Promise<{ reference: string }> {
      const now = opts.now();
      const today = chinaDay(now);
      if (input.onsetDate > today) throw badRequest('error.validation', { field: 'adr.field.onsetDate', rule: 'adr.onsetFuture' });
      const productName = input.productId ? await productTitle(input.productId, now) : input.productName;
      return limitedInsert(db, { scope: 'adr', ip, limit: opts.limit, now, table: adrReports, ipColumn: adrReports.clientIp, createdColumn: adrReports.createdAt }, async (tx) => {
        const day = today.replaceAll('-', '');
        const [seq] = await tx.insert(adrSequences).values({ day, last: 1 })
          .onConflictDoUpdate({ target: adrSequences.day, set: { last: sql`${adrSequences.last} + 1` } })
          .returning({ last: adrSequences.last });
        const reference = `ADR-${day}-${String(seq.last).padStart(4, '0')}`;
        await tx.insert(adrReports).values({
          reference, productId: input.productId ?? null, productName, batchNo: input.batchNo.toUpperCase(),
          patientAge: input.patientAge, patientSex: input.patientSex, reaction: input.reaction, onsetDate: input.onsetDate,
          outcome: input.outcome, reporterName: input.reporterName, contact: input.contact, clientIp: ip, createdAt: now,
        });
        return { reference };
      });
    },

    async list(q: AdrQuery) {
      const where: (SQL | undefined)[] = [
        q.product ? ilike(adrReports.productName, likeText(q.product)) : undefined,
        q.reference ? ilike(adrReports.reference, likeText(q.reference)) : undefined,
        q.status ? eq(adrReports.status, q.status) : undefined,
        q.from ? gte(adrReports.createdAt, chinaMidnight(q.from)) : undefined,
        q.to ? lt(adrReports.createdAt, new Date(chinaMidnight(q.to).getTime() + 86_400_000)) : undefined,
      ];
      const cond = and(...where);
      const [{ total }] = await db.select({ total: count() }).from(adrReports).where(cond);
      const rows = await db.select().from(adrReports).where(cond)
        .orderBy(...orderBy(q, { createdAt: adrReports.createdAt, reference: adrReports.reference, productName: adrReports.productName, status: adrReports.status, onsetDate: adrReports.onsetDate }, sql`${adrReports.createdAt} desc, ${adrReports.id} desc`))
        .limit(q.limit).offset(offsetOf(q));
      return { total, records: rows.map(toRow) };
    },

    async get(id: number) {
      const [r] = await db.select().from(adrReports).where(eq(adrReports.id, id));
      if (!r) throw notFound();
      return toRow(r);
    },

    /** Moves a report along ADR_TRANSITIONS; any other change, or one that lost a race, is 409. */
    async review(id: number, change: AdrReview, reviewer: string) {
      const cur = await this.get(id);
      const refuse = (from: AdrStatus) => new AppError(409, 'adr.transition', { from: `adr.status.${from}`, to: `adr.status.${change.status}` });
      if (!ADR_TRANSITIONS[cur.status].includes(change.status)) throw refuse(cur.status);
      const [r] = await db.update(adrReports)
        .set({ status: change.status, reviewComment: change.comment, reviewedBy: reviewer, reviewedAt: opts.now() })
        .where(and(eq(adrReports.id, id), eq(adrReports.status, cur.status))).returning();
      if (!r) throw refuse((await this.get(id)).status);
      return toRow(r);
    },
  };
}
