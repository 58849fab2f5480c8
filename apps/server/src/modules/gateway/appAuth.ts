import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  APP_CLOCK_SKEW_S, APP_HEADERS, APP_KEY_DERIVATION, APP_NONCE_RE, APP_SIGNATURE_ALGORITHM, appRightOf, type AppRight,
} from '@bencao/contracts';
import type { Db } from '../../db/client';
import { gwAppCredentials, gwAppNonces } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import type { AppCaller } from '../../platform/guard';

/**
 * Signed requests of the gateway's open API (docs/APP-SIGNING.md):
 *
 *   signingKey = HMAC-SHA256(key = secret, message = "bencao-app-v1")            (32 bytes)
 *   canonical  = "BENCAO-HMAC-SHA256\n" + METHOD + "\n" + path?query + "\n" + timestamp + "\n" + nonce + "\n" + hex(SHA-256(body))
 *   signature  = hex(HMAC-SHA256(key = signingKey, message = canonical))
 *
 * The server stores only the signing key: it is all the check needs, and the raw secret never lands in the database.
 */

export const sha256Hex = (body: Buffer | string) => createHash('sha256').update(body).digest('hex');
/** The key both sides sign with, derived from the secret shown once at creation. */
export const deriveSigningKey = (secret: string): Buffer => createHmac('sha256', Buffer.from(secret, 'utf8')).update(APP_KEY_DERIVATION, 'utf8').digest();

export interface SignedParts { method: string; path: string; timestamp: string; nonce: string; bodySha256: string }
export const canonicalString = (p: SignedParts) =>
  [APP_SIGNATURE_ALGORITHM, p.method.toUpperCase(), p.path, p.timestamp, p.nonce, p.bodySha256].join('\n');
export const signCanonical = (signingKey: Buffer, canonical: string) => createHmac('sha256', signingKey).update(canonical, 'utf8').digest('hex');

/** The largest body an open API call may have (listen with 100 keys is a few KB). */
export const MAX_APP_BODY = 1024 * 1024;
/** lastUsedAt is written at most this often per credential */
const LAST_USED_EVERY_MS = 60_000;
/** expired nonces are purged at most this often per process */
const PURGE_EVERY_MS = 60_000;

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v.trim() : undefined;
};
interface SignedHeaders { accessKey: string; timestamp: string; nonce: string; signature: string; nowMs: number }
const badHeader = (name: string) => new AppError(401, 'gateway.appBadHeader', { header: name.replace(/(^|-)([a-z])/g, (_m, d: string, c: string) => d + c.toUpperCase()) });

/**
 * Checks one signed request: headers, clock window, credential, signature (constant time), nonce (once
 * per credential, enforced by the database's primary key so that every process refuses a replay), right.
 * 401 for anything that is not a valid signature of a live credential; 403 for a right it lacks.
 */
