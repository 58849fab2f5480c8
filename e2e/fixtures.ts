import { test as base, expect, type Page } from '@playwright/test';

/** The console as a person uses it: open the login page, sign in, wait for the sidebar the server built. */
export class ConsoleApp {
  constructor(readonly page: Page) {}

  async open(path = '/') {
    await this.page.goto(`/console${path}`);
  }

  async fillLogin(user: string, password: string) {
    if (!this.page.url().includes('/console/login')) await this.page.goto('/console/login');
    await this.page.getByRole('textbox', { name: /^(账号|Account|Cuenta|アカウント)$/ }).fill(user);
    await this.page.getByLabel(/^(密码|Password|Contraseña|パスワード)$/).fill(password);
    await this.page.getByRole('button', { name: /登\s*录|Sign in|Entrar|ログイン/ }).click();
  }

  async login(user: string, password: string) {
    await this.fillLogin(user, password);
    await expect(this.page.locator('.app-sider .ant-menu')).toBeVisible();
    // the home page's requests finish first: a test that navigates on at once would leave the server
    // (one embedded database connection) busy with them while its own page waits behind
    await this.page.locator('#main[aria-busy="false"]').waitFor();
  }

  sidebar() {
    return this.page.locator('.app-sider');
  }

  /** opens a menu group, then one of its items, by their visible labels */
  async openMenu(group: RegExp | string, item: RegExp | string) {
    const entry = this.sidebar().getByRole('menuitem', { name: item }).first();
    if (!(await entry.isVisible())) {
      await this.sidebar().getByRole('menuitem', { name: group }).first().click();
      // the group opens with a height animation; on a busy machine a click during it can be lost
      await expect(this.sidebar().locator('[class*="ant-motion-collapse"]')).toHaveCount(0);
    }
    const main = this.page.locator('#main');
    const before = await main.getAttribute('data-path');
    const already = /\bant-menu-item-selected\b/.test((await entry.getAttribute('class')) ?? '');
    await entry.click();
    if (already) return;
    // the router renders the next page in a transition: until its code has loaded, the previous page (and its
    // buttons, such as 新增) stays on screen. Wait for the new page to be committed and its requests to end.
    await expect(main).not.toHaveAttribute('data-path', before ?? '');
    await this.page.locator('#main[aria-busy="false"]').waitFor();
  }
}

export const test = base.extend<{ console: ConsoleApp }>({
  console: async ({ page }, use) => {
    await use(new ConsoleApp(page));
  },
});

export { expect };
