import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, DEMO, type TestServer } from './harness';
import { readSmtpConfig } from '../src/platform/mail';

/**
 * Fields that end up in a mail or HTTP header refuse control characters, so no operator input can add a
 * header line of its own ("hi\r\nBcc: evil@example.com"): 400 naming the field, in the caller's language.
 */
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ loginRateLimit: 1000 });
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

const api = (method: string, path: string, body?: unknown, lang = 'en') => s.request(method, path, { token: admin, body, lang });
const INJECT = 'hi\r\nBcc: evil@example.com';
const mailListener = (mail: Record<string, unknown>) => ({
  name: 'header check', scope: 'global', events: ['processStart'], kind: 'mail',
  mail: { emails: ['boss@example.com'], lang: 'en', templates: { en: { subject: 'Started', body: 'b' } }, ...mail },
});

describe('header-bound fields refuse control characters', () => {
  it('a mail listener\'s subject and addresses', async () => {
    const subject = await api('POST', '/api/workflow/listeners', mailListener({ templates: { en: { subject: INJECT, body: 'b' } } }));
    expect(subject.status).toBe(400);
    expect(subject.body.msg).toBe('mail.templates.en.subject: must not contain control characters such as line breaks');
    const zh = await api('POST', '/api/workflow/listeners', mailListener({ templates: { en: { subject: 'ok', body: 'b' }, zh: { subject: '开始\n了', body: '' } } }), 'zh');
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toContain('mail.templates.zh.subject');
    expect(zh.body.msg).toContain('不能包含换行符等控制字符');
    const to = await api('POST', '/api/workflow/listeners', mailListener({ emails: ['boss@example.com\r\nBcc: evil@example.com'] }));
    expect(to.status).toBe(400);
    expect(to.body.msg).toBe('mail.emails.0: must not contain control characters such as line breaks');
    const fine = await api('POST', '/api/workflow/listeners', mailListener({ templates: { en: { subject: 'hi\tthere', body: 'line 1\r\nline 2' } } }));
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
  });

  it('the mail plugin\'s subject, the httpCall plugin\'s headers and the notification templates', async () => {
    const mail = await api('POST', '/api/workflow/plugin-types', {
      code: 'hdrMail', name: 'mail', kind: 'mail', settings: { emails: ['a@example.com'], templates: { en: { subject: INJECT, body: '' } } },
    }, 'es');
    expect(mail.status).toBe(400);
    expect(mail.body.msg).toContain('templates.en.subject: no debe contener caracteres de control');
    expect(mail.body.msg).toContain('no debe contener caracteres de control');
    const http = await api('POST', '/api/workflow/plugin-types', {
      code: 'hdrHttp', name: 'http', kind: 'httpCall', settings: { url: 'http://127.0.0.1:9/x', headers: { 'X-Token': 'a\r\nX-Admin: 1' } },
    });
    expect(http.status).toBe(400);
    expect(http.body.msg).toContain('must not contain control characters');
    const settings = await api('GET', '/api/workflow/settings');
    const data = settings.body.data;
    const bad = await api('PUT', '/api/workflow/settings', {
      ...data, templates: { ...data.templates, taskAssigned: { ...data.templates.taskAssigned, ja: { subject: '新しい\r\nタスク', body: '' } } },
    }, 'ja');
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    expect(bad.body.msg).toContain('改行などの制御文字は使用できません');
  });

  it('alarm rules (name and summary are the subject) and alarm receivers', async () => {
    const rule = await api('POST', '/api/gateway/alarm-rules', { name: INJECT, expression: 'errors > 10', summary: 'Too many errors' });
    expect(rule.status).toBe(400);
    expect(rule.body.msg).toBe('name: must not contain control characters such as line breaks');
    const summary = await api('POST', '/api/gateway/alarm-rules', { name: 'hdr', expression: 'errors > 10', summary: 'x\ny' });
    expect(summary.status).toBe(400);
    expect(summary.body.msg).toMatch(/^summary: must not contain control characters/);
    const receiver = await api('POST', '/api/gateway/alarm-receivers', { name: 'Ops\r\nBcc: evil@example.com', email: 'ops@example.com', workStart: '09:00', workEnd: '18:00' });
    expect(receiver.status).toBe(400);
    expect(receiver.body.msg).toBe('name: must not contain control characters such as line breaks');
  });

  it('gateway filters that add request or response headers', async () => {
    for (const filters of ['AddRequestHeader=X-Via, a\rInjected: 1', 'AddResponseHeader=X-Route, a\u001bb']) {
      const res = await api('POST', '/api/gateway/routes', { routeId: `hdr-${filters.length}`, routeName: 'hdr', orderNum: 0, uri: 'http://127.0.0.1:9', predicates: 'Path=/hdr/**', filters }, 'zh');
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain('第 1 行：请求头 X-');
      expect(res.body.msg).toContain('的值不能包含换行符等控制字符');
    }
  });

  it('SMTP_FROM with a line break stops the configuration from being read', () => {
    expect(() => readSmtpConfig({ SMTP_HOST: '127.0.0.1', SMTP_FROM: 'bencao@example.com\r\nBcc: evil@example.com' })).toThrow(/SMTP_FROM/);
    expect(readSmtpConfig({ SMTP_HOST: '127.0.0.1', SMTP_FROM: 'bencao@example.com' })?.from).toBe('bencao@example.com');
  });
});
