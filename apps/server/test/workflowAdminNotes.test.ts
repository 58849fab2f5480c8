import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';

/**
 * Plugin types' and listeners' remarks are kept per language ({en, zh, es, ja}), as participants' rules'
 * are: never "English / 中文" in one string. Migration 0044 splits such a stored remark into its parts.
 */
let s: TestServer;
let admin: string;
const api = (method: string, url: string, body?: unknown) => s.request(method, url, { token: admin, body });

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

describe('plugin types\' and listeners\' remarks in four languages', () => {
  it('the demo\'s built-in plugin types and its listener carry a remark per language', async () => {
    const types = (await api('GET', '/api/workflow/plugin-types?limit=50')).body.data.records;
    expect(types.find((t: any) => t.code === 'httpCall').note).toEqual({
      en: 'Calls a URL and maps the JSON answer into variables', zh: '调用外部接口，把返回的 JSON 映射为流程变量',
      es: 'Llama a una URL y asigna la respuesta JSON a variables', ja: 'URL を呼び出し、JSON の応答を変数に割り当てます',
    });
    for (const t of types.filter((x: any) => x.builtIn)) {
      for (const lang of ['en', 'zh', 'es', 'ja']) expect(t.note[lang], `${t.code} ${lang}`).toBeTruthy();
      expect(t.note.en).not.toContain(' / ');
    }
    const listeners = (await api('GET', '/api/workflow/listeners?limit=50')).body.data.records;
    expect(listeners.find((l: any) => l.name === '流程办结通知').note).toMatchObject({ en: 'Mails the starter when a process ends', zh: '流程结束时邮件通知发起人' });
  });

  it('a remark is saved per language; all empty is none; too long names the language', async () => {
    const type = await api('POST', '/api/workflow/plugin-types', { code: 'noteType', name: 'n', kind: 'print', note: { en: 'Label page', zh: '标签页' } });
    expect(type.status, JSON.stringify(type.body)).toBe(200);
    expect(type.body.data.note).toEqual({ en: 'Label page', zh: '标签页', es: '', ja: '' });
    const blank = await api('PUT', `/api/workflow/plugin-types/${type.body.data.id}`, { code: 'noteType', name: 'n', kind: 'print', note: { en: ' ' } });
    expect(blank.body.data.note).toBeNull();
    const listener = await api('POST', '/api/workflow/listeners', {
      name: 'note listener', scope: 'global', events: ['processEnd'], kind: 'mail', mail: { emails: ['a@example.com'], templates: { en: { subject: 'Done', body: 'Done' } } }, note: { ja: '完了通知' },
    });
    expect(listener.status, JSON.stringify(listener.body)).toBe(200);
    expect(listener.body.data.note).toEqual({ en: '', zh: '', es: '', ja: '完了通知' });
    const long = await api('POST', '/api/workflow/plugin-types', { code: 'noteLong', name: 'n', kind: 'print', note: { es: 'x'.repeat(501) } });
    expect(long.status).toBe(400);
    expect(long.body.msg).toMatch(/^note\.es/);
  });

  it('migration 0044 splits a stored "English / 中文" remark and keeps any other under English', async () => {
    const file = fs.readFileSync(path.join(__dirname, '../src/db/migrations/0044_plugin_listener_note_i18n.sql'), 'utf8');
    const first = file.split('--> statement-breakpoint')[0].replace(/^--.*$/gm, '').replace('"wf_plugin_types"', '"note_0044"');
    const db = s.built.deps.db;
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table note_0044 (id int, note text) on commit drop`);
      await tx.execute(sql`insert into note_0044 values (1, 'Sends a mail through the SMTP server / 通过 SMTP 服务器发送邮件'), (2, 'Only English'), (3, '只有中文'), (4, null), (5, '  ')`);
      await tx.execute(sql.raw(first));
      return (await tx.execute<{ id: number; note: unknown }>(sql`select id, note from note_0044 order by id`)).rows;
    });
    expect(rows.map((r) => r.note)).toEqual([
      { en: 'Sends a mail through the SMTP server', zh: '通过 SMTP 服务器发送邮件', es: '', ja: '' },
      { en: 'Only English', zh: '', es: '', ja: '' },
      { en: '只有中文', zh: '', es: '', ja: '' },
      null,
      null,
    ]);
  });
});
