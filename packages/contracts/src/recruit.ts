import { z } from 'zod';
import { pageQuerySchema } from './paging';
import { mobileSchema, requiredEmailSchema, requiredText } from './validators';
import { consentSchema, honeypotSchema } from './adr';

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
  consent: consentSchema,
  website: honeypotSchema,
});

/**
 * What an applicant agrees to by ticking the box, in the site's languages: the page shows it and the
 * server stores the same words with the application (with the privacy policy's version and time).
 */
export const APPLICATION_CONSENT = {
  zh: '我已阅读并同意《隐私政策》，同意本草制药为本次及今后的招聘处理我提交的个人信息和简历（保存期限见《隐私政策》）。',
  en: 'I have read the Privacy Policy and agree that Bencao processes the personal information and CV I send for this and future recruitment (kept as long as the Privacy Policy says).',
} as const;
/** the slug of the CMS page holding the privacy policy (/privacy on the site) */
export const PRIVACY_PAGE_SLUG = 'privacy';
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
  /** the consent the applicant gave, as shown to them, and the privacy policy then in force (its version and last change) */
  consentText: string;
  privacyVersion: number | null;
  privacyChangedAt: string | null;
  status: RecruitStatus;
  reviewNote: string;
  reviewedBy: string | null;
  reviewedAt: string | null;
  createdAt: string;
}

/** A job an application may name, for the console's filter. */
export interface RecruitJob { id: number; title: string; applications: number }
