import crypto from 'node:crypto';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { AppConfig } from '../config';
import { PUBLIC } from '../platform/guard';
import { sameSecret } from '../platform/metrics';
import { writeBackup } from './backup';

const loopback = (address: string | undefined) => !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

/**
 * POST /api/ops/backup {file}: the embedded database's server writes a backup of itself (its data folder is held by
 * this process, so `npm run db -- backup` asks it). Answered only to this machine (the socket's address, never a
 * forwarded one) with the token of the server file in DATA_DIR (ops/backup.ts `announceServer`, readable by the
 * server's user only); 404 otherwise, and on PostgreSQL, where pg_dump reads the running database itself.
 * Answers the token to announce.
 */
export function installBackupRoute(app: FastifyInstance, database: Database, config: AppConfig): string {
  const token = crypto.randomBytes(32).toString('hex');
  app.post('/api/ops/backup', {
    config: { authority: PUBLIC },
    schema: { hide: true, body: z.object({ file: z.string().min(1).max(4096) }) },
  }, async (req, reply) => {
    const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!database.dumpEmbedded || !loopback(req.socket.remoteAddress) || !sameSecret(given, token)) return reply.callNotFound();
    const { file } = req.body as { file: string };
    const done = await writeBackup(file, { dataDir: config.dataDir, database });
    return { code: 200, msg: 'ok', data: done };
  });
  return token;
}
