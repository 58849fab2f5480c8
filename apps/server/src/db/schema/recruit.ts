import { pgTable, serial, integer, text, timestamp, index } from 'drizzle-orm/pg-core';
import type { RecruitStatus } from '@bencao/contracts';
import { cmsArticles } from './cms';

/** Applications to the site's jobs (CMS articles of kind "job"), with a privately stored CV (modules/recruit). */
export const recruitApplications = pgTable('recruit_applications', {
  id: serial('id').primaryKey(),
  jobId: integer('job_id').references(() => cmsArticles.id, { onDelete: 'set null' }),
  /** the job's title when the application came in (the job may be renamed or deleted later) */
  jobTitle: text('job_title').notNull(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  coverNote: text('cover_note').notNull().default(''),
  /** storage key of the CV under <dataDir>/recruit-cv; never served without the review authority */
  cvKey: text('cv_key').notNull(),
  cvName: text('cv_name').notNull(),
  /** the type recognised from the file's bytes */
  cvType: text('cv_type').notNull(),
  cvSize: integer('cv_size').notNull(),
  /** the consent the applicant ticked, in the words the form showed, and the privacy policy then in force (its page's version and last change) */
  consentText: text('consent_text').notNull().default(''),
  privacyVersion: integer('privacy_version'),
  privacyChangedAt: timestamp('privacy_changed_at', { withTimezone: true }),
  status: text('status').$type<RecruitStatus>().notNull().default('new'),
  reviewNote: text('review_note').notNull().default(''),
  reviewedBy: text('reviewed_by'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  clientIp: text('client_ip').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('recruit_applications_ip_time').on(t.clientIp, t.createdAt),
  index('recruit_applications_job').on(t.jobId),
  index('recruit_applications_status').on(t.status),
]);
