import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  alarmEventQuerySchema, alarmReceiverSchema, alarmRuleSchema, apiGroupSchema, beatSchema, configKeySchema, configQuerySchema, configSchema, degradeRuleSchema,
  flowRuleSchema, gatewayIdsSchema, historyQuerySchema, instanceSchema, instanceUpdateSchema, listenSchema, namespaceSchema,
  registerSchema, releaseSchema, rollbackSchema, routeDeleteSchema, routeQuerySchema, routeSchema, ruleQuerySchema, serviceQuerySchema,
  serviceSchema, translate, DEFAULT_GROUP, appAuthority, appCredentialQuerySchema, appCredentialSchema,
} from '@bencao/contracts';
import type { ModuleOptions } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { AppError, notFound } from '../../platform/errors';
import { authOf } from '../../platform/guard';
import { langOf } from '../../platform/i18n';
import { gatewayService } from './service';
import { configService } from './configs';
import { configOpsRoutes } from './configsRoutes';
import { configBetaService } from './configBeta';
import { registryService } from './registry';
import { gatewayMetrics } from './metrics';
import { checkExpression, listAlarmEvents } from './alarms';
import { celLimitProblem } from '@bencao/contracts/celBudget';
import { appAuthHook, appVerifier, assertNamespace, coversNamespace } from './appAuth';
import { credentialService } from './credentials';
import { configResource, listSubscribers, recordSubscriber, serviceResource } from './subscribers';
import type { AppCaller } from '../../platform/guard';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const instanceParams = z.object({ id: z.coerce.number().int().positive(), instanceId: z.coerce.number().int().positive() });
const tags = ['gateway'];
const openTags = ['gateway: application API (signed with an application credential, docs/APP-SIGNING.md)'];
const forceQuery = z.object({ force: z.enum(['true', 'false']).optional() });
/** an alarm rule whose expression CEL parses and type-checks (400 naming `expression` otherwise) */
const alarmRuleBody = alarmRuleSchema.superRefine((r, ctx) => {
  // an expression over the static limits was named by the field's own schema already
  const c = celLimitProblem(r.expression) ? { ok: true as const } : checkExpression(r.expression);
  if (!c.ok) ctx.addIssue({ code: 'custom', path: ['expression'], message: 'gateway.badExpression', params: { detail: c.detail } });
});

