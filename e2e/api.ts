import crypto from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

/** Logs in over the API the way the console does (one-time RSA-OAEP key) and answers the access token. */
export async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<string> {
  const key = (await (await request.get('/api/uc/getkey/LoginGetKey.do?method=getLoginKey')).json()).data as { keyId: string; publicKey: string };
  const pub = crypto.createPublicKey({ key: Buffer.from(key.publicKey, 'base64'), format: 'der', type: 'spki' });
  const cipher = crypto.publicEncrypt({ key: pub, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString('base64');
  const res = await request.post('/api/oauth/token', { form: { grant_type: 'password', username, password: cipher, key_id: key.keyId } });
  if (!res.ok()) throw new Error(`login ${username}: ${res.status()} ${await res.text()}`);
  return (await res.json()).access_token as string;
}

/** One JSON call with a token; answers the envelope's data, failing on a non-200 envelope. */
export async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(url, { method, data, headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'en' } });
  const body = await res.json();
  if (body.code !== 200) throw new Error(`${method} ${url}: ${res.status()} ${JSON.stringify(body)}`);
  return body.data as T;
}

/** A fresh account with the given roles (by code), for tests that lock, grant or change it. */
export async function createAccount(request: APIRequestContext, adminToken: string, userId: string, password: string, roleCodes: string[] = []) {
  const roles = await api<{ records: { id: number; code: string }[] }>(request, adminToken, 'GET', '/api/security/roles?page=1&limit=500');
  const roleIds = roles.records.filter((r) => roleCodes.includes(r.code)).map((r) => r.id);
  return api<{ id: number }>(request, adminToken, 'POST', '/api/security/accounts', { userId, userName: `E2E ${userId}`, password, confirmPassword: password, roleIds, groupIds: [] });
}
