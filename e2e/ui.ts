import type { Page } from '@playwright/test';

/** antd spaces two-character CJK labels ("新 增") and icons add their own name before the label */
export const btn = (label: string) => new RegExp(`(^|\\s)${[...label].join('\\s*')}$`);
/** the open dialog (modal or confirmation) whose text includes `title` */
export const dialog = (page: Page, title: string | RegExp) => page.locator('.ant-modal, .ant-modal-confirm').filter({ hasText: title }).last();
/** a message toast with `text` */
export const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).first();
/** the first table row containing `text` */
export const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text }).first();

/**
 * The open approval dialog of a signed node ("通过"): comment, meaning (when given), the signer's password, then
 * "确定通过". A signed approval first fetches a one-time key, then the server checks the password (argon2): on a
 * busy machine that outlasts a toast's wait, so this resolves with the approval's answer, not with a toast.
 */
export async function signApproval(page: Page, opts: { comment: string; password: string; meaning?: string }) {
  const approve = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '通过' }) }).last();
  await approve.getByLabel('审批意见').fill(opts.comment);
  if (opts.meaning) await approve.getByRole('radio', { name: opts.meaning }).check();
  await approve.getByLabel('登录密码').fill(opts.password);
  const answered = page.waitForResponse((r) => /\/api\/workflow\/tasks\/\d+\/approve$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST', { timeout: 60_000 });
  await approve.getByRole('button', { name: btn('确定通过') }).click();
  return answered;
}