export const gatewayRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const { db } = deps;
  const svc = gatewayService(db);
  const configs = configService(db);
  const registry = registryService(db);
  const msg = (req: FastifyRequest, key: string) => translate(langOf(req), key);
  const operator = (req: FastifyRequest) => authOf(req).userId;
  const clock = deps.config.now ?? (() => new Date());
  const credentials = credentialService(db, clock);
  /** the credential of a signed open API call (the guard answers 401 before a handler runs without one) */
  const caller = (req: FastifyRequest): AppCaller => {
    if (!req.appCaller) throw new AppError(401, 'error.appSignatureRequired');
    return req.appCaller;
  };

  // ---------- routes ----------
  const R = '/api/gateway/routes';
  app.get(R, { config: { authority: 'gateway:route' }, schema: { tags, querystring: routeQuerySchema } }, async (req) => ok(await svc.routes.list(req.query)));
  app.get(`${R}/:id`, { config: { authority: 'gateway:route' }, schema: { tags, params: idParams } }, async (req) => ok(await svc.routes.get(req.params.id)));
  app.post(R, { config: { authority: 'gateway:route:add' }, schema: { tags, body: routeSchema } },
    async (req) => ok(await svc.routes.create(req.body), msg(req, 'gateway.routeCreated')));
  app.put(`${R}/:id`, { config: { authority: 'gateway:route:edit' }, schema: { tags, params: idParams, body: routeSchema } },
    async (req) => ok(await svc.routes.update(req.params.id, req.body), msg(req, 'gateway.routeUpdated')));
  app.delete(`${R}/:id`, { config: { authority: 'gateway:route:delete' }, schema: { tags, params: idParams, querystring: forceQuery } },
    async (req) => ok(await svc.routes.remove([req.params.id], req.query.force === 'true'), msg(req, 'ok.deleted')));
  app.post(`${R}/delete`, { config: { authority: 'gateway:route:delete' }, schema: { tags, body: routeDeleteSchema } },
    async (req) => ok(await svc.routes.remove(req.body.ids, req.body.force), msg(req, 'ok.deleted')));
  app.post(`${R}/release`, { config: { authority: 'gateway:route:release' }, schema: { tags, body: releaseSchema } },
    async (req) => ok(await svc.routes.setReleased(req.body.ids, true), msg(req, 'gateway.routeReleased')));
  app.post(`${R}/cancel-release`, { config: { authority: 'gateway:route:release' }, schema: { tags, body: releaseSchema } },
    async (req) => ok(await svc.routes.setReleased(req.body.ids, false), msg(req, 'gateway.routeUnreleased')));
  app.post(`${R}/:id/release`, { config: { authority: 'gateway:route:release' }, schema: { tags, params: idParams } },
    async (req) => ok((await svc.routes.setReleased([req.params.id], true))[0], msg(req, 'gateway.routeReleased')));
  app.post(`${R}/:id/cancel-release`, { config: { authority: 'gateway:route:release' }, schema: { tags, params: idParams } },
    async (req) => ok((await svc.routes.setReleased([req.params.id], false))[0], msg(req, 'gateway.routeUnreleased')));

  // ---------- API groups, flow, degrade, alarm rules and receivers: the same CRUD shape ----------
  const simple = [
    { base: '/api/gateway/api-groups', authority: 'gateway:apiGroup', schema: apiGroupSchema, crud: svc.apiGroups, toggles: false },
    { base: '/api/gateway/flow-rules', authority: 'gateway:flow', schema: flowRuleSchema, crud: svc.flowRules, toggles: true },
    { base: '/api/gateway/degrade-rules', authority: 'gateway:degrade', schema: degradeRuleSchema, crud: svc.degradeRules, toggles: true },
    { base: '/api/gateway/alarm-rules', authority: 'gateway:alarm', schema: alarmRuleBody, crud: svc.alarmRules, toggles: true },
    { base: '/api/gateway/alarm-receivers', authority: 'gateway:alarmReceiver', schema: alarmReceiverSchema, crud: svc.alarmReceivers, toggles: false },
  ] as const;
  for (const s of simple) {
    const body = s.schema as z.ZodType;
    app.get(s.base, { config: { authority: s.authority }, schema: { tags, querystring: ruleQuerySchema } }, async (req) => ok(await s.crud.list(req.query)));
    app.get(`${s.base}/:id`, { config: { authority: s.authority }, schema: { tags, params: idParams } }, async (req) => ok(await s.crud.get(req.params.id)));
    app.post(s.base, { config: { authority: `${s.authority}:add` }, schema: { tags, body } },
      async (req) => ok(await s.crud.create(req.body as never), msg(req, 'ok.saved')));
    app.put(`${s.base}/:id`, { config: { authority: `${s.authority}:edit` }, schema: { tags, params: idParams, body } },
      async (req) => ok(await s.crud.update(req.params.id, req.body as never), msg(req, 'ok.saved')));
    app.delete(`${s.base}/:id`, { config: { authority: `${s.authority}:delete` }, schema: { tags, params: idParams } },
      async (req) => ok(await s.crud.remove([req.params.id]), msg(req, 'ok.deleted')));
    app.post(`${s.base}/delete`, { config: { authority: `${s.authority}:delete` }, schema: { tags, body: gatewayIdsSchema } },
      async (req) => ok(await s.crud.remove(req.body.ids), msg(req, 'ok.deleted')));
    if (s.toggles) {
      app.post(`${s.base}/:id/enable`, { config: { authority: `${s.authority}:edit` }, schema: { tags, params: idParams } },
        async (req) => ok(await s.crud.setEnabled(req.params.id, true), msg(req, 'gateway.enabled')));
      app.post(`${s.base}/:id/disable`, { config: { authority: `${s.authority}:edit` }, schema: { tags, params: idParams } },
        async (req) => ok(await s.crud.setEnabled(req.params.id, false), msg(req, 'gateway.disabled')));
    }
  }

  // the alerts of the alarm rules: pending → firing → resolved (alarms.ts evaluates them on a timer)
  app.get('/api/gateway/alarm-events', { config: { authority: 'gateway:alarm' }, schema: { tags, querystring: alarmEventQuerySchema } },
    async (req) => ok(await listAlarmEvents(db, req.query)));

  app.get('/api/gateway/metrics', {
    config: { authority: 'gateway:metrics' },
    schema: { tags, querystring: z.object({ seconds: z.coerce.number().int().min(1).max(300).default(60) }) },
  }, async (req) => ok({ now: Date.now(), resources: gatewayMetrics.snapshot(req.query.seconds) }));

  // ---------- namespaces and configs ----------
  const N = '/api/gateway/namespaces';
  const nsParams = z.object({ id: z.string().min(1).max(64) });
  app.get(N, { config: { authority: 'gateway:namespace' }, schema: { tags } }, async () => ok(await configs.namespaces.list()));
  app.post(N, { config: { authority: 'gateway:namespace:add' }, schema: { tags, body: namespaceSchema } },
    async (req) => ok(await configs.namespaces.create(req.body), msg(req, 'ok.saved')));
  app.put(`${N}/:id`, { config: { authority: 'gateway:namespace:edit' }, schema: { tags, params: nsParams, body: namespaceSchema } },
    async (req) => ok(await configs.namespaces.update(req.params.id, req.body), msg(req, 'ok.saved')));
  app.delete(`${N}/:id`, { config: { authority: 'gateway:namespace:delete' }, schema: { tags, params: nsParams } },
    async (req) => ok(await configs.namespaces.remove(req.params.id), msg(req, 'ok.deleted')));

  const C = '/api/gateway/configs';
  await app.register(configOpsRoutes, { deps });
  app.get(C, { config: { authority: 'gateway:config' }, schema: { tags, querystring: configQuerySchema } }, async (req) => ok(await configs.list(req.query)));
  app.get(`${C}/history`, { config: { authority: 'gateway:config' }, schema: { tags, querystring: historyQuerySchema } },
    async (req) => ok(await configs.historyList(req.query)));
  app.get(`${C}/history/:id`, { config: { authority: 'gateway:config' }, schema: { tags, params: idParams } },
    async (req) => ok(await configs.historyGet(req.params.id)));
  app.post(`${C}/rollback`, { config: { authority: 'gateway:config:rollback' }, schema: { tags, body: rollbackSchema } },
    async (req) => ok(await configs.rollback(req.body.historyId, operator(req)), msg(req, 'gateway.rollbackDone')));
  app.get(`${C}/:id`, { config: { authority: 'gateway:config' }, schema: { tags, params: idParams } }, async (req) => ok(await configs.get(req.params.id)));
  app.get(`${C}/:id/subscribers`, { config: { authority: 'gateway:config' }, schema: { tags, summary: 'Applications that read or listened to the config in the last 24 hours', params: idParams } },
    async (req) => {
      const c = await configs.get(req.params.id);
      return ok(await listSubscribers(db, 'config', configResource(c.namespaceId, c.group, c.dataId), clock()));
    });
  app.post(C, { config: { authority: 'gateway:config:add' }, schema: { tags, body: configSchema } },
    async (req) => ok(await configs.create(req.body, operator(req)), msg(req, 'gateway.configPublished')));
  app.put(`${C}/:id`, { config: { authority: 'gateway:config:edit' }, schema: { tags, params: idParams, body: configSchema } },
    async (req) => ok(await configs.update(req.params.id, req.body, operator(req)), msg(req, 'gateway.configUpdated')));
  app.delete(`${C}/:id`, { config: { authority: 'gateway:config:delete' }, schema: { tags, params: idParams } },
    async (req) => ok(await configs.remove([req.params.id], operator(req)), msg(req, 'ok.deleted')));
  app.post(`${C}/delete`, { config: { authority: 'gateway:config:delete' }, schema: { tags, body: gatewayIdsSchema } },
    async (req) => ok(await configs.remove(req.body.ids, operator(req)), msg(req, 'ok.deleted')));

  // ---------- services and instances ----------
  const S = '/api/gateway/services';
  app.get(S, { config: { authority: 'gateway:service' }, schema: { tags, querystring: serviceQuerySchema } }, async (req) => ok(await registry.list(req.query)));
  app.get(`${S}/:id`, { config: { authority: 'gateway:service' }, schema: { tags, params: idParams } }, async (req) => ok(await registry.get(req.params.id)));
  app.post(S, { config: { authority: 'gateway:service:add' }, schema: { tags, body: serviceSchema } },
    async (req) => ok(await registry.create(req.body), msg(req, 'ok.saved')));
  app.put(`${S}/:id`, { config: { authority: 'gateway:service:edit' }, schema: { tags, params: idParams, body: serviceSchema } },
    async (req) => ok(await registry.update(req.params.id, req.body), msg(req, 'ok.saved')));
  app.delete(`${S}/:id`, { config: { authority: 'gateway:service:delete' }, schema: { tags, params: idParams } },
    async (req) => ok(await registry.remove([req.params.id]), msg(req, 'ok.deleted')));
  app.post(`${S}/delete`, { config: { authority: 'gateway:service:delete' }, schema: { tags, body: gatewayIdsSchema } },
    async (req) => ok(await registry.remove(req.body.ids), msg(req, 'ok.deleted')));
  app.get(`${S}/:id/instances`, { config: { authority: 'gateway:service' }, schema: { tags, params: idParams } },
    async (req) => ok(await registry.instances(req.params.id)));
  app.get(`${S}/:id/subscribers`, { config: { authority: 'gateway:service' }, schema: { tags, summary: 'Applications that read the instances in the last 24 hours', params: idParams } },
    async (req) => {
      const svc = await registry.get(req.params.id);
      return ok(await listSubscribers(db, 'service', serviceResource(svc.group, svc.name), clock()));
    });
  app.post(`${S}/:id/instances`, { config: { authority: 'gateway:service:edit' }, schema: { tags, params: idParams, body: instanceSchema } },
    async (req) => ok(await registry.addInstance(req.params.id, req.body), msg(req, 'ok.saved')));
  app.put(`${S}/:id/instances/:instanceId`, { config: { authority: 'gateway:service:edit' }, schema: { tags, params: instanceParams, body: instanceUpdateSchema.omit({ enabled: true }) } },
    async (req) => ok(await registry.updateInstance(req.params.id, req.params.instanceId, req.body), msg(req, 'ok.saved')));
  app.delete(`${S}/:id/instances/:instanceId`, { config: { authority: 'gateway:service:edit' }, schema: { tags, params: instanceParams } },
    async (req) => ok(await registry.removeInstance(req.params.id, req.params.instanceId), msg(req, 'ok.deleted')));
  app.post(`${S}/:id/instances/:instanceId/online`, { config: { authority: 'gateway:service:instance' }, schema: { tags, params: instanceParams } },
    async (req) => ok(await registry.updateInstance(req.params.id, req.params.instanceId, { enabled: true }), msg(req, 'gateway.online')));
  app.post(`${S}/:id/instances/:instanceId/offline`, { config: { authority: 'gateway:service:instance' }, schema: { tags, params: instanceParams } },
    async (req) => ok(await registry.updateInstance(req.params.id, req.params.instanceId, { enabled: false }), msg(req, 'gateway.offline')));

  // ---------- application credentials (console) ----------
  const K = '/api/gateway/credentials';
  app.get(K, { config: { authority: 'gateway:credential' }, schema: { tags, querystring: appCredentialQuerySchema } }, async (req) => ok(await credentials.list(req.query)));
  app.get(`${K}/:id`, { config: { authority: 'gateway:credential' }, schema: { tags, params: idParams } }, async (req) => ok(await credentials.get(req.params.id)));
  app.post(K, { config: { authority: 'gateway:credential:add' }, schema: { tags, summary: 'Create a credential; the answer holds its secret, shown this once only', body: appCredentialSchema } },
    async (req) => ok(await credentials.create(req.body, operator(req)), msg(req, 'gateway.credentialCreated')));
  app.put(`${K}/:id`, { config: { authority: 'gateway:credential:edit' }, schema: { tags, params: idParams, body: appCredentialSchema } },
    async (req) => ok(await credentials.update(req.params.id, req.body), msg(req, 'ok.saved')));
  app.post(`${K}/:id/enable`, { config: { authority: 'gateway:credential:edit' }, schema: { tags, params: idParams } },
    async (req) => ok(await credentials.setEnabled(req.params.id, true), msg(req, 'gateway.enabled')));
  app.post(`${K}/:id/disable`, { config: { authority: 'gateway:credential:edit' }, schema: { tags, params: idParams } },
    async (req) => ok(await credentials.setEnabled(req.params.id, false), msg(req, 'gateway.disabled')));
  app.post(`${K}/:id/revoke`, { config: { authority: 'gateway:credential:delete' }, schema: { tags, summary: 'Revoke for good: the credential stops working at once', params: idParams } },
    async (req) => ok(await credentials.revoke(req.params.id, operator(req)), msg(req, 'gateway.credentialRevoked')));

  // ---------- application API: every call signed with an application credential (docs/APP-SIGNING.md) ----------
  // Its own plugin: the signature is checked in preParsing over the body's bytes as sent, then the usual JSON parsing runs.
  const verifier = appVerifier(db, clock);
  await app.register(async (plugin) => {
    const open = plugin.withTypeProvider<ZodTypeProvider>();
    open.addHook('preParsing', appAuthHook(verifier));
    const O = '/api/gateway/open';
    open.post(`${O}/instances`, {
      config: { authority: appAuthority('registry:write') },
      schema: { tags: openTags, summary: 'Register (or refresh) an ephemeral instance; send a heartbeat every 5 s, 15 s without one = unhealthy, 30 s = removed. 403 for an address an operator added', body: registerSchema },
    }, async (req) => ok(await registry.register(req.body)));
    open.put(`${O}/instances/beat`, {
      config: { authority: appAuthority('registry:write') },
      schema: { tags: openTags, summary: 'Heartbeat; 404 when the instance is not registered (register again), 403 for an instance an operator added', body: beatSchema },
    }, async (req) => {
      if (!(await registry.beat(req.body))) throw new AppError(404, 'gateway.instanceMissing', { service: req.body.serviceName, ip: req.body.ip, port: req.body.port });
      return ok(true);
    });
    open.post(`${O}/instances/deregister`, {
      config: { authority: appAuthority('registry:write') },
      schema: { tags: openTags, summary: 'Deregister an ephemeral instance (false: none there); 403 for an instance an operator added', body: beatSchema },
    }, async (req) => ok(await registry.deregister(req.body)));
    open.get(`${O}/instances`, {
      config: { authority: appAuthority('registry:read') },
      schema: { tags: openTags, summary: 'The usable instances of a service (online, weight > 0, healthy unless the protect threshold is reached)', querystring: z.object({ serviceName: z.string().min(1).max(100), groupName: z.string().max(100).default(DEFAULT_GROUP) }) },
    }, async (req) => {
      const found = await registry.discover(req.query.serviceName, req.query.groupName);
      if (!found) throw notFound();
      await recordSubscriber(db, 'service', serviceResource(found.service.group, found.service.name), caller(req), req.ip, clock());
      return ok({ name: found.service.name, group: found.service.group, protectThreshold: found.service.protectThreshold, instances: found.instances });
    });
    open.get(`${O}/configs`, {
      config: { authority: appAuthority('config:read') },
      schema: { tags: openTags, summary: 'The content of a config as text; its MD5 in the content-md5 header. 403 outside the credential\'s namespaces', querystring: configKeySchema },
    }, async (req, reply) => {
      assertNamespace(caller(req), req.query.namespaceId);
      const c = await configs.current(req.query.namespaceId, req.query.dataId, req.query.group);
      if (!c) throw notFound();
      await recordSubscriber(db, 'config', configResource(req.query.namespaceId, req.query.group, req.query.dataId), caller(req), req.ip, clock());
      // a client at one of a beta's IPs reads the beta
      const seen = await configBetaService(db).contentFor(c, req.ip);
      return reply.header('content-md5', seen.md5).header('config-type', c.type).type('text/plain; charset=utf-8').send(seen.content);
    });
    open.post(`${O}/configs/listen`, {
      config: { authority: appAuthority('config:read') },
      schema: { tags: openTags, summary: 'Long poll: answers at once with the configs whose MD5 differs from the one sent, else after timeoutMs (≤ 30 s) with those changed meanwhile. Keys outside the credential\'s namespaces are ignored (403 when none is left)', body: listenSchema },
    }, async (req) => {
      const who = caller(req);
      const mine = req.body.configs.filter((k) => coversNamespace(who, k.namespaceId));
      if (!mine.length) assertNamespace(who, req.body.configs[0].namespaceId);
      await recordSubscriber(db, 'config', mine.map((k) => configResource(k.namespaceId, k.group, k.dataId)), who, req.ip, clock());
      return ok(await configs.listen({ ...req.body, configs: mine }, { aborted: () => req.socket.destroyed, ip: req.ip }));
    });
  });
};
