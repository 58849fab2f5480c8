import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';

let s: TestServer;
let editor: string;
let auditor: string;
let admin: string;
/** the server's clock: frozen at the start, moved only by the tests that need time to pass */
const T0 = Date.now();
let elapsed = 0;
const clockNow = () => T0 + elapsed;
beforeAll(async () => {
  s = await startTestServer({ now: () => new Date(clockNow()) });
  [editor, auditor, admin] = await Promise.all([
    s.login(DEMO.editor.userId, DEMO.editor.password),
    s.login(DEMO.auditor.userId, DEMO.auditor.password),
    s.login(DEMO.admin.userId, DEMO.admin.password),
  ]);
});
afterAll(async () => { await s?.close(); });

const news = (title: string, extra: Record<string, unknown> = {}) => ({
  kind: 'news', title, summary: `${title} summary`, body: `<p>${title} body</p>`,
  fields: { source: '测试', author: '测试', category: '公司新闻' }, ...extra,
});
async function create(body: unknown, token = editor) {
  const res = await s.request('POST', '/api/cms/articles', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; status: string; version: number; body: string; live: boolean };
}
const publish = (id: number, body: unknown = {}) => s.request('POST', `/api/cms/articles/${id}/publish`, { token: editor, body });
const siteList = async (query: string) => (await s.request('GET', `/api/site/articles?${query}`)).body.data as { total: number; records: { id: number; title: string }[] };
const visibleIds = async (kind = 'news') => (await siteList(`kind=${kind}&limit=100`)).records.map((r) => r.id);
const iso = (msFromNow: number) => new Date(clockNow() + msFromNow).toISOString();

async function upload(bytes: Buffer, fields: Record<string, string>, filename = 'pic.png', type = 'image/png', token = editor) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await fetch(`${s.url}/api/cms/media`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' }, body: form });
  return { status: res.status, body: await res.json() as any };
}
/** a picture no other test has (random pixels), so its stored file is its own */
const randomPng = (width: number, height: number) => {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(Math.random() * 256);
  return sharp(raw, { raw: { width, height, channels: 3 } }).png().toBuffer();
};

describe('public columns and settings', () => {
  it('answers the visible header columns in order (SPEC §7)', async () => {
    const res = await s.request('GET', '/api/art/column/columnTreeselect?parentId=1000');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    const cols = res.body.data as { id: number; label: string; path: string; parent: number }[];
    expect(cols.map((c) => c.path)).toEqual(['/homePage', '/aboutPage', '/newsPage', '/productPage', '/chineseMedicinePage', '/corporateCulturePage', '/manpowerPage', '/bidReport']);
    expect(cols[0]).toEqual({ id: expect.any(Number), label: '首页', path: '/homePage', parent: 1000 });
    const settings = (await s.request('GET', '/api/site/settings')).body.data;
    expect(settings.biddingColumnId).toBe(cols.find((c) => c.path === '/bidReport')!.id);
    expect(settings).toMatchObject({ serviceHours: '9:00-21:00', icpUrl: 'https://beian.miit.gov.cn/', copyProtection: true });
    expect(settings.hotlines).toHaveLength(2);
  });

  it('hides a hidden column and follows a new order; sub-columns answer by their parent', async () => {
    const tree = (await s.request('GET', '/api/cms/columns', { token: editor })).body.data;
    expect(tree[0].id).toBe(1000);
    const culture = tree[0].children.find((c: { path: string }) => c.path === '/corporateCulturePage');
    const home = tree[0].children.find((c: { path: string }) => c.path === '/homePage');
    const bid = tree[0].children.find((c: { path: string }) => c.path === '/bidReport');
    const hide = await s.request('PUT', `/api/cms/columns/${culture.id}`, { token: editor, body: { label: culture.label, path: culture.path, parent: 1000, seq: culture.seq, visible: false } });
    expect(hide.status).toBe(200);
    const moved = await s.request('PUT', '/api/cms/columns/order', { token: editor, body: { items: [{ id: home.id, parent: 1000, seq: 999 }] } });
    expect(moved.status).toBe(200);
    const cols = (await s.request('GET', '/api/art/column/columnTreeselect?parentId=1000')).body.data as { path: string }[];
    expect(cols.map((c) => c.path)).not.toContain('/corporateCulturePage');
    expect(cols.at(-1)!.path).toBe('/homePage');
    const subs = (await s.request('GET', `/api/art/column/columnTreeselect?parentId=${bid.id}`)).body.data as { label: string }[];
    expect(subs.map((c) => c.label)).toEqual(['招标公告', '变更公告', '结果公告']);
    // put things back for the other tests
    await s.request('PUT', `/api/cms/columns/${culture.id}`, { token: editor, body: { label: culture.label, path: culture.path, parent: 1000, seq: culture.seq, visible: true } });
    await s.request('PUT', '/api/cms/columns/order', { token: editor, body: { items: [{ id: home.id, parent: 1000, seq: home.seq }] } });
  });

  it('refuses a cycle, the root, and deleting a column that still holds something', async () => {
    const tree = (await s.request('GET', '/api/cms/columns', { token: editor })).body.data;
    const newsCol = tree[0].children.find((c: { path: string }) => c.path === '/newsPage');
    const sub = newsCol.children[0];
    expect((await s.request('PUT', `/api/cms/columns/${newsCol.id}`, { token: editor, body: { label: 'x', path: '/newsPage', parent: sub.id } })).status).toBe(400);
    expect((await s.request('DELETE', '/api/cms/columns/1000', { token: editor })).status).toBe(400);
    expect((await s.request('DELETE', `/api/cms/columns/${newsCol.id}`, { token: editor })).status).toBe(409);
    const made = await s.request('POST', '/api/cms/columns', { token: editor, body: { label: '临时栏目', path: '/newsPage', parent: newsCol.id } });
    expect(made.status).toBe(200);
    expect((await s.request('DELETE', `/api/cms/columns/${made.body.data.id}`, { token: editor })).status).toBe(200);
  });
});

