import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginKeys } from '../../db/schema/index';
import { newId } from '../tokens';

const generateKeyPair = promisify(crypto.generateKeyPair);
const KEY_TTL_MS = 5 * 60_000;

/**
 * One-time RSA-OAEP (SHA-256) keys: the client encrypts the password with the public key; the
 * private key lives in the database so any server process can take the login, and is used once.
 */
export function loginKeyStore(db: Db) {
  async function issue() {
    const { publicKey, privateKey } = await generateKeyPair('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'der' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const id = newId();
    const expiresAt = new Date(Date.now() + KEY_TTL_MS);
    await db.delete(loginKeys).where(lt(loginKeys.expiresAt, new Date()));
    await db.insert(loginKeys).values({ id, privateKeyPem: privateKey as unknown as string, expiresAt });
    return { keyId: id, publicKey: (publicKey as unknown as Buffer).toString('base64'), algorithm: 'RSA-OAEP-256', expiresAt: expiresAt.toISOString() };
  }

  /** Decrypts with the key and marks it used in one step; null when unknown, used, expired or undecryptable. */
  async function decrypt(keyId: string, cipherBase64: string): Promise<string | null> {
    const [row] = await db.update(loginKeys).set({ usedAt: new Date() })
      .where(and(eq(loginKeys.id, keyId), isNull(loginKeys.usedAt), gt(loginKeys.expiresAt, new Date())))
      .returning({ pem: loginKeys.privateKeyPem });
    if (!row) return null;
    try {
      return crypto.privateDecrypt({ key: row.pem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(cipherBase64, 'base64')).toString('utf8');
    } catch {
      return null;
    }
  }

  return { issue, decrypt };
}

/** What a client does with the key (tests and tools use it; the browser does the same with WebCrypto). */
export function encryptForLogin(publicKeyBase64: string, password: string): string {
  const key = crypto.createPublicKey({ key: Buffer.from(publicKeyBase64, 'base64'), format: 'der', type: 'spki' });
  return crypto.publicEncrypt({ key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password, 'utf8')).toString('base64');
}
