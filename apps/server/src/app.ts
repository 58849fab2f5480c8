import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyError, type FastifyReply } from 'fastify';
import qs from 'qs';
import { serializerCompiler, validatorCompiler, jsonSchemaTransform, hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import formbody from '@fastify/formbody';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import { configureDocumentLimits, documentProblem, translate } from '@bencao/contracts';
import { configureCelLimits } from '@bencao/contracts/celBudget';
import type { Database } from './db/client';
import type { AppConfig } from './config';
import type { Deps } from './platform/deps';
import { AppError } from './platform/errors';
import { installGuard, PUBLIC, type DeclaredRoute } from './platform/guard';
import { installOperationLog } from './platform/operationLog';
import { langOf } from './platform/i18n';
import { sessionStore } from './platform/auth/sessions';
import { authCache } from './platform/auth/authCache';
import { cacheVersionReader } from './platform/cacheVersions';
import { validationMessage } from './platform/validation';
import { installDrain, type Drain } from './platform/drain';
import { installListCache } from './platform/listCache';
import { coerceFormValue, isZodSchema } from './platform/formCoercion';
import { authRoutes } from './platform/auth/routes';
import { MODULES } from './modules/index';
import { siteNotFound } from './modules/cms/seo';
import { gatewayMetrics } from './modules/gateway/metrics';
import { installMetrics } from './platform/metrics';
import { installBackupRoute } from './ops/backupRoute';

/** Vite's hashed assets never change under the same name; index.html always revalidates. */
function immutableAssets(reply: { header(name: string, value: string): unknown }, filePath: string) {
  reply.header('cache-control', /[\\/]assets[\\/]/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** Data a client sent (parsed query, params, JSON or form body), not a stream, a buffer or a multipart file. */
const isPlainData = (v: unknown): boolean => typeof v === 'string' || Array.isArray(v)
  || (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v) && !(v instanceof Date) && typeof (v as { pipe?: unknown }).pipe !== 'function');
/** The dotted path of the first string (or key) holding a NUL character, '' for the value itself, null when none. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 20 || !isPlainData(value)) return null;
  for (const [k, v] of Object.entries(value as object)) {
    const here = path ? `${path}.${k}` : k;
    if (k.includes('\u0000')) return here;
    const found = findNul(v, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** levels of nesting any JSON or form body may have */
export const JSON_MAX_DEPTH = 64;

export interface BuiltApp { app: FastifyInstance; routes: DeclaredRoute[]; deps: Deps; drain: Drain; /** POST /api/ops/backup's token (ops/backupRoute.ts) */ backupToken: string }

export interface BuildOptions {
  /** where the log lines go (default: stdout) */
  logStream?: { write(line: string): void };
  /** how long closing waits for the requests under way (platform/drain.ts) */
  drainTimeoutMs?: number;
}

/** The Fastify instance: platform hooks, then every module. Tests build it on a test database. */
export async function buildApp(database: Database, config: AppConfig, options: BuildOptions = {}): Promise<BuiltApp> {
  configureCelLimits(config.celLimits);
  configureDocumentLimits(config.documentLimits);
  const app = Fastify({
    logger: { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    // X-Forwarded-For/-Proto only from the proxies TRUST_PROXY names: otherwise anyone could forge the
    // address the login rate limit, the IP policy and the logs see
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: 20 * 1024 * 1024,
    // while closing, platform/drain.ts answers 503 in the caller's language
    return503OnClosing: false,
    ajv: undefined,
    // URLs Fastify cannot route (bad escapes, …) answer with the envelope in the caller's language
    frameworkErrors: (_err, req, reply) => {
      (reply as unknown as FastifyReply).code(400).send({ code: 400, msg: translate(langOf(req), 'error.badUrl'), data: null });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // first hook of all: closing waits for every request under way, answered or abandoned by its client; at most
  // 8 s, under Fastify's plugin timeout (10 s), which bounds close hooks too and would fail the close instead
  const drain = installDrain(app, options.drainTimeoutMs ?? 8_000);

  const sessions = sessionStore(database.db, { idleMinutes: config.sessionIdleMinutes, refreshDays: config.sessionRefreshDays });
  // one reader of the cache counters per process, shared by the guard's, the lists' and the site's caches
  const versions = cacheVersionReader(database.db, database.listen);
  const deps: Deps = { db: database.db, dbKind: database.kind, config, sessions, versions };

  // the security headers, built once (@fastify/helmet built Helmet's whole middleware again on every request:
  // parsing the policy was 3% of a task completion's CPU)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        scriptSrc: ["'self'"],
        frameSrc: ["'self'", 'http:', 'https:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // both only make sense over TLS: on plain HTTP under a host name they would break every asset (see below)
    hsts: false,
  });
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)));
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol !== 'https') return;
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', `${csp};upgrade-insecure-requests`);
  });
  // SPEC §7: form bodies with nested keys in dotted form (a.b=1 → {a:{b:1}}) parse like JSON ones.
  await app.register(formbody, { parser: (body) => qs.parse(body, { allowDots: true, depth: 10, arrayLimit: 1000 }) });
  // A NUL character cannot be stored (PostgreSQL text refuses it): 400 naming the field, before anything else.
  app.addHook('preValidation', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const field = findNul(req.query) ?? findNul(req.params) ?? findNul(req.body);
    if (field !== null) throw new AppError(400, 'error.nulByte', { field: field || 'body' });
  });
  // Nothing deeper than JSON_MAX_DEPTH anywhere (the routes' schemas, the driver's JSON serialisation and our
  // own walks recurse): 400 naming the field; variables and form documents have tighter limits of their own
  // (contracts' jsonLimits.ts, checked by the routes' schemas).
  app.addHook('preValidation', async (req) => {
    if (!req.url.startsWith('/api/') || !req.body || typeof req.body !== 'object' || !isPlainData(req.body)) return;
    const p = documentProblem(req.body, { maxDepth: JSON_MAX_DEPTH, maxBytes: Number.POSITIVE_INFINITY });
    if (!p) return;
    const lang = langOf(req);
    const field = p.path.slice(0, 2).join('.') || 'body';
    throw new AppError(400, translate(lang, 'error.validation', { field, rule: translate(lang, 'valid.jsonTooDeep', { n: p.n }) }));
  });
  // …and its strings become the numbers, booleans and nulls the route's schema expects.
  app.addHook('preValidation', async (req) => {
    const schema = req.routeOptions.schema?.body;
    if (req.body && isZodSchema(schema) && req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      req.body = coerceFormValue(schema, req.body);
    }
  });
  // br/gzip for JSON, HTML and text answers over 1 KB (brotli at quality 4: cheap enough per request;
  // the site's cached answers and the built files come compressed already)
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 10 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Bencao API', version: '1.0.0' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    transform: jsonSchemaTransform,
  });

  const routes = installGuard(app, database.db, sessions, authCache(database.db, sessions, versions), config.sessionIdleMinutes * 60_000);
  app.decorate('declaredRoutes', routes);
  // lists declaring `config.listCache` answer from memory while the counters of what they read are unchanged
  installListCache(app, versions);
  installOperationLog(app, database.db);
  // GET /metrics (METRICS_TOKEN) and the readiness check; the request histogram's hook sees every route
  installMetrics(app, database, config, { gatewayTotals: () => gatewayMetrics.totals() });
  const backupToken = installBackupRoute(app, database, config);

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = langOf(req);
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send({ code: 400, msg: validationMessage(err.validation, lang), data: null });
    }
    if (err instanceof AppError) {
      const params = Object.fromEntries(Object.entries(err.params).map(([k, v]) => [k, typeof v === 'string' ? translate(lang, v) : v]));
      return reply.code(err.status).send({ code: err.code, msg: translate(lang, err.key, params), data: null });
    }
    if (err.statusCode && err.statusCode < 500) {
      // Fastify's and its plugins' own refusals (body too large, not JSON, …) are English: the caller's language instead
      const msg = translate(lang, err.statusCode === 429 ? 'error.tooManyRequests' : err.statusCode === 413 ? 'error.tooLarge' : 'error.badRequest');
      return reply.code(err.statusCode).send({ code: err.statusCode, msg, data: null });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ code: 500, msg: translate(lang, 'error.system'), data: null });
  });

  await app.register(authRoutes, { deps });
  for (const mod of MODULES) await app.register(mod, { deps });

  app.get('/api/docs', { config: { authority: PUBLIC }, schema: { hide: true } }, async () => app.swagger());

  // The built console under /console/ and the site at /, when they were built.
  if (fs.existsSync(path.join(config.adminDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: config.adminDist, prefix: '/console/', decorateReply: false, wildcard: false, preCompressed: true, setHeaders: immutableAssets });
    // Any console path is the single-page app, except a missing asset: that is a plain 404.
    app.get('/console/*', { config: { authority: PUBLIC } }, (req, reply) => (req.url.startsWith('/console/assets/')
      ? reply.code(404).send({ code: 404, msg: translate(langOf(req), 'error.notFound'), data: null })
      : reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(path.join(config.adminDist, 'index.html')))));
    app.get('/console', { config: { authority: PUBLIC } }, (_req, reply) => reply.redirect('/console/'));
  }
  if (fs.existsSync(path.join(config.siteDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: config.siteDist, prefix: '/', decorateReply: false, preCompressed: true, setHeaders: immutableAssets });
  }

  app.setNotFoundHandler(async (req, reply) => {
    // a page path of the public site (not /api, /console): the site's 404 page, in HTML
    if (await siteNotFound(deps, req, reply)) return reply;
    return reply.code(404).send({ code: 404, msg: translate(langOf(req), 'error.routeNotFound', { method: req.method, url: req.url.split('?')[0] }), data: null });
  });

  await app.ready();
  return { app, routes, deps, drain, backupToken };
}
