import { z } from 'zod';
import type { Lang } from './menu';
import { formatIssue } from './formatIssue';
import { HEADER_UNSAFE_RE, isHeaderSafe } from './headerText';

/**
 * The form validators of SPEC §5, shared by the server, the console and the site.
 *
 * Every rule exists twice: as a plain predicate (`isMobile('13800138000')`) and as a zod schema
 * (`mobileSchema`). The schemas' messages are catalogue keys (`valid.*` in messages/*.ts); the
 * server's error handler and the console's `zodRule` turn them into the user's language through
 * `formatIssue` (`{n}` comes from the check's minimum/maximum).
 *
 * Pattern schemas are required: a missing or empty value is refused with "cannot be empty" (the
 * mobile number: "enter mobile number"). Wrap a schema in `optionalField()` to also accept '', null and
 * undefined. The e-mail is optional by the spec, so `emailSchema` already is.
 */

/** The regular expressions behind the pattern predicates. */
export const VALIDATOR_PATTERNS = {
  /** 11 digits: 1, then 3-8, then nine digits */
  mobile: /^1[3-8]\d{9}$/,
  userNameChars: /^[A-Za-z0-9_]+$/,
  email: /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63}$/,
  /** 0, 1, 2, … without leading zeros */
  naturalNumber: /^(0|[1-9]\d*)$/,
  letters: /^[A-Za-z]+$/,
  /** area code (0 and 2-3 digits) - 7 or 8 digits */
  landline: /^0\d{2,3}-\d{7,8}$/,
  bankCard: /^[1-9]\d{9,19}$/,
  idNumber: /^[A-Za-z0-9]{1,50}$/,
  chineseIdCard: /^(\d{15}|\d{17}[\dXx])$/,
  qq: /^[1-9]\d{4,11}$/,
  httpUrl: /^https?:\/\/[^\s/?#]+[^\s]*$/i,
  lettersDigits20: /^[A-Za-z0-9]{1,20}$/,
  chineseEnglishSpace: /^[\p{Script=Han}A-Za-z ]{2,100}$/u,
  digitsLines: /^[0-9\r\n]+$/,
  /** a code or authority: a letter, then letters, digits, _, - and : */
  code: /^[A-Za-z][A-Za-z0-9_:-]*$/,
  /** a console route: segments of letters, digits, _, -, ., : (a parameter) and ~ joined by /, no spaces or query */
  routePath: /^\/?[A-Za-z0-9_.:~-]+(\/[A-Za-z0-9_.:~-]+)*\/?$/,
} as const;

const P = VALIDATOR_PATTERNS;
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

// ───────────── predicates ─────────────

export const isMobile = (v: string): boolean => P.mobile.test(v);
/** letters, digits and underscore, 6 to 18 characters */
export const isUserName = (v: string): boolean => P.userNameChars.test(v) && v.length >= 6 && v.length <= 18;
export const isEmail = (v: string): boolean => v.length <= 254 && P.email.test(v);
export const isNaturalNumber = (v: string): boolean => P.naturalNumber.test(v);
export const isEnglishLetters = (v: string): boolean => P.letters.test(v);
export const isLandline = (v: string): boolean => P.landline.test(v);
export const isBankCard = (v: string): boolean => P.bankCard.test(v);
export const isIdNumber = (v: string): boolean => P.idNumber.test(v);
/** 15 digits, or 17 digits and a check character (digit or X) that matches the ISO 7064 MOD 11-2 checksum */
export function isChineseIdCard(v: string): boolean {
  if (!P.chineseIdCard.test(v)) return false;
  if (v.length === 15) return true;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(v[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11] === v[17].toUpperCase();
}
export const isQQ = (v: string): boolean => P.qq.test(v);
/** an absolute address beginning with http:// or https:// */
export function isHttpUrl(v: string): boolean {
  if (!P.httpUrl.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}
/** letters and digits, 1 to 20 */
export const isLettersDigits20 = (v: string): boolean => P.lettersDigits20.test(v);
/** Chinese characters, English letters and spaces, 2 to 100 characters */
export const isChineseEnglishSpace = (v: string): boolean => P.chineseEnglishSpace.test(v);
/** digits and line breaks only (at least one character) */
export const isDigitsAndLineBreaks = (v: string): boolean => P.digitsLines.test(v);
/** a code (role, menu, menu category, dictionary, organ type and view, role group, namespace, authority): a letter, then letters, digits, _, - and : */
export const isCode = (v: string): boolean => P.code.test(v);
/** a menu's path: a console route such as opt/security/role or /cform/list (or an http(s) address opened as a link) */
export const isRoutePath = (v: string): boolean => P.routePath.test(v) || isHttpUrl(v);
/** any text of at most 255 characters */
export const isText255 = (v: string): boolean => v.length <= 255;

export interface LengthLimits { min?: number; max?: number }
export interface CountLimits { min?: number; max?: number }

/** A filled-in text (not blank once trimmed) within the optional length limits. */
export function isFilled(v: unknown, limits: LengthLimits = {}): boolean {
  if (typeof v !== 'string') return false;
  const t = v.trim();
  return t.length > 0 && (limits.min === undefined || t.length >= limits.min) && (limits.max === undefined || t.length <= limits.max);
}

/** A select has a value: anything but undefined, null or ''. */
export const isSelected = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

/** A multi-select has at least one item and respects the optional minimum and maximum. */
export function isSelectionSize(v: unknown, limits: CountLimits = {}): boolean {
  return Array.isArray(v) && v.length > 0
    && (limits.min === undefined || v.length >= limits.min) && (limits.max === undefined || v.length <= limits.max);
}

// ───────────── schemas ─────────────

/** a string that must be given: undefined, null and '' are refused with `requiredKey` */
function givenString(requiredKey: string) {
  return z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? requiredKey : undefined) })
    .min(1, { message: requiredKey, abort: true });
}

