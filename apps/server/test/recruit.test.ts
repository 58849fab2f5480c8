import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { translate } from '@bencao/contracts';
import { startTestServer, DEMO, type TestServer } from './harness';
import { cmsArticles, recruitApplications } from '../src/db/schema/index';
import { sniffCv } from '../src/modules/recruit/cvType';

// a fixed clock: 12:00 in China on 1 June 2026
const NOW = new Date('2026-06-01T04:00:00Z');
const LIMIT = 3;
let s: TestServer;
let admin: string;
let dataDir: string;
const jobs: Record<'open' | 'ended' | 'unpublished' | 'draft', number> = { open: 0, ended: 0, unpublished: 0, draft: 0 };
let ipSeq = 0;
const newIp = () => `198.51.100.${++ipSeq}`;

async function addJob(title: string, status: 'published' | 'unpublished' | 'draft', endDate: string) {
  const [row] = await s.built.deps.db.insert(cmsArticles).values({
    kind: 'job', title, status, publishedAt: status === 'draft' ? null : new Date('2026-05-01T00:00:00Z'),
    fields: { department: '质量部', location: '杭州', headcount: 1, education: '', experience: '', duties: '检验', requirements: '药学', startDate: '2026-05-01', endDate, contact: '' },
    createdBy: 'test', updatedBy: 'test',
  }).returning();
  return row.id;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bencao-recruit-'));
  s = await startTestServer({ now: () => NOW, trustProxy: ['127.0.0.1'], submissionRateLimit: LIMIT, dataDir });
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
  jobs.open = await addJob('测试岗位（开放）', 'published', '2026-06-30');
  jobs.ended = await addJob('测试岗位（已截止）', 'published', '2026-05-31');
  jobs.unpublished = await addJob('测试岗位（已下线）', 'unpublished', '2026-06-30');
  jobs.draft = await addJob('测试岗位（草稿）', 'draft', '2026-06-30');
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// ── files ──
const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
const ole = (stream: string) => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504), Buffer.from(stream, 'utf16le'), Buffer.alloc(512)]);

/** a ZIP of stored entries; `declare` overrides the sizes written in the central directory (a bomb's claim) */
function zip(entries: { name: string; data: Buffer; declare?: { compressed: number; uncompressed: number; method: number } }[]) {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const crc = zlib.crc32(e.data);
    const method = e.declare?.method ?? 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14); local.writeUInt32LE(e.data.length, 18); local.writeUInt32LE(e.declare?.uncompressed ?? e.data.length, 22); local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0); cd.writeUInt16LE(20, 4); cd.writeUInt16LE(20, 6); cd.writeUInt16LE(method, 10);
    cd.writeUInt32LE(crc, 16); cd.writeUInt32LE(e.declare?.compressed ?? e.data.length, 20); cd.writeUInt32LE(e.declare?.uncompressed ?? e.data.length, 24);
    cd.writeUInt16LE(name.length, 28); cd.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    central.push(cd, name);
    offset += 30 + name.length + e.data.length;
  }
  const cdBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(entries.length, 8); end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdBytes.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cdBytes, end]);
}
const docxParts = [
  { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>') },
  { name: 'word/document.xml', data: Buffer.from('<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>') },
];
const docx = () => zip(docxParts);
const bomb = () => {
  const deflated = zlib.deflateRawSync(Buffer.alloc(1024 * 1024)); // 1 MB of zeros in ~1 KB…
  return zip([...docxParts, { name: 'word/media/huge.bin', data: deflated, declare: { method: 8, compressed: deflated.length, uncompressed: 4_000_000_000 } }]);
};

interface Sent { name?: string; phone?: string; email?: string; coverNote?: string; consent?: string; website?: string; cv?: { bytes: Buffer; name: string; type?: string } | null }
const person = (over: Sent = {}): Sent => ({
  name: '应聘测试', phone: '13700001234', email: 'applicant@example.com', coverNote: '三年质量控制经验。', consent: 'on', website: '',
  cv: { bytes: pdf(), name: '简历.pdf', type: 'application/pdf' }, ...over,
});
async function apply(jobId: number, sent: Sent, opts: { ip?: string; lang?: string } = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(sent)) if (k !== 'cv' && v !== undefined) form.append(k, v as string);
  if (sent.cv) form.append('cv', new Blob([sent.cv.bytes], { type: sent.cv.type ?? 'application/octet-stream' }), sent.cv.name);
  const res = await fetch(`${s.url}/api/recruit/jobs/${jobId}/applications`, {
    method: 'POST', body: form, headers: { 'accept-language': opts.lang ?? 'en', 'x-forwarded-for': opts.ip ?? newIp() },
  });
  return { status: res.status, body: await res.json() as { code: number; msg: string; data: { id: number | null } } };
}
const label = (lang: 'en' | 'zh', field: string) => `${translate(lang, `recruit.field.${field}`)}${lang === 'zh' ? '：' : ': '}`;

