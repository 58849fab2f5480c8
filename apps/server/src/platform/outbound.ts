import dns from 'node:dns';
import net from 'node:net';
import os from 'node:os';
import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';
import { eq } from 'drizzle-orm';
import { translate, type MessageKey } from '@bencao/contracts';
import type { Db } from '../db/client';
import { outboundPolicy } from '../db/schema/outbound';
import { AppError } from './errors';

/**
 * The one HTTP client for every call the server makes on an operator's behalf (workflow listeners,
 * the `httpCall` plugin) and the address rule it applies, also to instances applications register.
 *
 * Loopback, link-local (cloud metadata), private (RFC 1918, fc00::/7), unspecified, other
 * special-purpose ranges (CGNAT, multicast, broadcast, reserved; IPv4-mapped IPv6 forms of them all)
 * and the server's own addresses are refused, unless the operator's allow-list (`outbound_policy`,
 * Security › Outbound requests) names the host, its domain (`*.example.com`) or the address (IP or CIDR).
 * The rule is applied when a URL is saved and again at every call: the host is resolved, every address
 * checked, and the connection made to the checked address (a lookup hook of the socket), so a DNS
 * answer that changes in between cannot swap it; each redirect hop is checked the same way.
 */

export interface ResolvedAddress { address: string; family: 4 | 6 }
export type HostResolver = (host: string) => Promise<ResolvedAddress[]>;

