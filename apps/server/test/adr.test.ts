import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { translate } from '@bencao/contracts';
import { startTestServer, DEMO, type TestServer } from './harness';
import { adrReports, cmsArticles, operationLogs } from '../src/db/schema/index';

// a fixed clock: 12:00 in China on 1 June 2026
const NOW = new Date('2026-06-01T04:00:00Z');
const LIMIT = 3;
let s: TestServer;
let admin: string;
let ipSeq = 0;
/** every test sends from addresses of its own (the server believes X-Forwarded-For from 127.0.0.1 here) */
const newIp = () => `198.51.100.${++ipSeq}`;

beforeAll(async () => {
  s = await startTestServer({ now: () => NOW, trustProxy: ['127.0.0.1'], submissionRateLimit: LIMIT });
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

const valid = (over: Record<string, unknown> = {}) => ({
  productName: '测试颗粒', batchNo: 'b2026-01', patientAge: 42, patientSex: 'female', reaction: '服药后出现皮疹和瘙痒。',
  onsetDate: '2026-05-30', outcome: 'improving', reporterName: '张测试', contact: '13812345678', consent: true, website: '', ...over,
});
const submit = (body: unknown, ip = newIp(), lang = 'en') =>
  s.request('POST', '/api/adr/reports', { body, lang, headers: { 'x-forwarded-for': ip } });

describe('a visitor reports an adverse reaction', () => {
  it('stores a valid report and answers its reference number of the day', async () => {
    const res = await submit(valid({ reporterName: '参考号测试' }));
    expect(res.status).toBe(200);
    expect(res.body.data.reference).toMatch(/^ADR-20260601-\d{4}$/);
    const [row] = await s.built.deps.db.select().from(adrReports).where(eq(adrReports.reference, res.body.data.reference));
    expect(row).toMatchObject({ reporterName: '参考号测试', batchNo: 'B2026-01', status: 'new', patientAge: 42, outcome: 'improving' });
    // the operation log keeps the call, not the reporter's health details or contact
    const logs = await s.built.deps.db.select().from(operationLogs).where(eq(operationLogs.path, '/api/adr/reports'));
    const logged = JSON.stringify(logs.map((l) => l.params));
    expect(logs.length).toBeGreaterThan(0);
    expect(logged).toContain('reaction');
    expect(logged).not.toContain('参考号测试');
    expect(logged).not.toContain('13812345678');
    expect(logged).not.toContain('皮疹');
  });

  it('takes the name of a product chosen from the site, and refuses one that is not on the site', async () => {
    const [product] = await s.built.deps.db.select().from(cmsArticles).where(and(eq(cmsArticles.kind, 'product'), eq(cmsArticles.status, 'published'))).limit(1);
    const res = await submit(valid({ productId: product.id, productName: 'whatever the page sent' }));
    expect(res.status).toBe(200);
    const [row] = await s.built.deps.db.select().from(adrReports).where(eq(adrReports.reference, res.body.data.reference));
    expect(row.productName).toBe(product.title);
    const news = await s.built.deps.db.select().from(cmsArticles).where(eq(cmsArticles.kind, 'news')).limit(1);
    const bad = await submit(valid({ productId: news[0].id }), newIp(), 'zh');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe(`产品名称：${translate('zh', 'adr.productUnknown')}`);
  });

  const broken: [string, unknown][] = [
    ['productName', ''], ['batchNo', '批号 1'], ['patientAge', 131], ['patientSex', 'x'], ['reaction', ''],
    ['onsetDate', '2026-02-30'], ['outcome', 'better'], ['reporterName', '   '], ['contact', 'call me'], ['consent', false],
  ];
  for (const [field, value] of broken) {
    it(`answers 400 naming "${field}" in English and Chinese`, async () => {
      for (const lang of ['en', 'zh'] as const) {
        const res = await submit(valid({ [field]: value }), newIp(), lang);
        expect(res.status).toBe(400);
        const label = translate(lang, `adr.field.${field}`);
        expect(res.body.msg.startsWith(`${label}${lang === 'zh' ? '：' : ': '}`), res.body.msg).toBe(true);
      }
    });
  }

  it('names the missing fields of an empty form, and refuses an onset after today', async () => {
    const empty = await submit({}, newIp(), 'zh');
    expect(empty.status).toBe(400);
    for (const f of ['productName', 'batchNo', 'patientAge', 'patientSex', 'reaction', 'onsetDate', 'outcome', 'reporterName', 'contact', 'consent']) {
      expect(empty.body.msg).toContain(translate('zh', `adr.field.${f}`));
    }
    const future = await submit(valid({ onsetDate: '2026-06-02' }), newIp(), 'zh');
    expect(future.status).toBe(400);
    expect(future.body.msg).toBe('发生日期：发生日期不能晚于今天');
  });

  it('accepts an e-mail address as the contact', async () => {
    expect((await submit(valid({ contact: 'reporter@example.com' }))).status).toBe(200);
  });

  it('takes exactly the limit of reports per address and hour, sent in parallel, each with its own number', async () => {
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: LIMIT + 3 }, (_, i) => submit(valid({ reporterName: `限流${i}` }), ip)));
    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted).toHaveLength(LIMIT);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3);
    expect(new Set(accepted.map((a) => a.body.data.reference)).size).toBe(LIMIT);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.msg).toMatch(/try again in 60 minutes/);
    // another address is not affected
    expect((await submit(valid())).status).toBe(200);
  });

  it('drops a submission whose honeypot is filled, answering as if accepted', async () => {
    const res = await submit(valid({ reporterName: '蜜罐机器人', website: 'http://spam.example' }));
    expect(res.status).toBe(200);
    expect(res.body.data.reference).toBeNull();
    expect(await s.built.deps.db.select().from(adrReports).where(eq(adrReports.reporterName, '蜜罐机器人'))).toHaveLength(0);
  });
});

