import { z } from 'zod';
import { pageQuerySchema, sortOf } from './paging';
import { parseIpPolicy } from './ipPolicy';
import { codeSchema } from './validators';

/**
 * Security module (SPEC §3 App…URL, Role, Account, role group): the bodies the API accepts and the
 * console validates with. Messages of our own rules are catalogue keys (see messages/*.ts).
 */

/** A required text: missing and empty both say "cannot be empty" (not zod's "expected string, received undefined"). */
const required = (max: number) => z.string({ message: 'security.required' }).trim().min(1, { message: 'security.required', abort: true }).max(max);
const code = codeSchema(100, 'security.required');
const name = required(100);
const seq = z.number({ message: 'security.seqInteger' }).int({ message: 'security.seqInteger' }).min(0).max(1_000_000);
const id = z.number().int().positive();
const optText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));

/** host name or IPv4 address */
export const HOST_RE = /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
/** "/" or "/seg/seg" of letters, digits, "-", "_", "." */
export const CONTEXT_RE = /^\/([A-Za-z0-9_.\-]+(\/[A-Za-z0-9_.\-]+)*)?$/;

/** SPEC §5: an app address is a legal host:port/context. */
export function isLegalAppAddress(host: string, port: number, context: string): boolean {
  return HOST_RE.test(host) && Number.isInteger(port) && port >= 1 && port <= 65535 && CONTEXT_RE.test(context);
}

export const TRANSPORTS = ['http', 'https'] as const;
export const appSchema = z.object({
  code, name, seq,
  context: required(200),
  serverHost: required(253),
  transport: z.enum(TRANSPORTS),
  port: z.number({ message: 'security.appAddress' }).int({ message: 'security.appAddress' }),
}).superRefine((a, ctx) => {
  if (!isLegalAppAddress(a.serverHost, a.port, a.context)) {
    ctx.addIssue({ code: 'custom', path: ['serverHost'], message: 'security.appAddress', params: { address: `${a.serverHost}:${a.port}${a.context}` } });
  }
});
export type AppInput = z.infer<typeof appSchema>;

export const moduleSchema = z.object({ appId: id, code, name, seq });
export type ModuleInput = z.infer<typeof moduleSchema>;

export const functionSchema = z.object({ moduleId: id, code, name, seq });
export type FunctionInput = z.infer<typeof functionSchema>;

export const OPERATION_TYPES = ['button', 'menu', 'api'] as const;
export const operationSchema = z.object({
  functionId: id, code, name, seq,
  type: z.enum(OPERATION_TYPES).default('button'),
  isDefault: z.boolean().default(false),
});
export type OperationInput = z.infer<typeof operationSchema>;

export const ACCESS_MODES = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'ALL'] as const;
export const urlSchema = z.object({
  operationId: id, name,
  content: required(500).regex(/^\/\S*$/, { message: 'security.urlContent' }),
  accessMode: z.enum(ACCESS_MODES).default('GET'),
});
export type UrlInput = z.infer<typeof urlSchema>;

export const TREE_LEVELS = ['app', 'module', 'function', 'operation', 'url'] as const;
export type TreeLevel = (typeof TREE_LEVELS)[number];

/** One node of the authority tree as the API answers it. */
export interface AuthTreeNode {
  /** "<level>-<id>", unique over the tree */
  key: string;
  level: TreeLevel;
  id: number;
  code: string | null;
  name: string;
  /** the row itself (every field of its level) */
  data: Record<string, unknown>;
  children?: AuthTreeNode[];
}

// ---- roles ----
export const ROLE_TYPES = ['global', 'common', 'inner', 'organ'] as const;
export const ROLE_SCOPES = ['global', 'organ'] as const;
/**
 * Data scope of a role: every account; those of the holder's organ (the unit above the holder's
 * position); of that organ and every organ below it; of chosen organs; only the holder's own.
 */
export const DATA_SCOPES = ['all', 'organ', 'organTree', 'custom', 'self'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];
export const roleSchema = z.object({
  code, name,
  roleType: z.enum(ROLE_TYPES).default('common'),
  positionType: optText(100),
  scope: z.enum(ROLE_SCOPES).default('global'),
  organId: id.nullish().transform((v) => v ?? null),
  note: optText(500),
  dataScope: z.enum(DATA_SCOPES).default('all'),
  dataScopeOrganIds: z.array(id).max(500).default([]),
}).superRefine((r, ctx) => {
  if ((r.scope === 'organ' || r.roleType === 'organ') && r.organId === null) {
    ctx.addIssue({ code: 'custom', path: ['organId'], message: 'security.organRequired' });
  }
  if (r.dataScope === 'custom' && !r.dataScopeOrganIds.length) {
    ctx.addIssue({ code: 'custom', path: ['dataScopeOrganIds'], message: 'accounts.dataScopeOrgans' });
  }
});
export type RoleInput = z.infer<typeof roleSchema>;
export const roleQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  roleType: z.enum(ROLE_TYPES).optional(),
  scope: z.enum(ROLE_SCOPES).optional(),
});