describe('a visitor applies to a job', () => {
  it('stores an application with its CV', async () => {
    const res = await apply(jobs.open, person({ name: '有效申请' }));
    expect(res.status).toBe(200);
    const [row] = await s.built.deps.db.select().from(recruitApplications).where(eq(recruitApplications.id, res.body.data.id!));
    expect(row).toMatchObject({ jobId: jobs.open, jobTitle: '测试岗位（开放）', name: '有效申请', status: 'new', cvName: '简历.pdf', cvType: 'application/pdf' });
  });

  it('accepts DOC and DOCX recognised by their bytes, and names the file by its real type', async () => {
    const doc = await apply(jobs.open, person({ cv: { bytes: ole('WordDocument'), name: 'resume.bin' } }));
    expect(doc.status).toBe(200);
    const x = await apply(jobs.open, person({ cv: { bytes: docx(), name: 'resume.docx', type: 'text/plain' } }));
    expect(x.status).toBe(200);
    const rows = await s.built.deps.db.select().from(recruitApplications);
    expect(rows.find((r) => r.id === doc.body.data.id)).toMatchObject({ cvName: 'resume.doc', cvType: 'application/msword' });
    expect(rows.find((r) => r.id === x.body.data.id)?.cvType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  const forged: [string, () => { bytes: Buffer; name: string; type?: string }][] = [
    ['an executable named .pdf', () => ({ bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]), name: 'cv.pdf', type: 'application/pdf' })],
    ['a zip bomb named .docx', () => ({ bytes: bomb(), name: 'cv.docx' })],
    ['a ZIP that is not a Word document', () => ({ bytes: zip([{ name: 'payload.exe', data: Buffer.from('MZ') }]), name: 'cv.docx' })],
    ['an OLE file that is not a Word document (e.g. an installer)', () => ({ bytes: ole('SummaryInformation'), name: 'cv.doc' })],
    ['a text file', () => ({ bytes: Buffer.from('hello'), name: 'cv.pdf', type: 'application/pdf' })],
  ];
  for (const [what, file] of forged) {
    it(`refuses ${what}`, async () => {
      const res = await apply(jobs.open, person({ cv: file() }), { lang: 'zh' });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(`${label('zh', 'cv')}${translate('zh', 'recruit.cvType')}`);
    });
  }

  it('refuses NUL bytes in the file name and in a field, naming them', async () => {
    const file = await apply(jobs.open, person({ cv: { bytes: pdf(), name: 'cv\u0000.exe.pdf' } }));
    expect(file.status).toBe(400);
    expect(file.body.msg).toContain(label('en', 'cv'));
    const field = await apply(jobs.open, person({ name: 'Li\u0000Lei' }), { lang: 'zh' });
    expect(field.status).toBe(400);
    expect(field.body.msg).toContain(translate('zh', 'recruit.field.name'));
  });

  it('refuses a CV over 5 MB', async () => {
    const big = Buffer.concat([pdf(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await apply(jobs.open, person({ cv: { bytes: big, name: 'big.pdf' } }));
    expect(res.status).toBe(413);
    expect(res.body.msg).toBe('The CV is larger than 5 MB');
  });

  const broken: [string, Sent][] = [
    ['name', { name: '' }], ['phone', { phone: '12345' }], ['email', { email: 'not-an-address' }],
    ['coverNote', { coverNote: 'x'.repeat(2001) }], ['cv', { cv: null }],
  ];
  for (const [field, over] of broken) {
    it(`answers 400 naming "${field}" in English and Chinese`, async () => {
      for (const lang of ['en', 'zh'] as const) {
        const res = await apply(jobs.open, person(over), { lang });
        expect(res.status).toBe(400);
        expect(res.body.msg.startsWith(label(lang, field)), res.body.msg).toBe(true);
      }
    });
  }

  it('refuses an unknown job with 404 and a closed one with 409', async () => {
    for (const id of [jobs.draft, 999_999]) {
      const res = await apply(id, person(), { lang: 'zh' });
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('该职位不存在');
    }
    for (const id of [jobs.ended, jobs.unpublished]) {
      const res = await apply(id, person(), { lang: 'zh' });
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe('该职位已停止招聘，不再接收申请');
    }
  });

  it('takes exactly the limit of applications per address and hour, sent in parallel', async () => {
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: LIMIT + 3 }, (_, i) => apply(jobs.open, person({ name: `限流${i}` }), { ip })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(LIMIT);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3);
    expect((await apply(jobs.open, person(), { ip: newIp() })).status).toBe(200);
  });

  it('drops an application whose honeypot is filled', async () => {
    const res = await apply(jobs.open, person({ name: '蜜罐机器人', website: 'spam' }));
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBeNull();
    expect(await s.built.deps.db.select().from(recruitApplications).where(eq(recruitApplications.name, '蜜罐机器人'))).toHaveLength(0);
  });
});

describe('the console reviews applications', () => {
  async function newApplication(name: string) {
    const res = await apply(jobs.open, person({ name, cv: { bytes: pdf(), name: `${name}.pdf` } }));
    expect(res.status).toBe(200);
    return res.body.data.id!;
  }

  it('lists the applications of one job, and the jobs with their counts', async () => {
    const id = await newApplication('按职位');
    const list = await s.request('GET', `/api/recruit/applications?jobId=${jobs.open}&keyword=${encodeURIComponent('按职位')}`, { token: admin });
    expect(list.body.data.records.map((r: { id: number }) => r.id)).toEqual([id]);
    const other = await s.request('GET', `/api/recruit/applications?jobId=${jobs.ended}`, { token: admin });
    expect(other.body.data.total).toBe(0);
    const jobList = await s.request('GET', '/api/recruit/jobs', { token: admin });
    const open = jobList.body.data.find((j: { id: number }) => j.id === jobs.open);
    const total = await s.request('GET', `/api/recruit/applications?jobId=${jobs.open}`, { token: admin });
    expect(open.applications).toBe(total.body.data.total);
    expect(jobList.body.data.some((j: { id: number }) => j.id === jobs.draft)).toBe(false);
  });

  it('downloads the CV as an attachment of its type only with the authority', async () => {
    const id = await newApplication('下载');
    const url = `${s.url}/api/recruit/applications/${id}/cv`;
    const anonymous = await fetch(url);
    expect(anonymous.status).toBe(401);
    const auditor = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    expect((await fetch(url, { headers: { authorization: `Bearer ${auditor}` } })).status).toBe(403);
    const res = await fetch(url, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; .*filename\*=UTF-8''%E4%B8%8B%E8%BD%BD\.pdf$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf())).toBe(true);
    // nothing under the data folder is served by a public route
    expect((await fetch(`${s.url}/recruit-cv/`)).status).toBe(404);
  });

  it('moves an application new → shortlisted → interviewed → hired, and refuses other changes with 409', async () => {
    const id = await newApplication('状态');
    const path = `/api/recruit/applications/${id}/status`;
    const skip = await s.request('POST', path, { token: admin, body: { status: 'hired' }, lang: 'zh' });
    expect(skip.status).toBe(409);
    expect(skip.body.msg).toBe('申请当前为“新申请”，不能改为“已录用”');
    for (const status of ['shortlisted', 'interviewed', 'hired']) {
      const res = await s.request('POST', path, { token: admin, body: { status, note: `备注${status}` } });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status, reviewNote: `备注${status}`, reviewedBy: 'admin' });
    }
    expect((await s.request('POST', path, { token: admin, body: { status: 'rejected' } })).status).toBe(409);
    const id2 = await newApplication('拒绝');
    expect((await s.request('POST', `/api/recruit/applications/${id2}/status`, { token: admin, body: { status: 'rejected' } })).status).toBe(200);
  });

  it('answers 403 on every console route to an account without the authority (the website editor too: CVs are HR\'s), and lets HR in', async () => {
    const id = await newApplication('权限');
    const auditor = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    const editor = await s.login(DEMO.editor.userId, DEMO.editor.password);
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/recruit/jobs'], ['GET', '/api/recruit/applications'], ['GET', `/api/recruit/applications/${id}`],
      ['GET', `/api/recruit/applications/${id}/cv`], ['POST', `/api/recruit/applications/${id}/status`, { status: 'shortlisted' }],
    ];
    const exportBody = { url: '/api/recruit/applications', params: {}, format: 'csv', fileName: 'cv', columns: [{ key: 'name', title: '姓名' }] };
    for (const token of [auditor, editor]) {
      for (const [method, path, body] of routes) expect((await s.request(method, path, { token, body })).status, `${method} ${path}`).toBe(403);
      expect((await s.request('POST', '/api/system/export', { token, body: exportBody })).status, 'export').toBe(403);
    }
    const hr = await s.login(DEMO.hr.userId, DEMO.hr.password);
    expect((await s.request('GET', '/api/recruit/applications', { token: hr })).status).toBe(200);
    expect((await s.request('GET', `/api/recruit/applications/${id}`, { token: hr })).status).toBe(200);
    expect((await s.request('GET', `/api/recruit/applications/${id}/cv`, { token: hr })).status).toBe(200);
    expect((await s.request('POST', `/api/recruit/applications/${id}/status`, { token: hr, body: { status: 'shortlisted' } })).status).toBe(200);
    expect((await s.request('POST', '/api/system/export', { token: hr, body: exportBody })).status).toBe(200);
  });
});

describe('recognising a CV by its bytes', () => {
  it('knows the three document types and nothing else', () => {
    expect(sniffCv(pdf())?.ext).toBe('pdf');
    expect(sniffCv(ole('WordDocument'))?.ext).toBe('doc');
    expect(sniffCv(docx())?.ext).toBe('docx');
    expect(sniffCv(bomb())).toBeNull();
    expect(sniffCv(Buffer.from('MZ\x90\x00'))).toBeNull();
    expect(sniffCv(Buffer.alloc(0))).toBeNull();
  });
});
