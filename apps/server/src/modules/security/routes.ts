import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  accountBatchResetSchema, accountBatchSchema, accountCreateSchema, accountQuerySchema, accountUpdateSchema, appSchema, assignSchema, batchRoleToAccountsSchema,
  batchRolesToAccountSchema, functionSchema, grantsSchema, idsSchema, keywordQuerySchema, moduleSchema, operationSchema,
  passwordPolicySchema, resetPasswordSchema, roleGroupSchema, roleQuerySchema, roleSchema, translate, urlSchema, type Lang, type TreeLevel,
} from '@bencao/contracts';
import type { ModuleOptions } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { authOf } from '../../platform/guard';
import { langOf } from '../../platform/i18n';
import { securityService, type Actor } from './service';
import { exportSql, importRows, parseImportSql, readZip, zipSql } from './importExport';
import { accountImportRoutes } from './accountImportRoutes';
import { outboundRoutes } from './outboundRoutes';
import { accountOrganTree } from './dataScope';
import { seedName, seedNameList } from '../../db/seed/seedNames';

// seeded role and organ names read in the operator's language until an operator renames them
const roleNamed = (lang: Lang) => <T extends { code: string; name: string }>(r: T): T => ({ ...r, name: seedName('role', r.name, lang, r.code) });
const roleNamesIn = (lang: Lang) => <T extends { roleNames: string | null }>(r: T): T => ({ ...r, roleNames: seedNameList('role', r.roleNames, lang) });
const withRoles = (lang: Lang) => <T extends { roles: { code: string; name: string }[] }>(a: T): T => ({ ...a, roles: a.roles.map(roleNamed(lang)) });
const page = <T>(p: { total: number; records: T[] }, fn: (r: T) => T) => ({ ...p, records: p.records.map(fn) });

const idParams = z.object({ id: z.coerce.number().int().positive() });
const tags = ['security'];

const actorOf = (req: FastifyRequest): Actor => {
  const a = authOf(req);
  return { accountId: a.accountId, sessionId: a.sessionId, authorities: a.authorities, lang: langOf(req) };
};

/** URL segment → level of the authority tree and its body schema */
const TREE_ROUTES: { segment: string; level: TreeLevel; schema: z.ZodType }[] = [
  { segment: 'apps', level: 'app', schema: appSchema },
  { segment: 'modules', level: 'module', schema: moduleSchema },
  { segment: 'functions', level: 'function', schema: functionSchema },
  { segment: 'operations', level: 'operation', schema: operationSchema },
  { segment: 'urls', level: 'url', schema: urlSchema },
];

