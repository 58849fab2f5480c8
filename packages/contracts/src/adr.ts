import { z } from 'zod';
import { pageQuerySchema } from './paging';
import { isEmail, isMobile, requiredText, selectRequired } from './validators';

/** 药品不良反应报告: what a visitor reports on the site and how the console reviews it. */
export const ADR_OUTCOMES = ['recovered', 'improving', 'notRecovered', 'sequelae', 'death', 'unknown'] as const;
export const ADR_SEXES = ['male', 'female'] as const;
export const ADR_STATUSES = ['new', 'reviewing', 'reported', 'closed'] as const;
export type AdrOutcome = (typeof ADR_OUTCOMES)[number];
export type AdrSex = (typeof ADR_SEXES)[number];
export type AdrStatus = (typeof ADR_STATUSES)[number];

/** new → under review → reported to the authority / closed as not a reaction; the last two are final. */
export const ADR_TRANSITIONS: Record<AdrStatus, readonly AdrStatus[]> = {
  new: ['reviewing'],
  reviewing: ['reported', 'closed'],
  reported: [],
  closed: [],
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (s: string) => DATE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/** '' and null become undefined, so an empty number box reads "cannot be empty", not "expected a number" */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** a phone (mobile) number or an e-mail address (SPEC §5 patterns) */
export const contactSchema = requiredText({ max: 254 }).refine((v) => isMobile(v) || isEmail(v), { message: 'submission.contact' });

/**
 * A visitor's honeypot: a field people never see (hidden by the page); anything in it marks a bot,
 * whose submission is answered as accepted and dropped.
 */
export const honeypotSchema = z.string().max(500).optional();

/** a ticked consent box (JSON true, or a form's 'true' / 'on'); anything else is refused */
export const consentSchema = z.unknown().refine((v) => v === true || v === 'true' || v === 'on', { message: 'submission.consent' }).transform(() => true as const);

export const adrReportInputSchema = z.object({
  /** the site's product the visitor chose; absent when typed as free text */
  productId: z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional()),
  productName: requiredText({ max: 100 }),
  batchNo: requiredText({ max: 40 }).regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, { message: 'adr.batchNo' }),
  patientAge: z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : blankToUndefined(v)),
    z.number({ error: (iss) => (iss.input === undefined ? 'valid.required' : 'adr.age') })
      .int({ message: 'adr.age' }).min(0, { message: 'adr.age' }).max(130, { message: 'adr.age' })),
  patientSex: selectRequired(z.enum(ADR_SEXES)),
  reaction: requiredText({ min: 5, max: 2000 }),
  onsetDate: requiredText({ max: 10 }).refine(isCalendarDate, { message: 'adr.onsetDate' }),
  outcome: selectRequired(z.enum(ADR_OUTCOMES)),
  reporterName: requiredText({ max: 50 }),
  contact: contactSchema,
  consent: consentSchema,
  website: honeypotSchema,
});
export type AdrReportInput = z.input<typeof adrReportInputSchema>;

export const adrReviewSchema = z.object({
  status: z.enum(ADR_STATUSES),
  comment: z.string().trim().max(1000, { message: 'valid.maxLength' }).default(''),
});
export type AdrReview = z.infer<typeof adrReviewSchema>;

const day = z.string().regex(DATE, 'YYYY-MM-DD');
export const adrQuerySchema = pageQuerySchema.extend({
  product: z.string().trim().max(100).optional(),
  reference: z.string().trim().max(40).optional(),
  status: z.enum(ADR_STATUSES).optional(),
  /** received on or after / on or before (dates in China time) */
  from: day.optional(),
  to: day.optional(),
});
export type AdrQuery = z.infer<typeof adrQuerySchema>;

export interface AdrReportRow {
  id: number;
  reference: string;
  productId: number | null;
  productName: string;
  batchNo: string;
  patientAge: number;
  patientSex: AdrSex;
  reaction: string;
  onsetDate: string;
  outcome: AdrOutcome;
  reporterName: string;
  contact: string;
  status: AdrStatus;
  reviewComment: string;
  reviewedBy: string | null;
  reviewedAt: string | null;
  createdAt: string;
}