function patternSchema(test: (v: string) => boolean, key: string, requiredKey = 'valid.required') {
  return givenString(requiredKey).refine(test, { message: key });
}

/** One rule for every code and authority (see isCode), required, at most `max` characters. */
export function codeSchema(max: number, requiredKey = 'valid.required') {
  return z.string({ message: requiredKey }).trim().min(1, { message: requiredKey, abort: true }).max(max).regex(P.code, { message: 'valid.code' });
}
/** A menu's path (see isRoutePath), required, at most `max` characters. */
export function routePathSchema(max: number, requiredKey = 'valid.required') {
  return z.string({ message: requiredKey }).trim().min(1, { message: requiredKey, abort: true }).max(max).refine(isRoutePath, { message: 'valid.routePath' });
}

/** An optional code: '', null and undefined become null. */
export const optionalCodeSchema = (max: number) => z.string().trim().max(max)
  .refine((v) => v === '' || isCode(v), { message: 'valid.code' }).nullish().transform((v) => (v ? v : null));
/** An optional menu path: '', null and undefined become null. */
export const optionalRoutePathSchema = (max: number) => z.string().trim().max(max)
  .refine((v) => v === '' || isRoutePath(v), { message: 'valid.routePath' }).nullish().transform((v) => (v ? v : null));

/** Mobile: required ("enter mobile number"), 11 digits 1[3-8]… ("enter a correct mobile number"). */
export const mobileSchema = patternSchema(isMobile, 'valid.mobile', 'valid.mobileRequired');
/** User name: required ("cannot be empty"), letters, digits and underscore, 6 to 18 characters. */
export const userNameSchema = givenString('valid.required')
  .regex(P.userNameChars, { message: 'valid.userNameChars' })
  .min(6, { message: 'valid.minLength' })
  .max(18, { message: 'valid.maxLength' });
/** E-mail, required (see `emailSchema` for the optional field of the spec). */
export const requiredEmailSchema = patternSchema(isEmail, 'valid.email');
export const naturalNumberSchema = patternSchema(isNaturalNumber, 'valid.naturalNumber');
export const englishLettersSchema = patternSchema(isEnglishLetters, 'valid.letters');
export const landlineSchema = patternSchema(isLandline, 'valid.landline');
export const bankCardSchema = patternSchema(isBankCard, 'valid.bankCard');
export const idNumberSchema = patternSchema(isIdNumber, 'valid.idNumber');
export const chineseIdCardSchema = patternSchema(isChineseIdCard, 'valid.chineseIdCard');
export const qqSchema = patternSchema(isQQ, 'valid.qq');
export const httpUrlSchema = patternSchema(isHttpUrl, 'valid.httpUrl');
export const lettersDigits20Schema = patternSchema(isLettersDigits20, 'valid.lettersDigits20');
export const chineseEnglishSpaceSchema = patternSchema(isChineseEnglishSpace, 'valid.chineseEnglishSpace');
export const digitsAndLineBreaksSchema = patternSchema(isDigitsAndLineBreaks, 'valid.digitsLines');
/** Any text up to 255 characters ('' included). */
export const text255Schema = z.string().max(255, { message: 'valid.maxLength' });

/** Accepts '', null and undefined (all become undefined); anything else must pass `schema`. */
export function optionalField<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
}

/** E-mail: optional; when given it must be an e-mail address ("email format incorrect"). */
export const emailSchema = optionalField(requiredEmailSchema);

/**
 * Required text ("cannot be empty"; blank counts as empty, the value is trimmed), with optional
 * limits: "minimum length N characters", "maximum length N characters".
 */
export function requiredText(limits: LengthLimits = {}) {
  let s = z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'valid.required' : undefined) })
    .trim()
    .min(1, { message: 'valid.required', abort: true });
  if (limits.min !== undefined) s = s.min(limits.min, { message: 'valid.minLength' });
  if (limits.max !== undefined) s = s.max(limits.max, { message: 'valid.maxLength' });
  return s;
}

const selectValue = z.union([z.string(), z.number(), z.boolean()]);

/** Select, required ("please select"); `item` checks the chosen value (default: string, number or boolean). */
export function selectRequired<T extends z.ZodType = typeof selectValue>(item?: T) {
  return z.unknown()
    .refine(isSelected, { message: 'valid.select', abort: true })
    .pipe((item ?? selectValue) as T);
}

/** Multi-select, required ("please select") with optional "at least N items" / "at most N items". */
export function multiSelect<T extends z.ZodType = typeof selectValue>(limits: CountLimits = {}, item?: T) {
  let s = z.array((item ?? selectValue) as T, { error: (iss) => (iss.input === undefined || iss.input === null ? 'valid.select' : undefined) })
    .min(1, { message: 'valid.select', abort: true });
  if (limits.min !== undefined) s = s.min(limits.min, { message: 'valid.minItems' });
  if (limits.max !== undefined) s = s.max(limits.max, { message: 'valid.maxItems' });
  return s;
}

export { HEADER_UNSAFE_RE, isHeaderSafe };
/** `schema` refusing control characters ("must not contain control characters such as line breaks"). */
export function headerSafe<T extends z.ZodType<string | null | undefined>>(schema: T) {
  return schema.refine((v) => v === null || v === undefined || isHeaderSafe(v), { message: 'valid.controlChars', abort: true });
}

/** The first rule `value` breaks, worded in `lang`; null when it passes. */
export function validationError(schema: z.ZodType, value: unknown, lang: Lang): string | null {
  const res = schema.safeParse(value);
  if (res.success) return null;
  const issue = res.error.issues[0];
  return formatIssue({ ...(issue as object), code: issue.code, message: issue.message }, lang);
}
