import { test, expect } from '../fixtures';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { api, apiLogin, createAccount } from '../api';
import { btn, toast, row } from '../ui';

/**
 * Tasks and approvals as people use them (issue 11), zh-CN console, two browser contexts: the starter
 * starts a 采购申请 with an amount from 发起; the department head finds it in 待办 without reloading,
 * opens it, copies it to a colleague and returns it to the starter; the starter resubmits; the head
 * approves; the amount is above 50,000, so two finance users countersign; the process ends. The starter
 * sees it in 办结, the approvers in 已办, the colleague reads it under 抄送我的 without any action.
 * The people and the process are made for this test through the API (its own accounts, role and
 * definition), so nothing depends on the demo data or on what other tests left.
 */

const ADMIN = { user: 'admin', password: 'Bencao@2026' };
const PASSWORD = 'Tasks@2026e2e';
const shots = process.env.E2E_SHOTS_DIR ?? '/tmp';

const suffix = Date.now().toString(36).slice(-5);
const KEY = `e2e_purchase_${suffix}`;
const PROCESS = `采购申请（端到端 ${suffix}）`;
const people = {
  starter: { userId: `e2e_apply_${suffix}`, name: '申请人' },
  head: { userId: `e2e_head_${suffix}`, name: '部门负责人' },
  fin1: { userId: `e2e_fin1_${suffix}`, name: '财务甲' },
  fin2: { userId: `e2e_fin2_${suffix}`, name: '财务乙' },
  cc: { userId: `e2e_cc_${suffix}`, name: '抄送同事' },
};
type Who = keyof typeof people;

const assignment = (accountIds: number[]) => ` bencao:assignment="${JSON.stringify({ rule: { kind: 'user', accountIds }, onEmpty: 'refuse' }).replace(/"/g, '&quot;')}"`;

/** start → 部门负责人审批 → amount > 50000 ? 财务会签 (everyone) : end */
function purchaseXml(head: number, finance: number[]) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bencao="http://bencao.dev/schema/bpmn" id="Definitions_${KEY}" targetNamespace="http://bencao.dev/bpmn">
  <bpmn:process id="${KEY}" name="${PROCESS}" isExecutable="true">
    <bpmn:startEvent id="start" name="提交申请"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:userTask id="deptApprove" name="部门负责人审批"${assignment([head])}><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing></bpmn:userTask>
    <bpmn:exclusiveGateway id="amountGw" name="金额超过 5 万？" default="f_small"><bpmn:incoming>f2</bpmn:incoming><bpmn:outgoing>f_big</bpmn:outgoing><bpmn:outgoing>f_small</bpmn:outgoing></bpmn:exclusiveGateway>
    <bpmn:userTask id="financeSign" name="财务会签"${assignment(finance)}><bpmn:incoming>f_big</bpmn:incoming><bpmn:outgoing>f_signed</bpmn:outgoing><bpmn:multiInstanceLoopCharacteristics isSequential="false" bencao:completion="all"/></bpmn:userTask>
    <bpmn:endEvent id="end" name="采购完成"><bpmn:incoming>f_small</bpmn:incoming><bpmn:incoming>f_signed</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="deptApprove"/>
    <bpmn:sequenceFlow id="f2" sourceRef="deptApprove" targetRef="amountGw"/>
    <bpmn:sequenceFlow id="f_big" name="超过 5 万" sourceRef="amountGw" targetRef="financeSign"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">amount &gt; 50000</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f_small" name="5 万及以下" sourceRef="amountGw" targetRef="end"/>
    <bpmn:sequenceFlow id="f_signed" sourceRef="financeSign" targetRef="end"/>
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_${KEY}">
    <bpmndi:BPMNPlane id="Plane_${KEY}" bpmnElement="${KEY}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="100" y="182" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="deptApprove_di" bpmnElement="deptApprove"><dc:Bounds x="190" y="160" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="amountGw_di" bpmnElement="amountGw" isMarkerVisible="true"><dc:Bounds x="345" y="175" width="50" height="50"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="financeSign_di" bpmnElement="financeSign"><dc:Bounds x="450" y="60" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="632" y="182" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="136" y="200"/><di:waypoint x="190" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="290" y="200"/><di:waypoint x="345" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_big_di" bpmnElement="f_big"><di:waypoint x="370" y="175"/><di:waypoint x="370" y="100"/><di:waypoint x="450" y="100"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_small_di" bpmnElement="f_small"><di:waypoint x="395" y="200"/><di:waypoint x="632" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_signed_di" bpmnElement="f_signed"><di:waypoint x="550" y="100"/><di:waypoint x="650" y="100"/><di:waypoint x="650" y="182"/></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}

