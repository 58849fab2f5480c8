import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { kickSchema, logCleanSchema, logRetentionSchema, loginLogQuerySchema, onlineQuerySchema, operationLogQuerySchema, translate, type LogKind } from '@bencao/contracts';
import type { ModuleOptions } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { langOf } from '../../platform/i18n';
import { authOf } from '../../platform/guard';
import { dataScopeOf } from '../security/dataScope';
import { auditService } from './service';
import { clockOf } from '../workflow/engine/clock';
import { registerJobHandler } from '../workflow/jobs';
import { armLogPurge, cleanLogs, LOG_PURGE_KIND, retentionDays, runLogPurge, setRetentionDays } from './retention';

/** each log's list segment and the action that may clean it up and set its retention */
const LOGS: { kind: LogKind; segment: string; read: string; clean: string }[] = [
  { kind: 'operation', segment: 'operation-logs', read: 'audit:operationLog', clean: 'audit:operationLog:clean' },
  { kind: 'login', segment: 'login-logs', read: 'audit:loginLog', clean: 'audit:loginLog:clean' },
  { kind: 'clientError', segment: 'error-logs', read: 'audit:errorLog', clean: 'audit:errorLog:clean' },
];

const tags = ['audit'];
const CSV_HEADERS: Record<string, string[]> = {
  en: ['ID', 'Time', 'Account', 'Module', 'Operation', 'Target', 'Method', 'Path', 'IP', 'Result', 'Status', 'Duration (ms)', 'Parameters'],
  zh: ['编号', '时间', '账号', '模块', '操作', '对象', '方法', '路径', 'IP', '结果', '状态码', '耗时（毫秒）', '参数'],
  es: ['ID', 'Hora', 'Cuenta', 'Módulo', 'Operación', 'Objeto', 'Método', 'Ruta', 'IP', 'Resultado', 'Estado', 'Duración (ms)', 'Parámetros'],
  ja: ['ID', '日時', 'アカウント', 'モジュール', '操作', '対象', 'メソッド', 'パス', 'IP', '結果', 'ステータス', '処理時間（ms）', 'パラメータ'],
};

export const auditRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const svc = auditService(deps.db, deps.sessions);
  // online users and the operation and login logs are organ-owned through their accounts: the roles' data scope applies
  const scopeOf = (req: FastifyRequest) => dataScopeOf(deps.db, authOf(req).accountId, authOf(req).authorities);
  const { db } = deps;
  const now = () => clockOf(db)();
  registerJobHandler(LOG_PURGE_KIND, (d, job, at, worker) => runLogPurge(d, job, at, worker));
  // a broken chain (a process stopped mid-run) is armed again at start; nothing is armed while no retention is set
  app.addHook('onReady', async () => { await armLogPurge(db, now()).catch((err) => app.log.warn({ err }, 'log purge not armed')); });

  for (const log of LOGS) {
    app.post(`/api/audit/${log.segment}/clean`, { config: { authority: log.clean }, schema: { tags, body: logCleanSchema } }, async (req) => {
      const n = await cleanLogs(db, log.kind, req.body.days, now());
      return ok(n, translate(langOf(req), 'audit.cleaned', { n, days: req.body.days }));
    });
    app.get(`/api/audit/${log.segment}/retention`, { config: { authority: log.read }, schema: { tags } },
      async () => ok({ days: (await retentionDays(db))[log.kind] }));
    app.put(`/api/audit/${log.segment}/retention`, { config: { authority: log.clean }, schema: { tags, body: logRetentionSchema } },
      async (req) => ok({ days: (await setRetentionDays(db, log.kind, req.body.days, now()))[log.kind] }, translate(langOf(req), 'ok.saved')));
  }

  app.get('/api/audit/online', { config: { authority: 'audit:online' }, schema: { tags, querystring: onlineQuerySchema } },
    async (req) => ok(await svc.online(req.query, await scopeOf(req))));
  app.post('/api/audit/online/kick', { config: { authority: 'audit:online:kick' }, schema: { tags, body: kickSchema } }, async (req) => {
    const n = await svc.kick(req.body.ids, authOf(req).authorities, await scopeOf(req));
    return ok(n, translate(langOf(req), 'security.kicked', { n }));
  });
  app.delete('/api/audit/online/:id', {
    config: { authority: 'audit:online:kick' }, schema: { tags, params: z.object({ id: z.string().min(1).max(100) }) },
  }, async (req) => {
    const n = await svc.kick([req.params.id], authOf(req).authorities, await scopeOf(req));
    return ok(n, translate(langOf(req), 'security.kicked', { n }));
  });

  app.get('/api/audit/operation-logs', { config: { authority: 'audit:operationLog' }, schema: { tags, querystring: operationLogQuerySchema } },
    async (req) => ok(await svc.operationLogList(req.query, await scopeOf(req))));
  app.get('/api/audit/operation-logs/modules', { config: { authority: 'audit:operationLog' }, schema: { tags } },
    async () => ok(await svc.modules()));
  app.get('/api/audit/operation-logs/export', { config: { authority: 'audit:operationLog:export' }, schema: { tags, querystring: operationLogQuerySchema } },
    async (req, reply) => {
      const csv = await svc.operationLogCsv(req.query, CSV_HEADERS[langOf(req)], await scopeOf(req));
      const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
      return reply.header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="operation-log-${stamp}.csv"`).send(csv);
    });
  app.get('/api/audit/operation-logs/:id', {
    config: { authority: 'audit:operationLog' }, schema: { tags, params: z.object({ id: z.coerce.number().int().positive() }) },
  }, async (req) => ok(await svc.operationLog(req.params.id, await scopeOf(req))));

  app.get('/api/audit/login-logs', { config: { authority: 'audit:loginLog', listCache: { tables: ['login_logs'] } }, schema: { tags, querystring: loginLogQuerySchema } },
    async (req) => ok(await svc.loginLogList(req.query, await scopeOf(req))));
};
