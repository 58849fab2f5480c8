import path from 'node:path';
import { repoRoot } from './platform/runtimePaths';
import type { CelLimits } from '@bencao/contracts/celBudget';
import type { DocumentLimits } from '@bencao/contracts/jsonLimits';

/** an optional numeric setting: undefined when unset */
const numberOr = (v: string | undefined) => (v ? Number(v) : undefined);

/** SITE_URL as an origin without a trailing slash; the site lives at the root, so a path is refused */
function siteOrigin(v: string): string {
  let url: URL;
  try { url = new URL(v); } catch { throw new Error(`SITE_URL must be an absolute http(s) URL, not "${v}"`); }
  if (!['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`SITE_URL must be an http(s) origin such as https://www.example.com, not "${v}"`);
  }
  return url.origin;
}

export type Profile = 'demo' | 'production' | 'test';

export interface AppConfig {
  port: number;
  gatewayPort: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  profile: Profile;
  /** initial administrator password (required in production on the first start) */
  adminPassword?: string;
  sessionIdleMinutes: number;
  sessionRefreshDays: number;
  /** login attempts per minute and client address */
  loginRateLimit: number;
  /** login keys (LoginGetKey.do) per minute and client address */
  loginKeyRateLimit: number;
  /**
   * login keys one client address may take at once (a token bucket refilled at loginKeyRateLimit per
   * minute, LOGIN_KEY_BURST); unset: a sixth of loginKeyRateLimit, at least 10; below 1: no burst limit
   */
  loginKeyBurst?: number;
  /** the clock of the login lock, login keys and rate-limit windows (tests set a fixed one) */
  now?: () => Date;
  /** folders of the built console and site, served in production and demo when present */
  adminDist: string;
  siteDist: string;
  logLevel: string;
  /** proxies (addresses or CIDRs) whose X-Forwarded-For/-Proto are believed; empty: none, the socket's address counts */
  trustProxy: string[];
  /** the gateway's default upstream timeout (a route's ResponseTimeout filter overrides it) */
  gatewayTimeoutMs: number;
  /** public submissions (ADR reports, job applications) per client address and hour, each kind on its own */
  submissionRateLimit: number;
  /** the bearer token GET /metrics asks for (METRICS_TOKEN); unset: /metrics answers 404 */
  metricsToken?: string;
  /** the public site's origin (SITE_URL, e.g. https://www.example.com): every absolute URL (canonical, og:image, sitemap, robots); unset: the listen address */
  siteUrl?: string;
  /** CEL expression limits and run-time budget (CEL_MAX_*; contracts' celBudget.ts has the defaults) */
  celLimits?: Partial<CelLimits>;
  /** process variables' and form documents' depth and size (VARIABLES_MAX_DEPTH, VARIABLES_MAX_KB) */
  documentLimits?: Partial<DocumentLimits>;
  /** instances per workflow migration request with "all" (WORKFLOW_MIGRATION_BATCH; unset or above: 500, MAX_MIGRATION_INSTANCES) */
  migrationBatchSize?: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const root = repoRoot;
  const profile = (env.BENCAO_PROFILE ?? 'demo') as Profile;
  if (!['demo', 'production', 'test'].includes(profile)) throw new Error(`BENCAO_PROFILE must be demo, production or test, not "${profile}"`);
  return {
    port: Number(env.PORT ?? 8080),
    gatewayPort: Number(env.GATEWAY_PORT ?? 8081),
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    profile,
    adminPassword: env.BENCAO_ADMIN_PASSWORD || undefined,
    sessionIdleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 30),
    sessionRefreshDays: Number(env.SESSION_REFRESH_DAYS ?? 7),
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 30),
    loginKeyRateLimit: Number(env.LOGIN_KEY_RATE_LIMIT ?? Math.max(60, 2 * Number(env.LOGIN_RATE_LIMIT ?? 30))),
    loginKeyBurst: env.LOGIN_KEY_BURST ? Number(env.LOGIN_KEY_BURST) : undefined,
    adminDist: path.resolve(env.ADMIN_DIST ?? path.join(root, 'apps/admin/dist')),
    siteDist: path.resolve(env.SITE_DIST ?? path.join(root, 'apps/site/dist')),
    logLevel: env.LOG_LEVEL ?? (profile === 'test' ? 'warn' : 'info'),
    trustProxy: (env.TRUST_PROXY ?? '').split(/[\s,]+/).filter(Boolean),
    gatewayTimeoutMs: Number(env.GATEWAY_TIMEOUT_MS ?? 30_000),
    submissionRateLimit: Number(env.SUBMISSION_RATE_LIMIT ?? 5),
    metricsToken: env.METRICS_TOKEN || undefined,
    siteUrl: env.SITE_URL ? siteOrigin(env.SITE_URL) : undefined,
    celLimits: {
      maxLength: numberOr(env.CEL_MAX_LENGTH), maxDepth: numberOr(env.CEL_MAX_DEPTH), maxMacroNesting: numberOr(env.CEL_MAX_MACRO_NESTING),
      maxSteps: numberOr(env.CEL_MAX_STEPS), maxMillis: numberOr(env.CEL_MAX_MS), maxValueSize: numberOr(env.CEL_MAX_VALUE_SIZE),
    },
    documentLimits: { maxDepth: numberOr(env.VARIABLES_MAX_DEPTH), maxBytes: env.VARIABLES_MAX_KB ? Number(env.VARIABLES_MAX_KB) * 1024 : undefined },
    migrationBatchSize: numberOr(env.WORKFLOW_MIGRATION_BATCH),
  };
}
