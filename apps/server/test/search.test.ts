import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, DEMO, type TestServer } from './harness';
import { searchService } from '../src/modules/search/service';

// the page render with the search page in it, built once into a folder of this test's own
const SSR_DIR = path.join(os.tmpdir(), 'bencao-search-test-ssr');
process.env.SITE_SSR = path.join(SSR_DIR, 'ssr.js');

let s: TestServer;
let editor: string;
beforeAll(async () => {
  s = await startTestServer();
  editor = await s.login(DEMO.editor.userId, DEMO.editor.password);
}, 120_000);
afterAll(async () => { await s?.close(); });

// words no demo content has, so the assertions do not depend on the seeded articles
const news = (title: string, body: string, extra: Record<string, unknown> = {}) => ({
  kind: 'news', title, summary: '', body, fields: { source: '测试', author: '测试', category: '公司新闻' }, ...extra,
});
async function create(body: unknown) {
  const res = await s.request('POST', '/api/cms/articles', { token: editor, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number };
}
async function publish(id: number, body: unknown = {}) {
  const res = await s.request('POST', `/api/cms/articles/${id}/publish`, { token: editor, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
async function live(body: unknown, publishAt?: string) {
  const a = await create(body);
  await publish(a.id, publishAt ? { publishAt } : {});
  return a.id;
}
interface Hit { id: number; kind: string; title: string; titleHtml: string; snippet: string; url: string; route: string; lang: string }
async function search(query: string, lang = 'en') {
  const res = await s.request('GET', `/api/site/search?${query}`, { lang });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { total: number; records: Hit[]; kinds: Record<string, number>; terms: string[] };
}
const ids = async (q: string) => (await search(`q=${encodeURIComponent(q)}&limit=50`)).records.map((r) => r.id);

describe('Chinese, Latin words and project numbers', () => {
  let alloy: number; let apart: number; let tablets: number; let tender: number;
  beforeAll(async () => {
    alloy = await live(news('钨钼合金检测报告发布', '<p>本厂完成了钨钼合金检测。</p>'));
    apart = await live(news('车间设备更新', '<p>钨钼材料到货，另行安排合金的检测工作。</p>'));
    tablets = await live({
      kind: 'product', title: '银杏叶片（测试）', summary: '', body: '<p>Contains Ginkgolide B and bilobalide.</p>',
      fields: { name: '银杏叶片（测试）', ingredients: '银杏叶提取物', indications: '活血化瘀，通络止痛。', approvalNumber: '国药准字Z99990001', manufacturer: '本草制药', rxOtc: 'OTC', category: '心脑血管' },
    });
    tender = await live({
      kind: 'bid', title: '提取罐检修服务招标公告', summary: '', body: '<p>欢迎投标。</p>',
      fields: { bidType: 'tender', purchaser: '本草制药', project: '提取罐检修服务项目（QX-ZB-2031-777）' },
    });
  });

  it('a two-character word finds every article holding it, in the title or the text', async () => {
    const found = await ids('钨钼');
    expect(found).toContain(alloy);
    expect(found).toContain(apart);
  });

  it('a longer word must occur as written: its characters scattered over the text do not match', async () => {
    expect(await ids('钨钼合金检测')).toEqual([alloy]);
    // two words: each may be anywhere
    expect((await ids('钨钼 检测')).sort()).toEqual([alloy, apart].sort());
    // shown as written: Chinese punctuation stays full-width
    const hit = (await search(`q=${encodeURIComponent('钨钼 检测')}`)).records.find((r) => r.id === apart)!;
    expect(hit.snippet.startsWith('<mark>钨钼</mark>材料到货，另行安排合金的<mark>检测</mark>工作。')).toBe(true);
  });

  it('Latin words match whole and regardless of case; a label field is searchable', async () => {
    expect(await ids('ginkgolide')).toEqual([tablets]);
    expect(await ids('GINKGOLIDE b')).toEqual([tablets]);
    expect(await ids('ginkgo')).not.toContain(tablets);
    expect(await ids('国药准字Z99990001')).toEqual([tablets]);
    const [hit] = (await search('q=Ginkgolide')).records;
    expect(hit).toMatchObject({ kind: 'product', url: `/products/${tablets}`, route: `/productDetail?id=${tablets}`, lang: 'zh' });
    expect(hit.snippet).toContain('<mark>Ginkgolide</mark>');
  });

  it('a bid notice is found by its project number, also typed in full-width characters', async () => {
    const res = await search(`q=${encodeURIComponent('QX-ZB-2031-777')}`);
    expect(res.records.map((r) => r.id)).toEqual([tender]);
    expect(res.records[0]).toMatchObject({ kind: 'bid', url: `/bids/${tender}`, route: `/bidDetail?id=${tender}` });
    expect(res.records[0].snippet).toContain('（<mark>QX</mark>-<mark>ZB</mark>-<mark>2031</mark>-<mark>777</mark>）');
    expect(await ids('ＱＸ－ＺＢ－２０３１－７７７')).toEqual([tender]);
  });

  it('counts the results of each kind and filters by one, with paging', async () => {
    const all = await search(`q=${encodeURIComponent('钨钼')}`);
    expect(all.kinds.news).toBeGreaterThanOrEqual(2);
    expect(all.kinds.bid).toBe(0);
    const one = await search(`q=${encodeURIComponent('钨钼')}&kind=news&limit=1&page=2`);
    expect(one.total).toBe(all.kinds.news);
    expect(one.records).toHaveLength(1);
    expect(one.records[0].id).toBe(all.records[1].id);
    expect((await search(`q=${encodeURIComponent('钨钼')}&kind=bid`)).records).toEqual([]);
  });
});

describe('ranking', () => {
  it('title hits come before body hits, and newer before older among equals', async () => {
    const oldTitle = await live(news('鹈鹕湾药圃开放日', '<p>欢迎参观。</p>'), '2020-01-01T00:00:00Z');
    const newTitle = await live(news('鹈鹕湾药圃扩建', '<p>扩建完成。</p>'), '2021-01-01T00:00:00Z');
    const newestBody = await live(news('园区简讯', '<p>鹈鹕湾药圃的银杏进入观赏期。</p>'), '2022-01-01T00:00:00Z');
    expect(await ids('鹈鹕湾药圃')).toEqual([newTitle, oldTitle, newestBody]);
  });
});

describe('highlighting', () => {
  it('marks the matches and escapes everything else the content holds', async () => {
    const id = await live(news('<script>alert(1)</script>蜂鸟快讯', '<p>&lt;img src=x onerror=alert(2)&gt; 蜂鸟 &amp; 蜂鸟</p>'));
    const [hit] = (await search(`q=${encodeURIComponent('蜂鸟')}`)).records;
    expect(hit.id).toBe(id);
    expect(hit.titleHtml).toBe('&lt;script&gt;alert(1)&lt;/script&gt;<mark>蜂鸟</mark>快讯');
    expect(hit.snippet.startsWith('&lt;img src=x onerror=alert(2)&gt; <mark>蜂鸟</mark> &amp; <mark>蜂鸟</mark>')).toBe(true);
    // the only markup is <mark>
    for (const html of [hit.titleHtml, hit.snippet]) expect(html.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('a long text gives a passage around the first match', async () => {
    const filler = '中药材的质量控制贯穿种植、采收与加工。'.repeat(12);
    await live(news('长文测试', `<p>${filler}犀鸟标本入藏。${filler}</p>`));
    const [hit] = (await search(`q=${encodeURIComponent('犀鸟')}`)).records;
    expect(hit.snippet.startsWith('…')).toBe(true);
    expect(hit.snippet.endsWith('…')).toBe(true);
    expect(hit.snippet).toContain('<mark>犀鸟</mark>标本入藏');
    expect(hit.snippet.length).toBeLessThan(160);
  });
});

describe('only live content is found', () => {
  it('a draft is not found; publishing makes it findable; unpublishing removes it', async () => {
    const a = await create(news('雪豹保护区共建', '<p>公司参与雪豹保护。</p>'));
    expect(await ids('雪豹')).toEqual([]);
    await publish(a.id);
    expect(await ids('雪豹')).toEqual([a.id]);
    const off = await s.request('POST', `/api/cms/articles/${a.id}/unpublish`, { token: editor });
    expect(off.status).toBe(200);
    expect(await ids('雪豹')).toEqual([]);
  });

  it('content scheduled for later, or withdrawn by its schedule, is not found', async () => {
    await live(news('云豹巡护计划', '<p>筹备中。</p>'), '2999-01-01T00:00:00Z');
    expect(await ids('云豹')).toEqual([]);
    const gone = await create(news('雪鸮观察记录', '<p>已结束。</p>'));
    await publish(gone.id, { publishAt: '2020-01-01T00:00:00Z', unpublishAt: '2020-02-01T00:00:00Z' });
    expect(await ids('雪鸮')).toEqual([]);
  });

  it('edits to a published article are found only once they are published', async () => {
    const id = await live(news('林麝养殖基地', '<p>基地介绍。</p>'));
    const edit = await s.request('PUT', `/api/cms/articles/${id}`, { token: editor, body: news('林麝养殖基地', '<p>新增穿山甲救护站。</p>') });
    expect(edit.status).toBe(200);
    expect(await ids('穿山甲')).toEqual([]);
    expect(await ids('林麝')).toEqual([id]);
    await publish(id);
    expect(await ids('穿山甲')).toEqual([id]);
  });

  it('a deleted article leaves the index', async () => {
    const id = await live(news('朱鹮回归', '<p>朱鹮。</p>'));
    expect(await ids('朱鹮')).toEqual([id]);
    expect((await s.request('DELETE', `/api/cms/articles/${id}`, { token: editor })).status).toBe(200);
    expect(await ids('朱鹮')).toEqual([]);
    const rows = await s.built.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from search_documents where article_id = ${id}`);
    expect(Number(rows.rows[0].n)).toBe(0);
  });
});

describe('languages', () => {
  it('a search finds an item by the words of either language and shows it in the asked one, else in Chinese', async () => {
    const id = await live(news('丹顶鹤湿地', '<p>丹顶鹤越冬。</p>'));
    expect((await search(`q=${encodeURIComponent('丹顶鹤')}&lang=en`)).records.map((r) => [r.id, r.lang])).toEqual([[id, 'zh']]);
    await searchService(s.built.deps.db).indexDocument({ articleId: id, lang: 'en', title: 'Red-crowned crane wetland', summary: '', body: '<p>Cranes spend the winter here.</p>', fields: {} });
    const en = await search('q=cranes&lang=en');
    expect(en.records.map((r) => [r.id, r.lang, r.titleHtml])).toEqual([[id, 'en', 'Red-crowned crane wetland']]);
    expect(en.records[0].snippet).toBe('<mark>Cranes</mark> spend the winter here.');
    // either language's words find the item in both searches, shown in the asked language (issue 29, item 10)
    expect((await search('q=cranes&lang=zh')).records.map((r) => [r.id, r.lang, r.title])).toEqual([[id, 'zh', '丹顶鹤湿地']]);
    expect((await search(`q=${encodeURIComponent('丹顶鹤')}&lang=en`)).records.map((r) => [r.id, r.lang])).toEqual([[id, 'en']]);
    expect((await search(`q=${encodeURIComponent('丹顶鹤')}&lang=zh`)).records.map((r) => [r.id, r.lang])).toEqual([[id, 'zh']]);
  });

  it('a translation\'s live content is indexed in its language, keeps the codes of the article, and leaves with it', async () => {
    const id = await live({
      kind: 'bid', title: '灰鹤栖息地围栏采购公告', summary: '', body: '<p>欢迎投标。</p>',
      fields: { bidType: 'tender', purchaser: '本草制药', project: '围栏采购项目（HH-ZB-2031-909）' },
    });
    const db = s.built.deps.db;
    const content = { title: 'Fence tender for the crane habitat', summary: '', body: '<p>Bids welcome.</p>', seoTitle: '', seoDescription: '', fields: { purchaser: 'Bencao Pharmaceutical', project: '' } };
    await db.execute(sql`insert into cms_translations (article_id, lang, content, updated_by) values (${id}, 'en', ${JSON.stringify(content)}::jsonb, 'editor')`);
    expect((await search('q=fence&lang=en')).records.map((r) => [r.id, r.lang])).toEqual([[id, 'en']]);
    // the project number typed only in Chinese is still found in English
    expect((await search('q=HH-ZB-2031-909&lang=en')).records.map((r) => [r.id, r.lang])).toEqual([[id, 'en']]);
    await db.execute(sql`update cms_translations set content = ${JSON.stringify({ ...content, title: 'Habitat railing tender' })}::jsonb where article_id = ${id}`);
    expect((await search('q=fence&lang=en')).records).toEqual([]);
    expect((await search('q=railing&lang=en')).records.map((r) => r.id)).toEqual([id]);
    await db.execute(sql`delete from cms_translations where article_id = ${id}`);
    expect((await search('q=railing&lang=en')).records).toEqual([]);
    expect((await search(`q=${encodeURIComponent('灰鹤')}&lang=en`)).records.map((r) => [r.id, r.lang])).toEqual([[id, 'zh']]);
  });
});

describe('the index itself', () => {
  it('is rebuilt at start when it is empty', async () => {
    const id = await live(news('黑颈鹤越冬地', '<p>黑颈鹤。</p>'));
    const content = { title: 'Black-necked crane winter grounds', summary: '', body: '', seoTitle: '', seoDescription: '', fields: {} };
    await s.built.deps.db.execute(sql`insert into cms_translations (article_id, lang, content, updated_by) values (${id}, 'en', ${JSON.stringify(content)}::jsonb, 'editor')`);
    await s.built.deps.db.execute(sql`delete from search_documents`);
    expect(await ids('黑颈鹤')).toEqual([]);
    await s.restart();
    expect(await ids('黑颈鹤')).toEqual([id]);
    expect((await search('q=winter&lang=en')).records.map((r) => [r.id, r.lang])).toEqual([[id, 'en']]);
  });
});

describe('input', () => {
  it('an empty, blank or over-long query is a 400 naming q, in the visitor\'s language', async () => {
    for (const q of ['', '%20%20', encodeURIComponent('药'.repeat(51))]) {
      const en = await s.request('GET', `/api/site/search?q=${q}`, { lang: 'en' });
      expect(en.status).toBe(400);
      expect(en.body.msg).toMatch(/^q: /);
    }
    const missing = await s.request('GET', '/api/site/search', { lang: 'zh' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toMatch(/^q：|^q: /);
    const zh = await s.request('GET', `/api/site/search?q=${encodeURIComponent('药'.repeat(51))}`, { lang: 'zh' });
    expect(zh.body.msg).toMatch(/50/);
    expect((await s.request('GET', '/api/site/search?q=x&kind=page')).status).toBe(400);
    expect((await s.request('GET', '/api/site/search?q=x&limit=51')).status).toBe(400);
  });

  it('a query of punctuation only finds nothing', async () => {
    expect(await search(`q=${encodeURIComponent('？！…')}`)).toMatchObject({ total: 0, records: [], terms: [] });
  });

  it('answers are public, cached and revalidated with an ETag', async () => {
    const first = await s.request('GET', `/api/site/search?q=${encodeURIComponent('钨钼')}`);
    expect(first.headers.get('cache-control')).toContain('public');
    const etag = first.headers.get('etag')!;
    const again = await s.request('GET', `/api/site/search?q=${encodeURIComponent('钨钼')}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });
});

describe('the server-rendered results page', () => {
  // built from the current source on every run (a few seconds), so the page tested is the page written
  beforeAll(() => {
    fs.rmSync(SSR_DIR, { recursive: true, force: true });
    execFileSync('npx', ['vite', 'build', '--ssr', 'src/ssr.tsx', '--outDir', SSR_DIR], { cwd: path.resolve(__dirname, '../../site'), stdio: 'ignore' });
  }, 180_000);

  it('/search?q= shows the results without JavaScript and is not indexed', async () => {
    const id = await live(news('白鹳迁徙观测', '<p>白鹳 &lt;b&gt;观测&lt;/b&gt;</p>'));
    const res = await fetch(`${s.url}/search?q=${encodeURIComponent('白鹳')}`, { redirect: 'manual' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('<title>搜索：白鹳 — ');
    expect(html).toContain('<mark>白鹳</mark>迁徙观测');
    expect(html).toContain(`href="/news/${id}"`);
    expect(html).toContain('&lt;b&gt;观测&lt;/b&gt;');
  });
});
