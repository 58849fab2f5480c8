import { z } from 'zod';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PREFERENCES_PER_ACCOUNT, preferenceInputSchema, preferenceKeySchema, translate } from '@bencao/contracts';
import type { ModuleOptions } from '../../platform/deps';
import { userPreferences } from '../../db/schema/index';
import { ok } from '../../platform/envelope';
import { LOGIN, authOf } from '../../platform/guard';
import { badRequest } from '../../platform/errors';
import { langOf } from '../../platform/i18n';

const params = z.object({ key: preferenceKeySchema });

/**
 * The caller's own console preferences. Every statement is bound to the session's account, so no
 * request can name, read or change another account's preferences.
 */
export const preferenceRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const { db } = deps;
  const mine = (accountId: number, key: string) => and(eq(userPreferences.accountId, accountId), eq(userPreferences.key, key));

  app.get('/api/system/preferences/:key', { config: { authority: LOGIN }, schema: { tags: ['system'], params } }, async (req) => {
    const [row] = await db.select({ value: userPreferences.value }).from(userPreferences).where(mine(authOf(req).accountId, req.params.key));
    return ok(row?.value ?? null);
  });

  app.put('/api/system/preferences/:key', { config: { authority: LOGIN }, schema: { tags: ['system'], params, body: preferenceInputSchema } }, async (req) => {
    const { accountId } = authOf(req);
    const { key } = req.params;
    const value = req.body.value as object;
    await db.transaction(async (tx) => {
      // the account's writes one after the other (on every process), so parallel new keys cannot pass the limit together
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('bencao.preferences'), ${accountId}::int)`);
      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(userPreferences)
        .where(and(eq(userPreferences.accountId, accountId), sql`${userPreferences.key} <> ${key}`));
      if (n >= PREFERENCES_PER_ACCOUNT) {
        const lang = langOf(req);
        throw badRequest('error.validation', { field: 'key', rule: translate(lang, 'valid.maxPreferences', { n: PREFERENCES_PER_ACCOUNT }) });
      }
      await tx.insert(userPreferences).values({ accountId, key, value, updatedAt: new Date() })
        .onConflictDoUpdate({ target: [userPreferences.accountId, userPreferences.key], set: { value, updatedAt: new Date() } });
    });
    return ok(value);
  });

  app.delete('/api/system/preferences/:key', { config: { authority: LOGIN }, schema: { tags: ['system'], params } }, async (req) => {
    await db.delete(userPreferences).where(mine(authOf(req).accountId, req.params.key));
    return ok(null);
  });
};