export function appVerifier(db: Db, now: () => Date) {
  let lastPurge = 0;

  /** The four headers, well-formed, and a timestamp inside the window: checked before the body is read. */
  function headers(req: FastifyRequest): SignedHeaders {
    const accessKey = header(req, APP_HEADERS.key);
    const timestamp = header(req, APP_HEADERS.timestamp);
    const nonce = header(req, APP_HEADERS.nonce);
    const signature = header(req, APP_HEADERS.signature);
    if (!accessKey && !timestamp && !nonce && !signature) throw new AppError(401, 'error.appSignatureRequired');
    if (!accessKey || accessKey.length > 100) throw badHeader(APP_HEADERS.key);
    if (!timestamp || !/^\d{1,12}$/.test(timestamp)) throw badHeader(APP_HEADERS.timestamp);
    if (!nonce || !APP_NONCE_RE.test(nonce)) throw badHeader(APP_HEADERS.nonce);
    if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature)) throw badHeader(APP_HEADERS.signature);
    const nowMs = now().getTime();
    if (Math.abs(nowMs - Number(timestamp) * 1000) > APP_CLOCK_SKEW_S * 1000) throw new AppError(401, 'gateway.appStale', { seconds: APP_CLOCK_SKEW_S });
    return { accessKey, timestamp, nonce, signature, nowMs };
  }

  async function verify(req: FastifyRequest, h: SignedHeaders, body: Buffer, right: AppRight): Promise<AppCaller> {
    const { accessKey, timestamp, nonce, signature, nowMs } = h;
    const tsMs = Number(timestamp) * 1000;
    const [c] = await db.select().from(gwAppCredentials).where(eq(gwAppCredentials.accessKey, accessKey));
    if (!c || c.revokedAt || !c.enabled || !c.signingKey) throw new AppError(401, 'gateway.appUnknownKey');

    const expected = Buffer.from(signCanonical(Buffer.from(c.signingKey, 'hex'), canonicalString({
      method: req.method, path: req.url, timestamp, nonce, bodySha256: sha256Hex(body),
    })), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw new AppError(401, 'gateway.appBadSignature');

    // a nonce is remembered until the request's timestamp leaves the window: after that the timestamp alone refuses it
    const kept = await db.insert(gwAppNonces).values({ credentialId: c.id, nonce, expiresAt: new Date(tsMs + APP_CLOCK_SKEW_S * 1000) })
      .onConflictDoNothing().returning({ nonce: gwAppNonces.nonce });
    if (!kept.length) throw new AppError(401, 'gateway.appReplay');

    if (!c.rights.includes(right)) throw new AppError(403, 'gateway.appNoRight', { right });

    const at = new Date(nowMs);
    await db.update(gwAppCredentials).set({ lastUsedAt: at })
      .where(and(eq(gwAppCredentials.id, c.id), or(isNull(gwAppCredentials.lastUsedAt), lt(gwAppCredentials.lastUsedAt, new Date(nowMs - LAST_USED_EVERY_MS)))));
    if (nowMs - lastPurge > PURGE_EVERY_MS) {
      lastPurge = nowMs;
      await db.delete(gwAppNonces).where(lt(gwAppNonces.expiresAt, at));
    }
    return {
      credentialId: c.id, accessKey: c.accessKey, name: c.name,
      rights: c.rights as AppRight[], namespaces: c.allNamespaces ? null : c.namespaces,
    };
  }

  /** Removes the nonces whose window has passed (also done on the way by `verify`). */
  async function purgeNonces() {
    await db.delete(gwAppNonces).where(lt(gwAppNonces.expiresAt, now()));
  }

  return { headers, verify, purgeNonces };
}
export type AppVerifier = ReturnType<typeof appVerifier>;

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function readBody(payload: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload as AsyncIterable<Buffer | string>) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += b.length;
    if (size > limit) throw new AppError(413, 'gateway.appBodyTooLarge', { max: limit });
    chunks.push(b);
  }
  return Buffer.concat(chunks, size);
}

/**
 * The `preParsing` hook of the open API's plugin: reads the body's bytes as they came, verifies the
 * signature over them, sets `req.appCaller`, and hands the same bytes on to the usual JSON parsing.
 * Runs only for routes declaring `app:<right>`, so other routes' parsing is untouched.
 */
export function appAuthHook(verifier: AppVerifier) {
  return async (req: FastifyRequest, _reply: FastifyReply, payload: NodeJS.ReadableStream) => {
    const right = appRightOf(req.routeOptions.config?.authority ?? '');
    if (!right) return payload;
    const h = verifier.headers(req);
    const body = BODYLESS.has(req.method) ? Buffer.alloc(0) : await readBody(payload, MAX_APP_BODY);
    req.appCaller = await verifier.verify(req, h, body, right);
    return BODYLESS.has(req.method) ? payload : Readable.from(body.length ? [body] : [], { objectMode: false });
  };
}

/** 403 unless the caller's credential covers `namespaceId`. */
export function assertNamespace(caller: AppCaller, namespaceId: string) {
  if (caller.namespaces && !caller.namespaces.includes(namespaceId)) throw new AppError(403, 'gateway.appNamespace', { namespace: namespaceId });
}
export const coversNamespace = (caller: AppCaller, namespaceId: string) => !caller.namespaces || caller.namespaces.includes(namespaceId);
