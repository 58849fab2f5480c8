import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError, forbidden } from './errors';
import { hasAuthority } from './auth/authorities';
import type { SessionStore } from './auth/sessions';
import { authCache, type AuthCache } from './auth/authCache';
import { cacheVersionReader } from './cacheVersions';
import { APP_AUTHORITY_PREFIX, EnvelopeCode, appRightOf, type AppRight } from '@bencao/contracts';

/**
 * Every API route declares `config.authority`:
 * - `'public'`: anyone, no session needed;
 * - `'login'`: any logged-in user;
 * - `'app:<right>'` (e.g. `'app:config:read'`): an application's signed request (the gateway's open API).
 *   No session is looked at: the plugin that owns such routes checks the signature before the body is
 *   parsed and sets `req.appCaller`; should it not, the guard still answers 401 (fail closed);
 * - any other string: an authority code (function or operation) the user must hold.
 */
export const PUBLIC = 'public';
export const LOGIN = 'login';

export interface AuthContext {
  sessionId: string;
  accountId: number;
  userId: string;
  userName: string;
  isAdmin: boolean;
  mustChangePassword: boolean;
  authorities: Set<string>;
}

/** The application credential a signed request of the open API was made with. */
export interface AppCaller {
  credentialId: number;
  accessKey: string;
  name: string;
  rights: AppRight[];
  /** null: every namespace */
  namespaces: string[] | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    authority?: string;
    /** may be called while the password must be changed */
    allowWhenPasswordExpired?: boolean;
    /** the body is a person's own data (a visitor's report or application): the operation log keeps only its field names */
    personalData?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    appCaller: AppCaller | null;
  }
}

export interface DeclaredRoute { method: string; url: string; authority: string | undefined }

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h || !h.toLowerCase().startsWith('bearer ')) return null;
  return h.slice(7).trim() || null;
}

/**
 * Installs the guard on `app`; returns the table of declared routes (for the guard test and docs).
 * Sessions and authorities come from `cache` (kept while the database's 'auth' counter is unchanged).
 */
export function installGuard(app: FastifyInstance, db: Db, store: SessionStore, cache: AuthCache = authCache(db, store, cacheVersionReader(db)), idleMs = 30 * 60_000): DeclaredRoute[] {
  const table: DeclaredRoute[] = [];
  app.decorateRequest('auth', null);
  app.decorateRequest('appCaller', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const authority = route.config?.authority;
    if (!authority) throw new Error(`Route ${String(route.method)} ${route.url} declares no authority (config.authority)`);
    if (authority.startsWith(APP_AUTHORITY_PREFIX) && !appRightOf(authority)) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares an unknown application right "${authority}"`);
    }
    for (const m of ([] as string[]).concat(route.method as string)) {
      if (m !== 'HEAD') table.push({ method: m, url: route.url, authority });
    }
  });

  app.addHook('onRequest', async (req) => {
    const authority = req.routeOptions.config?.authority;
    if (!authority || authority === PUBLIC) return;
    if (authority.startsWith(APP_AUTHORITY_PREFIX)) return; // checked in preHandler below, after the owner's signature check
    const token = bearerToken(req);
    if (!token) throw new AppError(401, 'error.unauthorized');
    let s = await cache.session(token, false, req);
    // another process may have slid the expiry since this copy was cached: ask the database before ending it
    if (s && !s.endedAt && s.expiresAt.getTime() <= Date.now()) s = await cache.session(token, true, req);
    if (!s) throw new AppError(401, 'error.unauthorized');
    if (s.endedAt) throw new AppError(401, 'error.sessionEnded', { reason: `sessionEnd.${s.endReason ?? 'logout'}` }, EnvelopeCode.SESSION_ENDED);
    if (s.expiresAt.getTime() <= Date.now()) {
      await store.end(s.id, 'expired');
      throw new AppError(401, 'error.sessionEnded', { reason: 'sessionEnd.expired' }, EnvelopeCode.SESSION_ENDED);
    }
    await cache.touch(s, idleMs);
    const authorities = await cache.authorities(s.accountId, s.isAdmin, req);
    req.auth = {
      sessionId: s.id, accountId: s.accountId, userId: s.userId, userName: s.userName,
      isAdmin: s.isAdmin, mustChangePassword: s.mustChangePassword, authorities,
    };
    if (s.mustChangePassword && !req.routeOptions.config?.allowWhenPasswordExpired) {
      throw new AppError(403, 'error.mustChangePassword');
    }
    if (authority !== LOGIN && !hasAuthority(authorities, authority)) throw forbidden(authority);
  });

  // Application routes: the owning plugin verified the signature (preParsing) and set appCaller; a
  // route whose plugin does not verify answers 401 instead of being anonymous.
  app.addHook('preHandler', async (req) => {
    const authority = req.routeOptions.config?.authority;
    if (!authority?.startsWith(APP_AUTHORITY_PREFIX)) return;
    const caller = req.appCaller;
    if (!caller) throw new AppError(401, 'error.appSignatureRequired');
    const right = appRightOf(authority);
    if (!right || !caller.rights.includes(right)) throw new AppError(403, 'gateway.appNoRight', { right: right ?? authority });
  });

  return table;
}

/** The logged-in user of a guarded route (the guard guarantees it is there). */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError(401, 'error.unauthorized');
  return req.auth;
}
