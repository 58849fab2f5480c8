import { test, expect } from '../fixtures';

/**
 * A visitor reports an adverse reaction and applies to a job from a phone, then the web editor's
 * screens in the console review both (the report's status, the application's status and its CV).
 */

interface Env<T> { code: number; data: T }
interface Rec { id: number; title: string; fields: Record<string, unknown> }
const PHONE = { width: 390, height: 844 };
/** a day safely in the past wherever the browser and the server are (the form refuses future onsets) */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

test.describe.configure({ mode: 'serial' });

let reference = '';
const applicant = `应聘者${Date.now() % 100000}`;

test('a visitor reports an adverse reaction from a product page at phone width', async ({ page, request }, info) => {
  const products = (await (await request.get('/api/site/articles?kind=product&limit=1')).json()) as Env<{ records: Rec[] }>;
  const product = products.data.records[0];
  await page.setViewportSize(PHONE);
  await page.goto(`/#/productDetail?id=${product.id}`);
  await expect(page.getByText('使用本品后出现不适？')).toBeVisible();
  await page.locator('.sub-entry').getByRole('link', { name: '报告药品不良反应' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '药品不良反应报告' })).toBeVisible();
  await expect(page.getByLabel(/^产品/)).toHaveValue(String(product.id));

  // sent empty: every missing field says so, in Chinese, beside it
  await page.getByRole('button', { name: '提交报告' }).click();
  await expect(page.getByRole('alert')).toHaveText('请按提示修改后再提交。');
  await expect(page.locator('#adr-batchNo-error')).toHaveText('不能为空');
  await expect(page.locator('#adr-consent-error')).toHaveText('请阅读并同意我们处理您提交的信息');
  await page.screenshot({ path: info.outputPath('adr-phone-errors.png'), fullPage: true });

  await page.getByLabel(/^批号/).fill('BLG20260815');
  await page.getByLabel(/^发生日期/).fill(daysAgo(3));
  await page.getByLabel(/^患者年龄/).fill('35');
  await page.getByRole('radio', { name: '女' }).check();
  await page.getByLabel(/^不良反应描述/).fill('服药后约两小时前胸出现散在红色皮疹，伴轻度瘙痒，停药后次日消退。');
  await page.getByLabel(/^转归/).selectOption('recovered');
  await page.getByLabel(/^报告人姓名/).fill('陈测试');
  await page.getByLabel(/^联系方式/).fill('abc');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '提交报告' }).click();
  await expect(page.locator('#adr-contact-error')).toHaveText('请填写手机号码或电子邮箱');
  await page.getByLabel(/^联系方式/).fill('13812345678');
  await page.getByRole('button', { name: '提交报告' }).click();

  await expect(page.getByRole('heading', { name: '报告已提交' })).toBeVisible();
  const ref = await page.locator('.sub-ref').textContent();
  reference = /ADR-\d{8}-\d{4}/.exec(ref ?? '')?.[0] ?? '';
  expect(reference).not.toBe('');
  // nothing overflows the phone's width
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: info.outputPath('adr-phone.png'), fullPage: true });
});

test('a visitor applies to an open job with a CV at phone width', async ({ page, request }, info) => {
  const list = (await (await request.get('/api/site/articles?kind=job&limit=50')).json()) as Env<{ records: Rec[] }>;
  const job = [...list.data.records].sort((a, b) => String(b.fields.endDate).localeCompare(String(a.fields.endDate)))[0];
  await page.setViewportSize(PHONE);
  await page.goto(`/#/jobDetail?id=${job.id}`);
  await page.getByRole('button', { name: '在线申请' }).click();
  await page.getByLabel(/^姓名/).fill(applicant);
  await page.getByLabel(/^手机号码/).fill('13700001234');
  await page.getByLabel(/^电子邮箱/).fill('applicant@example.com');
  await page.getByLabel(/^自我介绍/).fill('中药学本科，三年质量检验经验。');
  await page.getByLabel(/^简历/).setInputFiles({ name: '我的简历.exe', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.locator('#apply-cv-error')).toHaveText('简历只能是 PDF、DOC 或 DOCX 文件');
  await page.getByLabel(/^简历/).setInputFiles({ name: '我的简历.pdf', mimeType: 'application/pdf', buffer: PDF });
  // the consent is required (PIPL), beside a link to the privacy policy
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.locator('#apply-consent-error')).toHaveText('请阅读并同意我们处理您提交的信息');
  await expect(page.locator('#apply-consent')).toBeFocused();
  await expect(page.getByRole('link', { name: '阅读《隐私政策》' })).toHaveAttribute('href', '/privacy');
  await page.locator('#apply-consent').check();
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByRole('heading', { name: '申请已提交' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: info.outputPath('apply-phone.png'), fullPage: true });
});

test('the console reviews the report', async ({ page, console }, info) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  // patients' health data: the pharmacovigilance role's, not the website editor's
  await console.login('pvofficer', 'Vigil@2026');

  await console.openMenu('网站内容', '不良反应报告');
  await page.getByRole('textbox', { name: '报告编号' }).fill(reference);
  await page.getByRole('button', { name: /^查\s*询$/ }).click();
  const row = page.locator('.ant-table-row', { hasText: reference });
  await expect(row).toContainText('新报告');
  await row.getByRole('button', { name: '审核' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toContainText('服药后约两小时前胸出现散在红色皮疹');
  await drawer.getByLabel('变更状态为').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '审核中' }).click();
  await drawer.getByLabel('审核意见').fill('已电话回访，确认皮疹与用药时间相关。');
  await drawer.getByRole('button', { name: '保存审核' }).click();
  await expect(page.getByText('审核已保存')).toBeVisible();
  await expect(drawer.locator('.ant-descriptions')).toContainText('审核中');
  await page.screenshot({ path: info.outputPath('adr-console.png') });
  await drawer.getByRole('button', { name: '关闭' }).first().click();
  await expect(row).toContainText('审核中');
});

test('the console reviews the application and downloads its CV', async ({ page, console }, info) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  // applicants' CVs: the HR role's, not the website editor's
  await console.login('hrofficer', 'People@2026');
  await console.openMenu('网站内容', '应聘申请');
  const app = page.locator('.ant-table-row', { hasText: applicant });
  await app.getByRole('button', { name: '审核' }).click();
  const appDrawer = page.getByRole('dialog');
  // the consent the applicant gave, in the words shown, and the privacy policy then in force
  await expect(appDrawer.locator('.ant-descriptions')).toContainText('我已阅读并同意《隐私政策》');
  await expect(appDrawer.locator('.ant-descriptions')).toContainText(/隐私政策第 \d+ 版/);
  const [cv] = await Promise.all([page.waitForEvent('download'), appDrawer.getByRole('button', { name: '下载简历' }).click()]);
  expect(cv.suggestedFilename()).toMatch(/^我的简历.*\.pdf$/);
  await appDrawer.getByLabel('变更状态为').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '初筛通过' }).click();
  await appDrawer.getByLabel('评语').fill('专业对口，安排面试。');
  await appDrawer.getByRole('button', { name: '保存审核' }).click();
  await expect(appDrawer.locator('.ant-descriptions')).toContainText('初筛通过');
  await page.screenshot({ path: info.outputPath('recruit-console.png') });
});
