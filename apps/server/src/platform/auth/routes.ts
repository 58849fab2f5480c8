import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate, type CurrentUser } from '@bencao/contracts';
import type { ModuleOptions } from '../deps';
import { accounts } from '../../db/schema/index';
import { AppError, badRequest } from '../errors';
import { ok } from '../envelope';
import { LOGIN, PUBLIC, authOf, bearerToken } from '../guard';
import { langOf } from '../i18n';
import { loginKeyStore } from './loginKeys';
import { GrantError, loginService } from './login';
import { rateLimiter } from './rateLimit';
import { assertPolicy, hashPassword, loadPolicy, passwordExpiry, verifyPassword } from './passwords';

const tokenBody = z.discriminatedUnion('grant_type', [
  z.object({ grant_type: z.literal('password'), username: z.string().min(1).max(128), password: z.string().min(1), key_id: z.string().min(1) }),
  z.object({ grant_type: z.literal('refresh_token'), refresh_token: z.string().min(1) }),
]);

export const authRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const { db, sessions } = deps;
  const now = deps.config.now ?? (() => new Date());
  const keys = loginKeyStore(db, now);
  const service = loginService(db, sessions, now);
  // Login attempts and login keys are counted per client address in the database, shared by every
  // process (`req.ip` honours X-Forwarded-For only from configured proxies).
  const limiter = rateLimiter(db, now);
  keys.start();
  app.addHook('onClose', async () => keys.close());

  app.get('/api/uc/getkey/LoginGetKey.do', {
    config: { authority: PUBLIC },
    schema: { querystring: z.object({ method: z.literal('getLoginKey') }), tags: ['auth'] },
  }, async (req, reply) => {
    const perMinute = deps.config.loginKeyRateLimit;
    // the burst first: a flood past it is refused from memory (or one statement) before it counts toward the minute
    await limiter.enforceBurst(`loginKey:${req.ip}`, deps.config.loginKeyBurst ?? Math.max(10, Math.ceil(perMinute / 6)), perMinute, reply);
    await limiter.enforce(`loginKey:${req.ip}`, perMinute, reply);
    return ok(await keys.issue(req.ip, reply));
  });

  app.post('/api/oauth/token', {
    config: { authority: PUBLIC },
    schema: { body: tokenBody, tags: ['auth'] },
  }, async (req, reply) => {
    const lang = langOf(req);
    await limiter.enforce(`login:${req.ip}`, deps.config.loginRateLimit, reply);
    try {
      if (req.body.grant_type === 'refresh_token') return await service.refresh(req.body.refresh_token, lang);
      const password = await keys.decrypt(req.body.key_id, req.body.password);
      if (password === null) throw new GrantError(translate(lang, 'auth.loginKeyInvalid'));
      return await service.login({ userId: req.body.username, password, ip: req.ip, userAgent: req.headers['user-agent'], lang });
    } catch (err) {
      if (err instanceof GrantError) return reply.code(400).send({ error: 'invalid_grant', error_description: err.description, locked: err.locked });
      throw err;
    }
  });

  app.get('/api/j_hh_security_logout', { config: { authority: PUBLIC }, schema: { tags: ['auth'] } }, async (req) => {
    const token = bearerToken(req);
    if (token) {
      const s = await sessions.findByToken(token);
      if (s && !s.endedAt) await sessions.end(s.id, 'logout');
    }
    return ok(null);
  });

  app.get('/api/admin/current/user', { config: { authority: LOGIN, allowWhenPasswordExpired: true }, schema: { tags: ['auth'] } }, async (req) => {
    const auth = authOf(req);
    const [acc] = await db.select({ changedAt: accounts.passwordChangedAt }).from(accounts).where(eq(accounts.id, auth.accountId));
    const expiry = passwordExpiry(acc.changedAt, await loadPolicy(db));
    const user: CurrentUser = {
      accountId: auth.accountId, userId: auth.userId, userName: auth.userName, isAdmin: auth.isAdmin,
      authorities: [...auth.authorities].sort(), mustChangePassword: auth.mustChangePassword,
      passwordExpiresAt: expiry.expiresAt?.toISOString() ?? null, sessionId: auth.sessionId,
    };
    return ok(user);
  });

  app.post('/api/admin/current/password', {
    config: { authority: LOGIN, allowWhenPasswordExpired: true },
    schema: {
      tags: ['auth'],
      body: z.object({ oldPassword: z.string().min(1), newPassword: z.string().min(1), confirmPassword: z.string().min(1) }),
    },
  }, async (req) => {
    const auth = authOf(req);
    const { oldPassword, newPassword, confirmPassword } = req.body;
    if (newPassword !== confirmPassword) throw badRequest('auth.passwordMismatch');
    const [acc] = await db.select().from(accounts).where(eq(accounts.id, auth.accountId));
    if (!(await verifyPassword(acc.passwordHash, oldPassword))) throw new AppError(400, 'auth.oldPasswordWrong');
    if (oldPassword === newPassword) throw badRequest('auth.passwordSame');
    assertPolicy(newPassword, await loadPolicy(db), langOf(req));
    await db.update(accounts).set({ passwordHash: await hashPassword(newPassword), passwordChangedAt: new Date(), mustChangePassword: false, updatedAt: new Date() })
      .where(eq(accounts.id, auth.accountId));
    // Other sessions of this account end; this one goes on.
    await sessions.endAllOf(auth.accountId, 'passwordChanged', auth.sessionId);
    return ok(null, translate(langOf(req), 'ok.saved'));
  });
};
