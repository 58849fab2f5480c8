import { test, expect } from '../fixtures';
import type { Locator, Page } from '@playwright/test';
import { apiLogin } from '../api';
import { btn } from '../ui';
import { menuLeaves, openPage, pageReady } from '../sweep';

/**
 * The four-language sweep (issue 16): as admin, open every list of the console menu in en, zh, es and
 * ja and fail on a raw i18n key, zod's default texts, an uncaught page error, or a row action that is
 * not reachable inside the fixed action column; open each list's new-record dialog, save it empty and
 * fail on zod's default texts there too.
 */
const LANGS = [
  { lang: 'en', add: 'New', save: 'Save' },
  { lang: 'zh', add: '新增', save: '保存' },
  { lang: 'es', add: 'Nuevo', save: 'Guardar' },
  { lang: 'ja', add: '新規', save: '保存' },
] as const;

/** a message key shown instead of its text: `field.userId`, `msg.saved`, `listPage.export` … */
const RAW_KEY = /(?<![\w./@:-])(?:field|msg|action|title|hint|status|state|table|listPage|label|placeholder|option|result|file|error|nav|tip|kind|source|col|menu|validation)\.[a-z][\w]*(?![\w/@-])/;
/** zod's own messages (English and its Chinese locale): the shared schemas must map every issue */
const ZOD_DEFAULT = /Invalid input|expected (?:string|number|boolean|array|object)|received undefined|Too (?:small|big)|无效输入|Entrada inválida|無効な入力/;

const problemsIn = (text: string) => [
  ...(RAW_KEY.exec(text) ? [`raw key "${RAW_KEY.exec(text)![0]}"`] : []),
  ...(ZOD_DEFAULT.exec(text) ? [`zod default "${ZOD_DEFAULT.exec(text)![0]}"`] : []),
];

/** the figures printed per page: how long each phase took (figures only; nothing asserts on them) */
function phases() {
  const start = Date.now();
  let last = start;
  const laps: string[] = [];
  return {
    lap(name: string) { const now = Date.now(); laps.push(`${name} ${now - last}`); last = now; },
    laps: () => laps.join(', '),
    total: () => Date.now() - start,
  };
}

/**
 * The row actions of the first rows: each inside the fixed action cell, inside the table and the
 * window, visible, and the element a click at its centre would reach (what Playwright's actionability
 * check asks of a click). Measured in the page in one pass: the answer is the same as asking each
 * button over the wire, without a round trip per button and per question.
 */
async function unreachableActions(table: Locator): Promise<{ found: string[]; checked: number }> {
  return table.evaluate((root, maxRows) => {
    const found: string[] = [];
    let checked = 0;
    const rows = [...root.querySelectorAll<HTMLElement>('.ant-table-tbody > tr.ant-table-row')].slice(0, maxRows);
    rows.forEach((row, i) => {
      const cells = row.querySelectorAll<HTMLElement>('td[class*="ant-table-cell-fix-right"], td[class*="ant-table-cell-fix-end"]');
      const cell = cells[cells.length - 1];
      if (!cell) return;
      cell.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const frame = root.querySelector('.ant-table-container')?.getBoundingClientRect();
      const box = cell.getBoundingClientRect();
      cell.querySelectorAll<HTMLElement>('button:not([disabled]), a[href]').forEach((b, j) => {
        checked++;
        const name = (b.innerText || b.getAttribute('aria-label') || `#${j}`).trim();
        const at = b.getBoundingClientRect();
        const visible = at.width > 0 && at.height > 0 && getComputedStyle(b).visibility !== 'hidden';
        const outside = !frame || at.x < box.x - 1 || at.right > box.right + 1 || at.right > frame.right + 1 || at.right > window.innerWidth;
        if (outside || !visible) { found.push(`row ${i + 1} action "${name}" outside the action column`); return; }
        const hit = document.elementFromPoint(at.x + at.width / 2, at.y + at.height / 2);
        if (!hit || !(hit === b || b.contains(hit))) found.push(`row ${i + 1} action "${name}" not clickable`);
      });
    });
    return { found, checked };
  }, 3);
}

