import { z } from 'zod';
import { pageQuerySchema } from './paging';

/**
 * Application credentials of the gateway's open API (`/api/gateway/open/*`): an access key and a
 * secret, scoped to namespaces and rights; every call is HMAC-signed (docs/APP-SIGNING.md).
 */

/**
 * What a credential may do:
 * - `config:read`: read configs and long-poll for their changes (in its namespaces only);
 * - `registry:read`: discover the instances of a service;
 * - `registry:write`: register, beat and deregister ephemeral instances (registering may create the service).
 */
export const APP_RIGHTS = ['config:read', 'registry:read', 'registry:write'] as const;
export type AppRight = (typeof APP_RIGHTS)[number];
/** A route of the open API declares `config.authority: 'app:<right>'` (e.g. `app:config:read`). */
export const APP_AUTHORITY_PREFIX = 'app:';
export const appAuthority = (right: AppRight) => `${APP_AUTHORITY_PREFIX}${right}`;
/** The right an `app:` authority names, or null when it names none. */
export function appRightOf(authority: string): AppRight | null {
  if (!authority.startsWith(APP_AUTHORITY_PREFIX)) return null;
  const right = authority.slice(APP_AUTHORITY_PREFIX.length);
  return (APP_RIGHTS as readonly string[]).includes(right) ? (right as AppRight) : null;
}

/** The message the signing key is derived with: signingKey = HMAC-SHA256(secret, APP_KEY_DERIVATION). */
export const APP_KEY_DERIVATION = 'bencao-app-v1';
/** First line of the canonical string. */
export const APP_SIGNATURE_ALGORITHM = 'BENCAO-HMAC-SHA256';
/** How far the request's timestamp may be from the server's clock, in seconds (either way). */
export const APP_CLOCK_SKEW_S = 300;
export const APP_HEADERS = {
  key: 'x-bencao-key',
  timestamp: 'x-bencao-timestamp',
  nonce: 'x-bencao-nonce',
  signature: 'x-bencao-signature',
} as const;
/** 16 to 64 characters of letters, digits, _ and - */
export const APP_NONCE_RE = /^[A-Za-z0-9_-]{16,64}$/;

export const APP_CREDENTIAL_STATUSES = ['enabled', 'disabled', 'revoked'] as const;
export type AppCredentialStatus = (typeof APP_CREDENTIAL_STATUSES)[number];

const optText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));

/** Create and edit: the secret is never part of it (the server makes it and shows it once). */
export const appCredentialSchema = z.object({
  name: z.string().trim().min(1).max(100),
  description: optText(500),
  /** true: every namespace, present and future; else the listed ones */
  allNamespaces: z.boolean().default(false),
  namespaces: z.array(z.string().trim().min(1).max(64)).max(200).default([]),
  rights: z.array(z.enum(APP_RIGHTS)).min(1, { message: 'gateway.credentialRights' }).max(APP_RIGHTS.length),
}).superRefine((c, ctx) => {
  if (c.rights.includes('config:read') && !c.allNamespaces && !c.namespaces.length) {
    ctx.addIssue({ code: 'custom', path: ['namespaces'], message: 'gateway.credentialNamespaces' });
  }
});
export type AppCredentialInput = z.infer<typeof appCredentialSchema>;

export const appCredentialQuerySchema = pageQuerySchema.extend({
  /** name or access key */
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(APP_CREDENTIAL_STATUSES).optional(),
});