describe('only published, in-window content is served', () => {
  it('a draft is absent from lists and its detail is 404', async () => {
    const a = await create(news('草稿新闻'));
    expect(a.status).toBe('draft');
    expect(await visibleIds()).not.toContain(a.id);
    const detail = await s.request('GET', `/api/site/articles/${a.id}`);
    expect(detail.status).toBe(404);
    expect(detail.body.code).toBe(404);
  });

  it('publish makes it visible, unpublish takes it away', async () => {
    const a = await create(news('发布测试新闻'));
    const pub = await publish(a.id);
    expect(pub.status).toBe(200);
    expect(pub.body.data).toMatchObject({ status: 'published', live: true });
    const list = await siteList('kind=news&limit=5');
    expect(list.records[0].id).toBe(a.id); // newest first
    const detail = await s.request('GET', `/api/site/articles/${a.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id: a.id, kind: 'news', title: '发布测试新闻', body: '<p>发布测试新闻 body</p>', prev: null });
    expect(detail.body.data.next).toMatchObject({ id: expect.any(Number), title: expect.any(String) });
    const un = await s.request('POST', `/api/cms/articles/${a.id}/unpublish`, { token: editor });
    expect(un.body.data).toMatchObject({ status: 'unpublished', live: false });
    expect(await visibleIds()).not.toContain(a.id);
    expect((await s.request('GET', `/api/site/articles/${a.id}`)).status).toBe(404);
  });

  it('a scheduled article appears only inside its window, evaluated at read time', async () => {
    const future = await create(news('定时发布新闻'));
    await publish(future.id, { publishAt: iso(3_600_000) });
    const expired = await create(news('已过期新闻'));
    await publish(expired.id, { publishAt: iso(-7_200_000), unpublishAt: iso(-3_600_000) });
    const soon = await create(news('即将下线新闻'));
    await publish(soon.id, { unpublishAt: iso(1500) });
    const window = await create(news('窗口内新闻'));
    await publish(window.id, { publishAt: iso(-3_600_000), unpublishAt: iso(3_600_000) });

    const ids = await visibleIds();
    expect(ids).not.toContain(future.id);
    expect(ids).not.toContain(expired.id);
    expect(ids).toContain(soon.id);
    expect(ids).toContain(window.id);
    expect((await s.request('GET', `/api/site/articles/${future.id}`)).status).toBe(404);
    expect((await s.request('GET', `/api/site/articles/${expired.id}`)).status).toBe(404);
    // the window shows the scheduled start as the date
    const w = (await s.request('GET', `/api/site/articles/${window.id}`)).body.data;
    expect(Date.parse(w.publishedAt)).toBe(clockNow() - 3_600_000);

    elapsed += 1700; // the window of `soon` ends without any write
    expect(await visibleIds()).not.toContain(soon.id);
    expect((await s.request('GET', `/api/site/articles/${soon.id}`)).status).toBe(404);

    const states = async (state: string) => (await s.request('GET', `/api/cms/articles?kind=news&state=${state}&limit=100`, { token: editor })).body.data.records.map((r: { id: number }) => r.id);
    expect(await states('scheduled')).toContain(future.id);
    expect(await states('expired')).toEqual(expect.arrayContaining([expired.id, soon.id]));
    expect(await states('live')).toContain(window.id);
  });

  it('rejects a window that ends before it starts', async () => {
    const a = await create(news('窗口错误'));
    const res = await publish(a.id, { publishAt: iso(7_200_000), unpublishAt: iso(3_600_000) });
    expect(res.status).toBe(400);
    const bad = await s.request('POST', '/api/cms/articles', { token: editor, body: news('x', { publishAt: '2026-05-02 10:00', unpublishAt: '2026-05-01 10:00' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('unpublishAt');
  });

  it('a page by slug, and a draft page is not served', async () => {
    const res = await s.request('GET', '/api/site/pages/overview');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'page', title: '公司概况', images: [], prev: null, next: null });
    expect(res.body.data.cover).toMatchObject({ url: expect.stringMatching(/^\/api\/site\/media\/\d+\/\d+$/), width: 1200, height: 800, alt: expect.any(String) });
    for (const slug of ['strategy', 'history', 'party', 'culture']) expect((await s.request('GET', `/api/site/pages/${slug}`)).status).toBe(200);
    const draft = await create({ kind: 'page', slug: 'draft-page', title: '草稿页面', body: '<p>x</p>', fields: {} });
    expect((await s.request('GET', '/api/site/pages/draft-page')).status).toBe(404);
    const pv = (await s.request('POST', `/api/cms/articles/${draft.id}/preview`, { token: editor })).body.data;
    expect(pv.sitePath).toBe(`/#/aboutPage?showIndex=0&preview=${pv.token}`);
    expect((await s.request('GET', `/api/site/pages/draft-page?preview=${pv.token}`)).body.data.title).toBe('草稿页面');
    expect((await s.request('GET', '/api/site/pages/draft-page?preview=nope')).status).toBe(404);
    const dup = await s.request('POST', '/api/cms/articles', { token: editor, body: { kind: 'page', slug: 'overview', title: '重复', fields: {} } });
    expect(dup.status).toBe(409);
  });

  it('a preview token shows a draft to the site, and nothing else does', async () => {
    const a = await create(news('预览草稿'));
    const pv = await s.request('POST', `/api/cms/articles/${a.id}/preview`, { token: editor });
    expect(pv.status).toBe(200);
    expect(pv.body.data.sitePath).toBe(`/#/newsDetail?id=${a.id}&preview=${pv.body.data.token}`);
    const ok = await s.request('GET', `/api/site/articles/${a.id}?preview=${pv.body.data.token}`);
    expect(ok.status).toBe(200);
    expect(ok.body.data.title).toBe('预览草稿');
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect((await s.request('GET', `/api/site/articles/${a.id}?preview=wrong-token`)).status).toBe(404);
    const other = await create(news('另一篇草稿'));
    expect((await s.request('GET', `/api/site/articles/${other.id}?preview=${pv.body.data.token}`)).status).toBe(404);
  });
});

describe('seeded content', () => {
  it('has the demo content and answers products in order with categories', async () => {
    expect((await siteList('kind=news')).total).toBeGreaterThanOrEqual(12);
    expect((await siteList('kind=medicine')).total).toBeGreaterThanOrEqual(10);
    expect((await siteList('kind=job')).total).toBeGreaterThanOrEqual(6);
    expect((await siteList('kind=bid')).total).toBeGreaterThanOrEqual(6);
    const products = await siteList('kind=product&limit=100');
    expect(products.total).toBe(12);
    expect(products.records[0].title).toBe('板蓝根颗粒');
    const cats = (await s.request('GET', '/api/site/products/categories')).body.data as { name: string; count: number }[];
    expect(cats.length).toBeGreaterThanOrEqual(3);
    expect(cats.reduce((n, c) => n + c.count, 0)).toBe(12);
    const heart = await siteList(`kind=product&category=${encodeURIComponent('心脑血管')}`);
    expect(heart.total).toBe(3);
    const detail = (await s.request('GET', `/api/site/articles/${products.records[0].id}`)).body.data;
    expect(detail.fields).toMatchObject({ name: '板蓝根颗粒', pinyin: 'Banlangen Keli', rxOtc: 'OTC', approvalNumber: expect.stringMatching(/^国药准字Z2026\d{4}$/) });
    expect(detail.images).toHaveLength(1);
    expect(detail.images[0].srcset).toMatch(/\/api\/site\/media\/\d+\/320 320w, .*640 640w/);
    expect(detail.prev).toBeNull();
    expect(detail.next).toMatchObject({ title: '川贝枇杷糖浆' });
  });

  it('lists a column with its sub-columns (bidding) and searches by keyword', async () => {
    const { biddingColumnId } = (await s.request('GET', '/api/site/settings')).body.data;
    const bids = await siteList(`columnId=${biddingColumnId}&limit=100`);
    expect(bids.total).toBe(6);
    const types = new Set(bids.records.map((r) => (r as unknown as { fields: { bidType: string } }).fields.bidType));
    expect([...types].sort()).toEqual(['change', 'result', 'tender']);
    const found = await siteList(`kind=medicine&keyword=${encodeURIComponent('陈皮')}`);
    expect(found.records.map((r) => r.title)).toEqual(['陈皮为什么“越陈越好”']);
  });
});

describe('versions', () => {
  it('stores a version on every save and restores an earlier one', async () => {
    const a = await create(news('版本一'));
    const put = await s.request('PUT', `/api/cms/articles/${a.id}`, { token: editor, body: news('版本二') });
    expect(put.status).toBe(200);
    expect(put.body.data.version).toBe(2);
    await publish(a.id);
    const versions = (await s.request('GET', `/api/cms/articles/${a.id}/versions`, { token: editor })).body.data as { id: number; version: number; title: string; action: string }[];
    expect(versions.map((v) => [v.version, v.action, v.title])).toEqual([[3, 'publish', '版本二'], [2, 'update', '版本二'], [1, 'create', '版本一']]);
    const first = versions.find((v) => v.version === 1)!;
    const one = await s.request('GET', `/api/cms/articles/${a.id}/versions/${first.id}`, { token: editor });
    expect(one.body.data.snapshot).toMatchObject({ title: '版本一', body: '<p>版本一 body</p>' });
    const restored = await s.request('POST', `/api/cms/articles/${a.id}/versions/${first.id}/restore`, { token: editor });
    expect(restored.status).toBe(200);
    // restoring a published article is an edit: it waits for the next publish
    expect(restored.body.data).toMatchObject({ title: '版本一', version: 4, status: 'published', pendingDraft: true });
    expect((await s.request('GET', `/api/site/articles/${a.id}`)).body.data.title).toBe('版本二');
    const after = (await s.request('GET', `/api/cms/articles/${a.id}/versions`, { token: editor })).body.data;
    expect(after[0]).toMatchObject({ version: 4, action: 'restore', title: '版本一', createdBy: 'editor' });
    await publish(a.id);
    expect((await s.request('GET', `/api/site/articles/${a.id}`)).body.data.title).toBe('版本一');
  });

  it('cannot change the kind of an article', async () => {
    const a = await create(news('类型不变'));
    const res = await s.request('PUT', `/api/cms/articles/${a.id}`, { token: editor, body: { kind: 'medicine', title: 'x', fields: {} } });
    expect(res.status).toBe(400);
  });
});

describe('sanitization of stored rich text', () => {
  const payloads = [
    '<p>a</p><script>window.__xss = 1</script>',
    '<img src="/api/site/media/1/320" onerror="window.__xss=1">',
    '<img src="x" onerror="window.__xss=1">',
    '<a href="javascript:window.__xss=1">link</a>',
    '<a href="JaVaScRiPt:window.__xss=1">link</a>',
    '<svg onload="window.__xss=1"><circle r="4"/></svg>',
    '<iframe src="https://evil.example/"></iframe>',
    '<p onclick="window.__xss=1" style="background:url(javascript:x)">p</p>',
    '<math><mi xlink:href="javascript:window.__xss=1">m</mi></math>',
    '<details open ontoggle="window.__xss=1">d</details>',
    '<object data="javascript:window.__xss=1"></object><embed src="javascript:window.__xss=1">',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">d</a>',
    '<img src="https://tracker.example/x.png" alt="x">',
    '<scr<script>ipt>window.__xss=1</scr</script>ipt>',
  ];

  it('stores bodies with none of the payloads', async () => {
    const a = await create(news('XSS', { body: payloads.join('\n') + '<h2>ok</h2><p><a href="https://example.com/">safe</a></p>' }));
    const stored = (await s.request('GET', `/api/cms/articles/${a.id}`, { token: editor })).body.data.body as string;
    for (const bad of [/<script/i, /onerror/i, /onload/i, /onclick/i, /ontoggle/i, /javascript:/i, /<svg/i, /<iframe/i, /<object/i, /<embed/i, /<math/i, /data:text/i, /style=/i, /tracker\.example/]) {
      expect(stored).not.toMatch(bad);
    }
    expect(stored).toContain('<h2>ok</h2>');
    expect(stored).toContain('<a href="https://example.com/" target="_blank" rel="noopener noreferrer">safe</a>');
    // the console's copy carries the medium's access key (so the editor shows unpublished pictures)
    expect(stored).toMatch(/<img src="\/api\/site\/media\/1\/320\?k=[0-9a-f]+" alt="" \/>/);
    // also through an update and in the version snapshot
    await s.request('PUT', `/api/cms/articles/${a.id}`, { token: editor, body: news('XSS', { body: payloads[0] }) });
    const versions = (await s.request('GET', `/api/cms/articles/${a.id}/versions`, { token: editor })).body.data;
    const snap = (await s.request('GET', `/api/cms/articles/${a.id}/versions/${versions[0].id}`, { token: editor })).body.data.snapshot;
    expect(snap.body).toBe('<p>a</p>');
  });
});

describe('media library', () => {
  it('uploads an image with alt text and serves webp variants with long cache headers', async () => {
    const png = await randomPng(700, 400);
    const res = await upload(png, { alt: '测试图片' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const m = res.body.data;
    // the original width is a variant too when narrower than the largest (no blurry upscale of 640)
    expect(m).toMatchObject({ mime: 'image/png', width: 700, height: 400, alt: '测试图片', widths: [320, 640, 700] });
    expect(m.srcset).toContain(`/api/site/media/${m.id}/700?k=${m.accessKey} 700w`);
    const k = `?k=${m.accessKey}`;
    const variant = await fetch(`${s.url}/api/site/media/${m.id}/640${k}`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get('content-type')).toBe('image/webp');
    // not used by live content yet: opened by its key only, never cached publicly
    expect(variant.headers.get('cache-control')).toBe('private, no-cache');
    const meta = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640 });
    const own = await sharp(Buffer.from(await (await fetch(`${s.url}/api/site/media/${m.id}/700${k}`)).arrayBuffer())).metadata();
    expect(own.width).toBe(700);
    // a larger width than stored answers the largest variant not above it
    const big = await sharp(Buffer.from(await (await fetch(`${s.url}/api/site/media/${m.id}/1600${k}`)).arrayBuffer())).metadata();
    expect(big.width).toBe(700);
    const original = await fetch(`${s.url}/api/site/media/${m.id}${k}`);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await original.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(`${s.url}/api/site/media/${m.id}/500${k}`)).status).toBe(400);
    const etag = variant.headers.get('etag')!;
    expect((await fetch(`${s.url}/api/site/media/${m.id}/640${k}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    // once a published article shows it, it is public and cached for a year
    const a = await create(news('有新封面', { coverId: m.id }));
    expect((await publish(a.id)).status).toBe(200);
    const pub = await fetch(`${s.url}/api/site/media/${m.id}/640`);
    expect(pub.status).toBe(200);
    expect(pub.headers.get('cache-control')).toContain('max-age=31536000');
    const detail = (await s.request('GET', `/api/site/articles/${a.id}`)).body.data;
    expect(detail.cover.srcset).not.toContain('?k=');
    expect(detail.cover.srcset).toContain(`/api/site/media/${m.id}/700 700w`);
  });

  it('requires alt text', async () => {
    const res = await upload(await randomPng(50, 50), {});
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('alt');
    const blank = await upload(await randomPng(50, 50), { alt: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toBe('alt: cannot be empty');
    // a limit in SPEC §5's words, not zod's "Too big: expected string to have <=200 characters" (issue 28, item 3)
    const long = await upload(await randomPng(50, 50), { alt: 'x'.repeat(201) });
    expect(long.body.msg).toBe('alt: maximum length 200 characters');
  });

  it('checks the type by the bytes, not by the name or declared type', async () => {
    const html = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    const res = await upload(html, { alt: '伪装图片' }, 'evil.png', 'image/png');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Only JPEG, PNG, WebP or GIF images can be uploaded');
    const truncated = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    expect((await upload(truncated, { alt: '坏图' })).status).toBe(400);
    const jpeg = await sharp(await randomPng(40, 30)).jpeg().toBuffer();
    const asJpeg = await upload(jpeg, { alt: 'jpeg' }, 'photo.gif', 'image/gif');
    expect(asJpeg.status).toBe(200);
    expect(asJpeg.body.data).toMatchObject({ mime: 'image/jpeg', widths: [40] });
  });

  it('refuses images larger than 10 MB', async () => {
    const big = Buffer.concat([await randomPng(10, 10), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const res = await upload(big, { alt: '太大' });
    expect(res.status).toBe(413);
    expect(res.body.msg).toBe('The image is larger than 10 MB');
  });

  it('will not delete an image that an article uses; deletes it once free', async () => {
    const m = (await upload(await randomPng(400, 300), { alt: '封面' })).body.data;
    const a = await create(news('有封面', { coverId: m.id }));
    expect((await s.request('DELETE', `/api/cms/media/${m.id}`, { token: editor })).status).toBe(409);
    await s.request('PUT', `/api/cms/articles/${a.id}`, { token: editor, body: news('有封面', { coverId: null }) });
    expect((await s.request('DELETE', `/api/cms/media/${m.id}`, { token: editor })).status).toBe(200);
    expect((await fetch(`${s.url}/api/site/media/${m.id}/320`)).status).toBe(404);
    const unknown = await s.request('POST', '/api/cms/articles', { token: editor, body: news('坏封面', { coverId: 999999 }) });
    expect(unknown.status).toBe(400);
  });
});

describe('unpublished media and previews (security)', () => {
  it('an unpublished medium is 404 to an anonymous visitor, by every URL, until published content shows it', async () => {
    const m = (await upload(await randomPng(360, 240), { alt: '未发布图片' })).body.data;
    for (const path of [`/api/site/media/${m.id}`, `/api/site/media/${m.id}/320`, `/api/site/media/${m.id}/360`, `/api/site/media/${m.id}?k=${'0'.repeat(32)}`]) {
      const res = await fetch(s.url + path);
      expect(res.status, path).toBe(404);
    }
    // a draft using it does not make it public
    const draft = await create(news('草稿封面', { coverId: m.id, body: `<p>x</p><p><img src="/api/site/media/${m.id}/320" alt="a"></p>` }));
    expect((await fetch(`${s.url}/api/site/media/${m.id}/320`)).status).toBe(404);
    // the console sees it with its key, in the list, the row and the draft's body
    const row = (await s.request('GET', `/api/cms/media/${m.id}`, { token: editor })).body.data;
    expect((await fetch(s.url + row.thumb)).status).toBe(200);
    const got = (await s.request('GET', `/api/cms/articles/${draft.id}`, { token: editor })).body.data;
    expect(got.body).toContain(`/api/site/media/${m.id}/320?k=${m.accessKey}`);
    expect(got.cover.url).toContain(`?k=${m.accessKey}`);
    // keys never reach the stored body
    await s.request('PUT', `/api/cms/articles/${draft.id}`, { token: editor, body: news('草稿封面', { coverId: m.id, body: got.body }) });
    const stored = await s.built.deps.db.execute<{ body: string }>(sql`select body from cms_articles where id = ${draft.id}`);
    expect(stored.rows[0].body).toContain(`/api/site/media/${m.id}/320"`);
    expect(stored.rows[0].body).not.toContain('?k=');
    // published: the article's image loads for anyone; unpublished again: gone
    expect((await publish(draft.id)).status).toBe(200);
    expect((await fetch(`${s.url}/api/site/media/${m.id}/320`)).status).toBe(200);
    expect((await fetch(`${s.url}/api/site/media/${m.id}`)).status).toBe(200);
    await s.request('POST', `/api/cms/articles/${draft.id}/unpublish`, { token: editor });
    expect((await fetch(`${s.url}/api/site/media/${m.id}/320`)).status).toBe(404);
  });

  it("a seeded published article's image still loads", async () => {
    const page = (await s.request('GET', '/api/site/pages/overview')).body.data;
    const res = await fetch(s.url + page.cover.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const product = (await siteList('kind=product&limit=1')).records[0] as unknown as { cover: { url: string } };
    expect((await fetch(s.url + product.cover.url)).status).toBe(200);
  });

  it('minting a preview takes the edit authority: a read-only account gets 403, an editor gets a preview', async () => {
    const role = await s.request('POST', '/api/security/roles', { token: admin, body: { code: 'CMS_READER', name: '内容只读' } });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    expect((await s.request('PUT', `/api/security/roles/${role.body.data.id}/grants`, { token: admin, body: { authorities: ['cms:article'] } })).status).toBe(200);
    const acc = await s.request('POST', '/api/security/accounts', { token: admin, body: { userId: 'cms_reader', userName: 'reader', password: 'Passw0rd!x', confirmPassword: 'Passw0rd!x' } });
    expect(acc.status, JSON.stringify(acc.body)).toBe(200);
    expect((await s.request('POST', '/api/security/accounts/batch-grant', { token: admin, body: { accountId: acc.body.data.id, roleIds: [role.body.data.id] } })).status).toBe(200);
    const reader = await s.login('cms_reader', 'Passw0rd!x');
    const a = await create(news('只读账号不能预览'));
    expect((await s.request('GET', `/api/cms/articles/${a.id}`, { token: reader })).status).toBe(200);
    expect((await s.request('POST', `/api/cms/articles/${a.id}/preview`, { token: reader })).status).toBe(403);
    const pv = await s.request('POST', `/api/cms/articles/${a.id}/preview`, { token: editor });
    expect(pv.status).toBe(200);
    const shown = await s.request('GET', `/api/site/articles/${a.id}?preview=${pv.body.data.token}`);
    expect(shown.body.data).toMatchObject({ title: '只读账号不能预览', preview: true });
  });
});

describe('editing a published article', () => {
  it('saves a pending draft: the site keeps the live version until publish; previews show the draft', async () => {
    const a = await create(news('线上版本'));
    await publish(a.id);
    const saved = await s.request('PUT', `/api/cms/articles/${a.id}`, { token: editor, body: news('修改后的版本') });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ title: '修改后的版本', pendingDraft: true, live: true, status: 'published' });
    const site = await s.request('GET', `/api/site/articles/${a.id}`);
    expect(site.body.data.title).toBe('线上版本');
    expect(site.body.data.preview).toBeUndefined();
    expect((await siteList('kind=news&keyword=修改后的版本')).total).toBe(0);
    const pv = (await s.request('POST', `/api/cms/articles/${a.id}/preview`, { token: editor })).body.data;
    const preview = await s.request('GET', `/api/site/articles/${a.id}?preview=${pv.token}`);
    expect(preview.body.data).toMatchObject({ title: '修改后的版本', preview: true });
    const console = (await s.request('GET', `/api/cms/articles/${a.id}`, { token: editor })).body.data;
    expect(console).toMatchObject({ title: '修改后的版本', pendingDraft: true });
    const published = await publish(a.id);
    expect(published.body.data).toMatchObject({ title: '修改后的版本', pendingDraft: false });
    expect((await s.request('GET', `/api/site/articles/${a.id}`)).body.data.title).toBe('修改后的版本');
    // a draft article is still edited in place
    const d = await create(news('草稿'));
    const upd = await s.request('PUT', `/api/cms/articles/${d.id}`, { token: editor, body: news('草稿改') });
    expect(upd.body.data).toMatchObject({ title: '草稿改', pendingDraft: false });
  });
});

describe('permissions', () => {
  it('anonymous callers cannot reach the console API', async () => {
    expect((await s.request('GET', '/api/cms/articles')).status).toBe(401);
    expect((await s.request('POST', '/api/cms/articles', { body: news('匿名') })).status).toBe(401);
  });

  it('the editor can, the auditor gets 403', async () => {
    expect((await s.request('GET', '/api/cms/articles?kind=news', { token: editor })).status).toBe(200);
    expect((await s.request('GET', '/api/cms/articles?kind=news', { token: auditor })).status).toBe(403);
    expect((await s.request('POST', '/api/cms/articles', { token: auditor, body: news('审计员') })).status).toBe(403);
    expect((await s.request('GET', '/api/cms/columns', { token: auditor })).status).toBe(403);
    expect((await upload(await randomPng(20, 20), { alt: 'x' }, 'a.png', 'image/png', auditor)).status).toBe(403);
    const a = await create(news('审计员不能发布'));
    expect((await s.request('POST', `/api/cms/articles/${a.id}/publish`, { token: auditor, body: {} })).status).toBe(403);
  });

  it('site settings: the editor may not change them, the administrator may', async () => {
    const current = (await s.request('GET', '/api/site/settings')).body.data;
    expect((await s.request('PUT', '/api/cms/settings', { token: editor, body: current })).status).toBe(403);
    const res = await s.request('PUT', '/api/cms/settings', { token: admin, body: { ...current, copyProtection: false, hotlines: ['400-000-0000', current.hotlines[1]] } });
    expect(res.status).toBe(200);
    expect((await s.request('GET', '/api/site/settings')).body.data).toMatchObject({ copyProtection: false, hotlines: ['400-000-0000', current.hotlines[1]] });
    const bad = await s.request('PUT', '/api/cms/settings', { token: admin, body: { ...current, biddingColumnId: 999999 } });
    expect(bad.status).toBe(400);
    await s.request('PUT', '/api/cms/settings', { token: admin, body: current });
  });
});

describe('kind-specific fields', () => {
  it('validates the fields of each kind', async () => {
    const noApproval = await s.request('POST', '/api/cms/articles', { token: editor, body: {
      kind: 'product', title: '缺批准文号', fields: { name: 'x', ingredients: 'x', indications: 'x', manufacturer: 'x', rxOtc: 'OTC', category: 'x' } } });
    expect(noApproval.status).toBe(400);
    expect(noApproval.body.msg).toContain('fields.approvalNumber');
    const badJob = await s.request('POST', '/api/cms/articles', { token: editor, body: {
      kind: 'job', title: '岗位', fields: { department: 'd', location: 'l', headcount: 1, duties: 'x', requirements: 'y', startDate: '2026-05-02', endDate: '2026-05-01' } } });
    expect(badJob.status).toBe(400);
    const job = { department: 'd', location: 'l', headcount: 1, duties: 'x', requirements: 'y', startDate: '2026-05-01', endDate: '2026-05-02' };
    const payBelow = await s.request('POST', '/api/cms/articles', { token: editor, lang: 'zh', body: { kind: 'job', title: '岗位', fields: { ...job, salaryMin: 20000, salaryMax: 12000 } } });
    expect(payBelow.status).toBe(400);
    expect(payBelow.body.msg).toContain('不能低于月薪下限');
    expect(payBelow.body.msg).toContain('salaryMax');
    const paid = await create({ kind: 'job', title: '岗位', fields: { ...job, salaryMin: 12000, salaryMax: 20000 } });
    expect((await s.request('GET', `/api/cms/articles/${paid.id}`, { token: editor })).body.data.fields).toMatchObject({ salaryMin: 12000, salaryMax: 20000 });
    const bid = await create({ kind: 'bid', title: '招标', fields: { bidType: 'tender', purchaser: 'p', project: 'x', attachments: [{ name: '文件', url: 'https://example.com/a.pdf' }] } });
    expect(bid.status).toBe('draft');
    const wrongType = await s.request('POST', '/api/cms/articles', { token: editor, body: { kind: 'bid', title: '招标', fields: { bidType: 'other', purchaser: 'p', project: 'x' } } });
    expect(wrongType.status).toBe(400);
  });
});
