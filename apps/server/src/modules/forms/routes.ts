import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import {
  formChartQuerySchema, formDataQuerySchema, formExportQuerySchema, formExportSchema, formInputSchema, formQuerySchema, formSubmitSchema, translate,
} from '@bencao/contracts';
import type { ModuleOptions } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { LOGIN, authOf } from '../../platform/guard';
import { langOf } from '../../platform/i18n';
import { attachment } from '../system/listExport';
import { formsService, type FormsActor } from './service';
import { formFileRoutes } from './files';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const versionParams = idParams.extend({ version: z.coerce.number().int().positive() });
const dataParams = z.object({ dataId: z.coerce.number().int().positive() });
const idsSchema = z.object({ ids: z.array(z.number().int().positive()).min(1, { message: 'security.selectRecord' }).max(1000) });
const tags = ['forms'];

const actorOf = (req: FastifyRequest): FormsActor => ({ userId: authOf(req).userId, lang: langOf(req) });
const saved = (req: FastifyRequest) => translate(langOf(req), 'ok.saved');
const deleted = (req: FastifyRequest) => translate(langOf(req), 'ok.deleted');

/** Cloud forms (issue 12): design, versions, standalone filling, documents and their export. */
export const formsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const svc = formsService(deps.db);
  await app.register(formFileRoutes, { deps });

  // ---------- forms (the designer's drafts) ----------
  app.get('/api/forms', { config: { authority: 'cform:form' }, schema: { tags, querystring: formQuerySchema } },
    async (req) => ok(await svc.list(req.query)));
  app.get('/api/forms/:id', { config: { authority: 'cform:form' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.get(req.params.id)));
  app.post('/api/forms', { config: { authority: 'cform:form:add' }, schema: { tags, body: formInputSchema } },
    async (req) => ok(await svc.create(req.body, actorOf(req)), saved(req)));
  app.put('/api/forms/:id', { config: { authority: 'cform:form:edit' }, schema: { tags, params: idParams, body: formInputSchema } },
    async (req) => ok(await svc.update(req.params.id, req.body, actorOf(req)), saved(req)));
  app.delete('/api/forms/:id', { config: { authority: 'cform:form:delete' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.remove([req.params.id]), deleted(req)));
  app.post('/api/forms/delete', { config: { authority: 'cform:form:delete' }, schema: { tags, body: idsSchema } },
    async (req) => ok(await svc.remove(req.body.ids), deleted(req)));
  app.post('/api/forms/:id/copy', { config: { authority: 'cform:form:add' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.copy(req.params.id, actorOf(req)), saved(req)));
  app.get('/api/forms/:id/export', { config: { authority: 'cform:form' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.exportForm(req.params.id)));
  app.post('/api/forms/import', { config: { authority: 'cform:form:add' }, schema: { tags, body: formExportSchema } },
    async (req) => ok(await svc.create(req.body, actorOf(req)), saved(req)));

  // ---------- versions ----------
  app.post('/api/forms/:id/publish', { config: { authority: 'cform:form:publish' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.publish(req.params.id, actorOf(req)), translate(langOf(req), 'ok.saved')));
  app.get('/api/forms/:id/versions', { config: { authority: 'cform:form' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.versions(req.params.id)));
  app.get('/api/forms/:id/versions/:version', { config: { authority: 'cform:form' }, schema: { tags, params: versionParams } },
    async (req) => ok(await svc.getVersion({ formId: req.params.id, version: req.params.version })));
  // for the process modeler's permission grid: the fields of a frozen version
  app.get('/api/forms/:id/versions/:version/fields', { config: { authority: LOGIN }, schema: { tags, params: versionParams } },
    async (req) => ok(await svc.versionFields({ formId: req.params.id, version: req.params.version }, langOf(req))));
  // process forms (workflow menu; also the modeler's form picker): forms with a published version
  app.get('/api/forms/process-forms', { config: { authority: 'bpm:form' }, schema: { tags, querystring: formQuerySchema } },
    async (req) => ok(await svc.list({ ...req.query, published: 'true' })));
  app.get('/api/forms/options', { config: { authority: LOGIN }, schema: { tags } },
    async () => ok((await svc.list({ page: 1, limit: 500, published: 'true' })).records.map((f) => ({ id: f.id, name: f.name, version: f.version }))));

  // ---------- standalone filling ----------
  app.get('/api/forms/fillable', { config: { authority: 'cform:form:fill' }, schema: { tags, querystring: formQuerySchema } },
    async (req) => ok(await svc.list({ ...req.query, published: 'true' })));
  app.get('/api/forms/:id/fill', { config: { authority: 'cform:form:fill' }, schema: { tags, params: idParams } },
    async (req) => ok(await svc.fillable(req.params.id)));
  app.post('/api/forms/:id/submit', { config: { authority: 'cform:form:fill' }, schema: { tags, params: idParams, body: formSubmitSchema } },
    async (req) => ok(await svc.submitStandalone(req.params.id, req.body.data, actorOf(req)), saved(req)));

  // ---------- documents ----------
  app.get('/api/forms/:id/data', { config: { authority: 'cform:form:data' }, schema: { tags, params: idParams, querystring: formDataQuerySchema } },
    async (req) => ok(await svc.listData(req.params.id, req.query)));
  // the portal's form chart: the documents grouped and counted or summed
  app.get('/api/forms/:id/chart', { config: { authority: 'cform:form:data' }, schema: { tags, params: idParams, querystring: formChartQuerySchema } },
    async (req) => ok(await svc.chart(req.params.id, req.query, langOf(req))));
  app.get('/api/forms/data/:dataId', { config: { authority: 'cform:form:data' }, schema: { tags, params: dataParams } },
    async (req) => ok(await svc.getData(req.params.dataId)));
  app.get('/api/forms/:id/data/export', { config: { authority: 'cform:form:data' }, schema: { tags, params: idParams, querystring: formExportQuerySchema } },
    async (req, reply) => {
      const lang = req.query.lang ?? langOf(req);
      const t = await svc.exportRows(req.params.id, req.query, lang, { subTableSheets: req.query.format === 'xlsx' });
      if (req.query.format === 'csv') {
        const csv = `\uFEFF${stringify([t.header, ...t.body])}`;
        return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', attachment(`${t.name}.csv`)).send(csv);
      }
      const wb = new ExcelJS.Workbook();
      const used = new Set<string>();
      const sheetName = (name: string) => {
        const base = name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 28) || 'data';
        let n = base;
        for (let i = 2; used.has(n.toLowerCase()); i++) n = `${base} ${i}`;
        used.add(n.toLowerCase());
        return n;
      };
      // the documents, then a sheet per sub-table: one row per line, led by its document's ID
      for (const table of [t, ...t.subTables]) {
        const ws = wb.addWorksheet(sheetName(table.name));
        ws.addRow(table.header).font = { bold: true };
        for (const r of table.body) ws.addRow(r);
        for (const i of table.moneyColumns) ws.getColumn(i + 1).numFmt = '#,##0.00';
        ws.columns.forEach((c) => { c.width = 18; });
      }
      const buf = Buffer.from(await wb.xlsx.writeBuffer());
      return reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(`${t.name}.xlsx`)).send(buf);
    });
};
