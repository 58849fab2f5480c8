import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

/**
 * Login keys cost an RSA key pair each: one address may take a burst of them (a token bucket kept in
 * the database, refilled at the per-minute limit) and is refused with 429 past it, long before the
 * minute's limit; other addresses are still served.
 */
let s: TestServer;
let clock = new Date('2026-03-02T09:00:00.000Z').getTime();
const PER_MINUTE = 60; // the burst is then the default's: 10 (a sixth, at least 10)

beforeAll(async () => {
  s = await startTestServer({ now: () => new Date(clock), trustProxy: ['127.0.0.1'], loginKeyRateLimit: PER_MINUTE, loginKeyBurst: undefined });
});
afterAll(async () => { await s?.close(); });

const getKey = (ip: string, lang = 'en') =>
  s.request('GET', '/api/uc/getkey/LoginGetKey.do?method=getLoginKey', { lang, headers: { 'x-forwarded-for': ip } });

describe('login keys: a burst limit per address', () => {
  it('refuses a burst from one address with 429 before the minute is used up, serves other addresses, and refills with time', async () => {
    const flood = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await getKey(flood)).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429, 429, 429]);

    const refused = await getKey(flood, 'zh');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body.msg).toBe('请求过于频繁，请稍后再试');

    const other = await getKey('198.51.100.8');
    expect(other.status).toBe(200);
    expect(other.body.data.keyId).toBeTruthy();

    // one refill per second at 60 a minute: one more key, then 429 again
    clock += 1000;
    expect((await getKey(flood)).status).toBe(200);
    expect((await getKey(flood)).status).toBe(429);
    // after ten seconds the bucket is full again
    clock += 10_000;
    const again: number[] = [];
    for (let i = 0; i < 11; i++) again.push((await getKey(flood)).status);
    expect(again).toEqual([...Array(10).fill(200), 429]);
  });

  it('a login with a key still works for an address that was never flooded', async () => {
    const key = await getKey('198.51.100.9');
    expect(key.status).toBe(200);
    const res = await s.loginRaw('admin', 'Bencao@2026');
    expect(res.status).toBe(200);
  });
});
