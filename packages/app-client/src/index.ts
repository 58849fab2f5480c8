import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * A small client of the Bencao gateway's open API for Node 20: every call is signed with an application
 * credential (access key + secret) as docs/APP-SIGNING.md describes. No dependency but node:crypto and fetch.
 */

export const SIGNATURE_ALGORITHM = 'BENCAO-HMAC-SHA256';
export const KEY_DERIVATION = 'bencao-app-v1';
export const HEADERS = {
  key: 'X-Bencao-Key',
  timestamp: 'X-Bencao-Timestamp',
  nonce: 'X-Bencao-Nonce',
  signature: 'X-Bencao-Signature',
} as const;

/** signingKey = HMAC-SHA256(key = secret, message = "bencao-app-v1"): 32 bytes. The server stores this, not the secret. */
export function deriveSigningKey(secret: string): Buffer {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(KEY_DERIVATION, 'utf8').digest();
}

export const sha256Hex = (body: string | Uint8Array) => createHash('sha256').update(body).digest('hex');

/** The six lines that are signed, joined with "\n" (no trailing newline). */
export function canonicalString(p: { method: string; path: string; timestamp: string | number; nonce: string; bodySha256: string }): string {
  return [SIGNATURE_ALGORITHM, p.method.toUpperCase(), p.path, String(p.timestamp), p.nonce, p.bodySha256].join('\n');
}

export interface SignInput {
  method: string;
  /** the request target exactly as sent: path and query string, e.g. `/api/gateway/open/configs?dataId=a.yaml` */
  path: string;
  /** the body's bytes exactly as sent (a string is taken as UTF-8); none for GET */
  body?: string | Uint8Array;
  accessKey: string;
  secret: string;
  /** Unix time in seconds; now when left out */
  timestamp?: number;
  /** 16–64 characters of [A-Za-z0-9_-], new for every request; random when left out */
  nonce?: string;
}
export interface SignedRequest {
  /** the four X-Bencao-* headers to send */
  headers: Record<string, string>;
  canonical: string;
  signature: string;
}

