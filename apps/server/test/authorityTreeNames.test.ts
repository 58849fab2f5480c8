import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthTreeNode } from '@bencao/contracts';
import { startTestServer, DEMO, type TestServer } from './harness';
import { treeNodeName } from '../src/modules/security/treeNames';

interface GrantNode { key: string; title: string; code: string; children?: GrantNode[] }

function find<T extends { code?: string | null; children?: T[] }>(nodes: T[], code: string): T | undefined {
  for (const n of nodes) {
    if (n.code === code) return n;
    const hit = find(n.children ?? [], code);
    if (hit) return hit;
  }
  return undefined;
}

describe('authority tree names in the operator language', () => {
  it('reads a seeded node in each language, an action by its standard name, and keeps names an operator typed', () => {
    expect(treeNodeName('function', 'security:account', '账号管理', 'en')).toBe('Accounts');
    expect(treeNodeName('function', 'security:account', '账号管理', 'ja')).toBe('アカウント管理');
    expect(treeNodeName('module', 'security', '安全管理', 'es')).toBe('Seguridad');
    expect(treeNodeName('app', 'bencao', 'Bencao console', 'zh')).toBe('本草控制台');
    // an operation an operator added with a standard suffix and the standard name
    expect(treeNodeName('operation', 'reports:daily:export', '导出', 'en')).toBe('Export');
    expect(treeNodeName('function', 'security:account', '账号（总部）', 'en')).toBe('账号（总部）');
    expect(treeNodeName('operation', 'reports:daily:export', 'Descargar', 'en')).toBe('Descargar');
  });
});

describe('authority tree API', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer();
    token = await s.login(DEMO.admin.userId, DEMO.admin.password);
  });
  afterAll(async () => { await s?.close(); });

  it('the Functions tree names nodes in the caller language and keeps the stored name for editing', async () => {
    const en = await s.request('GET', '/api/security/tree', { token, lang: 'en' });
    const node = find(en.body.data as AuthTreeNode[], 'security:account')!;
    expect(node.name).toBe('Accounts');
    expect((node.data as { name: string }).name).toBe('账号管理');
    expect(find(node.children ?? [], 'security:account:add')!.name).toBe('Add');
    const ja = await s.request('GET', '/api/security/tree', { token, lang: 'ja' });
    expect(find(ja.body.data as AuthTreeNode[], 'security:account')!.name).toBe('アカウント管理');
  });

  it('finds a node by its name in the caller language or as stored', async () => {
    for (const keyword of ['Accounts', '账号管理']) {
      const res = await s.request('GET', `/api/security/tree?keyword=${encodeURIComponent(keyword)}`, { token, lang: 'en' });
      expect(find(res.body.data as AuthTreeNode[], 'security:account')?.name).toBe('Accounts');
    }
  });

  it('the role grant tree is worded in the caller language', async () => {
    const roles = await s.request('GET', '/api/security/roles?page=1&limit=50', { token });
    const auditor = (roles.body.data.records as { id: number; code: string }[]).find((r) => r.code === 'AUDITOR')!;
    const es = await s.request('GET', `/api/security/roles/${auditor.id}/grants`, { token, lang: 'es' });
    const tree = es.body.data.tree as GrantNode[];
    expect(find(tree, 'security:account')!.title).toBe('Cuentas');
    expect(find(tree, 'security:account:edit')!.title).toBe('Editar');
    const zh = await s.request('GET', `/api/security/roles/${auditor.id}/grants`, { token, lang: 'zh' });
    expect(find(zh.body.data.tree as GrantNode[], 'security:account')!.title).toBe('账号管理');
  });

  it('an account\'s effective authorities are named in the caller language', async () => {
    const list = await s.request('GET', '/api/security/accounts?keyword=auditor', { token });
    const auditor = (list.body.data.records as { id: number; userId: string }[]).find((a) => a.userId === 'auditor')!;
    const ja = await s.request('GET', `/api/security/accounts/${auditor.id}/authorities`, { token, lang: 'ja' });
    const online = (ja.body.data.authorities as { authority: string; name: string }[]).find((a) => a.authority === 'audit:online')!;
    expect(online.name).toBe('オンラインユーザー');
  });

  it('the demo dictionaries\' items read in the caller language wherever they are offered', async () => {
    const names = async (lang: string) => ((await s.request('GET', '/api/common/dicts/gender/items', { token, lang })).body.data as { code: string; name: string }[])
      .map((i) => `${i.code}:${i.name}`);
    expect(await names('en')).toEqual(['0:Unknown', '1:Male', '2:Female', '9:Not stated']);
    expect(await names('zh')).toEqual(['0:未知的性别', '1:男', '2:女', '9:未说明的性别']);
    expect((await names('ja'))[1]).toBe('1:男性');
  });

  it('other accounts may not read the tree', async () => {
    const auditor = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    expect((await s.request('GET', '/api/security/tree', { token: auditor, lang: 'en' })).status).toBe(403);
  });
});
