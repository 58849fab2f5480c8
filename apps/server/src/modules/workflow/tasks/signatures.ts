import crypto from 'node:crypto';
import sharp from 'sharp';
import { asc, eq, sql } from 'drizzle-orm';
import {
  canonicalJson, MAX_SIGNATURE_IMAGE_BYTES, zonedIso,
  type SavedSignature, type SignatureInput, type SignatureManifest, type SignatureMeaning,
} from '@bencao/contracts';
import type { Db } from '../../../db/client';
import { formData, wfHistory, wfInstances, wfSavedSignatures, wfSignatures } from '../../../db/schema/index';
import { AppError, badRequest, notFound } from '../../../platform/errors';
import type { ReauthOutcome } from '../../../platform/auth/reauth';
import type { ProcessModel } from '../engine/model';
import type { TaskRow } from '../engine/runtime';

/**
 * Electronic signatures (issue 26). A node with `bencao:signature` is approved only with the signer's
 * password again (re-authenticated like a login: platform/auth/reauth.ts) and a stated meaning. The
 * signature is kept as a manifest — printed name, account, date-time in the signer's zone, meaning — with
 * the SHA-256 of the canonical JSON of the data as it stands once the step is done (the instance's form
 * documents; a process without forms: its variables except the engine's `outcome`). When that data later
 * changes, the manifest no longer covers it (`covers: false`), which the task detail and the print view show.
 */

type Q = Pick<Db, 'select' | 'insert'>;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_PIXELS = 4_000_000;

export interface Signer { accountId: number; userId: string; name: string; ip: string; userAgent?: string }
export interface VerifiedSignature { meaning: SignatureMeaning; timeZone: string; image: Buffer | null }

export const signatureAt = (model: ProcessModel, elementId: string): SignatureMeaning[] | null => model.elements[elementId]?.signature ?? null;

/** a base64 PNG, decoded in full by sharp; 400 when it is anything else or larger than the limit */
export async function checkedPng(base64: string): Promise<Buffer> {
  const raw = base64.replace(/^data:image\/png;base64,/, '').replace(/\s+/g, '');
  const bytes = /^[A-Za-z0-9+/]*={0,2}$/.test(raw) ? Buffer.from(raw, 'base64') : Buffer.alloc(0);
  if (!bytes.length || bytes.length > MAX_SIGNATURE_IMAGE_BYTES || !bytes.subarray(0, 8).equals(PNG_MAGIC)) throw badRequest('workflow.signature.notPng');
  try {
    const img = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
    if ((await img.metadata()).format !== 'png') throw new Error('not a PNG');
    await img.raw().toBuffer();
  } catch {
    throw badRequest('workflow.signature.notPng');
  }
  return bytes;
}

/** SHA-256 (hex) of the canonical JSON of what a signature covers */
export async function signedDataHash(q: Pick<Db, 'select'>, instanceId: number): Promise<string> {
  const docs = await q.select({ formId: formData.formId, data: formData.data }).from(formData)
    .where(eq(formData.processInstanceId, instanceId)).orderBy(asc(formData.id));
  let content: unknown;
  if (docs.length) content = { forms: docs.map((d) => ({ formId: d.formId, data: d.data })) };
  else {
    const [i] = await q.select({ variables: wfInstances.variables }).from(wfInstances).where(eq(wfInstances.id, instanceId));
    const { outcome: _outcome, ...variables } = (i?.variables ?? {}) as Record<string, unknown>;
    content = { variables };
  }
  return crypto.createHash('sha256').update(canonicalJson(content)).digest('hex');
}

/** every signature of the instance, each marked whether it still covers the current data */
export async function manifestsOf(db: Pick<Db, 'select'>, instanceId: number): Promise<SignatureManifest[]> {
  const rows = await db.select({
    id: wfSignatures.id, taskId: wfSignatures.taskId, elementId: wfSignatures.elementId, printedName: wfSignatures.printedName,
    userId: wfSignatures.userId, signedAt: wfSignatures.signedAt, timeZone: wfSignatures.timeZone, meaning: wfSignatures.meaning,
    dataHash: wfSignatures.dataHash, hasImage: sql<boolean>`${wfSignatures.image} is not null`,
  }).from(wfSignatures).where(eq(wfSignatures.instanceId, instanceId)).orderBy(asc(wfSignatures.id));
  if (!rows.length) return [];
  const current = await signedDataHash(db, instanceId);
  return rows.map((r) => ({
    id: r.id, taskId: r.taskId, elementId: r.elementId, printedName: r.printedName, account: r.userId,
    signedAt: zonedIso(r.signedAt, r.timeZone), timeZone: r.timeZone, meaning: r.meaning as SignatureMeaning, dataHash: r.dataHash,
    imageUrl: r.hasImage ? `/api/workflow/signatures/${r.id}/image` : null, covers: r.dataHash === current,
  }));
}

