import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  addWorkingDaysQuerySchema, calendarDaySchema, calendarYearQuerySchema, commonKeywordQuerySchema, dictItemQuerySchema, dictItemSchema,
  dictSchema, idsSchema, isoDate, isWorkingDayQuerySchema, menuQuerySchema, menuSchema, menuTypeSchema, regionChildrenQuerySchema,
  regionSchema, regionSearchQuerySchema, serialQuerySchema, serialRuleSchema, translate, type Lang,
} from '@bencao/contracts';
import type { ModuleOptions } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { LOGIN, authOf } from '../../platform/guard';
import { langOf } from '../../platform/i18n';
import { commonService, type CommonActor } from './service';
import { seedName } from '../../db/seed/seedNames';
import { dictItemLabel } from '../../db/seed/common/dictLabels';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const keyParams = z.object({ id: z.string().min(1).max(50) });
// seeded names (a menu category, a demo serial rule) read in the caller's language while not renamed (db/seed/seedNames.ts)
const menuTypeNamed = (lang: Lang) => <T extends { id: string; name: string }>(r: T): T => ({ ...r, name: seedName('menuType', r.name, lang, r.id) });
const serialNamed = (lang: Lang) => <T extends { code: string; name: string }>(r: T): T => ({ ...r, name: seedName('serial', r.name, lang, r.code) });
const codeParams = z.object({ code: z.string().min(1).max(50) });
const keysSchema = z.object({ ids: z.array(z.string().min(1).max(50)).min(1, { message: 'security.selectRecord' }).max(1000) });
const codesSchema = z.object({ codes: z.array(z.string().min(1).max(50)).min(1, { message: 'security.selectRecord' }).max(1000) });
const tags = ['common'];

const actorOf = (req: FastifyRequest): CommonActor => ({ userId: authOf(req).userId, lang: langOf(req) });
const saved = (req: FastifyRequest) => translate(langOf(req), 'ok.saved');
const deleted = (req: FastifyRequest) => translate(langOf(req), 'ok.deleted');