const systemResolver: HostResolver = async (host) =>
  (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
let resolver: HostResolver = systemResolver;
/** Tests: answer host names without DNS (no argument: the system's resolver again). */
export function setOutboundResolver(r?: HostResolver) { resolver = r ?? systemResolver; }

type Refusal = 'loopback' | 'linkLocal' | 'private' | 'unspecified' | 'special' | 'own';
const REFUSAL_KEY: Record<Refusal | 'scheme' | 'unresolved' | 'redirects', MessageKey> = {
  loopback: 'outbound.loopback', linkLocal: 'outbound.linkLocal', private: 'outbound.private', unspecified: 'outbound.unspecified',
  special: 'outbound.special', own: 'outbound.own', scheme: 'outbound.scheme', unresolved: 'outbound.unresolved', redirects: 'outbound.redirects',
};

/**
 * A 400 naming the field and the rule (translated into the caller's language by the envelope); its
 * `message` is the English text, which is what a job or a listener invocation records.
 */
export class OutboundRefused extends AppError {
  constructor(reason: keyof typeof REFUSAL_KEY, params: { field: string; host?: string; address?: string; n?: number }) {
    super(400, REFUSAL_KEY[reason], params);
    this.message = translate('en', REFUSAL_KEY[reason], params);
  }
}

let own: { at: number; set: Set<string> } | null = null;
/** the addresses of this machine's interfaces (read again after a minute) */
function ownAddresses(): Set<string> {
  if (!own || Date.now() - own.at > 60_000) {
    const set = new Set<string>();
    for (const list of Object.values(os.networkInterfaces())) {
      for (const a of list ?? []) { try { set.add(ipaddr.process(a.address.split('%')[0]).toNormalizedString()); } catch { /* not an address */ } }
    }
    own = { at: Date.now(), set };
  }
  return own.set;
}

/** Why an address is refused by the rule, or null for a public address. */
export function refusalOf(address: string): Refusal | null {
  let a: ipaddr.IPv4 | ipaddr.IPv6;
  try { a = ipaddr.process(address.replace(/^\[(.*)\]$/, '$1').split('%')[0]); } catch { return 'special'; }
  // the deprecated IPv4-compatible form (::127.0.0.1, ::/96), which ipaddr.js calls unicast: judged as the IPv4
  // address it holds, and refused even when that one is public
  if (a.kind() === 'ipv6' && a.range() === 'unicast' && (a as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) {
    const [hi, lo] = (a as ipaddr.IPv6).parts.slice(6);
    return refusalOf(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`) ?? 'special';
  }
  const range = a.range();
  if (range !== 'loopback' && ownAddresses().has(a.toNormalizedString())) return 'own';
  switch (range) {
    case 'unicast': return null;
    case 'loopback': return 'loopback';
    case 'linkLocal': return 'linkLocal';
    case 'private': case 'uniqueLocal': return 'private';
    case 'unspecified': return 'unspecified';
    default: return 'special';
  }
}

/** The operator's allow-list, read from the database at each check (one small row; every process sees a change at once). */
export async function outboundAllowList(db: Pick<Db, 'select'>): Promise<string[]> {
  const [row] = await db.select({ hosts: outboundPolicy.allowHosts }).from(outboundPolicy).where(eq(outboundPolicy.id, 1));
  return row?.hosts ?? [];
}

const bare = (host: string) => host.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');

/** true when an entry names the host itself or its domain (`*.example.com`) */
function namesHost(list: string[], host: string): boolean {
  const h = bare(host);
  return list.some((e) => e === h || (e.startsWith('*.') && h.endsWith(e.slice(1))));
}

/** true when an entry is the address or a CIDR range holding it */
function coversAddress(list: string[], address: string): boolean {
  let a: ipaddr.IPv4 | ipaddr.IPv6;
  try { a = ipaddr.process(address); } catch { return false; }
  return list.some((e) => {
    try {
      if (e.includes('/')) {
        const [net, bits] = ipaddr.parseCIDR(e);
        const n = net.kind() === 'ipv6' && (net as ipaddr.IPv6).isIPv4MappedAddress() ? ipaddr.process(net.toString()) : net;
        return n.kind() === a.kind() && a.match([n, n.kind() === 'ipv4' && net.kind() === 'ipv6' ? bits - 96 : bits] as never);
      }
      return ipaddr.isValid(e) && ipaddr.process(e).toNormalizedString() === a.toNormalizedString();
    } catch { return false; }
  });
}

/** Throws OutboundRefused unless every address is allowed (public, or on the list; private ones too with `allowPrivate`). */
function checkAddresses(list: string[], field: string, host: string, addresses: string[], allowPrivate = false) {
  if (namesHost(list, host)) return;
  for (const address of addresses) {
    const refusal = refusalOf(address);
    if (refusal && !(allowPrivate && refusal === 'private') && !coversAddress(list, address)) throw new OutboundRefused(refusal, { field, host: bare(host), address });
  }
}

function parseHttpUrl(raw: string, field: string): URL {
  let url: URL;
  try { url = new URL(raw); } catch { throw new OutboundRefused('scheme', { field }); }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused('scheme', { field });
  return url;
}

/**
 * The save-time check of a URL the server will call. A host name is resolved and each of its
 * addresses checked; a name that does not resolve yet is accepted (the call checks it again).
 * A URL whose host is still a template (`{{…}}`) is checked only when it is called.
 */
export async function assertOutboundUrl(db: Pick<Db, 'select'>, raw: string, field: string): Promise<void> {
  if (/\{\{[^}]*\}\}/.test(raw) && !/^[a-z]+:\/\/[^/{]+(\/|$)/i.test(raw)) return;
  const url = parseHttpUrl(raw, field);
  await assertOutboundHost(db, url.hostname, field, { unresolved: 'accept' });
}

/**
 * The same rule for a host or address alone. `allowPrivate`: private ranges pass (instances that
 * applications register: service governance is about internal services), the others do not.
 */
export async function assertOutboundHost(db: Pick<Db, 'select'>, host: string, field: string,
  opts: { unresolved?: 'accept' | 'refuse'; allowPrivate?: boolean } = {}) {
  const list = await outboundAllowList(db);
  const h = bare(host);
  if (net.isIP(h)) return checkAddresses(list, field, h, [h], opts.allowPrivate);
  if (namesHost(list, h)) return;
  let addresses: ResolvedAddress[];
  try { addresses = await resolver(h); } catch { addresses = []; }
  if (!addresses.length) {
    if (opts.unresolved === 'accept') return;
    throw new OutboundRefused('unresolved', { field, host: h });
  }
  checkAddresses(list, field, h, addresses.map((a) => a.address), opts.allowPrivate);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A dispatcher whose sockets connect only to addresses the rule allowed, resolved by the (injectable) resolver. */
function checkedAgent(list: string[], field: string) {
  const lookup = (hostname: string, options: dns.LookupOptions, cb: LookupCallback) => {
    (async () => {
      let addresses: ResolvedAddress[];
      try { addresses = await resolver(hostname); } catch { addresses = []; }
      if (!addresses.length) throw new OutboundRefused('unresolved', { field, host: hostname });
      checkAddresses(list, field, hostname, addresses.map((a) => a.address));
      const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
      if (!wanted.length) throw new OutboundRefused('unresolved', { field, host: hostname });
      return wanted;
    })().then(
      (wanted) => (options.all ? cb(null, wanted) : cb(null, wanted[0].address, wanted[0].family)),
      (e: NodeJS.ErrnoException) => cb(e, ''),
    );
  };
  return new Agent({ connect: { lookup: lookup as never }, connections: 1, pipelining: 0 });
}

export interface OutboundRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}
export interface OutboundResponse { status: number; ok: boolean; text: string }

const MAX_REDIRECTS = 5;
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Calls a URL under the rule. `field` names the setting the URL came from (for the 400). Redirects
 * are followed up to five hops, each one checked; 301/302/303 turn a POST into a GET without body.
 * Throws OutboundRefused when the rule refuses a hop; network failures throw as they are.
 */
export async function outboundRequest(db: Pick<Db, 'select'>, raw: string, init: OutboundRequest, field: string): Promise<OutboundResponse> {
  const list = await outboundAllowList(db);
  const agent = checkedAgent(list, field);
  const signal = AbortSignal.timeout(init.timeoutMs);
  let url = parseHttpUrl(raw, field);
  let { method, body } = init;
  let headers = { ...init.headers };
  try {
    for (let hop = 0; ; hop++) {
      const host = bare(url.hostname);
      // an address literal is not looked up by the socket: it is checked here
      if (net.isIP(host)) checkAddresses(list, field, host, [host]);
      let res;
      try {
        res = await request(url, { method: method as never, headers, body, signal, dispatcher: agent });
      } catch (e) {
        const cause = (e as { cause?: unknown })?.cause;
        if (e instanceof OutboundRefused) throw e;
        if (cause instanceof OutboundRefused) throw cause;
        throw e;
      }
      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode) && typeof location === 'string') {
        await res.body.dump();
        if (hop >= MAX_REDIRECTS) throw new OutboundRefused('redirects', { field, n: MAX_REDIRECTS });
        const next = parseHttpUrl(new URL(location, url).toString(), field);
        if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')) {
          method = method === 'HEAD' ? 'HEAD' : 'GET';
          body = undefined;
          headers = Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'content-type'));
        }
        if (next.origin !== url.origin) {
          headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !['authorization', 'cookie'].includes(k.toLowerCase())));
        }
        url = next;
        continue;
      }
      let size = 0;
      const chunks: Buffer[] = [];
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > MAX_ANSWER_BYTES) { res.body.destroy(); break; }
        chunks.push(chunk as Buffer);
      }
      return { status: res.statusCode, ok: res.statusCode >= 200 && res.statusCode < 300, text: Buffer.concat(chunks).toString('utf8') };
    }
  } finally {
    void agent.close().catch(() => undefined);
  }
}
