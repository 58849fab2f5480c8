import { z } from 'zod';
import { DEFAULT_NAMESPACE, configQuerySchema } from './gateway';

/**
 * Config centre operations beyond one config (issue 16, Nacos console level): clone to another
 * namespace, zip export/import, beta (gray) publish to chosen client IPs.
 */

/** what to do with a config already in the target namespace (Nacos: ABORT / SKIP / OVERWRITE) */
export const CONFLICT_POLICIES = ['abort', 'skip', 'overwrite'] as const;
export type ConflictPolicy = (typeof CONFLICT_POLICIES)[number];

const ids = z.array(z.coerce.number().int().positive()).min(1, { message: 'gateway.selectRecord' }).max(1000);
const namespaceId = z.string().trim().min(1).max(64);

export const configCloneSchema = z.object({
  ids,
  targetNamespaceId: namespaceId,
  policy: z.enum(CONFLICT_POLICIES).default('abort'),
});
export type ConfigCloneInput = z.infer<typeof configCloneSchema>;

/** the answer of a clone or an import */
export interface ConfigCopySummary { cloned: number; skipped: number; overwritten: number }

/** export: the selected ids, else every config the list's query matches */
export const configExportQuerySchema = configQuerySchema.omit({ page: true, limit: true, sort: true, order: true }).extend({
  ids: z.string().trim().max(20_000).regex(/^\d+(,\d+)*$/).optional(),
});

export const configImportQuerySchema = z.object({
  namespaceId: namespaceId.default(DEFAULT_NAMESPACE),
  policy: z.enum(CONFLICT_POLICIES).default('abort'),
});

/** Nacos's archive layout: `group/dataId` entries and this metadata file (type, description, app) */
export const CONFIG_ZIP_METADATA = '.metadata.yml';
export const CONFIG_ZIP_LIMITS = { archiveBytes: 10 * 1024 * 1024, entries: 1000, entryBytes: 1024 * 1024 } as const;

const ipv4 = z.ipv4();
const ipv6 = z.ipv6();
/** IPv4 or IPv6 text, as the server sees client addresses */
const ip = z.string().trim().min(1).max(64).superRefine((v, ctx) => {
  if (!ipv4.safeParse(v).success && !ipv6.safeParse(v).success) ctx.addIssue({ code: 'custom', message: 'gateway.betaBadIp', params: { ip: v } });
});

export const configBetaSchema = z.object({
  content: z.string().min(1).max(1_000_000).refine((c) => c.trim().length > 0, { message: 'gateway.contentRequired' }),
  ips: z.array(ip).min(1).max(200).transform((a) => [...new Set(a)]),
});
export type ConfigBetaInput = z.infer<typeof configBetaSchema>;
