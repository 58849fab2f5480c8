import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { parse } from 'yaml';
import { AppClient } from '@bencao/app-client';
import { startTestServer, DEMO, type TestServer } from './harness';
import { accountsKit } from './accountsKit';
import { eq } from 'drizzle-orm';
import { operationLogs } from '../src/db/schema/index';

/**
 * Config centre operations at the Nacos console's level (issue 16): clone to another namespace and
 * zip import with the abort / skip / overwrite conflict policies, zip export in Nacos's layout, hostile
 * archives refused by name and rule, and beta (gray) publish answered by client IP.
 */

let clock = 0;
let s: TestServer;
let admin: string;
let auditor: string;
let cloner: string;
const ids: Record<string, number> = {};

const api = (method: string, path: string, body?: unknown, token = admin, lang = 'en') => s.request(method, path, { token, body, lang });
const kit = () => accountsKit(s, () => admin);

async function config(namespaceId: string, dataId: string, content: string, type = 'yaml') {
  const res = await api('POST', '/api/gateway/configs', { namespaceId, dataId, group: 'DEFAULT_GROUP', type, content, description: `${dataId} desc` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; md5: string };
}
async function configsOf(namespaceId: string) {
  const res = await api('GET', `/api/gateway/configs?namespaceId=${namespaceId}&limit=100`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.records as { id: number; dataId: string; md5: string; beta: boolean }[];
}
async function contentOf(namespaceId: string, dataId: string) {
  const row = (await configsOf(namespaceId)).find((r) => r.dataId === dataId);
  return row ? ((await api('GET', `/api/gateway/configs/${row.id}`)).body.data.content as string) : null;
}
async function historyOps(namespaceId: string, dataId: string) {
  const res = await api('GET', `/api/gateway/configs/history?namespaceId=${namespaceId}&dataId=${dataId}&group=DEFAULT_GROUP`);
  return (res.body.data.records as { opType: string; operator: string }[]).map((r) => r.opType);
}

/** uploads an archive as the console does (multipart `file`) */
async function importZip(archive: Uint8Array, namespaceId: string, policy: string, token = admin, lang = 'en') {
  const form = new FormData();
  form.append('file', new Blob([archive], { type: 'application/zip' }), 'configs.zip');
  const res = await fetch(`${s.url}/api/gateway/configs/import?namespaceId=${namespaceId}&policy=${policy}`, {
    method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
  });
  return { status: res.status, body: await res.json() as { code: number; msg: string; data: { cloned: number; skipped: number; overwritten: number } } };
}

beforeAll(async () => {
  clock = Date.UTC(2099, 0, 1, 8, 0, 0);
  // the server sits behind a trusted proxy on 127.0.0.1: the client address is X-Forwarded-For's
  s = await startTestServer({ now: () => new Date(clock), trustProxy: ['127.0.0.1'] });
  [admin, auditor] = await Promise.all([s.login(DEMO.admin.userId, DEMO.admin.password), s.login(DEMO.auditor.userId, DEMO.auditor.password)]);
  for (const id of ['cfg-dev', 'cfg-test', 'cfg-zip']) expect((await api('POST', '/api/gateway/namespaces', { namespaceId: id, showName: id })).status).toBe(200);
  ids.a = (await config('cfg-dev', 'order.yaml', 'timeout: 1\n')).id;
  ids.b = (await config('cfg-dev', 'stock.json', '{"max":5}', 'json')).id;
  ids.c = (await config('cfg-dev', 'pay.properties', 'x=1', 'properties')).id;
  // a delegated administrator who may read configs and clone them, nothing more
  await kit().role('cfg_cloner', ['gateway:config', 'gateway:config:clone']);
  const role = (await api('GET', '/api/security/roles?limit=100')).body.data.records.find((r: { code: string }) => r.code === 'cfg_cloner');
  await kit().account('cfg_cloner', { roleIds: [role.id] });
  cloner = await s.login('cfg_cloner', 'Passw0rd!x');
});
afterAll(async () => { await s?.close(); });

describe('clone configs to another namespace', () => {
  it('abort: a config already in the target is named (409) and nothing is cloned', async () => {
    await config('cfg-test', 'stock.json', '{"max":1}', 'json');
    const res = await api('POST', '/api/gateway/configs/clone', { ids: [ids.a, ids.b], targetNamespaceId: 'cfg-test', policy: 'abort' });
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('DEFAULT_GROUP/stock.json');
    expect((await configsOf('cfg-test')).map((r) => r.dataId)).toEqual(['stock.json']);
    const zh = await api('POST', '/api/gateway/configs/clone', { ids: [ids.b], targetNamespaceId: 'cfg-test' }, admin, 'zh');
    expect(zh.body.msg).toContain('命名空间 cfg-test 中已存在');
  });

  it('skip keeps the target\'s config; overwrite replaces it; each new or overwritten config gets its history row', async () => {
    const skip = await api('POST', '/api/gateway/configs/clone', { ids: [ids.a, ids.b], targetNamespaceId: 'cfg-test', policy: 'skip' });
    expect(skip.status, JSON.stringify(skip.body)).toBe(200);
    expect(skip.body.data).toEqual({ cloned: 1, skipped: 1, overwritten: 0 });
    expect(skip.body.msg).toBe('Cloned 1, skipped 1, overwritten 0');
    expect(await contentOf('cfg-test', 'stock.json')).toBe('{"max":1}');
    expect(await contentOf('cfg-test', 'order.yaml')).toBe('timeout: 1\n');
    expect(await historyOps('cfg-test', 'order.yaml')).toEqual(['insert']);

    const over = await api('POST', '/api/gateway/configs/clone', { ids: [ids.b, ids.c], targetNamespaceId: 'cfg-test', policy: 'overwrite' });
    expect(over.body.data).toEqual({ cloned: 1, skipped: 0, overwritten: 1 });
    expect(await contentOf('cfg-test', 'stock.json')).toBe('{"max":5}');
    expect(await historyOps('cfg-test', 'stock.json')).toEqual(['update', 'insert']);
    // the source namespace is untouched
    expect((await configsOf('cfg-dev')).map((r) => r.dataId).sort()).toEqual(['order.yaml', 'pay.properties', 'stock.json']);
  });

  it('refuses the configs\' own namespace, a namespace that does not exist, a missing config', async () => {
    expect((await api('POST', '/api/gateway/configs/clone', { ids: [ids.a], targetNamespaceId: 'cfg-dev' })).status).toBe(400);
    const none = await api('POST', '/api/gateway/configs/clone', { ids: [ids.a], targetNamespaceId: 'nowhere' });
    expect(none.status).toBe(400);
    expect(none.body.msg).toContain('nowhere');
    expect((await api('POST', '/api/gateway/configs/clone', { ids: [999999], targetNamespaceId: 'cfg-test' })).status).toBe(404);
    const bad = await api('POST', '/api/gateway/configs/clone', { ids: [ids.a], targetNamespaceId: 'cfg-test', policy: 'merge' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('policy');
  });

  it('a delegated administrator with the clone action clones; it may not import, export or beta-publish (403); the auditor may not clone', async () => {
    const res = await api('POST', '/api/gateway/configs/clone', { ids: [ids.c], targetNamespaceId: 'cfg-zip', policy: 'skip' }, cloner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.cloned).toBe(1);
    expect((await api('POST', '/api/gateway/configs/clone', { ids: [ids.c], targetNamespaceId: 'cfg-zip', policy: 'skip' }, auditor)).status).toBe(403);
    expect((await importZip(zipSync({ 'DEFAULT_GROUP/x.txt': strToU8('x') }), 'cfg-zip', 'skip', cloner)).status).toBe(403);
    expect((await api('GET', '/api/gateway/configs/export?namespaceId=cfg-dev', undefined, cloner)).status).toBe(403);
    expect((await api('PUT', `/api/gateway/configs/${ids.a}/beta`, { content: 'timeout: 2\n', ips: ['10.0.0.7'] }, cloner)).status).toBe(403);
  });

  it('is recorded in the operation log, with who did it and the outcome', async () => {
    const rows = await s.built.deps.db.select().from(operationLogs).where(eq(operationLogs.operation, 'POST /api/gateway/configs/clone'));
    expect(rows.map((r) => `${r.userId} ${r.status}`)).toEqual(expect.arrayContaining(['admin 409', 'admin 200', 'cfg_cloner 200', 'auditor 403']));
  });
});

describe('zip export and import', () => {
  it('exports the selected configs, or the current query, in Nacos\'s layout', async () => {
    const res = await fetch(`${s.url}/api/gateway/configs/export?namespaceId=cfg-dev&ids=${ids.a},${ids.b}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['.metadata.yml', 'DEFAULT_GROUP/order.yaml', 'DEFAULT_GROUP/stock.json']);
    expect(new TextDecoder().decode(files['DEFAULT_GROUP/order.yaml'])).toBe('timeout: 1\n');
    const meta = parse(new TextDecoder().decode(files['.metadata.yml'])).metadata as { dataId: string; type: string; desc: string }[];
    expect(meta.find((m) => m.dataId === 'stock.json')).toMatchObject({ type: 'json', desc: 'stock.json desc' });

    const query = await fetch(`${s.url}/api/gateway/configs/export?namespaceId=cfg-dev&dataId=pay`, { headers: { authorization: `Bearer ${admin}` } });
    expect(Object.keys(unzipSync(new Uint8Array(await query.arrayBuffer()))).sort()).toEqual(['.metadata.yml', 'DEFAULT_GROUP/pay.properties']);
  });

  it('imports an export into another namespace with the conflict policies, types and descriptions kept', async () => {
    const res = await fetch(`${s.url}/api/gateway/configs/export?namespaceId=cfg-dev`, { headers: { authorization: `Bearer ${admin}` } });
    const archive = new Uint8Array(await res.arrayBuffer());
    await config('cfg-zip', 'order.yaml', 'timeout: 9\n');
    const abort = await importZip(archive, 'cfg-zip', 'abort');
    expect(abort.status).toBe(409);
    expect(abort.body.msg).toContain('DEFAULT_GROUP/order.yaml');
    const skip = await importZip(archive, 'cfg-zip', 'skip');
    expect(skip.status, JSON.stringify(skip.body)).toBe(200);
    // pay.properties came with the delegated administrator's clone above
    expect(skip.body.data).toEqual({ cloned: 1, skipped: 2, overwritten: 0 });
    expect(skip.body.msg).toBe('Imported 1, skipped 2, overwritten 0');
    const over = await importZip(archive, 'cfg-zip', 'overwrite');
    expect(over.body.data).toEqual({ cloned: 0, skipped: 0, overwritten: 3 });
    expect(await contentOf('cfg-zip', 'order.yaml')).toBe('timeout: 1\n');
    const stock = (await configsOf('cfg-zip')).find((r) => r.dataId === 'stock.json')!;
    expect((await api('GET', `/api/gateway/configs/${stock.id}`)).body.data).toMatchObject({ type: 'json', description: 'stock.json desc' });
    expect(await historyOps('cfg-zip', 'order.yaml')).toEqual(['update', 'insert']);
  });

  /** the local and central headers of every entry claim `size` uncompressed bytes */
  function lieAboutSize(zip: Uint8Array, size: number) {
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    for (let i = 0; i + 4 <= zip.length; i++) {
      const sig = view.getUint32(i, true);
      if (sig === 0x04034b50) view.setUint32(i + 22, size, true);
      if (sig === 0x02014b50) view.setUint32(i + 24, size, true);
    }
    return zip;
  }

  it('refuses a zip bomb by the bytes it inflates, whatever its header claims', async () => {
    const bomb = lieAboutSize(zipSync({ 'DEFAULT_GROUP/bomb.txt': new Uint8Array(16 * 1024 * 1024) }, { level: 9 }), 100);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const res = await importZip(bomb, 'cfg-zip', 'overwrite');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Entry "DEFAULT_GROUP/bomb.txt" unpacks to more than 1 MB');
    const zh = await importZip(bomb, 'cfg-zip', 'overwrite', admin, 'zh');
    expect(zh.body.msg).toBe('文件“DEFAULT_GROUP/bomb.txt”解压后超过 1 MB');
    expect((await configsOf('cfg-zip')).map((r) => r.dataId)).not.toContain('bomb.txt');
  });

  it('refuses traversal and unsafe names, naming the entry', async () => {
    for (const name of ['../etc/passwd', 'DEFAULT_GROUP/../../x', '/etc/passwd', 'DEFAULT_GROUP\\x.txt', 'DEFAULT_GROUP/x\u0000.txt', 'C:/x.txt']) {
      const res = await importZip(zipSync({ [name]: strToU8('a=1') }), 'cfg-zip', 'overwrite');
      expect(res.status, name).toBe(400);
      expect(res.body.msg, name).toContain('names with ".."');
    }
    const deep = await importZip(zipSync({ 'a/b/c.txt': strToU8('a=1') }), 'cfg-zip', 'overwrite');
    expect(deep.body.msg).toBe('Entry "a/b/c.txt": expected group/dataId, both of letters, digits and _ . : - @');
  });

  it('refuses too many entries, an archive over 10 MB, non-UTF-8 content, broken syntax, something not a zip', async () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 1001; i++) many[`G/c${i}`] = strToU8('x');
    expect((await importZip(zipSync(many), 'cfg-zip', 'overwrite')).body.msg).toBe('The archive holds more than 1000 entries');

    const noise = new Uint8Array(10.5 * 1024 * 1024);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await importZip(zipSync({ 'G/big.bin': noise }, { level: 0 }), 'cfg-zip', 'overwrite');
    expect(big.status).toBe(400);
    expect(big.body.msg).toBe('The archive is larger than 10 MB');

    const latin1 = await importZip(zipSync({ 'G/latin1.txt': new Uint8Array([0x63, 0x61, 0x66, 0xe9]) }), 'cfg-zip', 'overwrite');
    expect(latin1.body.msg).toBe('Entry "G/latin1.txt" is not UTF-8 text');

    const badJson = await importZip(zipSync({ 'G/x.json': strToU8('{oops'), '.metadata.yml': strToU8('metadata:\n  - group: G\n    dataId: x.json\n    type: json\n') }), 'cfg-zip', 'overwrite');
    expect(badJson.status).toBe(400);
    expect(badJson.body.msg).toContain('Entry "G/x.json": ');

    const notZip = await importZip(strToU8('just text'), 'cfg-zip', 'overwrite');
    expect(notZip.body.msg).toBe('The file is not a readable zip archive');
    expect((await configsOf('cfg-zip')).map((r) => r.dataId)).not.toContain('x.json');
  });
});

describe('beta (gray) publish', () => {
  /** an application at `ip`, as the trusted proxy reports it */
  async function appAt(ip: string) {
    const res = await api('POST', '/api/gateway/credentials', { name: `app-${ip}`, rights: ['config:read'], allNamespaces: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const c = res.body.data as { credential: { accessKey: string }; secret: string };
    const viaProxy: typeof fetch = (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-forwarded-for': ip } });
    return new AppClient({ baseUrl: s.url, accessKey: c.credential.accessKey, secret: c.secret, now: () => clock, fetch: viaProxy });
  }
  const key = { namespaceId: 'cfg-dev', dataId: 'order.yaml', group: 'DEFAULT_GROUP' };

  it('answers the beta content and MD5 to the chosen IPs only, the release to others, through fetch and long poll', async () => {
    const [beta, other] = [await appAt('10.0.0.7'), await appAt('10.0.0.8')];
    const release = (await other.getConfig(key))!;
    const pub = await api('PUT', `/api/gateway/configs/${ids.a}/beta`, { content: 'timeout: 2\n', ips: ['10.0.0.7', '10.0.0.9'] });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    expect((await configsOf('cfg-dev')).find((r) => r.id === ids.a)!.beta).toBe(true);

    const seen = (await beta.getConfig(key))!;
    expect(seen.content).toBe('timeout: 2\n');
    expect(seen.md5).not.toBe(release.md5);
    expect((await other.getConfig(key))!.content).toBe('timeout: 1\n');

    // the beta client holding the release MD5 is told of a change, to the beta's MD5; the others are not
    expect(await beta.listen([{ ...key, md5: release.md5 }], 0)).toEqual([{ ...key, md5: seen.md5 }]);
    expect(await beta.listen([{ ...key, md5: seen.md5 }], 0)).toEqual([]);
    expect(await other.listen([{ ...key, md5: release.md5 }], 0)).toEqual([]);

    // stopping the beta is a change for the beta client alone
    expect((await api('DELETE', `/api/gateway/configs/${ids.a}/beta`)).status).toBe(200);
    expect(await beta.listen([{ ...key, md5: seen.md5 }], 0)).toEqual([{ ...key, md5: release.md5 }]);
    expect((await beta.getConfig(key))!.content).toBe('timeout: 1\n');
    expect((await api('DELETE', `/api/gateway/configs/${ids.a}/beta`)).status).toBe(409);
    expect((await configsOf('cfg-dev')).find((r) => r.id === ids.a)!.beta).toBe(false);
  });

  it('"publish beta as the release" makes it everyone\'s content, with a history row, and ends the beta', async () => {
    await api('PUT', `/api/gateway/configs/${ids.a}/beta`, { content: 'timeout: 3\n', ips: ['10.0.0.7'] });
    const before = await historyOps('cfg-dev', 'order.yaml');
    const res = await api('POST', `/api/gateway/configs/${ids.a}/beta/promote`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await contentOf('cfg-dev', 'order.yaml')).toBe('timeout: 3\n');
    expect(await historyOps('cfg-dev', 'order.yaml')).toEqual(['update', ...before]);
    expect((await api('GET', `/api/gateway/configs/${ids.a}/beta`)).body.data).toBeNull();
    expect((await (await appAt('10.0.0.8')).getConfig(key))!.content).toBe('timeout: 3\n');
    expect((await api('POST', `/api/gateway/configs/${ids.a}/beta/promote`)).status).toBe(409);
  });

  it('refuses a bad IP, no IP, content that does not parse as the config\'s type; others get 403', async () => {
    const bad = await api('PUT', `/api/gateway/configs/${ids.a}/beta`, { content: 'a: 1\n', ips: ['10.0.0.300'] });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('"10.0.0.300" is not an IP address');
    const zh = await api('PUT', `/api/gateway/configs/${ids.a}/beta`, { content: 'a: 1\n', ips: ['nope'] }, admin, 'zh');
    expect(zh.body.msg).toContain('“nope”不是有效的 IP 地址');
    expect((await api('PUT', `/api/gateway/configs/${ids.a}/beta`, { content: 'a: 1\n', ips: [] })).status).toBe(400);
    expect((await api('PUT', `/api/gateway/configs/${ids.b}/beta`, { content: '{oops', ips: ['10.0.0.7'] })).status).toBe(400);
    expect((await api('PUT', `/api/gateway/configs/${ids.a}/beta`, { content: 'a: 1\n', ips: ['10.0.0.7'] }, auditor)).status).toBe(403);
    expect((await api('POST', `/api/gateway/configs/${ids.a}/beta/promote`, undefined, auditor)).status).toBe(403);
    expect((await api('GET', `/api/gateway/configs/${ids.a}/beta`, undefined, auditor)).status).toBe(403);
  });
});