export const grantsSchema = z.object({ authorities: z.array(z.string().trim().min(1).max(200)).max(5000) });
export const idsSchema = z.object({ ids: z.array(id).min(1, { message: 'security.selectRecord' }).max(1000) });
export const batchRoleToAccountsSchema = z.object({ roleId: id, accountIds: z.array(id).min(1, { message: 'security.selectRecord' }).max(1000) });
export const batchRolesToAccountSchema = z.object({ accountId: id, roleIds: z.array(id).min(1, { message: 'security.selectRecord' }).max(1000) });

// ---- accounts ----
export const MOBILE_RE = /^1[3-8]\d{9}$/;
export const USER_ID_RE = /^[A-Za-z0-9_.@\-]+$/;

function checkIpPolicy(a: { ipPolicyEnabled?: boolean; ipPolicy?: string | null }, ctx: z.RefinementCtx) {
  if (a.ipPolicy) {
    const parsed = parseIpPolicy(a.ipPolicy);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', path: ['ipPolicy'], message: 'security.ipPolicyItem', params: { item: parsed.badItem } });
  }
  if (a.ipPolicyEnabled && !a.ipPolicy) ctx.addIssue({ code: 'custom', path: ['ipPolicy'], message: 'security.ipPolicyRequired' });
}

/** The editable fields of an account, without defaults (an update writes only the keys it is given). */
const accountEditable = {
  userName: required(64),
  status: z.enum(['normal', 'lock']),
  staffId: id.nullish().transform((v) => v ?? null),
  isAdmin: z.boolean(),
  manageRange: optText(500),
  maxSessions: z.number().int().min(-1).max(1000).refine((n) => n !== 0, { message: 'security.maxSessions' }),
  ipPolicyEnabled: z.boolean(),
  ipPolicy: optText(2000),
  email: z.string().trim().max(200).nullish().transform((v) => (v ? v : null))
    .refine((v) => v === null || z.email().safeParse(v).success, { message: 'security.email' }),
  mobile: z.string().trim().max(20).nullish().transform((v) => (v ? v : null))
    .refine((v) => v === null || MOBILE_RE.test(v), { message: 'security.mobile' }),
};

const accountFields = {
  ...accountEditable,
  status: accountEditable.status.default('normal'),
  isAdmin: accountEditable.isAdmin.default(false),
  maxSessions: accountEditable.maxSessions.default(-1),
  ipPolicyEnabled: accountEditable.ipPolicyEnabled.default(false),
};

export const accountCreateSchema = z.object({
  userId: required(64).regex(USER_ID_RE, { message: 'security.userIdChars' }),
  password: z.string({ message: 'security.required' }).min(1, { message: 'security.required' }).max(128),
  confirmPassword: z.string({ message: 'security.required' }).min(1, { message: 'security.required' }).max(128),
  roleIds: z.array(id).max(1000).default([]),
  groupIds: z.array(id).max(1000).default([]),
  ...accountFields,
}).superRefine((a, ctx) => {
  if (a.password && a.confirmPassword && a.password !== a.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'auth.passwordMismatch' });
  }
  checkIpPolicy(a, ctx);
});
export type AccountCreateInput = z.infer<typeof accountCreateSchema>;

/**
 * An update (PUT) changes only the fields it is given: no defaults, every key optional. The IP
 * policy rule applies to what is sent; the server checks the merged record.
 */
export const accountUpdateSchema = z.object({
  userName: accountEditable.userName.optional(),
  status: accountEditable.status.optional(),
  staffId: id.nullish(),
  isAdmin: accountEditable.isAdmin.optional(),
  manageRange: accountEditable.manageRange.optional(),
  maxSessions: accountEditable.maxSessions.optional(),
  ipPolicyEnabled: accountEditable.ipPolicyEnabled.optional(),
  ipPolicy: accountEditable.ipPolicy.optional(),
  email: accountEditable.email.optional(),
  mobile: accountEditable.mobile.optional(),
}).superRefine((a, ctx) => {
  if (a.ipPolicy) checkIpPolicy({ ipPolicy: a.ipPolicy }, ctx);
  if (a.ipPolicyEnabled && 'ipPolicy' in a && !a.ipPolicy) ctx.addIssue({ code: 'custom', path: ['ipPolicy'], message: 'security.ipPolicyRequired' });
});
export type AccountUpdateInput = z.infer<typeof accountUpdateSchema>;

