import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormField, FormInput } from '@bencao/contracts';
import { startTestServer, DEMO, type TestServer } from './harness';
import { accounts } from '../src/db/schema/index';
import { hashPassword } from '../src/platform/auth/passwords';

/** Files of upload fields are private: only the uploader and those who may see a document holding them get the bytes. */

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

const L = (en: string, zh: string) => ({ en, zh, es: en, ja: zh });
const field = (key: string, type: FormField['type'], more: Partial<FormField> = {}): FormField =>
  ({ kind: 'field', id: `f_${key}`, key, type, label: L(key, key), ...more });

async function tokenWith(userId: string) {
  // an account with no role: signed in, but no authority
  await s.built.deps.db.insert(accounts).values({ userId, userName: userId, passwordHash: await hashPassword('Tester@2026') }).onConflictDoNothing();
  return s.login(userId, 'Tester@2026');
}

async function upload(token: string, name: string, bytes: string) {
  const body = new FormData();
  body.append('file', new Blob([bytes], { type: 'application/pdf' }), name);
  const res = await fetch(`${s.url}/api/forms/files`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
  const json = await res.json() as { code: number; data: { name: string; url: string } };
  expect(json.code).toBe(200);
  return json.data;
}

describe('forms: uploaded files are private', () => {
  it('serves a file to its uploader and to who may see its document; others get 403, anonymous 401', async () => {
    const alice = await tokenWith('filesalice');
    const bob = await tokenWith('filesbob');
    const file = await upload(alice, 'cv.pdf', '%PDF-1.4 curriculum vitae');
    expect(file.url).toMatch(/^\/api\/forms\/files\/\d+-[a-f0-9]{32}\.pdf$/);

    // before any document holds it: only the uploader
    const own = await s.request('GET', file.url, { token: alice });
    expect(own.status).toBe(200);
    expect(own.body).toBe('%PDF-1.4 curriculum vitae');
    expect(own.headers.get('content-disposition')).toContain('attachment');
    expect((await s.request('GET', file.url, { token: bob })).status).toBe(403);
    expect((await s.request('GET', file.url, { token: admin })).status).toBe(403);
    expect((await s.request('GET', file.url)).status).toBe(401);
    const refused = await s.request('GET', file.url, { token: bob, lang: 'zh' });
    expect(refused.body.msg).toBe('您无权查看此文件所属的表单数据');

    // a standalone document holding it: the form's data authority sees it, a stranger still does not
    const form: FormInput = { name: 'Job application', action: 'store', schema: { version: 1, nodes: [field('name', 'text'), field('cv', 'upload')] } } as FormInput;
    const created = await s.request('POST', '/api/forms', { token: admin, body: form });
    const id = created.body.data.id as number;
    expect((await s.request('POST', `/api/forms/${id}/publish`, { token: admin })).status).toBe(200);
    const submitted = await s.request('POST', `/api/forms/${id}/submit`, { token: admin, body: { data: { name: 'Li', cv: [file] } } });
    expect(submitted.status).toBe(200);
    expect((await s.request('GET', file.url, { token: admin })).status).toBe(200);
    expect((await s.request('GET', file.url, { token: bob })).status).toBe(403);
  });

  it('refuses a malformed address', async () => {
    expect((await s.request('GET', '/api/forms/files/..%2Fsecret', { token: admin })).status).toBe(400);
  });
});

describe('forms: an upload past the size limit', () => {
  it('names a file, not an image, in the caller\'s language', async () => {
    const big = new Uint8Array(30 * 1024 * 1024).fill(0x25); // 30 MB of "%": no image
    for (const [lang, text] of [['en', 'The file is larger than 20 MB'], ['zh', '文件大小不能超过 20 MB'], ['es', 'El archivo supera los 20 MB'], ['ja', 'ファイルのサイズは 20 MB 以下にしてください']] as const) {
      const body = new FormData();
      body.append('file', new Blob([big], { type: 'application/pdf' }), 'scan.pdf');
      const res = await fetch(`${s.url}/api/forms/files`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'accept-language': lang }, body });
      const json = await res.json() as { code: number; msg: string };
      expect({ status: res.status, msg: json.msg }).toEqual({ status: 413, msg: text });
    }
    const empty = new FormData();
    empty.append('file', new Blob([], { type: 'application/pdf' }), 'empty.pdf');
    const res = await fetch(`${s.url}/api/forms/files`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: empty });
    expect(((await res.json()) as { msg: string }).msg).toBe('Choose a file to upload');
  });
});
