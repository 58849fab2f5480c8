import { test, expect } from '../fixtures';
import { api, apiLogin } from '../api';

/**
 * Site content (issue 29): an editor schedules an edit of a published news item for two minutes
 * ahead and the live version stays online meanwhile (page, list, sitemap); a CV the server refuses
 * by its bytes marks the CV field and takes the focus there.
 */

const EDITOR = { user: 'editor', password: 'Editor@2026' };
const news = (t: string) => ({ kind: 'news', title: t, summary: `${t} 摘要`, body: `<p>${t} 正文</p>`, fields: { source: '本草制药', author: '编辑', category: '公司新闻' } });

test('a scheduled edit of a published news item keeps the live version online until its time', async ({ page, request, browser, console: consoleApp }) => {
  const token = await apiLogin(request, EDITOR.user, EDITOR.password);
  const live = `定时修改线上版 ${Date.now()}`;
  const later = `${live} 新版`;
  const a = await api<{ id: number }>(request, token, 'POST', '/api/cms/articles', news(live));
  await api(request, token, 'POST', `/api/cms/articles/${a.id}/publish`, {});

  // the editor: 编辑 → new title → 上线时间 two minutes ahead → 定时发布
  await consoleApp.login(EDITOR.user, EDITOR.password);
  await page.getByRole('menuitem', { name: /网站内容/ }).first().click();
  await page.getByRole('menuitem', { name: /内容管理/ }).first().click();
  await page.getByRole('button', { name: `编辑 ${live}` }).click();
  const editor = page.getByTestId('cms-article-editor');
  await editor.getByLabel('标题', { exact: true }).fill(later);
  const at = await page.evaluate(() => {
    const d = new Date(Date.now() + 120_000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
  });
  const publishAt = editor.getByLabel('上线时间');
  await publishAt.click();
  await publishAt.fill(at);
  await publishAt.press('Enter');
  await editor.getByRole('button', { name: /定时发布/ }).click();
  await expect(page.getByText('已设置定时发布')).toBeVisible();

  // a visitor meanwhile: the live version at its path URL, in the list and in the sitemap
  const visitor = await (await browser.newContext()).newPage();
  const res = await visitor.goto(`/news/${a.id}`);
  expect(res?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1, name: live, exact: true })).toBeVisible();
  await expect(visitor.getByText(later)).toHaveCount(0);
  expect((await request.get(`/api/site/articles/${a.id}`)).status()).toBe(200);
  const list = await (await request.get('/api/site/articles?kind=news&limit=100')).json() as { data: { records: { id: number; title: string }[] } };
  expect(list.data.records.find((r) => r.id === a.id)?.title).toBe(live);
  expect(await (await request.get('/sitemap.xml')).text()).toContain(`/news/${a.id}</loc>`);
  await visitor.context().close();
});

test('a renamed non-PDF CV refused by the server marks the CV field and focuses it', async ({ page, request }) => {
  const list = (await (await request.get('/api/site/articles?kind=job&limit=50')).json()) as { data: { records: { id: number; fields: { endDate?: string } }[] } };
  const job = [...list.data.records].sort((x, y) => String(y.fields.endDate).localeCompare(String(x.fields.endDate)))[0];
  await page.goto(`/jobs/${job.id}`);
  await page.getByRole('button', { name: '在线申请' }).click();
  await page.getByLabel(/^姓名/).fill('简历测试');
  await page.getByLabel(/^手机号码/).fill('13700005678');
  await page.getByLabel(/^电子邮箱/).fill('cv.check@example.com');
  // a PNG named .pdf: the page lets it through (name and size), the server reads its bytes
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de', 'hex');
  await page.getByLabel(/^简历/).setInputFiles({ name: '简历.pdf', mimeType: 'application/pdf', buffer: png });
  await page.locator('#apply-consent').check();
  await page.getByRole('button', { name: '提交申请' }).click();
  const refusal = '简历：简历只能是 PDF、DOC 或 DOCX 文档，该文件不符合要求';
  await expect(page.locator('#apply-cv-error')).toHaveText(refusal);
  await expect(page.locator('#apply-cv')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#apply-cv')).toBeFocused();
  await expect(page.getByRole('alert')).toHaveText(refusal);
});
