import { expect } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { TestServer } from './harness';
import { accounts } from '../src/db/schema/index';
import { encryptForLogin } from '../src/platform/auth/loginKeys';

/** Small BPMN builders and API helpers for the workflow tests. */

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&apos;').replace(/"/g, '&quot;');
const text = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function bpmn(processId: string, body: string, name = processId) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bencao="http://bencao.dev/schema/bpmn"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="Defs_${processId}" targetNamespace="http://bencao.dev/test">
  <bpmn:process id="${processId}" name="${attr(name)}" isExecutable="true">
${body}
  </bpmn:process>
</bpmn:definitions>`;
}

export type Rule = Record<string, unknown>;
export const starterRule: Rule = { kind: 'starter' };
export const usersRule = (ids: number[]): Rule => ({ kind: 'user', accountIds: ids });

export const startEv = (id = 'start') => `<bpmn:startEvent id="${id}"/>`;
export const endEv = (id = 'end', terminate = false) =>
  terminate ? `<bpmn:endEvent id="${id}"><bpmn:terminateEventDefinition/></bpmn:endEvent>` : `<bpmn:endEvent id="${id}"/>`;
export function userTask(id: string, o: { name?: string; rule?: Rule; onEmpty?: string; autoPass?: boolean; dueIn?: string; multi?: { sequential?: boolean; completion?: string; ratio?: string }; noAssignment?: boolean } = {}) {
  const assignment = o.noAssignment ? '' : ` bencao:assignment="${attr(JSON.stringify({ rule: o.rule ?? starterRule, onEmpty: o.onEmpty, autoPassSameApprover: o.autoPass }))}"`;
  const due = o.dueIn ? ` bencao:dueIn="${o.dueIn}"` : '';
  const mi = o.multi
    ? `<bpmn:multiInstanceLoopCharacteristics isSequential="${!!o.multi.sequential}"${o.multi.completion ? ` bencao:completion="${o.multi.completion}"` : ''}${o.multi.ratio ? ` bencao:ratio="${o.multi.ratio}"` : ''}/>`
    : '';
  return `<bpmn:userTask id="${id}" name="${attr(o.name ?? id)}"${assignment}${due}>${mi}</bpmn:userTask>`;
}
export const flow = (id: string, from: string, to: string, condition?: string) => condition
  ? `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${text(condition)}</bpmn:conditionExpression></bpmn:sequenceFlow>`
  : `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`;
export const gateway = (kind: 'exclusive' | 'parallel' | 'inclusive', id: string, defaultFlow?: string) =>
  `<bpmn:${kind}Gateway id="${id}"${defaultFlow ? ` default="${defaultFlow}"` : ''}/>`;
export const timerCatch = (id: string, timer: string) => `<bpmn:intermediateCatchEvent id="${id}"><bpmn:timerEventDefinition>${timer}</bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>`;
export const duration = (d: string) => `<bpmn:timeDuration xsi:type="bpmn:tFormalExpression">${d}</bpmn:timeDuration>`;
export const boundaryTimer = (id: string, attachedTo: string, timer: string, cancel = true) =>
  `<bpmn:boundaryEvent id="${id}" attachedToRef="${attachedTo}" cancelActivity="${cancel}"><bpmn:timerEventDefinition${timer.startsWith('wd:') ? ` bencao:workingDays="${timer.slice(3)}"/>` : `>${timer}</bpmn:timerEventDefinition>`}</bpmn:boundaryEvent>`;

/** a straight line start → tasks… → end */
export function line(processId: string, tasks: string[], o: Parameters<typeof userTask>[1] = {}) {
  const ids = ['start', ...tasks, 'end'];
  return bpmn(processId, [startEv(), ...tasks.map((t) => userTask(t, o)), endEv(), ...ids.slice(1).map((t, i) => flow(`f${i}`, ids[i], t))].join('\n'));
}

export interface Kit {
  token: string;
  deploy(xml: string, key?: string, name?: string): Promise<number>;
  start(defId: number, variables?: Record<string, unknown>, businessKey?: string, token?: string): Promise<number>;
  detail(instanceId: number): Promise<any>;
  open(instanceId: number): Promise<any[]>;
  complete(taskId: number, body?: Record<string, unknown>, token?: string): Promise<{ status: number; body: any }>;
  completeOk(taskId: number, body?: Record<string, unknown>): Promise<void>;
  /** completes the only open task of `elementId` */
  pass(instanceId: number, elementId: string, body?: Record<string, unknown>): Promise<void>;
  accountIds(userIds: string[]): Promise<number[]>;
}

export function kit(s: TestServer, token: string): Kit {
  const k: Kit = {
    token,
    async deploy(xml, key, name) {
      const processKey = key ?? /<bpmn:process id="([^"]+)"/.exec(xml)![1];
      const created = await s.request('POST', '/api/workflow/definitions', { token, body: { key: processKey, name: name ?? processKey, xml } });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const pub = await s.request('POST', `/api/workflow/definitions/${created.body.data.id}/publish`, { token });
      expect(pub.status, JSON.stringify(pub.body)).toBe(200);
      return created.body.data.id;
    },
    async start(defId, variables = {}, businessKey, tk) {
      const res = await s.request('POST', `/api/workflow/definitions/${defId}/start`, { token: tk ?? token, body: { variables, businessKey } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id;
    },
    async detail(id) {
      const res = await s.request('GET', `/api/workflow/instances/${id}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    },
    async open(id) {
      return (await k.detail(id)).tasks.filter((t: any) => t.status === 'open');
    },
    async complete(taskId, body = {}, tk) {
      return s.request('POST', `/api/workflow/tasks/${taskId}/complete`, { token: tk ?? token, body });
    },
    async completeOk(taskId, body = {}) {
      const res = await k.complete(taskId, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    },
    async pass(id, elementId, body = {}) {
      const tasks = (await k.open(id)).filter((t) => t.elementId === elementId);
      expect(tasks.length, `open tasks of ${elementId}`).toBe(1);
      await k.completeOk(tasks[0].id, body);
    },
    async accountIds(userIds) {
      const rows = await s.built.deps.db.select({ id: accounts.id, userId: accounts.userId }).from(accounts).where(inArray(accounts.userId, userIds));
      return userIds.map((u) => rows.find((r) => r.userId === u)!.id);
    },
  };
  return k;
}

/** what the console sends for a signed approval: the password encrypted with a fresh one-time login key */
export async function signature(s: TestServer, password: string, extra: Record<string, unknown> = {}) {
  const key = await s.request('GET', '/api/uc/getkey/LoginGetKey.do?method=getLoginKey');
  return { keyId: key.body.data.keyId, password: encryptForLogin(key.body.data.publicKey, password), meaning: 'approve', timeZone: 'Asia/Shanghai', ...extra };
}