export const resetPasswordSchema = z.object({
  password: z.string({ message: 'security.required' }).min(1, { message: 'security.required' }).max(128),
  confirmPassword: z.string({ message: 'security.required' }).min(1, { message: 'security.required' }).max(128),
}).refine((a) => a.password === a.confirmPassword, { path: ['confirmPassword'], message: 'auth.passwordMismatch' });

export const assignSchema = z.object({ roleIds: z.array(id).max(1000), groupIds: z.array(id).max(1000) });

export const ACCOUNT_SORTS = ['userId', 'userName', 'status', 'createdAt', 'maxSessions'] as const;
export const accountQuerySchema = pageQuerySchema.extend({
  sort: sortOf(ACCOUNT_SORTS),
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(['normal', 'lock']).optional(),
  roleId: z.coerce.number().int().positive().optional(),
  /** accounts whose staff member holds a position in this organ or below it (administrative view) */
  organId: z.coerce.number().int().positive().optional(),
});

/** Batch lock / unlock on selected accounts: each row done or refused with its reason. */
export const accountBatchSchema = z.object({ ids: z.array(id).min(1, { message: 'security.selectRecord' }).max(1000) });
export const accountBatchResetSchema = accountBatchSchema.and(resetPasswordSchema);
export interface AccountBatchResult {
  done: { id: number; userId: string }[];
  refused: { id: number; userId: string | null; reason: string }[];
}

/** Accounts import (.xlsx): limits, and one error of one cell. */
export const ACCOUNT_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const ACCOUNT_IMPORT_MAX_ROWS = 5000;
export interface AccountImportError { row: number; field: string; message: string }
export interface AccountImportResult { imported: number; errors: AccountImportError[] }
/** An import runs as a background job: checking every row, then preparing (hashing passwords), then all saved at once or none. */
export type AccountImportStatus = 'checking' | 'preparing' | 'done' | 'failed';
export interface AccountImportJob {
  id: number; status: AccountImportStatus; total: number; checked: number; prepared: number; imported: number; errors: AccountImportError[];
}

/** Effective authority of an account and where it comes from. */
export interface EffectiveAuthority {
  authority: string;
  /** function / operation name when the code is in the authority tree */
  name: string | null;
  sources: { kind: 'role' | 'group' | 'admin'; roleCode?: string; roleName?: string; groupCode?: string; groupName?: string }[];
}

// ---- role groups ----
export const roleGroupSchema = z.object({ code, name, note: optText(500), roleIds: z.array(id).max(1000).default([]) });
export type RoleGroupInput = z.infer<typeof roleGroupSchema>;
export const keywordQuerySchema = pageQuerySchema.extend({ keyword: z.string().trim().max(100).optional() });

// ---- audit ----
export const onlineQuerySchema = keywordQuerySchema;
export const kickSchema = z.object({ ids: z.array(z.string().min(1).max(100)).min(1, { message: 'security.selectRecord' }).max(1000) });

const dateTime = z.string().trim().max(40).refine((s) => !Number.isNaN(Date.parse(s)), { message: 'security.dateTime' });
/** the log lists' sortable columns (indexed; result, status and outcome are filters, not sorts) */
export const OPERATION_LOG_SORTS = ['createdAt', 'userId', 'module', 'durationMs'] as const;
export const LOGIN_LOG_SORTS = ['createdAt', 'userId', 'ip'] as const;
export const CLIENT_ERROR_SORTS = ['createdAt'] as const;
export const operationLogQuerySchema = pageQuerySchema.extend({
  sort: sortOf(OPERATION_LOG_SORTS),
  userId: z.string().trim().max(100).optional(),
  module: z.string().trim().max(100).optional(),
  operation: z.string().trim().max(200).optional(),
  result: z.enum(['success', 'failure']).optional(),
  from: dateTime.optional(),
  to: dateTime.optional(),
});
export const loginLogQuerySchema = pageQuerySchema.extend({
  sort: sortOf(LOGIN_LOG_SORTS),
  userId: z.string().trim().max(100).optional(),
  ip: z.string().trim().max(100).optional(),
  outcome: z.enum(['success', 'failure']).optional(),
  from: dateTime.optional(),
  to: dateTime.optional(),
});

// ---- log clean-up and retention ----
export const LOG_KINDS = ['operation', 'login', 'clientError'] as const;
export type LogKind = (typeof LOG_KINDS)[number];
const days = z.number({ message: 'audit.days' }).int({ message: 'audit.days' }).min(0, { message: 'audit.days' }).max(3650, { message: 'audit.days' });
/** "delete entries older than N days" (0: every entry up to now) */
export const logCleanSchema = z.object({ days });
/** days each kind is kept; 0 keeps it for ever */
export const logRetentionSchema = z.object({ days });
