import {
  isBankCard, isChineseIdCard, isDigitsAndLineBreaks, isEmail, isEnglishLetters, isHttpUrl, isIdNumber, isLandline,
  isLettersDigits20, isMobile, isNaturalNumber, isQQ, isChineseEnglishSpace, isUserName,
} from '../validators';
import type { FieldPattern, FieldType, FormField } from './schema';

/**
 * The value rules of a form field, shared by the console's renderer and the server (whose ajv
 * keyword `bencaoPattern` calls the same predicates): each broken rule is a catalogue key and its
 * parameters, so both sides word it the same in the user's language.
 */

export const PATTERN_RULES: Record<FieldPattern, { test: (v: string) => boolean; message: string }> = {
  mobile: { test: isMobile, message: 'valid.mobile' },
  email: { test: isEmail, message: 'valid.email' },
  naturalNumber: { test: isNaturalNumber, message: 'valid.naturalNumber' },
  letters: { test: isEnglishLetters, message: 'valid.letters' },
  landline: { test: isLandline, message: 'valid.landline' },
  bankCard: { test: isBankCard, message: 'valid.bankCard' },
  idNumber: { test: isIdNumber, message: 'valid.idNumber' },
  chineseIdCard: { test: isChineseIdCard, message: 'valid.chineseIdCard' },
  qq: { test: isQQ, message: 'valid.qq' },
  httpUrl: { test: isHttpUrl, message: 'valid.httpUrl' },
  lettersDigits20: { test: isLettersDigits20, message: 'valid.lettersDigits20' },
  chineseEnglishSpace: { test: isChineseEnglishSpace, message: 'valid.chineseEnglishSpace' },
  digitsLines: { test: isDigitsAndLineBreaks, message: 'valid.digitsLines' },
  userName: { test: isUserName, message: 'valid.userNameChars' },
};

export interface RuleIssue { message: string; params?: Record<string, string | number> }

const CHOICE: readonly FieldType[] = ['select', 'radio', 'checkbox', 'organ', 'user', 'region', 'switch'];

/** No value at all: undefined, null, '' (or blank), an empty list. */
export function isEmptyValue(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

/** What "missing" says for this widget: "please select" for choices, "cannot be empty" otherwise. */
export const requiredMessage = (type: FieldType) => (CHOICE.includes(type) ? 'valid.select' : 'valid.required');

/**
 * The first rule a value breaks (null when it passes). `required` is decided by the caller (it
 * may come from `requiredWhen` or a node's permission); the value's type is the server's (ajv) job.
 */
export function fieldValueIssue(field: FormField, value: unknown, required: boolean): RuleIssue | null {
  if (isEmptyValue(value)) return required ? { message: requiredMessage(field.type) } : null;
  if (typeof value === 'string') {
    const len = [...value].length;
    if (field.minLength !== undefined && len < field.minLength) return { message: 'valid.minLength', params: { n: field.minLength } };
    if (field.maxLength !== undefined && len > field.maxLength) return { message: 'valid.maxLength', params: { n: field.maxLength } };
    if (field.pattern && !PATTERN_RULES[field.pattern].test(value)) return { message: PATTERN_RULES[field.pattern].message };
  }
  if (typeof value === 'number') {
    if (field.min !== undefined && value < field.min) return { message: 'forms.min', params: { n: field.min } };
    if (field.max !== undefined && value > field.max) return { message: 'forms.max', params: { n: field.max } };
  }
  return null;
}
