/**
 * IP policy of an account (SPEC §5): items separated by ";", "*" wildcards an octet, "-" gives a
 * range (a full address range or a last-octet range), a leading "-" forbids.
 * Forbidding items win; when allowing items exist, the address must match one of them.
 */
export interface IpRule {
  deny: boolean;
  matches(ip: string): boolean;
}

const OCTET = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

function toNumber(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4 || !parts.every((p) => OCTET.test(p))) return null;
  return parts.reduce((acc, p) => acc * 256 + Number(p), 0);
}

/** Normalises an IPv4-mapped IPv6 address (::ffff:1.2.3.4) and ::1. */
export function normaliseIp(ip: string): string {
  if (ip === '::1') return '127.0.0.1';
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

function parseItem(raw: string): IpRule | null {
  let item = raw.trim();
  const deny = item.startsWith('-');
  if (deny) item = item.slice(1).trim();
  if (!item) return null;
  if (item.includes('*')) {
    const parts = item.split('.');
    if (parts.length !== 4 || !parts.every((p) => p === '*' || OCTET.test(p))) return null;
    return { deny, matches: (ip) => { const q = ip.split('.'); return q.length === 4 && parts.every((p, i) => p === '*' || p === q[i]); } };
  }
  const dash = item.indexOf('-');
  if (dash > 0) {
    const from = item.slice(0, dash).trim();
    let to = item.slice(dash + 1).trim();
    if (OCTET.test(to)) to = from.split('.').slice(0, 3).concat(to).join('.');
    const a = toNumber(from), b = toNumber(to);
    if (a === null || b === null || a > b) return null;
    return { deny, matches: (ip) => { const n = toNumber(ip); return n !== null && n >= a && n <= b; } };
  }
  const n = toNumber(item);
  if (n === null) return null;
  return { deny, matches: (ip) => toNumber(ip) === n };
}

export type IpPolicyParse = { ok: true; rules: IpRule[] } | { ok: false; badItem: string };

export function parseIpPolicy(policy: string): IpPolicyParse {
  const rules: IpRule[] = [];
  for (const raw of policy.split(';')) {
    if (!raw.trim()) continue;
    const rule = parseItem(raw);
    if (!rule) return { ok: false, badItem: raw.trim() };
    rules.push(rule);
  }
  return { ok: true, rules };
}

export function ipAllowed(policy: string, ip: string): boolean {
  const parsed = parseIpPolicy(policy);
  if (!parsed.ok) return false;
  const addr = normaliseIp(ip);
  if (parsed.rules.some((r) => r.deny && r.matches(addr))) return false;
  const allows = parsed.rules.filter((r) => !r.deny);
  return allows.length === 0 || allows.some((r) => r.matches(addr));
}