const meaningKey = (m: string) => `workflow.signature.meaning.${m}`;

export function signatureService(db: Db, reauthenticate: (input: { accountId: number; keyId: string; cipher: string; ip: string; userAgent?: string; purpose: string }) => Promise<ReauthOutcome>) {
  async function savedImage(accountId: number): Promise<Buffer | null> {
    const [s] = await db.select({ image: wfSavedSignatures.image }).from(wfSavedSignatures).where(eq(wfSavedSignatures.accountId, accountId));
    return s?.image ?? null;
  }

  return {
    /**
     * 400 unless the signature is complete and the password right: nothing is approved then. The image is
     * checked before the password, so a bad image costs no attempt.
     */
    async verify(meanings: SignatureMeaning[], input: SignatureInput | undefined, signer: Signer): Promise<VerifiedSignature> {
      if (!input) throw badRequest('workflow.signature.required');
      if (!meanings.includes(input.meaning)) throw badRequest('workflow.signature.meaningNotAllowed', { meaning: meaningKey(input.meaning) });
      let image: Buffer | null = null;
      if (input.image) image = await checkedPng(input.image);
      else if (input.useSaved) {
        image = await savedImage(signer.accountId);
        if (!image) throw badRequest('workflow.signature.noSaved');
      }
      const outcome = await reauthenticate({
        accountId: signer.accountId, keyId: input.keyId, cipher: input.password, ip: signer.ip, userAgent: signer.userAgent, purpose: 'electronic signature',
      });
      if (outcome === 'keyInvalid') throw badRequest('auth.loginKeyInvalid');
      if (outcome === 'locked') throw badRequest('auth.locked');
      if (outcome === 'wrongPassword') throw badRequest('workflow.signature.badPassword');
      return { meaning: input.meaning, timeZone: input.timeZone, image };
    },

    /** the manifest and the hash of the data as the completed step left it, with a `sign` history row */
    async record(q: Q, task: Pick<TaskRow, 'id' | 'instanceId' | 'executionId' | 'elementId'>, signer: Signer, sig: VerifiedSignature, at: Date) {
      const dataHash = await signedDataHash(q, task.instanceId);
      const [row] = await q.insert(wfSignatures).values({
        instanceId: task.instanceId, taskId: task.id, elementId: task.elementId, accountId: signer.accountId, userId: signer.userId,
        printedName: signer.name, meaning: sig.meaning, signedAt: at, timeZone: sig.timeZone, dataHash, image: sig.image,
      }).returning({ id: wfSignatures.id });
      await q.insert(wfHistory).values({
        instanceId: task.instanceId, executionId: task.executionId, taskId: task.id, elementId: task.elementId, actorId: signer.accountId,
        actorName: signer.name, action: 'sign', at,
        data: { signatureId: row.id, printedName: signer.name, account: signer.userId, signedAt: zonedIso(at, sig.timeZone), timeZone: sig.timeZone, meaning: sig.meaning, dataHash, image: !!sig.image },
      });
      return row.id;
    },

    manifests: (instanceId: number) => manifestsOf(db, instanceId),

    async image(id: number): Promise<{ instanceId: number; image: Buffer }> {
      const [r] = await db.select({ instanceId: wfSignatures.instanceId, image: wfSignatures.image }).from(wfSignatures).where(eq(wfSignatures.id, id));
      if (!r?.image) throw notFound();
      return { instanceId: r.instanceId, image: r.image };
    },

    async saved(accountId: number): Promise<SavedSignature> {
      const [s] = await db.select().from(wfSavedSignatures).where(eq(wfSavedSignatures.accountId, accountId));
      return { image: s ? `data:image/png;base64,${s.image.toString('base64')}` : null, updatedAt: s?.updatedAt.toISOString() ?? null };
    },
    async save(accountId: number, base64: string, at: Date): Promise<SavedSignature> {
      const image = await checkedPng(base64);
      await db.insert(wfSavedSignatures).values({ accountId, image, updatedAt: at })
        .onConflictDoUpdate({ target: wfSavedSignatures.accountId, set: { image, updatedAt: at } });
      return { image: `data:image/png;base64,${image.toString('base64')}`, updatedAt: at.toISOString() };
    },
    async forget(accountId: number) {
      await db.delete(wfSavedSignatures).where(eq(wfSavedSignatures.accountId, accountId));
    },
  };
}
export type SignatureService = ReturnType<typeof signatureService>;

/** the refusal for paths that cannot sign (batch approval, the plain completion) */
export const mustNotNeedSignature = (meanings: SignatureMeaning[] | null) => {
  if (meanings) throw new AppError(400, 'workflow.signature.required');
};
