import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  idsSchema, organChildrenQuerySchema, organCreateSchema, organKeywordQuerySchema, organMoveSchema, organOptionsQuerySchema, organPlaceSchema,
  organRuleQuerySchema, organRuleSchema, organSearchQuerySchema, organTypeSchema, organUpdateSchema, organViewSchema, staffQuerySchema,
  staffSchema, translate, TYPE_CODE_MAX,
} from '@bencao/contracts';
import type { ModuleOptions } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { authOf, LOGIN } from '../../platform/guard';
import { dataScopeOf } from '../security/dataScope';

const STAFF_READERS = 'organ:organ|security:account';
import { langOf } from '../../platform/i18n';
import { organService } from './service';
import { seedNames, type SeedFields } from '../../db/seed/seedNames';
import type { Lang } from '@bencao/contracts';

// seeded names (types, views, the demo organs and positions) read in the operator's language until an operator renames them
type Row = Record<string, unknown>;
const TYPE: SeedFields<Row> = { name: ['organType', 'code'] };
const VIEW: SeedFields<Row> = { name: ['organView', 'code'] };
const ORGAN: SeedFields<Row> = { name: ['organ', 'code'], shortName: ['organShort', 'code'], typeName: ['organType', 'typeCode'] };
const named = <T extends object>(fields: SeedFields<Row>, lang: Lang) => (row: T): T => seedNames(row as Row, lang, fields) as T;
const namedPage = <T extends object>(fields: SeedFields<Row>, lang: Lang) => (p: { total: number; records: T[] }) => ({ ...p, records: p.records.map(named<T>(fields, lang)) });

const idParams = z.object({ id: z.coerce.number().int().positive() });
const codeParams = z.object({ code: z.string().min(1).max(TYPE_CODE_MAX * 4) });
const nodeParams = z.object({ id: z.coerce.number().int().positive(), organId: z.coerce.number().int().positive() });
const codesSchema = z.object({ codes: z.array(z.string().min(1).max(TYPE_CODE_MAX * 4)).min(1, { message: 'security.selectRecord' }).max(1000) });
const tags = ['organ'];

