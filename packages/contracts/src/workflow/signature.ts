import { z } from 'zod';

/**
 * Electronic signatures at approval nodes (issue 26, 21 CFR Part 11 style): a node's `bencao:signature`
 * lists the meanings a signer may state; approving there re-authenticates with the login key flow
 * (the password encrypted with a one-time RSA-OAEP key from LoginGetKey.do) and stores a manifest
 * (printed name, account, date-time with zone, meaning) linked to the SHA-256 of the signed data.
 */

/** 批准 / 审核 / 复核 / 知悉 */
export const SIGNATURE_MEANINGS = ['approve', 'review', 'verify', 'acknowledge'] as const;
export type SignatureMeaning = (typeof SIGNATURE_MEANINGS)[number];

/** a handwritten signature image (PNG) is at most this many bytes */
export const MAX_SIGNATURE_IMAGE_BYTES = 200 * 1024;

/**
 * `bencao:signature` on a user task: the meanings, comma separated ("approve" or "review,verify"); the first
 * is the one offered first. Empty or absent: no signature. `{error}` names the first unknown meaning.
 */
export function parseSignatureSetting(text: string | null | undefined): SignatureMeaning[] | null | { error: string } {
  const parts = String(text ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (!parts.length) return null;
  const unknown = parts.find((p) => !(SIGNATURE_MEANINGS as readonly string[]).includes(p));
  if (unknown !== undefined) return { error: unknown };
  return [...new Set(parts)] as SignatureMeaning[];
}

export function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `2026-11-28T06:15:03+08:00`: the instant as the clock of `timeZone` showed it, with its offset */
export function zonedIso(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(at).map((p) => [p.type, p.value]));
  const local = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  const minutes = Math.round((local - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/**
 * Canonical JSON of a JSON value (RFC 8785 for the values JSONB holds): object keys sorted by code unit,
 * no white space, numbers and strings as JSON.stringify writes them. The signed data's hash is over this.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** a PNG as base64 (a `data:image/png;base64,` prefix is allowed); the server decodes and checks it */
const pngBase64 = z.string().trim().max(Math.ceil((MAX_SIGNATURE_IMAGE_BYTES * 4) / 3) + 64, { message: 'workflow.signature.imageTooLarge' });

/** what an approval at a signing node sends with the decision */
export const signatureInputSchema = z.object({
  /** the one-time key from GET /api/uc/getkey/LoginGetKey.do?method=getLoginKey */
  keyId: z.string().trim().min(1).max(100),
  /** the signer's password, RSA-OAEP (SHA-256) encrypted with that key, base64 */
  password: z.string().min(1).max(4096),
  meaning: z.enum(SIGNATURE_MEANINGS),
  /** the signer's IANA time zone: the manifest's date-time is written in it */
  timeZone: z.string().trim().max(64).refine(validTimeZone, { message: 'workflow.signature.badTimeZone' }).default('UTC'),
  /** a handwritten signature drawn now */
  image: pngBase64.optional(),
  /** the signer's saved signature instead */
  useSaved: z.boolean().optional(),
});
export type SignatureInput = z.infer<typeof signatureInputSchema>;

export const savedSignatureSchema = z.object({ image: pngBase64.min(1) });

/** a stored signature as the task detail and the print view show it */
export interface SignatureManifest {
  id: number;
  taskId: number | null;
  elementId: string;
  printedName: string;
  account: string;
  /** ISO-8601 with the signer's offset */
  signedAt: string;
  timeZone: string;
  meaning: SignatureMeaning;
  /** SHA-256 (hex) of the canonical JSON of the data signed */
  dataHash: string;
  /** GET this for the handwritten image; null without one */
  imageUrl: string | null;
  /** false once the data changed after the signature */
  covers: boolean;
}

/** GET /api/workflow/tasks/my-signature */
export interface SavedSignature { image: string | null; updatedAt: string | null }
