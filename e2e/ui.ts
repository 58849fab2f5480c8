import type { Page } from '@playwright/test';

/** antd spaces two-character CJK labels ("新 增") and icons add their own name before the label */
export const btn = (label: string) => new RegExp(`(^|\\s)${[...label].join('\\s*')}$`);
/** the open dialog (modal or confirmation) whose text includes `title` */
export const dialog = (page: Page, title: string | RegExp) => page.locator('.ant-modal, .ant-modal-confirm').filter({ hasText: title }).last();
/** a message toast with `text` */
export const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).first();
/** the first table row containing `text` */
export const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text }).first();
