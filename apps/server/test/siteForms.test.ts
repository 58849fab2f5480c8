import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { APPLICATION_CONSENT } from '@bencao/contracts';
import { startTestServer, DEMO, type TestServer } from './harness';
import { cmsArticles } from '../src/db/schema/index';

// a fixed clock: 12:00 in China on 1 June 2026
const NOW = new Date('2026-06-01T04:00:00Z');
let s: TestServer;
let admin: string;
let dataDir: string;
let jobId = 0;
let ipSeq = 0;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bencao-siteforms-'));
  s = await startTestServer({ now: () => NOW, trustProxy: ['127.0.0.1'], dataDir });
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
  const [row] = await s.built.deps.db.insert(cmsArticles).values({
    kind: 'job', title: '表单测试岗位', status: 'published', publishedAt: new Date('2026-05-01T00:00:00Z'),
    fields: { department: '质量部', location: '杭州', headcount: 1, education: '', experience: '', duties: '检验', requirements: '药学', startDate: '2026-05-01', endDate: '2026-06-30', contact: '' },
    createdBy: 'test', updatedBy: 'test',
  }).returning();
  jobId = row.id;
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
async function apply(fields: Record<string, string>, cv: { bytes: Buffer; name: string; type: string }, lang = 'en') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('cv', new Blob([cv.bytes], { type: cv.type }), cv.name);
  const res = await fetch(`${s.url}/api/recruit/jobs/${jobId}/applications`, {
    method: 'POST', body: form, headers: { 'accept-language': lang, 'x-forwarded-for': `203.0.113.${++ipSeq}` },
  });
  return { status: res.status, body: await res.json() as { code: number; msg: string; data: Record<string, unknown> | null } };
}
const person = { name: '隐私测试', phone: '13700004321', email: 'privacy@example.com', coverNote: '' };

describe('job application consent', () => {
  it('is required: without the box ticked the server refuses, naming the consent in the visitor\'s language', async () => {
    const en = await apply(person, { bytes: pdf(), name: 'cv.pdf', type: 'application/pdf' });
    expect(en.status).toBe(400);
    expect(en.body.msg).toBe('Consent: Please agree to the processing of the information you give');
    const zh = await apply({ ...person, consent: 'false' }, { bytes: pdf(), name: 'cv.pdf', type: 'application/pdf' }, 'zh-CN');
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('同意声明：请阅读并同意我们处理您提交的信息');
  });

  it('is stored with the application: the words shown and the privacy policy\'s version and time', async () => {
    const sent = await apply({ ...person, consent: 'on' }, { bytes: pdf(), name: 'cv.pdf', type: 'application/pdf' }, 'zh-CN');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const id = sent.body.data!.id as number;
    const row = (await s.request('GET', `/api/recruit/applications/${id}`, { token: admin })).body.data;
    expect(row.consentText).toBe(APPLICATION_CONSENT.zh);
    const policy = (await s.request('GET', '/api/site/pages/privacy')).body.data;
    const [page] = await s.built.deps.db.select().from(cmsArticles).where(eq(cmsArticles.id, policy.id));
    expect(row.privacyVersion).toBe(page.version);
    expect(Date.parse(row.privacyChangedAt)).toBe(page.contentChangedAt.getTime());

    const english = await apply({ ...person, email: 'privacy.en@example.com', consent: 'true' }, { bytes: pdf(), name: 'cv.pdf', type: 'application/pdf' });
    const enRow = (await s.request('GET', `/api/recruit/applications/${english.body.data!.id}`, { token: admin })).body.data;
    expect(enRow.consentText).toBe(APPLICATION_CONSENT.en);
  });
});

describe('a refused CV names its field', () => {
  it('a renamed non-PDF: 400 whose envelope says the field is the CV, worded in the visitor\'s language', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const res = await apply({ ...person, consent: 'on' }, { bytes: png, name: 'cv.pdf', type: 'application/pdf' }, 'zh-CN');
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ field: 'cv' });
    expect(res.body.msg).toBe('简历：简历只能是 PDF、DOC 或 DOCX 文档，该文件不符合要求');
  });
});

describe('the privacy policy page', () => {
  it('is a published CMS page in Chinese and English, telling what the forms collect, why, how long, the rights and whom to ask', async () => {
    const zh = await s.request('GET', '/api/site/pages/privacy');
    expect(zh.status).toBe(200);
    expect(zh.body.data.title).toBe('隐私政策');
    for (const words of ['不良反应', '简历', '保存期限', '撤回同意', 'privacy@bencao.example.com']) expect(zh.body.data.body).toContain(words);
    const en = await s.request('GET', '/api/site/pages/privacy?lang=en');
    expect(en.body.data.title).toBe('Privacy Policy');
    expect(en.body.data.untranslated).toBeFalsy();
    for (const words of ['Adverse drug reaction', 'CV', 'How long we keep it', 'withdraw your consent']) expect(en.body.data.body).toContain(words);
    // editors manage it like any page
    const list = (await s.request('GET', '/api/cms/articles?kind=page&keyword=privacy', { token: admin })).body.data;
    expect(list.records.some((r: { slug: string }) => r.slug === 'privacy')).toBe(true);
  });
});

describe('ADR onset date', () => {
  it('cannot be after today (China day by the server\'s clock)', async () => {
    const body = {
      productName: '某产品', batchNo: 'B2026', patientAge: 40, patientSex: 'female', reaction: '服药后出现皮疹。', onsetDate: '2026-06-02',
      outcome: 'improving', reporterName: '张三', contact: '13700001111', consent: true,
    };
    const future = await s.request('POST', '/api/adr/reports', { body, lang: 'en', headers: { 'x-forwarded-for': '203.0.113.200' } });
    expect(future.status).toBe(400);
    expect(future.body.msg).toBe('Onset date: The reaction cannot have started after today');
    const today = await s.request('POST', '/api/adr/reports', { body: { ...body, onsetDate: '2026-06-01' }, lang: 'en', headers: { 'x-forwarded-for': '203.0.113.201' } });
    expect(today.status).toBe(200);
  });
});