/** Signs one request: the headers to add, and the canonical string and signature (for debugging). */
export function signRequest(input: SignInput): SignedRequest {
  const timestamp = String(input.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = input.nonce ?? randomBytes(16).toString('hex');
  const canonical = canonicalString({ method: input.method, path: input.path, timestamp, nonce, bodySha256: sha256Hex(input.body ?? '') });
  const signature = createHmac('sha256', deriveSigningKey(input.secret)).update(canonical, 'utf8').digest('hex');
  return {
    headers: { [HEADERS.key]: input.accessKey, [HEADERS.timestamp]: timestamp, [HEADERS.nonce]: nonce, [HEADERS.signature]: signature },
    canonical,
    signature,
  };
}

/** A non-2xx answer: the HTTP status and the envelope's code and message. */
export class AppApiError extends Error {
  constructor(readonly status: number, readonly code: number, message: string) {
    super(message);
    this.name = 'AppApiError';
  }
}

export interface AppClientOptions {
  /** the Bencao server, e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  accessKey: string;
  secret: string;
  /** Accept-Language of the error messages: en, zh, es or ja */
  lang?: string;
  /** the client's clock in ms (tests); Date.now when left out */
  now?: () => number;
  fetch?: typeof fetch;
}

export interface InstanceKey { serviceName: string; groupName?: string; ip: string; port: number }
export interface Registration extends InstanceKey { weight?: number; cluster?: string; metadata?: Record<string, string> }
export interface ConfigKey { namespaceId?: string; dataId: string; group?: string }
export interface Instance { id: number; serviceId: number; ip: string; port: number; weight: number; cluster: string; enabled: boolean; ephemeral: boolean; healthy: boolean; metadata: Record<string, string> }

const OPEN = '/api/gateway/open';

export class AppClient {
  private readonly fetchImpl: typeof fetch;
  constructor(private readonly opts: AppClientOptions) {
    this.fetchImpl = opts.fetch ?? fetch;
  }

  /**
   * One signed call; `path` is under the server, query included. Answers the raw Response (any status):
   * the signed target is taken from the URL fetch will send, so the encoding of the query cannot differ.
   */
  async send(method: string, path: string, body?: unknown, init: { signal?: AbortSignal } = {}): Promise<Response> {
    const url = new URL(this.opts.baseUrl.replace(/\/$/, '') + path);
    const text = body === undefined ? undefined : JSON.stringify(body);
    const signed = signRequest({
      method, path: url.pathname + url.search, body: text ?? '', accessKey: this.opts.accessKey, secret: this.opts.secret,
      timestamp: Math.floor((this.opts.now ?? Date.now)() / 1000),
    });
    const headers: Record<string, string> = { ...signed.headers, 'accept-language': this.opts.lang ?? 'en' };
    if (text !== undefined) headers['content-type'] = 'application/json';
    return this.fetchImpl(url, { method, headers, body: text, signal: init.signal });
  }

  /** A signed call answering the envelope's data; throws AppApiError unless 2xx. */
  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.send(method, path, body);
    const text = await res.text();
    let env: { code?: number; msg?: string; data?: T } = {};
    try { env = JSON.parse(text); } catch { /* not an envelope */ }
    if (!res.ok) throw new AppApiError(res.status, env.code ?? res.status, env.msg ?? (text || res.statusText));
    return env.data as T;
  }

  /** Registers (or refreshes) an ephemeral instance; heartbeat every 5 s after. Right: registry:write. */
  register(r: Registration) { return this.call<Instance>('POST', `${OPEN}/instances`, r); }
  /** false when the instance is no longer registered (register again). Right: registry:write. */
  async beat(k: InstanceKey): Promise<boolean> {
    try {
      return await this.call<boolean>('PUT', `${OPEN}/instances/beat`, k);
    } catch (e) {
      if (e instanceof AppApiError && e.status === 404) return false;
      throw e;
    }
  }
  /** true when an instance was removed. Right: registry:write. */
  deregister(k: InstanceKey) { return this.call<boolean>('POST', `${OPEN}/instances/deregister`, k); }
  /** The usable instances of a service. Right: registry:read. */
  instances(serviceName: string, groupName?: string) {
    const q = new URLSearchParams({ serviceName, ...(groupName ? { groupName } : {}) });
    return this.call<{ name: string; group: string; protectThreshold: number; instances: Instance[] }>('GET', `${OPEN}/instances?${q}`);
  }
  /** A config's content and MD5, or null when there is none. Right: config:read in its namespace. */
  async getConfig(k: ConfigKey): Promise<{ content: string; md5: string; type: string } | null> {
    const q = new URLSearchParams({ dataId: k.dataId, ...(k.group ? { group: k.group } : {}), ...(k.namespaceId ? { namespaceId: k.namespaceId } : {}) });
    const res = await this.send('GET', `${OPEN}/configs?${q}`);
    const text = await res.text();
    if (res.status === 404) return null;
    if (!res.ok) {
      let env: { code?: number; msg?: string } = {};
      try { env = JSON.parse(text); } catch { /* not an envelope */ }
      throw new AppApiError(res.status, env.code ?? res.status, env.msg ?? text);
    }
    return { content: text, md5: res.headers.get('content-md5') ?? '', type: res.headers.get('config-type') ?? 'text' };
  }
  /**
   * Long poll: the configs whose MD5 differs from the one given (md5 "" for one not read yet), at once,
   * or after `timeoutMs` (≤ 30 000) those changed meanwhile. Right: config:read.
   */
  listen(configs: (ConfigKey & { md5: string })[], timeoutMs = 30_000) {
    return this.call<{ namespaceId: string; dataId: string; group: string; md5: string }[]>('POST', `${OPEN}/configs/listen`, { configs, timeoutMs });
  }
}