const drawer = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('.ant-drawer-body') }).last();
const dialog = (page: Page, title: string | RegExp) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) }).last();

async function login(page: Page, who: Who) {
  await page.goto('/console/login');
  await page.getByRole('textbox', { name: '账号' }).fill(people[who].userId);
  await page.getByRole('textbox', { name: '密码' }).fill(PASSWORD);
  await page.getByRole('button', { name: btn('登录') }).click();
  // the first login of a context downloads the shell: allowed more time on a busy machine
  await expect(page.locator('.app-sider .ant-menu')).toBeVisible({ timeout: 30_000 });
}

/** opens a screen of the workflow group from the sidebar (the group opens first when it is closed) */
async function menu(page: Page, item: RegExp) {
  const sider = page.locator('.app-sider');
  const entry = sider.getByRole('menuitem', { name: item }).first();
  if (!(await entry.isVisible())) await sider.getByRole('menuitem', { name: /流程管理|Workflow/ }).first().click();
  await entry.click();
}

async function logout(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/console\/login/);
}

/** what a person does when a tab comes back to the front: TanStack refetches on visibility */
async function backToTab(page: Page) {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
}

async function openTodo(page: Page) {
  await menu(page, /待办任务/);
  await expect(page.getByRole('form', { name: '筛选任务' })).toBeVisible({ timeout: 30_000 });
}

/** the Todo row of our process, waiting for it to arrive (the page follows the polled count) */
async function todoRow(page: Page, taskName: string) {
  const r = page.locator('.ant-table-row').filter({ hasText: PROCESS }).filter({ hasText: taskName }).first();
  await expect(async () => {
    await backToTab(page);
    await expect(r).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
  return r;
}

async function act(page: Page, action: string, fill?: (d: ReturnType<typeof dialog>) => Promise<void>, done?: string) {
  const bar = drawer(page).locator('.ant-drawer-extra');
  // the bar is drawn with the detail: wait for it before asking which buttons it has
  await expect(bar.getByRole('button').first()).toBeVisible({ timeout: 30_000 });
  const direct = bar.getByRole('button', { name: btn(action) });
  if (await direct.count()) await direct.click();
  else {
    await bar.getByRole('button', { name: /更\s*多/ }).click();
    await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: action }).click();
  }
  const d = dialog(page, action);
  await expect(d).toBeVisible();
  await fill?.(d);
  await d.getByRole('button', { name: btn(`确定${action}`) }).click();
  if (done) await expect(toast(page, done)).toBeVisible();
}

async function pickPerson(page: Page, d: ReturnType<typeof dialog>, label: string, userId: string) {
  const select = d.getByLabel(label);
  await select.click();
  await select.fill(userId);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: userId }).first().click();
}

