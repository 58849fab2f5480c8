import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { ACCOUNT_IMPORT_MAX_BYTES, translate } from '@bencao/contracts';
import type { ModuleOptions } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { authOf } from '../../platform/guard';
import { langOf } from '../../platform/i18n';
import { loadAuthorities } from '../../platform/auth/authorities';
import { accounts } from '../../db/schema/index';
import { clockOf } from '../workflow/engine/clock';
import { registerJobHandler } from '../workflow/jobs';
import { securityService } from './service';
import { accountTemplate } from './accountImport';
import { dataScopeOf, staffInScope } from './dataScope';
import { ACCOUNT_IMPORT_KIND, importOf, latestImport, runAccountImport, startImport } from './accountImportJob';

const tags = ['security'];
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Accounts from Excel: the template in the operator's language, then an import job whose progress and report the operator follows. */
export const accountImportRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const { db } = deps;
  const svc = securityService(db, deps.sessions);

  // the job checks roles and staff against the operator's grants and scope as they are when it runs (any process may run it)
  const authoritiesOf = async (operatorId: number) => {
    const [a] = await db.select({ isAdmin: accounts.isAdmin }).from(accounts).where(eq(accounts.id, operatorId));
    return loadAuthorities(db, operatorId, !!a?.isAdmin);
  };
  registerJobHandler(ACCOUNT_IMPORT_KIND, (d, job, now, worker) => runAccountImport(d, job, now, worker, {
    async assertMayGiveRoles(operatorId, roleIds) {
      await svc.assertMayGiveRoles({ accountId: operatorId, sessionId: '', authorities: await authoritiesOf(operatorId), lang: 'en' }, roleIds);
    },
    staffInScope: async (operatorId, staffId) => staffInScope(d, await dataScopeOf(d, operatorId, await authoritiesOf(operatorId)), staffId),
  }));

  app.get('/api/security/accounts/import-template', { config: { authority: 'security:account:import' }, schema: { tags } }, async (req, reply) => {
    const a = authOf(req);
    const actor = { accountId: a.accountId, sessionId: a.sessionId, authorities: a.authorities, lang: langOf(req) };
    const mayGive = (roleIds: number[]) => svc.assertMayGiveRoles(actor, roleIds).then(() => true, () => false);
    const file = await accountTemplate(db, actor.lang, mayGive, await dataScopeOf(db, a.accountId, a.authorities));
    return reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="accounts-template.xlsx"').send(file);
  });

  app.post('/api/security/accounts/import', { config: { authority: 'security:account:import' }, schema: { tags } }, async (req) => {
    const lang = langOf(req);
    if (!req.isMultipart()) throw new AppError(400, 'accounts.importFile');
    const part = await req.file({ limits: { fileSize: ACCOUNT_IMPORT_MAX_BYTES } });
    if (!part) throw new AppError(400, 'accounts.importFile');
    let buf: Buffer;
    try { buf = await part.toBuffer(); } catch { throw new AppError(400, 'accounts.importFile'); }
    if (part.file.truncated || buf.length > ACCOUNT_IMPORT_MAX_BYTES) throw new AppError(400, 'accounts.importFile');
    const job = await startImport(db, authOf(req).accountId, lang, buf, clockOf(db)());
    return ok(job, translate(lang, 'accounts.importQueued', { n: job.total }));
  });

  app.get('/api/security/accounts/imports/latest', { config: { authority: 'security:account:import' }, schema: { tags } },
    async (req) => ok(await latestImport(db, authOf(req).accountId)));
  app.get('/api/security/accounts/imports/:id', { config: { authority: 'security:account:import' }, schema: { tags, params: idParams } },
    async (req) => ok(await importOf(db, authOf(req).accountId, req.params.id)));
};
