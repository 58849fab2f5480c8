import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { sql } from 'drizzle-orm';
import { LOGIN, authOf } from '../../platform/guard';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { hasAuthority } from '../../platform/auth/authorities';
import { langOf } from '../../platform/i18n';
import { formData, wfInstances } from '../../db/schema/index';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../platform/guard';
import { workflowAccess } from '../workflow/admin/index';
import { canView } from '../workflow/tasks/detail';
import { localDiskStorage } from '../cms/storage';
import { sniffImage } from '../cms/media';
import { attachment } from '../system/listExport';

/** The largest file an upload field takes. */
export const FORM_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** `<uploader's account id>-<random 128 bits>[.ext]` */
const KEY = /^(\d{1,12})-[a-f0-9]{32}(\.[a-z0-9]{1,8})?$/;
export const formFileUrl = (key: string) => `/api/forms/files/${key}`;

/**
 * Whether the caller may fetch a form file: its uploader (the document may not be submitted yet),
 * or someone who may see a document that holds it — the form's data authority, the creator of a
 * standalone document with the fill authority, or, for a process form, whoever may see the instance.
 */
export async function mayReadFormFile(db: Db, auth: AuthContext, key: string, lang: ReturnType<typeof langOf>): Promise<boolean> {
  if (Number(KEY.exec(key)?.[1]) === auth.accountId) return true;
  const mayData = hasAuthority(auth.authorities, 'cform:form:data');
  const mayFill = hasAuthority(auth.authorities, 'cform:form:fill');
  // the key is hex and digits only: safe inside the LIKE pattern
  const docs = await db.select({ createdBy: formData.createdBy, instanceId: formData.processInstanceId }).from(formData)
    .where(sql`${formData.data}::text like ${`%${formFileUrl(key)}"%`}`).limit(50);
  const viewer = {
    accountId: auth.accountId, lang, mayMonitor: hasAuthority(auth.authorities, 'bpm:monitor'),
    access: workflowAccess(db, { accountId: auth.accountId, authorities: auth.authorities, isAdmin: auth.isAdmin }),
  };
  for (const d of docs) {
    if (mayData) return true;
    if (d.instanceId === null) {
      if (mayFill && d.createdBy === auth.userId) return true;
      continue;
    }
    const [inst] = await db.select().from(wfInstances).where(sql`${wfInstances.id} = ${d.instanceId}`);
    if (inst && (await canView(db, inst, viewer))) return true;
  }
  return false;
}

/**
 * Files of upload fields, stored like CMS media (content on the local disk store). Form data is
 * private (adverse-reaction reports, CVs, ID numbers): every download checks `mayReadFormFile`, so the
 * console fetches files with the session's token; images are served as images, anything else as a download.
 */
export const formFileRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const store = localDiskStorage(path.join(deps.config.dataDir, 'form-files'));
  const tags = ['forms'];

  app.post('/api/forms/files', { config: { authority: LOGIN }, schema: { tags, consumes: ['multipart/form-data'] } }, async (req) => {
    if (!req.isMultipart()) throw badRequest('forms.fileMissing');
    let file: { bytes: Buffer; filename: string } | null = null;
    try {
      for await (const part of req.parts({ limits: { fileSize: FORM_FILE_MAX_BYTES, files: 1, fields: 5 } })) {
        if (part.type === 'file' && !file) file = { bytes: await part.toBuffer(), filename: part.filename ?? '' };
        else if (part.type === 'file') await part.toBuffer();
      }
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'forms.fileTooLarge', { n: FORM_FILE_MAX_BYTES / 1024 / 1024 });
      throw err;
    }
    if (!file || !file.bytes.length) throw badRequest('forms.fileMissing');
    const ext = path.extname(file.filename).slice(1).toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 8);
    const key = `${authOf(req).accountId}-${crypto.randomBytes(16).toString('hex')}${ext ? `.${ext}` : ''}`;
    await store.put(key, file.bytes);
    return ok({ name: file.filename.slice(0, 255) || key, url: formFileUrl(key) });
  });

  app.get('/api/forms/files/:key', { config: { authority: LOGIN }, schema: { tags, params: z.object({ key: z.string().regex(KEY) }) } }, async (req, reply) => {
    const bytes = await store.get(req.params.key);
    if (!bytes) throw notFound();
    if (!(await mayReadFormFile(deps.db, authOf(req), req.params.key, langOf(req)))) throw new AppError(403, 'forms.fileForbidden');
    const image = sniffImage(bytes);
    reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
    if (image) return reply.type(image).send(bytes);
    return reply.type('application/octet-stream').header('content-disposition', attachment(req.params.key)).send(bytes);
  });
};
