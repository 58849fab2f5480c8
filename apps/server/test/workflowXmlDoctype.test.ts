import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';
import { wfDefinitions } from '../src/db/schema/index';
import { line } from './workflowKit';

/**
 * A definition's XML never carries a DTD: a DOCTYPE or entity declaration is refused on import and on
 * save (400 naming the rule), so nothing we export can make another tool expand entities.
 */
let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

const withDtd = (xml: string) => xml.replace(/^(<\?xml[^>]*\?>)?/, (decl) =>
  `${decl}\n<!DOCTYPE definitions [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>\n`);

async function importFile(xml: string, lang = 'en') {
  const form = new FormData();
  form.append('file', new Blob([xml], { type: 'application/xml' }), 'dtd.bpmn');
  const res = await fetch(`${s.url}/api/workflow/definitions/import`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-language': lang }, body: form });
  return { status: res.status, body: await res.json() as { msg: string; data: any } };
}

describe('workflow definitions refuse DOCTYPE and entity declarations', () => {
  it('on import: 400 naming the rule, in the caller\'s language; nothing is created', async () => {
    const xml = withDtd(line('wfDtdImport', ['a']));
    expect(xml).toContain('<!DOCTYPE');
    const en = await importFile(xml);
    expect(en.status).toBe(400);
    expect(en.body.msg).toBe('file: must not contain a DOCTYPE or entity declarations (<!DOCTYPE …>, <!ENTITY …>)');
    const zh = await importFile(xml, 'zh');
    expect(zh.body.msg).toBe('file：不能包含 DOCTYPE 或实体声明（<!DOCTYPE …>、<!ENTITY …>）');
    const list = await s.request('GET', '/api/workflow/definitions?keyword=wfDtdImport', { token });
    expect(list.body.data.total).toBe(0);
    // the same diagram without the DTD imports
    expect((await importFile(line('wfDtdImport', ['a']))).status).toBe(200);
  });

  it('on save of a definition\'s XML (create and update)', async () => {
    const created = await s.request('POST', '/api/workflow/definitions', { token, body: { key: 'wfDtdSave', name: 'dtd', xml: withDtd(line('wfDtdSave', ['a'])) } });
    expect(created.status).toBe(400);
    expect(created.body.msg).toBe('xml: must not contain a DOCTYPE or entity declarations (<!DOCTYPE …>, <!ENTITY …>)');
    const ok = await s.request('POST', '/api/workflow/definitions', { token, body: { key: 'wfDtdSave', name: 'dtd', xml: line('wfDtdSave', ['a']) } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const id = ok.body.data.id;
    const entityOnly = await s.request('PUT', `/api/workflow/definitions/${id}`, { token, lang: 'ja', body: { xml: line('wfDtdSave', ['a']).replace('<bpmn:definitions', '<!ENTITY x SYSTEM "file:///etc/passwd">\n<bpmn:definitions') } });
    expect(entityOnly.status).toBe(400);
    expect(entityOnly.body.msg).toContain('DOCTYPE 宣言やエンティティ宣言');
    const detail = await s.request('GET', `/api/workflow/definitions/${id}`, { token });
    expect(detail.body.data.xml).not.toContain('<!ENTITY');
  });

  it('a draft saved before the refusal is not published: a listed problem, translated', async () => {
    const ok = await s.request('POST', '/api/workflow/definitions', { token, body: { key: 'wfDtdOld', name: 'dtd', xml: line('wfDtdOld', ['a']) } });
    expect(ok.status).toBe(200);
    const id = ok.body.data.id;
    // written straight into the database, as the server stored it before the refusal
    await s.built.deps.db.update(wfDefinitions).set({ draftXml: withDtd(line('wfDtdOld', ['a'])) }).where(eq(wfDefinitions.id, id));
    const en = await s.request('POST', `/api/workflow/definitions/${id}/publish`, { token });
    expect(en.status).toBe(400);
    expect(en.body.data.problems).toEqual([{ elementId: null, message: 'The diagram contains a DOCTYPE or entity declaration (<!DOCTYPE …>, <!ENTITY …>); remove it and save the diagram again' }]);
    const zh = await s.request('POST', `/api/workflow/definitions/${id}/publish`, { token, lang: 'zh' });
    expect(zh.body.data.problems[0].message).toBe('流程图包含 DOCTYPE 或实体声明（<!DOCTYPE …>、<!ENTITY …>），请删除后重新保存');
    expect((await s.request('GET', `/api/workflow/definitions/${id}/versions`, { token })).body.data).toHaveLength(0);
    // saving it without the DTD mends it
    expect((await s.request('PUT', `/api/workflow/definitions/${id}`, { token, body: { xml: line('wfDtdOld', ['a']) } })).status).toBe(200);
    expect((await s.request('POST', `/api/workflow/definitions/${id}/publish`, { token })).status).toBe(200);
  });
});
