import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboundPolicySchema, translate } from '@bencao/contracts';
import type { ModuleOptions } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { langOf } from '../../platform/i18n';
import { outboundAllowList } from '../../platform/outbound';
import { outboundPolicy } from '../../db/schema/index';

const tags = ['security'];

/** Security › Outbound requests: the allow-list of the outbound request rule (`platform/outbound.ts`), its own authority. */
export const outboundRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const { db } = deps;
  app.get('/api/security/outbound', { config: { authority: 'security:outbound' }, schema: { tags } },
    async () => ok({ allowHosts: await outboundAllowList(db) }));
  app.put('/api/security/outbound', { config: { authority: 'security:outbound:edit' }, schema: { tags, body: outboundPolicySchema } },
    async (req) => {
      const { allowHosts } = req.body;
      await db.insert(outboundPolicy).values({ id: 1, allowHosts, updatedAt: new Date() })
        .onConflictDoUpdate({ target: outboundPolicy.id, set: { allowHosts, updatedAt: new Date() } });
      return ok({ allowHosts }, translate(langOf(req), 'ok.saved'));
    });
};