export const securityRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const { db } = deps;
  const svc = securityService(db, deps.sessions);

  // ---------- authority tree ----------
  app.get('/api/security/tree', {
    config: { authority: 'security:function' },
    schema: { tags, querystring: z.object({ keyword: z.string().trim().max(100).optional() }) },
  }, async (req) => ok(await svc.tree.tree(req.query.keyword, langOf(req))));

  for (const { segment, level, schema } of TREE_ROUTES) {
    const base = `/api/security/tree/${segment}`;
    app.get(`${base}/:id`, { config: { authority: 'security:function' }, schema: { tags, params: idParams } },
      async (req) => ok(await svc.tree.get(level, req.params.id)));
    app.post(base, { config: { authority: 'security:function:add' }, schema: { tags, body: schema } },
      async (req) => ok(await svc.tree.create(level, req.body as never), translate(langOf(req), 'ok.saved')));
    app.put(`${base}/:id`, { config: { authority: 'security:function:edit' }, schema: { tags, params: idParams, body: schema } },
      async (req) => ok(await svc.tree.update(level, req.params.id, req.body as never), translate(langOf(req), 'ok.saved')));
    app.delete(`${base}/:id`, { config: { authority: 'security:function:delete' }, schema: { tags, params: idParams } },
      async (req) => ok(await svc.tree.remove(level, [req.params.id]), translate(langOf(req), 'ok.deleted')));
    app.post(`${base}/delete`, { config: { authority: 'security:function:delete' }, schema: { tags, body: idsSchema } },
      async (req) => ok(await svc.tree.remove(level, req.body.ids), translate(langOf(req), 'ok.deleted')));
  }

  // SPEC §5: a zip holding a UTF-8 .txt (no BOM) of SQL INSERT statements; all or nothing.
  app.post('/api/security/tree/import', { config: { authority: 'security:function:import' }, schema: { tags } }, async (req) => {
    const lang = langOf(req);
    if (!req.isMultipart()) throw new AppError(400, 'security.importZip');
    const file = await req.file();
    if (!file) throw new AppError(400, 'security.importZip');
    const buf = await file.toBuffer();
    const rows = parseImportSql(readZip(buf), lang);
    const result = await importRows(db, rows, lang);
    return ok(result, translate(lang, 'security.importDone', { inserted: result.inserted, skipped: result.skipped }));
  });

  app.get('/api/security/tree/export', { config: { authority: 'security:function:export' }, schema: { tags } }, async (_req, reply) => {
    const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    const zip = zipSql(await exportSql(db), `authority-tree-${stamp}.txt`);
    return reply.header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="authority-tree-${stamp}.zip"`).send(zip);
  });

  // ---------- roles ----------
  app.get('/api/security/roles', { config: { authority: 'security:role' }, schema: { tags, querystring: roleQuerySchema } },
    async (req) => ok(page(await svc.listRoles(req.query), roleNamed(langOf(req)))));
  app.get('/api/security/roles/:id', { config: { authority: 'security:role' }, schema: { tags, params: idParams } },
    async (req) => ok(roleNamed(langOf(req))(await svc.getRole(req.params.id))));
  app.post('/api/security/roles', { config: { authority: 'security:role:add' }, schema: { tags, body: roleSchema } },
    async (req) => ok(await svc.createRole(actorOf(req), req.body), translate(langOf(req), 'ok.saved')));
  app.put('/api/security/roles/:id', { config: { authority: 'security:role:edit' }, schema: { tags, params: idParams, body: roleSchema } },
    async (req) => ok(await svc.updateRole(actorOf(req), req.params.id, req.body), translate(langOf(req), 'ok.saved')));
  app.delete('/api/security/roles/:id', { config: { authority: 'security:role:delete' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.deleteRoles([req.params.id]), translate(langOf(req), 'ok.deleted')));
  app.post('/api/security/roles/delete', { config: { authority: 'security:role:delete' }, schema: { tags, body: idsSchema } },
    async (req) => ok(await svc.deleteRoles(req.body.ids), translate(langOf(req), 'ok.deleted')));
  app.get('/api/security/roles/:id/grants', { config: { authority: 'security:role' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.grantTree(req.params.id, langOf(req))));
  app.put('/api/security/roles/:id/grants', { config: { authority: 'security:role:grant' }, schema: { tags, params: idParams, body: grantsSchema } },
    async (req) => ok(await svc.setGrants(actorOf(req), req.params.id, req.body.authorities), translate(langOf(req), 'ok.saved')));
  app.get('/api/security/roles/:id/accounts', { config: { authority: 'security:role' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.roleAccounts(req.params.id)));
  // Batch authorization: one role to many accounts …
  app.post('/api/security/roles/batch-grant', { config: { authority: 'security:role:grant' }, schema: { tags, body: batchRoleToAccountsSchema } },
    async (req) => ok(await svc.grantRoles(actorOf(req), req.body.accountIds.map((accountId) => ({ accountId, roleId: req.body.roleId }))), translate(langOf(req), 'ok.saved')));
  app.post('/api/security/roles/:id/revoke', {
    config: { authority: 'security:role:grant' },
    schema: { tags, params: idParams, body: z.object({ accountIds: z.array(z.number().int().positive()).min(1).max(1000) }) },
  }, async (req) => ok(await svc.revokeRole(actorOf(req), req.params.id, req.body.accountIds), translate(langOf(req), 'ok.saved')));

  // ---------- accounts ----------
  app.get('/api/security/accounts', { config: { authority: 'security:account' }, schema: { tags, querystring: accountQuerySchema } },
    async (req) => ok(page(await svc.listAccounts(actorOf(req), req.query), roleNamesIn(langOf(req)))));
  app.get('/api/security/accounts/organ-tree', { config: { authority: 'security:account' }, schema: { tags } },
    async (req) => ok((await accountOrganTree(db)).map((o) => ({ ...o, name: seedName('organ', o.name, langOf(req), o.code) }))));
  app.get('/api/security/accounts/:id', { config: { authority: 'security:account' }, schema: { tags, params: idParams } },
    async (req) => ok(withRoles(langOf(req))(await svc.readAccount(actorOf(req), req.params.id))));

  // batch actions on the selected rows: each account done or refused with its reason
  const batchDone = (req: FastifyRequest, r: { done: unknown[]; refused: unknown[] }) =>
    ok(r, translate(langOf(req), 'accounts.batchDone', { done: r.done.length, refused: r.refused.length }));
  app.post('/api/security/accounts/batch-lock', { config: { authority: 'security:account:edit' }, schema: { tags, body: accountBatchSchema } },
    async (req) => batchDone(req, await svc.batch(actorOf(req), req.body.ids, 'lock')));
  app.post('/api/security/accounts/batch-unlock', { config: { authority: 'security:account:unlock' }, schema: { tags, body: accountBatchSchema } },
    async (req) => batchDone(req, await svc.batch(actorOf(req), req.body.ids, 'unlock')));
  app.post('/api/security/accounts/batch-reset-password', { config: { authority: 'security:account:resetPassword' }, schema: { tags, body: accountBatchResetSchema } },
    async (req) => batchDone(req, await svc.batch(actorOf(req), req.body.ids, 'resetPassword', req.body.password)));

  // import from Excel (a background job)
  await app.register(accountImportRoutes, { deps });
  await app.register(outboundRoutes, { deps });
  app.post('/api/security/accounts', { config: { authority: 'security:account:add' }, schema: { tags, body: accountCreateSchema } },
    async (req) => ok(await svc.createAccount(actorOf(req), req.body), translate(langOf(req), 'ok.saved')));
  app.put('/api/security/accounts/:id', { config: { authority: 'security:account:edit' }, schema: { tags, params: idParams, body: accountUpdateSchema } },
    async (req) => ok(await svc.updateAccount(actorOf(req), req.params.id, req.body), translate(langOf(req), 'ok.saved')));
  app.delete('/api/security/accounts/:id', { config: { authority: 'security:account:delete' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.deleteAccounts(actorOf(req), [req.params.id]), translate(langOf(req), 'ok.deleted')));
  app.post('/api/security/accounts/delete', { config: { authority: 'security:account:delete' }, schema: { tags, body: idsSchema } },
    async (req) => ok(await svc.deleteAccounts(actorOf(req), req.body.ids), translate(langOf(req), 'ok.deleted')));
  app.post('/api/security/accounts/:id/unlock', { config: { authority: 'security:account:unlock' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.unlock(actorOf(req), req.params.id), translate(langOf(req), 'ok.saved')));
  app.post('/api/security/accounts/:id/reset-password', {
    config: { authority: 'security:account:resetPassword' }, schema: { tags, params: idParams, body: resetPasswordSchema },
  }, async (req) => ok(await svc.resetPassword(actorOf(req), req.params.id, req.body.password), translate(langOf(req), 'ok.saved')));
  app.put('/api/security/accounts/:id/assign', { config: { authority: 'security:account:grant' }, schema: { tags, params: idParams, body: assignSchema } },
    async (req) => ok(await svc.assign(actorOf(req), req.params.id, req.body.roleIds, req.body.groupIds), translate(langOf(req), 'ok.saved')));
  // … or many roles to one account.
  app.post('/api/security/accounts/batch-grant', { config: { authority: 'security:account:grant' }, schema: { tags, body: batchRolesToAccountSchema } },
    async (req) => ok(await svc.grantRoles(actorOf(req), req.body.roleIds.map((roleId) => ({ accountId: req.body.accountId, roleId }))), translate(langOf(req), 'ok.saved')));
  app.get('/api/security/accounts/:id/authorities', { config: { authority: 'security:account' }, schema: { tags, params: idParams } },
    async (req) => {
      await svc.readAccount(actorOf(req), req.params.id);
      return ok(await svc.effectiveAuthorities(req.params.id, langOf(req)));
    });

  // ---------- role groups ----------
  app.get('/api/security/role-groups', { config: { authority: 'security:roleGroup' }, schema: { tags, querystring: keywordQuerySchema } },
    async (req) => ok(page(await svc.listGroups(req.query), roleNamesIn(langOf(req)))));
  app.get('/api/security/role-groups/:id', { config: { authority: 'security:roleGroup' }, schema: { tags, params: idParams } },
    async (req) => ok(withRoles(langOf(req))(await svc.getGroup(req.params.id))));
  app.post('/api/security/role-groups', { config: { authority: 'security:roleGroup:add' }, schema: { tags, body: roleGroupSchema } },
    async (req) => ok(await svc.saveGroup(actorOf(req), null, req.body), translate(langOf(req), 'ok.saved')));
  app.put('/api/security/role-groups/:id', { config: { authority: 'security:roleGroup:edit' }, schema: { tags, params: idParams, body: roleGroupSchema } },
    async (req) => ok(await svc.saveGroup(actorOf(req), req.params.id, req.body), translate(langOf(req), 'ok.saved')));
  app.delete('/api/security/role-groups/:id', { config: { authority: 'security:roleGroup:delete' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.deleteGroups([req.params.id]), translate(langOf(req), 'ok.deleted')));
  app.post('/api/security/role-groups/delete', { config: { authority: 'security:roleGroup:delete' }, schema: { tags, body: idsSchema } },
    async (req) => ok(await svc.deleteGroups(req.body.ids), translate(langOf(req), 'ok.deleted')));

  // ---------- global policy ----------
  app.get('/api/security/policy', { config: { authority: 'security:policy' }, schema: { tags } }, async () => ok(await svc.getPolicy()));
  app.put('/api/security/policy', { config: { authority: 'security:policy:edit' }, schema: { tags, body: passwordPolicySchema } },
    async (req) => ok(await svc.setPolicy(req.body), translate(langOf(req), 'ok.saved')));
};
