import crypto from 'node:crypto';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { MAX_INSTANCE_ATTACHMENT_BYTES, MAX_INSTANCE_ATTACHMENTS, MAX_TASK_ATTACHMENT } from '@bencao/contracts';
import type { Db } from '../../../db/client';
import { wfAttachments, wfInstances, wfTasks } from '../../../db/schema/index';
import { AppError, notFound } from '../../../platform/errors';
import { localDiskStorage, type MediaStorage } from '../../cms/storage';
import { mustBeOpen, mustHold } from './guards';
import type { Me } from './actions';

/**
 * Attachments of an instance, uploaded on a task. Bytes are stored like CMS media (content-addressed
 * files on disk); every download checks that the caller may see the instance.
 */

// a file name is shown and sent back in a header: control characters (NUL, line breaks) are refused, not cleaned
const CONTROL = /[\u0000-\u001f\u007f]/; // eslint-disable-line no-control-regex
// the type the browser claimed is sent back as the download's content-type: anything but a plain type/subtype is dropped
const MIME = /^[\w.+-]+\/[\w.+-]+$/;

export const attachmentDir = (dataDir: string) => path.join(dataDir, 'workflow-attachments');

/** content-addressed files are shared by rows: who adds or drops a row of a file holds the file's lock */
const lockFile = (tx: Pick<Db, 'execute'>, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('bencao.attachment-file'), hashtext(${key}))`);

export function attachmentService(db: Db, storage: MediaStorage, now: () => Date) {
  return {
    async upload(taskId: number, me: Me, file: { fileName: string; mimeType: string; bytes: Buffer }) {
      if (file.bytes.length > MAX_TASK_ATTACHMENT) throw new AppError(400, 'workflow.task.attachmentTooLarge', { max: MAX_TASK_ATTACHMENT / 1024 / 1024 });
      if (CONTROL.test(file.fileName)) throw new AppError(400, 'workflow.task.attachmentName');
      const [row] = await db.select({ t: wfTasks, i: wfInstances }).from(wfTasks).innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId)).where(eq(wfTasks.id, taskId));
      if (!row) throw notFound();
      mustBeOpen(row.i, row.t);
      await mustHold(db, row.t, me.accountId, true);
      const key = `wf-${crypto.createHash('sha256').update(file.bytes).digest('hex')}`;
      const a = await db.transaction(async (tx) => {
        // the instance's uploads one after the other (on every process), so parallel ones cannot pass its quota together
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('bencao.attachments'), ${row.i.id}::int)`);
        const [held] = await tx.select({ n: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${wfAttachments.size}), 0)::bigint` })
          .from(wfAttachments).where(eq(wfAttachments.instanceId, row.i.id));
        if (held.n >= MAX_INSTANCE_ATTACHMENTS || Number(held.bytes) + file.bytes.length > MAX_INSTANCE_ATTACHMENT_BYTES) {
          throw new AppError(400, 'workflow.task.attachmentLimit', { n: MAX_INSTANCE_ATTACHMENTS, mb: MAX_INSTANCE_ATTACHMENT_BYTES / 1024 / 1024 });
        }
        // the stored file's lock (as remove takes it): a removal of the same bytes elsewhere cannot delete the file under this row
        await lockFile(tx, key);
        if (!(await storage.has(key))) await storage.put(key, file.bytes);
        const [inserted] = await tx.insert(wfAttachments).values({
          instanceId: row.i.id, taskId, fileName: file.fileName.slice(0, 255) || 'file', mimeType: MIME.test(file.mimeType) ? file.mimeType.slice(0, 100) : 'application/octet-stream',
          size: file.bytes.length, storageKey: key, uploaderId: me.accountId, uploaderName: me.name, createdAt: now(),
        }).returning();
        return inserted;
      });
      return { id: a.id, fileName: a.fileName, size: a.size, url: `/api/workflow/attachments/${a.id}` };
    },
    async row(id: number) {
      const [a] = await db.select().from(wfAttachments).where(eq(wfAttachments.id, id));
      if (!a) throw notFound();
      return a;
    },
    async bytes(key: string) {
      const b = await storage.get(key);
      if (!b) throw notFound();
      return b;
    },
    /** the uploader, while the task it was added on is open */
    async remove(id: number, me: Me) {
      const a = await this.row(id);
      const [t] = a.taskId ? await db.select({ status: wfTasks.status }).from(wfTasks).where(eq(wfTasks.id, a.taskId)) : [];
      if (a.uploaderId !== me.accountId || !t || t.status !== 'open') throw new AppError(409, 'workflow.task.attachmentNotYours');
      await db.transaction(async (tx) => {
        await lockFile(tx, a.storageKey);
        await tx.delete(wfAttachments).where(eq(wfAttachments.id, id));
        const [other] = await tx.select({ id: wfAttachments.id }).from(wfAttachments).where(eq(wfAttachments.storageKey, a.storageKey)).limit(1);
        if (!other) await storage.delete(a.storageKey);
      });
      return { id };
    },
  };
}

export const diskStorage = (dataDir: string) => localDiskStorage(attachmentDir(dataDir));
