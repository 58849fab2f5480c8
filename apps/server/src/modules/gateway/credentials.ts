import { randomBytes } from 'node:crypto';
import { and, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppCredentialInput, appCredentialQuerySchema } from '@bencao/contracts';
import type { Db } from '../../db/client';
import { gwAppCredentials, gwNamespaces } from '../../db/schema/index';
import { AppError, notFound } from '../../platform/errors';
import { offsetOf, orderBy } from '../../platform/paging';
import { deriveSigningKey } from './appAuth';
import { like } from './service';

/** What the console sees of a credential: never the secret, never the signing key. */
const viewColumns = {
  id: gwAppCredentials.id, name: gwAppCredentials.name, description: gwAppCredentials.description, accessKey: gwAppCredentials.accessKey,
  allNamespaces: gwAppCredentials.allNamespaces, namespaces: gwAppCredentials.namespaces, rights: gwAppCredentials.rights,
  enabled: gwAppCredentials.enabled, revokedAt: gwAppCredentials.revokedAt, revokedBy: gwAppCredentials.revokedBy,
  createdBy: gwAppCredentials.createdBy, createdAt: gwAppCredentials.createdAt, updatedAt: gwAppCredentials.updatedAt,
  lastUsedAt: gwAppCredentials.lastUsedAt,
  status: sql<'enabled' | 'disabled' | 'revoked'>`(case when ${gwAppCredentials.revokedAt} is not null then 'revoked' when ${gwAppCredentials.enabled} then 'enabled' else 'disabled' end)`,
};

/** A new access key (public) and secret (shown once): 96 and 256 bits of randomness. */
export function newKeyPair() {
  return { accessKey: `BK${randomBytes(12).toString('hex').toUpperCase()}`, secret: `bcs_${randomBytes(32).toString('base64url')}` };
}

/**
 * Application credentials, managed in the console. The secret is generated here, answered once by
 * `create`, and only the signing key derived from it is stored.
 */
export function credentialService(db: Db, now: () => Date) {
  async function get(id: number) {
    const [c] = await db.select(viewColumns).from(gwAppCredentials).where(eq(gwAppCredentials.id, id));
    if (!c) throw notFound();
    return c;
  }
  async function live(id: number) {
    const c = await get(id);
    if (c.revokedAt) throw new AppError(400, 'gateway.credentialIsRevoked');
    return c;
  }
  async function assertNamespaces(input: AppCredentialInput) {
    if (input.allNamespaces) return;
    const known = new Set((await db.select({ id: gwNamespaces.id }).from(gwNamespaces)).map((n) => n.id));
    const missing = input.namespaces.find((n) => !known.has(n));
    if (missing) throw new AppError(400, 'gateway.namespaceMissing', { id: missing });
  }
  const scope = (input: AppCredentialInput) => ({
    name: input.name, description: input.description, allNamespaces: input.allNamespaces,
    namespaces: input.allNamespaces ? [] : [...new Set(input.namespaces)], rights: [...new Set(input.rights)],
  });

  async function list(q: z.infer<typeof appCredentialQuerySchema>) {
    const conds: (SQL | undefined)[] = [
      q.keyword ? or(ilike(gwAppCredentials.name, like(q.keyword)), ilike(gwAppCredentials.accessKey, like(q.keyword))) : undefined,
      q.status === 'revoked' ? isNotNull(gwAppCredentials.revokedAt)
        : q.status ? and(isNull(gwAppCredentials.revokedAt), eq(gwAppCredentials.enabled, q.status === 'enabled')) : undefined,
    ];
    const where = and(...conds);
    const [records, [{ n }]] = await Promise.all([
      db.select(viewColumns).from(gwAppCredentials).where(where)
        .orderBy(...orderBy(q, { name: gwAppCredentials.name, createdAt: gwAppCredentials.createdAt, lastUsedAt: gwAppCredentials.lastUsedAt }, desc(gwAppCredentials.id)))
        .limit(q.limit).offset(offsetOf(q)),
      db.select({ n: sql<number>`count(*)::int` }).from(gwAppCredentials).where(where),
    ]);
    return { total: n, records };
  }

  /** Answers the credential and, this once, its secret. */
  async function create(input: AppCredentialInput, operator: string | null) {
    await assertNamespaces(input);
    const { accessKey, secret } = newKeyPair();
    const at = now();
    const [row] = await db.insert(gwAppCredentials).values({
      ...scope(input), accessKey, signingKey: deriveSigningKey(secret).toString('hex'), createdBy: operator, createdAt: at, updatedAt: at,
    }).returning({ id: gwAppCredentials.id });
    return { credential: await get(row.id), secret };
  }

  async function update(id: number, input: AppCredentialInput) {
    await live(id);
    await assertNamespaces(input);
    await db.update(gwAppCredentials).set({ ...scope(input), updatedAt: now() }).where(eq(gwAppCredentials.id, id));
    return get(id);
  }

  async function setEnabled(id: number, enabled: boolean) {
    await live(id);
    await db.update(gwAppCredentials).set({ enabled, updatedAt: now() }).where(eq(gwAppCredentials.id, id));
    return get(id);
  }

  /** For good: the signing key is wiped, so nothing can sign with it again; the row stays for the record. */
  async function revoke(id: number, operator: string | null) {
    await live(id);
    const at = now();
    await db.update(gwAppCredentials).set({ revokedAt: at, revokedBy: operator, enabled: false, signingKey: '', updatedAt: at }).where(eq(gwAppCredentials.id, id));
    return get(id);
  }

  return { list, get, create, update, setEnabled, revoke };
}