export const commonRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const svc = commonService(deps.db);

  // ---------- menu categories ----------
  app.get('/api/common/menu-types', { config: { authority: 'common:menuType' }, schema: { tags, querystring: commonKeywordQuerySchema } },
    async (req) => { const p = await svc.listMenuTypes(req.query); return ok({ ...p, records: p.records.map(menuTypeNamed(langOf(req))) }); });
  app.get('/api/common/menu-type-options', { config: { authority: 'common:menu' }, schema: { tags } },
    async (req) => ok((await svc.listMenuTypes({ page: 1, limit: 500 })).records.map(menuTypeNamed(langOf(req)))));
  app.get('/api/common/menu-types/:id', { config: { authority: 'common:menuType' }, schema: { tags, params: keyParams } },
    async (req) => ok(menuTypeNamed(langOf(req))(await svc.getMenuType(req.params.id))));
  app.post('/api/common/menu-types', { config: { authority: 'common:menuType:add' }, schema: { tags, body: menuTypeSchema } },
    async (req) => ok(await svc.createMenuType(req.body), saved(req)));
  app.put('/api/common/menu-types/:id', { config: { authority: 'common:menuType:edit' }, schema: { tags, params: keyParams, body: menuTypeSchema } },
    async (req) => ok(await svc.updateMenuType(req.params.id, req.body), saved(req)));
  app.delete('/api/common/menu-types/:id', { config: { authority: 'common:menuType:delete' }, schema: { tags, params: keyParams } },
    async (req) => ok(await svc.deleteMenuTypes([req.params.id]), deleted(req)));
  app.post('/api/common/menu-types/delete', { config: { authority: 'common:menuType:delete' }, schema: { tags, body: keysSchema } },
    async (req) => ok(await svc.deleteMenuTypes(req.body.ids), deleted(req)));

  // ---------- menus (what the console's sidebar is built from) ----------
  app.get('/api/common/menus', { config: { authority: 'common:menu' }, schema: { tags, querystring: menuQuerySchema } },
    async (req) => ok(await svc.listMenus(req.query.menuTypeId, req.query.keyword)));
  app.get('/api/common/menus/:id', { config: { authority: 'common:menu' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.getMenu(req.params.id)));
  app.post('/api/common/menus', { config: { authority: 'common:menu:add' }, schema: { tags, body: menuSchema } },
    async (req) => ok(await svc.saveMenu(null, req.body), saved(req)));
  app.put('/api/common/menus/:id', { config: { authority: 'common:menu:edit' }, schema: { tags, params: idParams, body: menuSchema } },
    async (req) => ok(await svc.saveMenu(req.params.id, req.body), saved(req)));
  app.delete('/api/common/menus/:id', { config: { authority: 'common:menu:delete' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.deleteMenus([req.params.id]), deleted(req)));
  app.post('/api/common/menus/delete', { config: { authority: 'common:menu:delete' }, schema: { tags, body: idsSchema } },
    async (req) => ok(await svc.deleteMenus(req.body.ids), deleted(req)));

  // ---------- business serial numbers ----------
  app.get('/api/common/serials', { config: { authority: 'common:serial' }, schema: { tags, querystring: serialQuerySchema } },
    async (req) => { const p = await svc.listSerials(req.query); return ok({ ...p, records: p.records.map(serialNamed(langOf(req))) }); });
  app.get('/api/common/serials/:id', { config: { authority: 'common:serial' }, schema: { tags, params: idParams } },
    async (req) => ok(serialNamed(langOf(req))(await svc.getSerial(req.params.id))));
  app.post('/api/common/serials', { config: { authority: 'common:serial:add' }, schema: { tags, body: serialRuleSchema } },
    async (req) => ok(await svc.saveSerial(null, req.body), saved(req)));
  app.put('/api/common/serials/:id', { config: { authority: 'common:serial:edit' }, schema: { tags, params: idParams, body: serialRuleSchema } },
    async (req) => ok(await svc.saveSerial(req.params.id, req.body), saved(req)));
  app.delete('/api/common/serials/:id', { config: { authority: 'common:serial:delete' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.deleteSerials([req.params.id]), deleted(req)));
  app.post('/api/common/serials/delete', { config: { authority: 'common:serial:delete' }, schema: { tags, body: idsSchema } },
    async (req) => ok(await svc.deleteSerials(req.body.ids), deleted(req)));
  // Drawing consumes a number: its own action (business code draws through the service, not this route);
  // the rule is named by its id or its code.
  app.post('/api/common/serials/:id/next', { config: { authority: 'common:serial:draw' }, schema: { tags, params: keyParams } },
    async (req) => ok(await svc.nextSerial(req.params.id)));

  // ---------- regions (lazy tree, search with the path to each match) ----------
  app.get('/api/common/regions/children', { config: { authority: LOGIN }, schema: { tags, querystring: regionChildrenQuerySchema } },
    async (req) => ok(await svc.regionChildren(req.query.parentCode || null)));
  app.get('/api/common/regions/search', { config: { authority: LOGIN }, schema: { tags, querystring: regionSearchQuerySchema } },
    async (req) => ok(await svc.searchRegions(req.query.keyword, req.query.limit)));
  app.get('/api/common/regions/:code', { config: { authority: LOGIN }, schema: { tags, params: codeParams } },
    async (req) => ok(await svc.getRegion(req.params.code)));
  app.post('/api/common/regions', { config: { authority: 'common:region:add' }, schema: { tags, body: regionSchema } },
    async (req) => ok(await svc.createRegion(req.body, langOf(req)), saved(req)));
  app.put('/api/common/regions/:code', { config: { authority: 'common:region:edit' }, schema: { tags, params: codeParams, body: regionSchema } },
    async (req) => ok(await svc.updateRegion(req.params.code, req.body, langOf(req)), saved(req)));
  app.delete('/api/common/regions/:code', { config: { authority: 'common:region:delete' }, schema: { tags, params: codeParams } },
    async (req) => ok(await svc.deleteRegions([req.params.code]), deleted(req)));
  app.post('/api/common/regions/delete', { config: { authority: 'common:region:delete' }, schema: { tags, body: codesSchema } },
    async (req) => ok(await svc.deleteRegions(req.body.codes), deleted(req)));

  // ---------- working calendar ----------
  app.get('/api/common/calendar', { config: { authority: 'common:calendar' }, schema: { tags, querystring: calendarYearQuerySchema } },
    async (req) => ok(await svc.calendarYear(req.query.year)));
  app.put('/api/common/calendar/days/:date', {
    config: { authority: 'common:calendar:edit' },
    schema: { tags, params: z.object({ date: isoDate }), body: calendarDaySchema },
  }, async (req) => ok(await svc.setDay(req.params.date, req.body.kind, req.body.name, actorOf(req)), saved(req)));
  app.get('/api/common/calendar/is-working-day', { config: { authority: LOGIN }, schema: { tags, querystring: isWorkingDayQuerySchema } },
    async (req) => ok(await svc.isWorkingDay(req.query.date)));
  app.get('/api/common/calendar/add-working-days', { config: { authority: LOGIN }, schema: { tags, querystring: addWorkingDaysQuerySchema } },
    async (req) => ok(await svc.addWorkingDays(req.query.date, req.query.days)));

  // ---------- dictionaries ----------
  app.get('/api/common/dicts', { config: { authority: 'common:dict' }, schema: { tags, querystring: commonKeywordQuerySchema } },
    async (req) => { const p = await svc.listDicts(req.query); return ok({ ...p, records: p.records.map((d) => ({ ...d, name: seedName('dict', d.name, langOf(req), d.code) })) }); });
  app.get('/api/common/dicts/:id', { config: { authority: 'common:dict' }, schema: { tags, params: idParams } },
    async (req) => { const d = await svc.getDict(req.params.id); return ok({ ...d, name: seedName('dict', d.name, langOf(req), d.code) }); });
  // The form designer's dictionary picker: types by code or name (in the caller's language), at most 50.
  app.get('/api/common/dict-types', {
    config: { authority: 'common:dict|cform:form:add|cform:form:edit' },
    schema: { tags, querystring: z.object({ keyword: z.string().trim().max(100).optional() }) },
  }, async (req) => {
    const lang = langOf(req);
    const p = await svc.listDicts({ page: 1, limit: 50, keyword: req.query.keyword || undefined } as never);
    return ok(p.records.map((d) => ({ code: d.code, name: seedName('dict', d.name, lang, d.code) })));
  });
  // For selects anywhere: a dictionary's items by the dictionary's code.
  app.get('/api/common/dicts/:id/items', { config: { authority: LOGIN }, schema: { tags, params: keyParams } },
    async (req) => ok(await svc.itemsByCode(req.params.id, langOf(req))));
  app.post('/api/common/dicts', { config: { authority: 'common:dict:add' }, schema: { tags, body: dictSchema } },
    async (req) => ok(await svc.saveDict(null, req.body, actorOf(req)), saved(req)));
  app.put('/api/common/dicts/:id', { config: { authority: 'common:dict:edit' }, schema: { tags, params: idParams, body: dictSchema } },
    async (req) => ok(await svc.saveDict(req.params.id, req.body, actorOf(req)), saved(req)));
  app.delete('/api/common/dicts/:id', { config: { authority: 'common:dict:delete' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.deleteDicts([req.params.id]), deleted(req)));
  app.post('/api/common/dicts/delete', { config: { authority: 'common:dict:delete' }, schema: { tags, body: idsSchema } },
    async (req) => ok(await svc.deleteDicts(req.body.ids), deleted(req)));

  app.get('/api/common/dict-items', { config: { authority: 'common:dict' }, schema: { tags, querystring: dictItemQuerySchema } },
    async (req) => {
      const [p, dict] = await Promise.all([svc.listItems(req.query), svc.getDict(req.query.dictId)]);
      const lang = langOf(req);
      return ok({ ...p, records: p.records.map((i) => ({ ...i, name: dictItemLabel(dict.code, i.code, i.name, lang) })) });
    });
  app.post('/api/common/dict-items', { config: { authority: 'common:dict:edit' }, schema: { tags, body: dictItemSchema } },
    async (req) => ok(await svc.saveItem(null, req.body, actorOf(req)), saved(req)));
  app.put('/api/common/dict-items/:id', { config: { authority: 'common:dict:edit' }, schema: { tags, params: idParams, body: dictItemSchema } },
    async (req) => ok(await svc.saveItem(req.params.id, req.body, actorOf(req)), saved(req)));
  app.delete('/api/common/dict-items/:id', { config: { authority: 'common:dict:edit' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.deleteItems([req.params.id], actorOf(req)), deleted(req)));
  app.post('/api/common/dict-items/delete', { config: { authority: 'common:dict:edit' }, schema: { tags, body: idsSchema } },
    async (req) => ok(await svc.deleteItems(req.body.ids, actorOf(req)), deleted(req)));
};
