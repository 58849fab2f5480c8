import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CV_MAX_BYTES, applicationInputSchema, applicationQuerySchema, applicationReviewSchema } from '@bencao/contracts';
import type { ModuleOptions } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { PUBLIC, authOf } from '../../platform/guard';
import { langOf } from '../../platform/i18n';
import { translate, type Lang } from '@bencao/contracts';
import { AppError, badRequest } from '../../platform/errors';
import { localDiskStorage } from '../cms/storage';
import { attachment } from '../system/listExport';
import { fieldLabel, isBot, parseSubmission } from '../adr/publicSubmission';
import { sniffCv } from './cvType';
import { recruitService } from './service';

const idParams = z.object({ id: z.coerce.number().int().positive() });
// control characters (NUL included) in a file name: refused rather than cleaned
const CONTROL = /[\u0000-\u001f\u007f]/; // eslint-disable-line no-control-regex

/**
 * A refused CV: 400 (413 when too large) whose envelope names the field (`data.field`), so the form marks
 * the CV box and moves the focus to it, not only to the message above the form.
 */
class CvRefused extends Error {
  constructor(readonly status: number, readonly rule: string, readonly params: Record<string, number> = {}) { super(rule); }
}
const cvRefusal = (e: CvRefused, lang: Lang) => {
  const rule = translate(lang, e.rule, e.params);
  // "too large" names the CV itself; a broken rule is "CV: <rule>" like every other field's
  return { code: e.status, data: { field: 'cv' }, msg: e.status === 413 ? rule : translate(lang, 'error.validation', { field: translate(lang, 'recruit.field.cv'), rule }) };
};

/**
 * Job applications: the site's "Apply" (multipart: the fields and one CV), the console's review and the
 * CV download. CVs live under <dataDir>/recruit-cv and leave only through the authority-checked download.
 */
export const recruitRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const store = localDiskStorage(path.join(deps.config.dataDir, 'recruit-cv'));
  const svc = recruitService(deps.db, store, { now: deps.config.now ?? (() => new Date()), limit: deps.config.submissionRateLimit });
  const tags = ['recruit'];

  app.post('/api/recruit/jobs/:id/applications', { config: { authority: PUBLIC, personalData: true }, schema: { tags, params: idParams, consumes: ['multipart/form-data'] } }, async (req, reply) => {
    const lang = langOf(req);
    try {
      return await receive(req, req.params.id, lang);
    } catch (err) {
      if (!(err instanceof CvRefused)) throw err;
      return reply.code(err.status).send(cvRefusal(err, lang));
    }
  });

  async function receive(req: FastifyRequest, jobId: number, lang: Lang) {
    if (!req.isMultipart()) throw badRequest('recruit.cvMissing');
    const fields: Record<string, string> = {};
    let cv: { bytes: Buffer; name: string } | null = null;
    try {
      for await (const part of req.parts({ limits: { fileSize: CV_MAX_BYTES, files: 1, fields: 10, fieldSize: 16_384 } })) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.fieldname === 'cv' && !cv) cv = { bytes, name: part.filename ?? '' };
        } else if (typeof part.value === 'string') {
          if (part.fieldname.includes('\u0000') || part.value.includes('\u0000')) {
            throw new AppError(400, 'error.nulByte', { field: fieldLabel('recruit', part.fieldname.replaceAll('\u0000', ''), lang) });
          }
          fields[part.fieldname] = part.value;
        }
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new CvRefused(413, 'recruit.cvTooLarge', { n: CV_MAX_BYTES / 1024 / 1024 });
      if (code === 'FST_FILES_LIMIT_REACHED' || code === 'FST_FIELDS_LIMIT_REACHED' || code === 'FST_PARTS_LIMIT_REACHED') throw new CvRefused(400, 'recruit.cvType');
      throw err;
    }
    const input = parseSubmission(applicationInputSchema, fields, 'recruit', lang);
    if (isBot(input)) return ok({ id: null });
    if (!cv || !cv.bytes.length) throw new CvRefused(400, 'recruit.cvMissing');
    if (CONTROL.test(cv.name)) throw new CvRefused(400, 'recruit.cvName');
    const kind = sniffCv(cv.bytes);
    if (!kind) throw new CvRefused(400, 'recruit.cvType');
    return ok(await svc.apply(jobId, input, { bytes: cv.bytes, name: cv.name, kind }, req.ip, lang === 'en' ? 'en' : 'zh'));
  }

  app.get('/api/recruit/jobs', { config: { authority: 'cms:recruit' }, schema: { tags } }, async () => ok(await svc.jobs()));

  app.get('/api/recruit/applications', { config: { authority: 'cms:recruit' }, schema: { tags, querystring: applicationQuerySchema } },
    async (req) => ok(await svc.list(req.query)));

  app.get('/api/recruit/applications/:id', { config: { authority: 'cms:recruit' }, schema: { tags, params: idParams } },
    async (req) => ok(svc.toRow(await svc.get(req.params.id))));

  app.get('/api/recruit/applications/:id/cv', { config: { authority: 'cms:recruit' }, schema: { tags, params: idParams } }, async (req, reply) => {
    const file = await svc.cv(req.params.id);
    return reply.type(file.type).header('content-disposition', attachment(file.name))
      .header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(file.bytes);
  });

  app.post('/api/recruit/applications/:id/status', { config: { authority: 'cms:recruit:edit' }, schema: { tags, params: idParams, body: applicationReviewSchema } },
    async (req) => ok(await svc.review(req.params.id, req.body, authOf(req).userId)));
};