describe('the console reviews reports', () => {
  async function newReport(name: string) {
    const res = await submit(valid({ reporterName: name, productName: `审核产品${name}` }));
    const [row] = await s.built.deps.db.select().from(adrReports).where(eq(adrReports.reference, res.body.data.reference));
    return row;
  }

  it('lists and finds reports by product, status and date', async () => {
    const r = await newReport('检索');
    const byProduct = await s.request('GET', `/api/adr/reports?product=${encodeURIComponent('审核产品检索')}`, { token: admin });
    expect(byProduct.body.data.total).toBe(1);
    expect(byProduct.body.data.records[0]).toMatchObject({ id: r.id, status: 'new', reporterName: '检索' });
    const byDay = await s.request('GET', `/api/adr/reports?product=${encodeURIComponent('审核产品检索')}&from=2026-06-01&to=2026-06-01&status=new`, { token: admin });
    expect(byDay.body.data.total).toBe(1);
    const dayBefore = await s.request('GET', `/api/adr/reports?product=${encodeURIComponent('审核产品检索')}&to=2026-05-31`, { token: admin });
    expect(dayBefore.body.data.total).toBe(0);
    const otherStatus = await s.request('GET', `/api/adr/reports?product=${encodeURIComponent('审核产品检索')}&status=closed`, { token: admin });
    expect(otherStatus.body.data.total).toBe(0);
  });

  it('moves a report new → under review → closed, with a comment, and refuses other changes with 409', async () => {
    const r = await newReport('状态');
    const path = `/api/adr/reports/${r.id}/status`;
    const skip = await s.request('POST', path, { token: admin, body: { status: 'reported' }, lang: 'zh' });
    expect(skip.status).toBe(409);
    expect(skip.body.msg).toBe('报告当前为“新报告”，不能改为“已上报监管部门”');
    const review = await s.request('POST', path, { token: admin, body: { status: 'reviewing', comment: '已电话回访' } });
    expect(review.status).toBe(200);
    expect(review.body.data).toMatchObject({ status: 'reviewing', reviewComment: '已电话回访', reviewedBy: 'admin', reviewedAt: NOW.toISOString() });
    const close = await s.request('POST', path, { token: admin, body: { status: 'closed', comment: '非不良反应' } });
    expect(close.body.data.status).toBe('closed');
    const reopen = await s.request('POST', path, { token: admin, body: { status: 'reviewing' } });
    expect(reopen.status).toBe(409);
    const detail = await s.request('GET', `/api/adr/reports/${r.id}`, { token: admin });
    expect(detail.body.data).toMatchObject({ status: 'closed', reviewComment: '非不良反应' });
    const logs = await s.built.deps.db.select().from(operationLogs).where(like(operationLogs.path, path));
    expect(logs.map((l) => [l.userId, l.status])).toEqual(expect.arrayContaining([['admin', 409], ['admin', 200], ['admin', 200], ['admin', 409]]));
  });

  it('of two reviewers changing the same report at once, one wins and the other gets 409', async () => {
    const r = await newReport('并发');
    await s.request('POST', `/api/adr/reports/${r.id}/status`, { token: admin, body: { status: 'reviewing' } });
    const both = await Promise.all(['reported', 'closed'].map((status) => s.request('POST', `/api/adr/reports/${r.id}/status`, { token: admin, body: { status } })));
    expect(both.map((b) => b.status).sort()).toEqual([200, 409]);
  });

  it('exports the current query through the list kit, with the status labels of the screen', async () => {
    await newReport('导出');
    const res = await fetch(`${s.url}/api/system/export`, {
      method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: '/api/adr/reports', params: { product: '审核产品导出' }, format: 'csv', fileName: 'adr',
        columns: [{ key: 'reference', title: '报告编号' }, { key: 'status', title: '状态', labels: { new: '新报告' } }, { key: 'reporterName', title: '报告人' }] }),
    });
    expect(res.status).toBe(200);
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('报告编号,状态,报告人');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^ADR-20260601-\d{4},新报告,导出$/);
  });

  it('answers 403 on every console route to an account without the authority (the website editor too: patients\' health data is pharmacovigilance\'s), and lets pharmacovigilance in', async () => {
    const r = await newReport('权限');
    const auditor = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    const editor = await s.login(DEMO.editor.userId, DEMO.editor.password);
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/adr/reports'], ['GET', `/api/adr/reports/${r.id}`], ['POST', `/api/adr/reports/${r.id}/status`, { status: 'reviewing' }],
    ];
    const exportBody = { url: '/api/adr/reports', params: {}, format: 'csv', fileName: 'adr', columns: [{ key: 'reference', title: '报告编号' }] };
    for (const token of [auditor, editor]) {
      for (const [method, path, body] of routes) expect((await s.request(method, path, { token, body })).status, `${method} ${path}`).toBe(403);
      expect((await s.request('POST', '/api/system/export', { token, body: exportBody })).status, 'export').toBe(403);
    }
    for (const [method, path, body] of routes) expect((await s.request(method, path, { body })).status, `${method} ${path} without a session`).toBe(401);
    const pv = await s.login(DEMO.pharmacovigilance.userId, DEMO.pharmacovigilance.password);
    expect((await s.request('GET', '/api/adr/reports', { token: pv })).status).toBe(200);
    expect((await s.request('GET', `/api/adr/reports/${r.id}`, { token: pv })).status).toBe(200);
    expect((await s.request('POST', `/api/adr/reports/${r.id}/status`, { token: pv, body: { status: 'reviewing' } })).status).toBe(200);
    expect((await s.request('POST', '/api/system/export', { token: pv, body: exportBody })).status).toBe(200);
  });
});
