import { z } from 'zod';
import { pageQuerySchema } from './paging';
import { mobileSchema, requiredEmailSchema, requiredText } from './validators';
import { honeypotSchema } from './adr';

/** Job applications sent from the site's job pages and reviewed in the console. */
export const RECRUIT_STATUSES = ['new', 'shortlisted', 'interviewed', 'hired', 'rejected'] as const;
export type RecruitStatus = (typeof RECRUIT_STATUSES)[number];

/** new → shortlisted → interviewed → hired, or rejected from any open step; hired and rejected are final. */
export const RECRUIT_TRANSITIONS: Record<RecruitStatus, readonly RecruitStatus[]> = {
  new: ['shortlisted', 'rejected'],
  shortlisted: ['interviewed', 'rejected'],
  interviewed: ['hired', 'rejected'],
  hired: [],
  rejected: [],
};

/** A CV: PDF, DOC or DOCX, recognised by its bytes, at most 5 MB. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const CV_EXTENSIONS = ['pdf', 'doc', 'docx'] as const;

/** The text fields of an application (the CV travels beside them in the multipart body). */
export const applicationInputSchema = z.object({
  name: requiredText({ max: 50 }),
  phone: mobileSchema,
  email: requiredEmailSchema,
  coverNote: z.string().trim().max(2000, { message: 'valid.maxLength' }).default(''),
  website: honeypotSchema,
});
export type ApplicationInput = z.input<typeof applicationInputSchema>;

export const applicationReviewSchema = z.object({
  status: z.enum(RECRUIT_STATUSES),
  note: z.string().trim().max(1000, { message: 'valid.maxLength' }).default(''),
});
export type ApplicationReview = z.infer<typeof applicationReviewSchema>;

export const applicationQuerySchema = pageQuerySchema.extend({
  jobId: z.coerce.number().int().positive().optional(),
  status: z.enum(RECRUIT_STATUSES).optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type ApplicationQuery = z.infer<typeof applicationQuerySchema>;

export interface ApplicationRow {
  id: number;
  jobId: number | null;
  jobTitle: string;
  name: string;
  phone: string;
  email: string;
  coverNote: string;
  cvName: string;
  cvType: string;
  cvSize: number;
  status: RecruitStatus;
  reviewNote: string;
  reviewedBy: string | null;
  reviewedAt: string | null;
  createdAt: string;
}

/** A job an application may name, for the console's filter. */
export interface RecruitJob { id: number; title: string; applications: number }
