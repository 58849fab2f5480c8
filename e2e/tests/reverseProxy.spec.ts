import crypto from 'node:crypto';
import { test, expect } from '@playwright/test';
import { ConsoleApp } from '../fixtures';
import { call, ports, publicOrigin, serverUrl, startProxiedServer } from '../reverseProxy';

/**
 * Behind a real reverse proxy (issue 30, item 5): Debian's nginx with deploy/nginx/bencao.conf terminates TLS in
 * front of the built server (TRUST_PROXY=127.0.0.1, SITE_URL = nginx's HTTPS address); its own server and nginx,
 * started here and stopped at the end (reverseProxy.ts).
 */
test.describe.configure({ mode: 'serial' });

let proxy: Awaited<ReturnType<typeof startProxiedServer>> | undefined;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  proxy = await startProxiedServer();
});
test.afterAll(async () => { await proxy?.stop(); });

const plainOrigin = `http://127.0.0.1:${ports.http}`;

/** the console's login (one-time RSA-OAEP key, form post) through nginx, as a client at `localAddress` */
async function loginThroughProxy(userId: string, password: string, localAddress: string, headers: Record<string, string> = {}) {
  const keyAnswer = await call(`${publicOrigin}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`, { localAddress, headers });
  const key = JSON.parse(keyAnswer.body).data as { keyId: string; publicKey: string };
  const pub = crypto.createPublicKey({ key: Buffer.from(key.publicKey, 'base64'), format: 'der', type: 'spki' });
  const cipher = crypto.publicEncrypt({ key: pub, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString('base64');
  return call(`${publicOrigin}/api/oauth/token`, {
    method: 'POST', localAddress,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: userId, password: cipher, key_id: key.keyId }).toString(),
  });
}

test('plain HTTP on the public address is redirected to the same path over HTTPS, without HSTS', async () => {
  const a = await call(`${plainOrigin}/console/login?next=%2Fhome`, { headers: { host: 'localhost' } });
  expect(a.status).toBe(301);
  expect(a.headers.location).toBe(`${publicOrigin}/console/login?next=%2Fhome`);
  expect(a.headers['strict-transport-security']).toBeUndefined();
});

test('the login log holds the client\'s address as nginx saw it, not the proxy\'s nor a forged one', async () => {
  // a client at 127.0.0.2 claiming another address: nginx replaces X-Forwarded-For with the socket's address
  const ok = await loginThroughProxy('admin', 'Bencao@2026', '127.0.0.2', { 'x-forwarded-for': '203.0.113.9' });
  expect(ok.status, ok.body).toBe(200);
  const bad = await loginThroughProxy('admin', 'not-the-password', '127.0.0.2');
  expect(bad.status).toBe(400);
  expect(ok.headers['set-cookie']).toBeUndefined();

  const token = JSON.parse(ok.body).access_token as string;
  const logs = await call(`${publicOrigin}/api/audit/login-logs?page=1&limit=5&userId=admin`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
  expect(logs.status, logs.body).toBe(200);
  const rows = (JSON.parse(logs.body).data as { records: { ip: string; outcome: string }[] }).records;
  expect(rows.slice(0, 2).map((r) => [r.outcome, r.ip])).toEqual([['failure', '127.0.0.2'], ['success', '127.0.0.2']]);
});

test('HSTS and upgrade-insecure-requests over TLS only; caching and compression pass through once', async () => {
  for (const p of ['/', '/console/login', '/api/health']) {
    const tls = await call(`${publicOrigin}${p}`);
    expect(tls.status, p).toBe(200);
    expect(tls.headers['strict-transport-security'], p).toBe('max-age=31536000; includeSubDomains');
    if (p !== '/api/health') expect(tls.headers['content-security-policy'], p).toContain('upgrade-insecure-requests');
    // the server's own plain-HTTP port: neither (a browser there would be sent to an https that does not exist)
    const direct = await call(`${serverUrl}${p}`);
    expect(direct.status, p).toBe(200);
    expect(direct.headers['strict-transport-security'], p).toBeUndefined();
    expect(direct.headers['content-security-policy'] ?? '', p).not.toContain('upgrade-insecure-requests');
  }
  // a client forging X-Forwarded-Proto on the server's own port is not believed (it is not TRUST_PROXY)
  const forged = await call(`${serverUrl}/`, { localAddress: '127.0.0.2', headers: { 'x-forwarded-proto': 'https' } });
  expect(forged.headers['strict-transport-security']).toBeUndefined();

  const index = await call(`${publicOrigin}/console/`);
  expect(index.headers['cache-control']).toBe('no-cache');
  const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(index.body)?.[1];
  expect(script).toBeTruthy();
  const asset = await call(`${publicOrigin}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(asset.status).toBe(200);
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers['content-encoding']).toMatch(/^(br|gzip)$/);
});

test('the site\'s canonical URLs, sitemap and robots.txt name the public HTTPS address', async () => {
  const home = await call(`${publicOrigin}/`);
  expect(home.body).toContain(`<link rel="canonical" href="${publicOrigin}/"`);
  const robots = await call(`${publicOrigin}/robots.txt`);
  expect(robots.body).toContain(`Sitemap: ${publicOrigin}/sitemap.xml`);
  const sitemap = await call(`${publicOrigin}/sitemap.xml`);
  expect(sitemap.body).toContain(`<loc>${publicOrigin}/</loc>`);
  expect(sitemap.body).not.toContain(`127.0.0.1:${ports.server}`);
});

test.describe('in Chromium through nginx', () => {
  test.use({ baseURL: publicOrigin, ignoreHTTPSErrors: true });

  test('the console signs in and the site opens; the site\'s cookies are Secure', async ({ page, context }) => {
    const app = new ConsoleApp(page);
    await app.login('admin', 'Bencao@2026');
    await expect(page).toHaveURL(new RegExp(`^${publicOrigin}/console/`));

    await page.goto('/');
    await expect(page.locator('header')).toBeVisible();
    // the language switch remembers the choice in a cookie the server reads: over HTTPS it must be Secure
    await page.locator('.lang-switch button[lang="en"]').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const lang = (await context.cookies(publicOrigin)).find((c) => c.name === 'bencao-lang');
    expect(lang?.value).toBe('en');
    expect(lang?.secure).toBe(true);
  });
});
