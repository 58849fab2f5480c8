import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  assignmentSchema, frameHostsSchema, homeQuerySchema, overlaySchema, pageContentSchema, portalNodeSchema, previewQuerySchema, scopeQuerySchema, translate,
} from '@bencao/contracts';
import type { ModuleOptions } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { LOGIN, authOf } from '../../platform/guard';
import { langOf } from '../../platform/i18n';
import { portalService, type Actor } from './service';
import { seedName } from '../../db/seed/seedNames';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const tags = ['portal'];
const actorOf = (req: FastifyRequest): Actor => ({ accountId: authOf(req).accountId, authorities: authOf(req).authorities });
const saved = (req: FastifyRequest) => translate(langOf(req), 'ok.saved');
// the seeded portal (默认门户 / 工作台) and roles read in the caller's language while not renamed (db/seed/seedNames.ts)
const pageNamed = (req: FastifyRequest) => <T extends { name: string } | null>(r: T): T => (r ? { ...r, name: seedName('portalNode', r.name, langOf(req)) } : r);

/** Portal (issue 13): the user's home page and personal overlay; the page manager; assignments. */
export const portalRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const svc = portalService(deps.db);

  // ---------- the home page of the logged-in user ----------
  app.get('/api/portal/home', { config: { authority: LOGIN }, schema: { tags, querystring: homeQuerySchema } },
    async (req) => ok(pageNamed(req)(await svc.home(actorOf(req), req.query.pageId))));
  app.put('/api/portal/home/:id/overlay', { config: { authority: LOGIN }, schema: { tags, params: idParams, body: overlaySchema } },
    async (req) => ok(await svc.saveOverlay(actorOf(req), req.params.id, req.body), saved(req)));
  app.delete('/api/portal/home/:id/overlay', { config: { authority: LOGIN }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.resetOverlay(actorOf(req), req.params.id)));

  // ---------- the page manager: tree, drafts, publish, preview ----------
  app.get('/api/portal/nodes', { config: { authority: 'cportal:page|cportal:portal' }, schema: { tags } }, async (req) => ok((await svc.nodes()).map(pageNamed(req))));
  app.post('/api/portal/nodes', { config: { authority: 'cportal:page:add' }, schema: { tags, body: portalNodeSchema } },
    async (req) => ok(await svc.createNode(req.body), saved(req)));
  app.put('/api/portal/nodes/:id', { config: { authority: 'cportal:page:edit' }, schema: { tags, params: idParams, body: portalNodeSchema } },
    async (req) => ok(await svc.updateNode(req.params.id, req.body, actorOf(req)), saved(req)));
  app.delete('/api/portal/nodes/:id', { config: { authority: 'cportal:page:delete' }, schema: { tags, params: idParams } },
    async (req) => { await svc.deleteNode(req.params.id, actorOf(req)); return ok(null); });
  app.get('/api/portal/pages/:id', { config: { authority: 'cportal:page' }, schema: { tags, params: idParams } },
    async (req) => ok(pageNamed(req)(await svc.getPage(req.params.id))));
  app.put('/api/portal/pages/:id/draft', { config: { authority: 'cportal:page:edit' }, schema: { tags, params: idParams, body: pageContentSchema } },
    async (req) => ok(await svc.saveDraft(req.params.id, req.body, actorOf(req)), saved(req)));
  app.post('/api/portal/pages/:id/publish', { config: { authority: 'cportal:page:edit' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.publish(req.params.id, actorOf(req))));
  app.get('/api/portal/pages/:id/preview', { config: { authority: 'cportal:page' }, schema: { tags, params: idParams, querystring: previewQuerySchema } },
    async (req) => ok(pageNamed(req)(await svc.preview(req.params.id, req.query.roleId, req.query.draft === '1'))));

  app.get('/api/portal/frame-hosts', { config: { authority: 'cportal:page' }, schema: { tags } }, async () => ok(await svc.frameHosts()));
  app.put('/api/portal/frame-hosts', { config: { authority: 'cportal:page:edit' }, schema: { tags, body: frameHostsSchema } },
    async (req) => ok(await svc.setFrameHosts(req.body.hosts), saved(req)));

  // ---------- assignments ----------
  app.get('/api/portal/scopes', { config: { authority: 'cportal:page|cportal:portal' }, schema: { tags, querystring: scopeQuerySchema } },
    async (req) => {
      const kind = req.query.type === 'role' ? 'role' : req.query.type === 'organ' ? 'organ' : null;
      const options = await svc.scopeOptions(req.query.type, req.query.keyword, req.query.ids);
      return ok(kind ? options.map((o) => ({ ...o, name: seedName(kind, o.name, langOf(req), o.code) })) : options);
    });
  app.get('/api/portal/assignments', { config: { authority: 'cportal:portal' }, schema: { tags } }, async (req) => {
    const lang = langOf(req);
    return ok((await svc.assignments()).map((a) => ({
      ...a, pageName: seedName('portalNode', a.pageName, lang),
      scopeNames: a.scopeType === 'role' ? a.scopeNames.map((n) => seedName('role', n, lang)) : a.scopeType === 'organ' ? a.scopeNames.map((n) => seedName('organ', n, lang)) : a.scopeNames,
    })));
  });
  app.post('/api/portal/assignments', { config: { authority: 'cportal:portal:add' }, schema: { tags, body: assignmentSchema } },
    async (req) => ok(await svc.saveAssignment(req.body, undefined, langOf(req)), saved(req)));
  app.put('/api/portal/assignments/:id', { config: { authority: 'cportal:portal:edit' }, schema: { tags, params: idParams, body: assignmentSchema } },
    async (req) => ok(await svc.saveAssignment(req.body, req.params.id, langOf(req)), saved(req)));
  app.delete('/api/portal/assignments/:id', { config: { authority: 'cportal:portal:delete' }, schema: { tags, params: idParams } },
    async (req) => { await svc.deleteAssignment(req.params.id); return ok(null); });
};