export const organRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const svc = organService(deps.db);
  // staff are organ-owned (by their position's unit): the roles' data scope applies
  const scopeOf = (req: FastifyRequest) => dataScopeOf(deps.db, authOf(req).accountId, authOf(req).authorities);
  const saved = (lang: Parameters<typeof translate>[0]) => translate(lang, 'ok.saved');
  const deleted = (lang: Parameters<typeof translate>[0]) => translate(lang, 'ok.deleted');

  // ---------- organ types (a tree by parent type code; few rows, answered whole) ----------
  app.get('/api/organ/types', { config: { authority: 'organ:type' }, schema: { tags, querystring: z.object({ keyword: z.string().trim().max(100).optional() }) } },
    async (req) => ok((await svc.listTypes(req.query.keyword)).map(named(TYPE, langOf(req)))));
  app.get('/api/organ/type-options', { config: { authority: LOGIN }, schema: { tags } }, async (req) => ok((await svc.listTypes()).map(named(TYPE, langOf(req)))));
  app.get('/api/organ/types/:code', { config: { authority: 'organ:type' }, schema: { tags, params: codeParams } },
    async (req) => ok(named(TYPE, langOf(req))(await svc.getType(req.params.code))));
  app.post('/api/organ/types', { config: { authority: 'organ:type:add' }, schema: { tags, body: organTypeSchema } },
    async (req) => ok(await svc.createType(req.body), saved(langOf(req))));
  app.put('/api/organ/types/:code', { config: { authority: 'organ:type:edit' }, schema: { tags, params: codeParams, body: organTypeSchema } },
    async (req) => ok(await svc.updateType(req.params.code, req.body), saved(langOf(req))));
  app.delete('/api/organ/types/:code', { config: { authority: 'organ:type:delete' }, schema: { tags, params: codeParams } },
    async (req) => ok(await svc.deleteTypes([req.params.code]), deleted(langOf(req))));
  app.post('/api/organ/types/delete', { config: { authority: 'organ:type:delete' }, schema: { tags, body: codesSchema } },
    async (req) => ok(await svc.deleteTypes(req.body.codes), deleted(langOf(req))));

  // ---------- views ----------
  app.get('/api/organ/views', { config: { authority: 'organ:view' }, schema: { tags, querystring: organKeywordQuerySchema } },
    async (req) => ok(namedPage(VIEW, langOf(req))(await svc.listViews(req.query))));
  app.get('/api/organ/view-options', { config: { authority: LOGIN }, schema: { tags } },
    async (req) => ok((await svc.listViews({ page: 1, limit: 500 })).records.map(named(VIEW, langOf(req)))));
  app.get('/api/organ/views/:id', { config: { authority: 'organ:view' }, schema: { tags, params: idParams } },
    async (req) => ok(named(VIEW, langOf(req))(await svc.getView(req.params.id))));
  app.post('/api/organ/views', { config: { authority: 'organ:view:add' }, schema: { tags, body: organViewSchema } },
    async (req) => ok(await svc.saveView(null, req.body), saved(langOf(req))));
  app.put('/api/organ/views/:id', { config: { authority: 'organ:view:edit' }, schema: { tags, params: idParams, body: organViewSchema } },
    async (req) => ok(await svc.saveView(req.params.id, req.body), saved(langOf(req))));
  app.delete('/api/organ/views/:id', { config: { authority: 'organ:view:delete' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.deleteViews([req.params.id]), deleted(langOf(req))));
  app.post('/api/organ/views/delete', { config: { authority: 'organ:view:delete' }, schema: { tags, body: idsSchema } },
    async (req) => ok(await svc.deleteViews(req.body.ids), deleted(langOf(req))));

  // ---------- a view's tree: lazy children, search with the path to each match, drag and drop ----------
  app.get('/api/organ/views/:id/children', { config: { authority: 'organ:organ' }, schema: { tags, params: idParams, querystring: organChildrenQuerySchema } },
    async (req) => ok((await svc.children(req.params.id, req.query.parentId ?? null)).map(named(ORGAN, langOf(req)))));
  app.get('/api/organ/views/:id/search', { config: { authority: 'organ:organ' }, schema: { tags, params: idParams, querystring: organSearchQuerySchema } },
    async (req) => ok((await svc.search(req.params.id, req.query.keyword)).map(named({ ...ORGAN, typeName: ['organType'], pathNames: ['organ'] }, langOf(req)))));
  app.post('/api/organ/views/:id/nodes', { config: { authority: 'organ:organ:edit' }, schema: { tags, params: idParams, body: organPlaceSchema } },
    async (req) => ok(await svc.place(req.params.id, req.body.organId, req.body.parentId, req.body.seq, langOf(req)), saved(langOf(req))));
  app.delete('/api/organ/views/:id/nodes/:organId', { config: { authority: 'organ:organ:edit' }, schema: { tags, params: nodeParams } },
    async (req) => ok(await svc.unplace(req.params.id, req.params.organId), saved(langOf(req))));
  app.post('/api/organ/views/:id/nodes/:organId/move', { config: { authority: 'organ:organ:edit' }, schema: { tags, params: nodeParams, body: organMoveSchema } },
    async (req) => ok(await svc.move(req.params.id, req.params.organId, req.body.parentId, req.body.index, langOf(req)), saved(langOf(req))));

  // ---------- organs ----------
  // Options for pickers of other screens (role owner, serial rule organ, staff position).
  app.get('/api/organ/organs/options', { config: { authority: LOGIN }, schema: { tags, querystring: organOptionsQuerySchema } },
    async (req) => ok((await svc.options(req.query)).map(named(ORGAN, langOf(req)))));
  app.get('/api/organ/organs/by-ids', {
    config: { authority: LOGIN },
    schema: { tags, querystring: z.object({ ids: z.string().max(2000).regex(/^\d+(,\d+)*$/) }) },
  }, async (req) => ok((await svc.organsByIds(req.query.ids.split(',').map(Number))).map(named({ ...ORGAN, typeName: ['organType'] }, langOf(req)))));
  app.get('/api/organ/organs/:id', { config: { authority: 'organ:organ' }, schema: { tags, params: idParams } },
    async (req) => {
      const o = await svc.getOrgan(req.params.id);
      return ok({ ...named<typeof o>(ORGAN, langOf(req))(o), views: o.views.map(named({ viewName: ['organView'] }, langOf(req))) });
    });
  app.post('/api/organ/organs', { config: { authority: 'organ:organ:add' }, schema: { tags, body: organCreateSchema } },
    async (req) => ok(await svc.createOrgan(req.body, langOf(req)), saved(langOf(req))));
  app.put('/api/organ/organs/:id', { config: { authority: 'organ:organ:edit' }, schema: { tags, params: idParams, body: organUpdateSchema } },
    async (req) => ok(await svc.updateOrgan(req.params.id, req.body, langOf(req)), saved(langOf(req))));
  app.delete('/api/organ/organs/:id', { config: { authority: 'organ:organ:delete' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.deleteOrgans([req.params.id]), deleted(langOf(req))));
  app.post('/api/organ/organs/delete', { config: { authority: 'organ:organ:delete' }, schema: { tags, body: idsSchema } },
    async (req) => ok(await svc.deleteOrgans(req.body.ids), deleted(langOf(req))));

  // ---------- organ rules ----------
  app.get('/api/organ/rules', { config: { authority: 'organ:rule' }, schema: { tags, querystring: organRuleQuerySchema } },
    async (req) => ok(namedPage({ parentTypeName: ['organType', 'parentTypeCode'], childTypeName: ['organType', 'childTypeCode'] }, langOf(req))(await svc.listRules(req.query))));
  app.post('/api/organ/rules', { config: { authority: 'organ:rule:add' }, schema: { tags, body: organRuleSchema } },
    async (req) => ok(await svc.saveRule(null, req.body), saved(langOf(req))));
  app.put('/api/organ/rules/:id', { config: { authority: 'organ:rule:edit' }, schema: { tags, params: idParams, body: organRuleSchema } },
    async (req) => ok(await svc.saveRule(req.params.id, req.body), saved(langOf(req))));
  app.delete('/api/organ/rules/:id', { config: { authority: 'organ:rule:delete' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.deleteRules([req.params.id]), deleted(langOf(req))));
  app.post('/api/organ/rules/delete', { config: { authority: 'organ:rule:delete' }, schema: { tags, body: idsSchema } },
    async (req) => ok(await svc.deleteRules(req.body.ids), deleted(langOf(req))));

  // ---------- staff (positions hold them; accounts link to them) ----------
  // The staff directory holds mobiles and e-mails: organ administrators, and account administrators who link staff to accounts.
  app.get('/api/organ/staff', { config: { authority: STAFF_READERS }, schema: { tags, querystring: staffQuerySchema } },
    async (req) => ok(namedPage({ positionName: ['organ'] }, langOf(req))(await svc.listStaff(req.query, await scopeOf(req)))));
  app.get('/api/organ/staff/:id', { config: { authority: STAFF_READERS }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.getStaff(req.params.id, await scopeOf(req))));
  app.post('/api/organ/staff', { config: { authority: 'organ:organ:add' }, schema: { tags, body: staffSchema } },
    async (req) => ok(await svc.saveStaff(null, req.body, await scopeOf(req)), saved(langOf(req))));
  app.put('/api/organ/staff/:id', { config: { authority: 'organ:organ:edit' }, schema: { tags, params: idParams, body: staffSchema } },
    async (req) => ok(await svc.saveStaff(req.params.id, req.body, await scopeOf(req)), saved(langOf(req))));
  app.delete('/api/organ/staff/:id', { config: { authority: 'organ:organ:delete' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.deleteStaff([req.params.id], await scopeOf(req)), deleted(langOf(req))));
  app.post('/api/organ/staff/delete', { config: { authority: 'organ:organ:delete' }, schema: { tags, body: idsSchema } },
    async (req) => ok(await svc.deleteStaff(req.body.ids, await scopeOf(req)), deleted(langOf(req))));
};