test.describe('tasks and approvals', () => {
  let starterCtx: BrowserContext;
  let approverCtx: BrowserContext;

  test.beforeAll(async ({ request }) => {
    const admin = await apiLogin(request, ADMIN.user, ADMIN.password);
    // a role that opens the four task screens, and the people of this test
    const role = await api<{ id: number }>(request, admin, 'POST', '/api/security/roles', { code: `E2E_TASKS_${suffix.toUpperCase()}`, name: `端到端员工 ${suffix}` });
    await api(request, admin, 'PUT', `/api/security/roles/${role.id}/grants`, { authorities: ['bpm:task'] });
    const ids = {} as Record<Who, number>;
    for (const who of Object.keys(people) as Who[]) {
      const acc = await createAccount(request, admin, people[who].userId, PASSWORD, [`E2E_TASKS_${suffix.toUpperCase()}`]);
      ids[who] = acc.id;
    }
    const def = await api<{ id: number }>(request, admin, 'POST', '/api/workflow/definitions', {
      key: KEY, name: PROCESS, category: '采购管理', description: '部门负责人审批，金额超过 5 万元时财务会签', xml: purchaseXml(ids.head, [ids.fin1, ids.fin2]),
    });
    await api(request, admin, 'POST', `/api/workflow/definitions/${def.id}/publish`, {});
  });

  test.afterAll(async () => {
    await starterCtx?.close();
    await approverCtx?.close();
  });

  test('采购申请 end to end: start, return to the starter, resubmit, approve, countersign, ended, done, CC read-only', async ({ browser }: { browser: Browser }) => {
    test.setTimeout(420_000);
    starterCtx = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    approverCtx = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    const starter = await starterCtx.newPage();
    const approver = await approverCtx.newPage();
    // createAccount names each account "E2E <user id>"
    const names = (who: Who) => `E2E ${people[who].userId}`;

    // the head has the Todo page open before anything arrives
    await login(approver, 'head');
    await openTodo(approver);

    // --- 发起: the starter finds the process by search, fills the form with an amount and submits ---
    await login(starter, 'starter');
    await menu(starter, /新建任务/);
    await starter.getByRole('textbox', { name: '按名称、标识或说明搜索流程' }).fill(suffix);
    await starter.getByRole('button', { name: `发起${PROCESS}` }).first().click();
    const start = drawer(starter);
    await expect(start.getByText(`发起：${PROCESS}`)).toBeVisible();
    await start.getByLabel('业务编号').fill(`CG-E2E-${suffix}`);
    await start.getByRole('button', { name: '添加字段' }).click();
    await start.getByRole('textbox', { name: '字段' }).last().fill('amount');
    await start.getByRole('combobox', { name: '类型' }).last().click();
    await starter.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '数字' }).click();
    await start.getByRole('spinbutton', { name: '值' }).last().fill('68000');
    await start.getByRole('button', { name: '添加字段' }).click();
    await start.getByRole('textbox', { name: '字段' }).last().fill('item');
    await start.getByRole('textbox', { name: '值' }).last().fill('实验室离心机');
    await start.getByRole('button', { name: btn('提交') }).click();
    await expect(toast(starter, `${PROCESS}已提交`)).toBeVisible();

    // --- 待办: the task arrives at the head without a reload; the count is in the sidebar and the tab title ---
    const headRow = await todoRow(approver, '部门负责人审批');
    await expect(approver.locator('.app-sider').getByRole('menuitem', { name: /待办任务/ }).locator('.app-menu-badge')).toBeVisible();
    await expect(approver).toHaveTitle(/^\(\d+\) 待办任务/);
    await expect(headRow).toContainText(names('starter'));
    await approver.screenshot({ path: `${shots}/tasks-todo-zh.png`, fullPage: false });

    // the detail: header, the form with the amount, the history, the diagram with the current node
    await headRow.getByRole('button', { name: '部门负责人审批', exact: true }).click();
    const detail = drawer(approver);
    await expect(detail.getByText(`CG-E2E-${suffix}`)).toBeVisible();
    // the variables are read-only for the approver: a task action changes only what its node's form permits
    await expect(detail.getByTestId('tasks-variables')).toContainText('68000');
    await expect(detail.getByTestId('tasks-variables-form')).toHaveCount(0);
    await expect(detail.getByText('发起流程').first()).toBeVisible();
    await approver.screenshot({ path: `${shots}/tasks-detail-zh.png`, fullPage: false });
    await detail.getByRole('tab', { name: '流程图' }).click();
    await expect(detail.getByTestId('tasks-diagram').locator('[data-element-id="deptApprove"].wf-active')).toBeVisible({ timeout: 30_000 });
    await detail.getByRole('tab', { name: '办理信息' }).click();

    // CC a colleague (the task stays with the head)
    await act(approver, '抄送', async (d) => {
      await pickPerson(approver, d, '抄送给', people.cc.userId);
      await d.getByLabel('审批意见').fill('请知悉');
    }, '已抄送');

    // return to the starter, with a reason (required: an empty one is refused in the dialog)
    await act(approver, '退回', async (d) => {
      await d.getByRole('radio', { name: '发起人' }).check();
      await d.getByRole('button', { name: btn('确定退回') }).click();
      await expect(d.getByText('请填写原因')).toBeVisible();
      await d.getByLabel('审批意见').fill('请补充报价单');
    }, '已退回');
    await expect(headRow).toBeHidden();

    // --- the starter gets it back in 待办 and resubmits (Enter in the comment submits the dialog) ---
    await openTodo(starter);
    const back = await todoRow(starter, '提交申请');
    await back.getByRole('button', { name: '提交申请', exact: true }).click();
    await expect(drawer(starter).getByText('请补充报价单')).toBeVisible();
    // a returned request is resubmitted (or revoked), not approved
    await expect(drawer(starter).locator('.ant-drawer-extra').getByRole('button', { name: btn('通过') })).toHaveCount(0);
    await drawer(starter).locator('.ant-drawer-extra').getByRole('button', { name: btn('重新提交') }).click();
    const resubmit = dialog(starter, '重新提交');
    await resubmit.getByLabel('审批意见').fill('已补充报价单');
    await resubmit.getByLabel('审批意见').press('Enter');
    await expect(toast(starter, '已重新提交')).toBeVisible();

    // --- the head approves this time ---
    const again = await todoRow(approver, '部门负责人审批');
    await again.getByRole('button', { name: '部门负责人审批', exact: true }).click();
    await act(approver, '通过', async (d) => { await d.getByLabel('审批意见').fill('同意采购'); }, '已通过');

    // --- 68,000 > 50,000: both finance users countersign ---
    for (const who of ['fin1', 'fin2'] as const) {
      await logout(approver);
      await login(approver, who);
      await openTodo(approver);
      const sign = await todoRow(approver, '财务会签');
      await sign.getByRole('button', { name: '财务会签', exact: true }).click();
      await expect(drawer(approver).getByText('会签（全部通过）')).toBeVisible();
      await act(approver, '通过', async (d) => { await d.getByLabel('审批意见').fill(`${people[who].name}同意`); }, '已通过');
    }

    // --- the approver (fin2) finds it in 已办, the process completed ---
    await menu(approver, /已办任务/);
    const done = row(approver, '财务会签');
    await expect(done).toContainText(PROCESS);
    await expect(done).toContainText('已完成');

    // --- the starter finds it in 办结; its history tells the whole story ---
    await menu(starter, /办结任务/);
    const ended = row(starter, `CG-E2E-${suffix}`);
    await expect(ended).toContainText('已完成');
    await ended.getByRole('button', { name: PROCESS }).click();
    const story = drawer(starter);
    for (const text of ['请补充报价单', '已补充报价单', '同意采购', '财务甲同意', '财务乙同意']) await expect(story.getByText(text).first()).toBeVisible();

    // --- the CC colleague reads it, without any action ---
    await logout(approver);
    await login(approver, 'cc');
    await menu(approver, /已办任务/);
    await approver.getByRole('tab', { name: '抄送我的' }).click();
    const cc = row(approver, `CG-E2E-${suffix}`);
    await expect(cc).toContainText(names('head'));
    await cc.getByRole('button', { name: PROCESS }).click();
    const readOnly = drawer(approver);
    await expect(readOnly.getByText('只读')).toBeVisible();
    await expect(readOnly.getByTestId('tasks-variables')).toContainText('68000');
    await expect(readOnly.locator('.ant-drawer-extra').getByRole('button')).toHaveCount(0);
  });

  test('the Todo page and the task detail in English', async ({ browser }: { browser: Browser }) => {
    test.setTimeout(120_000);
    const ctx = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    await ctx.addCookies([{ name: 'language', value: 'en', url: test.info().project.use.baseURL! }]);
    const page = await ctx.newPage();
    const request = ctx.request;
    // the starter starts one more (small, no countersign) so the head has a task to show
    const token = await apiLogin(request, people.starter.userId, PASSWORD);
    const startable = await api<{ definitionId: number; key: string }[]>(request, token, 'GET', `/api/workflow/tasks/startable?keyword=${suffix}`);
    const def = startable.find((d) => d.key === KEY)!;
    await api(request, token, 'POST', `/api/workflow/definitions/${def.definitionId}/start`, { businessKey: `CG-EN-${suffix}`, variables: { amount: 900, item: 'Printer paper' } });

    await page.goto('/console/login');
    await page.getByRole('textbox', { name: 'Account' }).fill(people.head.userId);
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('.app-sider .ant-menu')).toBeVisible({ timeout: 30_000 });
    await menu(page, /To-do tasks/);
    const r = page.locator('.ant-table-row').filter({ hasText: `CG-EN-${suffix}` }).first();
    await expect(r).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.ant-segmented')).toContainText('Do today');
    await page.screenshot({ path: `${shots}/tasks-todo-en.png` });
    await r.getByRole('button', { name: '部门负责人审批', exact: true }).click();
    await expect(drawer(page).locator('.ant-drawer-extra').getByRole('button', { name: 'Approve' })).toBeVisible();
    await expect(drawer(page).getByText('Started').first()).toBeVisible();
    await page.screenshot({ path: `${shots}/tasks-detail-en.png` });
    await ctx.close();
  });
});
