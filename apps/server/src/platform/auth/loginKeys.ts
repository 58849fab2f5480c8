import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginKeys } from '../../db/schema/index';
import { AppError } from '../errors';
import { newId } from '../tokens';

const generateKeyPair = promisify(crypto.generateKeyPair);
const KEY_TTL_MS = 5 * 60_000;
/** key pairs kept ready per process */
const POOL_SIZE = 8;
/**
 * key pairs generated at the same time, in libuv's thread pool (never the event loop). One: argon2's
 * password checks share that pool (four threads) and the machine's cores, so key generation may never
 * take more than one of either, however many keys are asked for.
 */
const GENERATORS = 1;
/** requests waiting for a key while none is ready, in all and per client address; the next ones get 503 at once */
const MAX_WAITING = 16;
const MAX_WAITING_PER_ADDRESS = 4;
/** the last ready pairs are kept for addresses that took none in the last RECENT_MS (not the flood's) */
const RESERVED = 2;
const RECENT_MS = 5000;
const PURGE_EVERY_MS = 30_000;

export interface KeyPair { publicKeyDer: Buffer; privateKeyPem: string }

async function newKeyPair(): Promise<KeyPair> {
  const { publicKey, privateKey } = await generateKeyPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKeyDer: publicKey as unknown as Buffer, privateKeyPem: privateKey as unknown as string };
}

/**
 * A few RSA key pairs generated ahead of need, off the request path. A request takes a ready pair
 * (or waits for the next one without blocking the event loop); taking one starts its replacement.
 * Generation only refills the pool, one pair at a time: a flood of key requests cannot queue work that
 * starves logins. While no pair is ready, a client address may have MAX_WAITING_PER_ADDRESS requests
 * waiting and all of them MAX_WAITING; the others are answered 503 with Retry-After at once. The next
 * pair goes to the address with the fewest requests waiting (the first of them), and the last RESERVED
 * ready pairs only to an address that took none in the last RECENT_MS: a flood from one address never
 * stands in front of someone else's login, nor takes the pair they would get at once.
 * The pairs are not yet keys of anyone: only an issued key is stored, so nothing here is state
 * another process needs.
 */
export function keyPool(size = POOL_SIZE, generate: () => Promise<KeyPair> = newKeyPair) {
  const ready: KeyPair[] = [];
  const waiting: { owner: string; resolve: (k: KeyPair) => void; reject: (e: Error) => void }[] = [];
  let running = 0;
  let closed = false;
  /** address → when it last took a pair */
  const lastTaken = new Map<string, number>();

  function nextWaiting() {
    if (!waiting.length) return undefined;
    const count = new Map<string, number>();
    for (const w of waiting) count.set(w.owner, (count.get(w.owner) ?? 0) + 1);
    let best = 0;
    for (let i = 1; i < waiting.length; i++) if (count.get(waiting[i].owner)! < count.get(waiting[best].owner)!) best = i;
    return waiting.splice(best, 1)[0];
  }

  function refill() {
    while (!closed && running < GENERATORS && ready.length + running < size + waiting.length) {
      running++;
      generate().then((k) => {
        running--;
        const w = nextWaiting();
        if (w) w.resolve(k); else ready.push(k);
        refill();
      }, () => { running--; setTimeout(refill, 1000).unref(); });
    }
  }

  return {
    /** a ready pair, or a wait for the next one; null when too many wait already, in all or for `owner` (a client address) */
    take(owner = ''): Promise<KeyPair> | null {
      if (closed) return Promise.reject(new Error('the login key pool is closed'));
      const t = Date.now();
      const recent = (lastTaken.get(owner) ?? -Infinity) > t - RECENT_MS;
      if (lastTaken.size > 10_000) for (const [o, at] of lastTaken) if (at <= t - RECENT_MS) lastTaken.delete(o);
      lastTaken.set(owner, t);
      const k = ready.length > (recent ? RESERVED : 0) ? ready.shift() : undefined;
      if (!k && (waiting.length >= MAX_WAITING || waiting.filter((w) => w.owner === owner).length >= MAX_WAITING_PER_ADDRESS)) return null;
      const p = k ? Promise.resolve(k) : new Promise<KeyPair>((resolve, reject) => waiting.push({ owner, resolve, reject }));
      refill();
      return p;
    },
    start: refill,
    close() {
      closed = true;
      for (const w of waiting.splice(0)) w.reject(new Error('the login key pool is closed'));
    },
  };
}

/**
 * One-time RSA-OAEP (SHA-256) keys: the client encrypts the password with the public key; the
 * private key lives in the database so any server process can take the login, and is deleted when
 * used (single use) or when expired.
 */
export function loginKeyStore(db: Db, now: () => Date = () => new Date()) {
  const pool = keyPool();
  let lastPurge = 0;

  async function purgeExpired() {
    const t = now();
    if (t.getTime() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = t.getTime();
    await db.delete(loginKeys).where(lt(loginKeys.expiresAt, t));
  }

  /** a key for the client at `address` */
  async function issue(address: string, reply?: { header(name: string, value: string): unknown }) {
    const taken = pool.take(address);
    if (!taken) {
      reply?.header('retry-after', '1');
      throw new AppError(503, 'auth.loginKeysBusy');
    }
    const pair = await taken;
    const id = newId();
    const expiresAt = new Date(now().getTime() + KEY_TTL_MS);
    try {
      await purgeExpired();
      await db.insert(loginKeys).values({ id, privateKeyPem: pair.privateKeyPem, expiresAt });
    } catch (err) {
      // The failed query's parameters hold the private key: they must not reach the log.
      throw new Error(`the login key could not be stored: ${(err as { cause?: Error }).cause?.message ?? 'database error'}`);
    }
    return { keyId: id, publicKey: pair.publicKeyDer.toString('base64'), algorithm: 'RSA-OAEP-256', expiresAt: expiresAt.toISOString() };
  }

  /** Takes the key (deletes it) and decrypts in one step; null when unknown, used, expired or undecryptable. */
  async function decrypt(keyId: string, cipherBase64: string): Promise<string | null> {
    const [row] = await db.delete(loginKeys)
      .where(and(eq(loginKeys.id, keyId), gt(loginKeys.expiresAt, now())))
      .returning({ pem: loginKeys.privateKeyPem });
    if (!row) return null;
    try {
      return crypto.privateDecrypt({ key: row.pem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(cipherBase64, 'base64')).toString('utf8');
    } catch {
      return null;
    }
  }

  return { issue, decrypt, start: pool.start, close: pool.close };
}

/** What a client does with the key (tests and tools use it; the browser does the same with WebCrypto). */
export function encryptForLogin(publicKeyBase64: string, password: string): string {
  const key = crypto.createPublicKey({ key: Buffer.from(publicKeyBase64, 'base64'), format: 'der', type: 'spki' });
  return crypto.publicEncrypt({ key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password, 'utf8')).toString('base64');
}
