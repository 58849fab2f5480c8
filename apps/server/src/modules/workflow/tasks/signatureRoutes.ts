import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { savedSignatureSchema, translate } from '@bencao/contracts';
import type { ModuleOptions } from '../../../platform/deps';
import { ok } from '../../../platform/envelope';
import { langOf } from '../../../platform/i18n';
import { hasAuthority } from '../../../platform/auth/authorities';
import { workflowAccess } from '../admin/index';
import { clockOf } from '../engine/clock';
import { instanceRow, mustView } from './detail';
import type { SignatureService } from './signatures';

/** A user's saved handwritten signature, and the image stored with a signature (issue 26). */

const TASK = 'bpm:task';
const tags = ['workflow-tasks'];
const idParams = z.object({ id: z.coerce.number().int().positive() });

export const signatureRoutes: FastifyPluginAsyncZod<ModuleOptions & { signatures: SignatureService }> = async (app, opts) => {
  const { db } = opts.deps;
  const { signatures } = opts;
  const saved = (lang: Parameters<typeof translate>[0]) => translate(lang, 'ok.saved');

  app.get('/api/workflow/tasks/my-signature', { config: { authority: TASK }, schema: { tags } },
    async (req) => ok(await signatures.saved(req.auth!.accountId)));
  app.put('/api/workflow/tasks/my-signature', { config: { authority: TASK }, bodyLimit: 1024 * 1024, schema: { tags, body: savedSignatureSchema } },
    async (req) => ok(await signatures.save(req.auth!.accountId, req.body.image, clockOf(db)()), saved(langOf(req))));
  app.delete('/api/workflow/tasks/my-signature', { config: { authority: TASK }, schema: { tags } },
    async (req) => {
      await signatures.forget(req.auth!.accountId);
      return ok(null, translate(langOf(req), 'ok.deleted'));
    });

  // whoever may see the instance may see its signatures
  app.get('/api/workflow/signatures/:id/image', { config: { authority: TASK }, schema: { tags, params: idParams } },
    async (req, reply) => {
      const { instanceId, image } = await signatures.image(req.params.id);
      await mustView(db, await instanceRow(db, instanceId), {
        accountId: req.auth!.accountId, lang: langOf(req), mayMonitor: hasAuthority(req.auth!.authorities, 'bpm:monitor'),
        access: workflowAccess(db, { accountId: req.auth!.accountId, authorities: req.auth!.authorities, isAdmin: req.auth!.isAdmin }),
      });
      return reply.header('content-type', 'image/png').header('x-content-type-options', 'nosniff').header('cache-control', 'private, max-age=3600').send(image);
    });
};
