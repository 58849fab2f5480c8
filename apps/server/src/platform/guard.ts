import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError, forbidden } from './errors';
import { authorityCache, hasAuthority } from './auth/authorities';
import type { SessionStore } from './auth/sessions';
import { EnvelopeCode } from '@bencao/contracts';

/**
 * Every API route declares `config.authority`:
 * - `'public'`: anyone, no session needed;
 * - `'login'`: any logged-in user;
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

declare module 'fastify' {
  interface FastifyContextConfig {
    authority?: string;
    /** may be called while the password must be changed */
    allowWhenPasswordExpired?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export interface DeclaredRoute { method: string; url: string; authority: string | undefined }

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h || !h.toLowerCase().startsWith('bearer ')) return null;
  return h.slice(7).trim() || null;
}

/** Installs the guard on `app`; returns the table of declared routes (for the guard test and docs). */
export function installGuard(app: FastifyInstance, db: Db, store: SessionStore): DeclaredRoute[] {
  const table: DeclaredRoute[] = [];
  const cache = authorityCache(db);
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const authority = route.config?.authority;
    if (!authority) throw new Error(`Route ${String(route.method)} ${route.url} declares no authority (config.authority)`);
    for (const m of ([] as string[]).concat(route.method as string)) {
      if (m !== 'HEAD') table.push({ method: m, url: route.url, authority });
    }
  });

  app.addHook('onRequest', async (req) => {
    const authority = req.routeOptions.config?.authority;
    if (!authority || authority === PUBLIC) return;
    const token = bearerToken(req);
    if (!token) throw new AppError(401, 'error.unauthorized');
    const s = await store.findByToken(token);
    if (!s) throw new AppError(401, 'error.unauthorized');
    if (s.endedAt) throw new AppError(401, 'error.sessionEnded', { reason: `sessionEnd.${s.endReason ?? 'logout'}` }, EnvelopeCode.SESSION_ENDED);
    if (s.expiresAt.getTime() <= Date.now()) {
      await store.end(s.id, 'expired');
      throw new AppError(401, 'error.sessionEnded', { reason: 'sessionEnd.expired' }, EnvelopeCode.SESSION_ENDED);
    }
    await store.touch(s);
    const authorities = await cache.get(s.accountId, s.isAdmin);
    req.auth = {
      sessionId: s.id, accountId: s.accountId, userId: s.userId, userName: s.userName,
      isAdmin: s.isAdmin, mustChangePassword: s.mustChangePassword, authorities,
    };
    if (s.mustChangePassword && !req.routeOptions.config?.allowWhenPasswordExpired) {
      throw new AppError(403, 'error.mustChangePassword');
    }
    if (authority !== LOGIN && !hasAuthority(authorities, authority)) throw forbidden(authority);
  });

  return table;
}

/** The logged-in user of a guarded route (the guard guarantees it is there). */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError(401, 'error.unauthorized');
  return req.auth;
}
