import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationQuerySchema } from '@bencao/contracts';
import type { ModuleOptions } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { LOGIN } from '../../platform/guard';
import { langOf } from '../../platform/i18n';
import { clockOf } from '../workflow/engine/clock';
import { registerJobHandler } from '../workflow/jobs';
import { MAIL_JOB_KIND, notificationService, rememberLanguage, sendNotificationMails } from './service';

/** /api/notifications: the signed-in user's in-app notifications (the console's bell). */
const idParams = z.object({ id: z.coerce.number().int().positive() });
const tags = ['notification'];

export const notificationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, opts) => {
  const { db } = opts.deps;
  const now = () => clockOf(db)();
  const svc = notificationService(db);
  registerJobHandler(MAIL_JOB_KIND, (d, job) => sendNotificationMails(d, ((job.payload.notificationIds as number[] | undefined) ?? []).map(Number)));

  app.get('/api/notifications', { config: { authority: LOGIN }, schema: { tags, querystring: notificationQuerySchema } },
    async (req) => ok(await svc.list(req.auth!.accountId, req.query, langOf(req))));
  // the bell polls this: it also remembers the language the user reads in, for mail
  app.get('/api/notifications/count', { config: { authority: LOGIN }, schema: { tags } },
    async (req) => {
      await rememberLanguage(db, req.auth!.accountId, langOf(req), now());
      return ok(await svc.unread(req.auth!.accountId));
    });
  app.post('/api/notifications/:id/read', { config: { authority: LOGIN }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.read(req.auth!.accountId, req.params.id, now())));
  app.post('/api/notifications/read-all', { config: { authority: LOGIN }, schema: { tags } },
    async (req) => ok(await svc.readAll(req.auth!.accountId, now())));
};
