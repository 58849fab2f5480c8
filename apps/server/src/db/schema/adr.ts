import { pgTable, serial, integer, text, timestamp, index } from 'drizzle-orm/pg-core';
import type { AdrOutcome, AdrSex, AdrStatus } from '@bencao/contracts';

/** 药品不良反应报告 sent from the site, reviewed in the console (modules/adr). */
export const adrReports = pgTable('adr_reports', {
  id: serial('id').primaryKey(),
  /** ADR-YYYYMMDD-NNNN, the number the visitor is given */
  reference: text('reference').notNull().unique(),
  /** the site's product the visitor chose, when chosen from the list */
  productId: integer('product_id'),
  productName: text('product_name').notNull(),
  batchNo: text('batch_no').notNull(),
  patientAge: integer('patient_age').notNull(),
  patientSex: text('patient_sex').$type<AdrSex>().notNull(),
  reaction: text('reaction').notNull(),
  onsetDate: text('onset_date').notNull(),
  outcome: text('outcome').$type<AdrOutcome>().notNull(),
  reporterName: text('reporter_name').notNull(),
  contact: text('contact').notNull(),
  status: text('status').$type<AdrStatus>().notNull().default('new'),
  reviewComment: text('review_comment').notNull().default(''),
  reviewedBy: text('reviewed_by'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  /** the sender's address: the per-address limit counts these rows */
  clientIp: text('client_ip').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('adr_reports_ip_time').on(t.clientIp, t.createdAt),
  index('adr_reports_status').on(t.status),
  index('adr_reports_created').on(t.createdAt),
]);

/** The last reference number given per day (China time), taken by one atomic upsert. */
export const adrSequences = pgTable('adr_sequences', {
  day: text('day').primaryKey(),
  last: integer('last').notNull(),
});