/** Opens the list's new-record dialog, saves it empty, and answers what is wrong in what it shows. */
async function emptySaveProblems(page: Page, list: Locator, add: Locator, save: string, t: ReturnType<typeof phases>): Promise<string[]> {
  const before = page.url();
  // each step is bounded: a sweep of 60 screens must name the one that stalls, not hang until the test's end
  await add.click({ timeout: 15_000 });
  const dialog = page.locator('.ant-modal-wrap:visible .ant-modal, .ant-drawer-open .ant-drawer-content').last();
  // "add" opens a dialog, or an editor in the page (Articles: `?edit=new`): whichever happens first, instead of a fixed wait for a dialog
  const opened = await Promise.race([
    dialog.waitFor({ state: 'visible', timeout: 10_000 }).then(() => 'dialog' as const, () => 'nothing' as const),
    page.waitForURL((u) => u.href !== before, { timeout: 10_000 }).then(() => 'page' as const, () => 'nothing' as const),
  ]);
  if (opened !== 'dialog') {
    // an editor in the page takes the list's place: read it once it is there and loaded
    if (opened === 'page') await list.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
    await pageReady(page);
    t.lap(`form:${opened}`);
    return problemsIn(await page.locator('body').innerText({ timeout: 5_000 })).map((p) => `after "add": ${p}`);
  }
  const saveButton = dialog.getByRole('button', { name: btn(save) }).last();
  t.lap('form:open');
  if (await saveButton.count()) await saveButton.click({ timeout: 15_000 });
  else await dialog.locator('.ant-btn-primary').last().click({ timeout: 15_000 });
  t.lap('form:save');
  // the form's rules run asynchronously; their messages (or the server's answer) are what the operator reads
  await Promise.race([
    dialog.locator('.ant-form-item-explain-error').first().waitFor({ timeout: 10_000 }),
    page.locator('.ant-message-notice').first().waitFor({ timeout: 10_000 }),
    dialog.waitFor({ state: 'hidden', timeout: 10_000 }),
  ].map((p) => p.catch(() => undefined)));
  t.lap('form:answer');
  await pageReady(page);
  const text = await dialog.isVisible() ? await dialog.innerText({ timeout: 5_000 }) : '';
  t.lap('form:read');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden', timeout: 2_000 }).catch(() => undefined);
  return problemsIn(text).map((p) => `new-record dialog: ${p}`);
}

test.describe('console sweep', () => {
  for (const { lang, add, save } of LANGS) {
    test(`every list and its new-record form reads right in ${lang}`, async ({ page, context, console: app }) => {
      test.setTimeout(600_000);
      await context.addCookies([{ name: 'language', value: lang, url: process.env.E2E_BASE_URL! }]);
      await page.setViewportSize({ width: 1366, height: 900 });
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      await app.login('admin', 'Bencao@2026');
      const token = await apiLogin(page.request, 'admin', 'Bencao@2026');
      const leaves = await menuLeaves(page, token, lang);
      expect(leaves.length).toBeGreaterThan(20);

      const failures: string[] = [];
      let lists = 0;
      // SWEEP_ONLY=cms/article,opt/security/account: only those paths (to look at a few pages' figures)
      const only = process.env.SWEEP_ONLY?.split(',').filter(Boolean);
      for (const leaf of only ? leaves.filter((l) => only.includes(l.path!)) : leaves) {
        pageErrors.length = 0;
        const t = phases();
        await openPage(page, leaf.path!);
        t.lap('open');
        const table = page.getByRole('main').locator('.ant-table-wrapper').first();
        // not a list (dashboard, editors, trees, settings): no table once the page has loaded
        if (!(await table.count())) continue;
        lists++;
        const where = `${leaf.path} (${leaf.menuName})`;
        const issues = problemsIn(await page.locator('body').innerText());
        t.lap('text');
        const actions = await unreachableActions(table);
        issues.push(...actions.found);
        t.lap(`actions(${actions.checked})`);
        const addButton = page.getByRole('button', { name: btn(add) }).first();
        if (await addButton.isVisible()) issues.push(...(await emptySaveProblems(page, table, addButton, save, t)));
        t.lap('form');
        issues.push(...pageErrors.map((e) => `page error: ${e.split('\n')[0]}`));
        failures.push(...issues.map((i) => `${where}: ${i}`));
        // a long sweep that times out still tells what it found so far
        for (const i of issues) console.log(`[sweep ${lang}] ${where}: ${i}`);
        console.log(`[sweep ${lang}] ${where}: ${t.total()} ms (${t.laps()})`);
      }
      if (!only) expect(lists, 'lists found in the menu').toBeGreaterThan(15);
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});
