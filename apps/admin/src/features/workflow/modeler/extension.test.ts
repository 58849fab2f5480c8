import { describe, expect, it } from 'vitest';
import { BpmnModdle } from 'bpmn-moddle';
import { bencaoModdle } from '@bencao/contracts';
import {
  canBeDefault, conditionValue, elementKind, formatDueIn, isDefaultFlow, joinButtons, multiInstanceAttrs, parseAssignment, parseButtons,
  parseDueIn, readCondition, readMultiInstance, readSettings, readTimer, serializeAssignment, settingsAttr, timerAttrs, timerDefinition,
  type ModdleElement, type ModdleFactory,
} from './extension';
import { minimalDiagram } from './diagram';

/** The same descriptor bpmn-js gets, in bpmn-moddle directly: what the panel writes must survive the XML round trip. */
const moddle = new BpmnModdle({ bencao: bencaoModdle as never });
const factory = moddle as unknown as ModdleFactory;

async function parse(xml: string) {
  const { rootElement, warnings } = await moddle.fromXML(xml);
  const process = (rootElement as unknown as { rootElements: ModdleElement[] }).rootElements[0];
  const el = (id: string) => (process.get('flowElements') as ModdleElement[]).find((e) => e.id === id)!;
  return { root: rootElement, process, el, warnings };
}
/** what `modeling.updateProperties` / `updateModdleProperties` do to the business object */
const apply = (target: ModdleElement, props: Record<string, unknown>) => { for (const [k, v] of Object.entries(props)) target.set(k, v); };
const roundTrip = async (root: unknown) => parse((await moddle.toXML(root as never)).xml);

const TIMER_XML = minimalDiagram('p1', 'P', { start: 'S', task: 'T', end: 'E' }).replace(
  '<bpmn:endEvent id="EndEvent_1"',
  '<bpmn:intermediateCatchEvent id="Wait_1"><bpmn:timerEventDefinition id="TimerDef_1"><bpmn:timeDuration xsi:type="bpmn:tFormalExpression" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">PT2H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>\n<bpmn:endEvent id="EndEvent_1"',
);

describe('bencao extension: user tasks', () => {
  it('writes participants, buttons, due time and multi-instance into the XML and reads them back', async () => {
    const { root, el } = await parse(minimalDiagram('leave', 'Leave', { start: 'S', task: 'Review', end: 'E' }));
    const task = el('Task_1');
    expect(elementKind(task)).toBe('userTask');
    apply(task, {
      'bencao:assignment': serializeAssignment({ rule: { kind: 'role', roles: [3, 'auditor'] }, onEmpty: 'skip', autoPassSameApprover: true }),
      'bencao:buttons': joinButtons(['approve', ' reject', 'approve']),
      'bencao:dueIn': formatDueIn({ unit: 'workingDays', amount: 3 }),
    });
    const lc = factory.create('bpmn:MultiInstanceLoopCharacteristics');
    apply(lc, multiInstanceAttrs({ mode: 'sequential', completion: 'ratio', ratio: 0.6 }));
    apply(task, { loopCharacteristics: lc });

    const xml = (await moddle.toXML(root as never)).xml;
    expect(xml).toContain('bencao:buttons="approve,reject"');
    expect(xml).toContain('bencao:dueIn="3wd"');
    expect(xml).toMatch(/<bpmn:multiInstanceLoopCharacteristics isSequential="true" bencao:completion="ratio" bencao:ratio="0.6"/);

    const back = (await parse(xml)).el('Task_1');
    expect(parseAssignment(back.get('bencao:assignment'))).toEqual({ rule: { kind: 'role', roles: [3, 'auditor'] }, onEmpty: 'skip', autoPassSameApprover: true });
    expect(parseButtons(back.get('bencao:buttons'))).toEqual(['approve', 'reject']);
    expect(parseDueIn(back.get('bencao:dueIn'))).toEqual({ unit: 'workingDays', amount: 3 });
    expect(readMultiInstance(back)).toEqual({ mode: 'sequential', completion: 'ratio', ratio: 0.6 });
  });

  it('leaves defaults and empty values out of the XML', async () => {
    const { root, el } = await parse(minimalDiagram('k', 'K', { start: 'S', task: 'T', end: 'E' }));
    const task = el('Task_1');
    apply(task, { 'bencao:assignment': serializeAssignment({ ruleId: 4, onEmpty: 'admin', autoPassSameApprover: false }), 'bencao:buttons': joinButtons([]), 'bencao:dueIn': formatDueIn(null) });
    const lc = factory.create('bpmn:MultiInstanceLoopCharacteristics');
    apply(lc, multiInstanceAttrs({ mode: 'parallel', completion: 'all', ratio: 0.5 }));
    apply(task, { loopCharacteristics: lc });
    const xml = (await moddle.toXML(root as never)).xml;
    expect(xml).toContain('bencao:assignment="{&#34;ruleId&#34;:4}"');
    expect(xml).not.toContain('bencao:buttons');
    expect(xml).not.toContain('bencao:dueIn');
    expect(xml).not.toContain('bencao:completion');
    expect(readMultiInstance((await roundTrip(root)).el('Task_1'))).toEqual({ mode: 'parallel', completion: 'all', ratio: null });
    expect(serializeAssignment({})).toBeUndefined();
  });

  it('reads what it does not understand as nothing rather than failing', () => {
    expect(parseAssignment('not json')).toBeNull();
    expect(parseAssignment('[1,2]')).toBeNull();
    expect(parseAssignment(undefined)).toBeNull();
    expect(parseDueIn('PT30M')).toBeNull();
    expect(parseDueIn('PT48H')).toEqual({ unit: 'hours', amount: 48 });
    expect(parseDueIn('P2D')).toEqual({ unit: 'days', amount: 2 });
    expect(formatDueIn({ unit: 'hours', amount: 0 })).toBeUndefined();
    expect(formatDueIn({ unit: 'days', amount: 5 })).toBe('P5D');
  });
});

describe('bencao extension: flows, timers, service tasks', () => {
  it('sets and clears a CEL condition, and tells default flows', async () => {
    const { root, el } = await parse(minimalDiagram('k', 'K', { start: 'S', task: 'T', end: 'E' }));
    const flow = el('Flow_2');
    expect(elementKind(flow)).toBe('sequenceFlow');
    apply(flow, { conditionExpression: conditionValue(factory, ' amount > 50000 && dept == "R&D" ') });
    const back = await roundTrip(root);
    expect(readCondition(back.el('Flow_2'))).toBe('amount > 50000 && dept == "R&D"');
    expect(conditionValue(factory, '  ')).toBeUndefined();
    // the flow leaves a user task: it may be the task's default flow
    expect(canBeDefault(back.el('Flow_2'))).toBe(true);
    expect(canBeDefault(back.el('Flow_1'))).toBe(false); // leaves a start event
    apply(back.el('Task_1'), { default: back.el('Flow_2') });
    expect(isDefaultFlow(back.el('Flow_2'))).toBe(true);
    const again = await roundTrip(back.root);
    expect(isDefaultFlow(again.el('Flow_2'))).toBe(true);
    expect(isDefaultFlow(again.el('Flow_1'))).toBe(false);
  });

  it('keeps exactly one timer form', async () => {
    const { root, el, warnings } = await parse(TIMER_XML);
    expect(warnings).toEqual([]);
    const ev = el('Wait_1');
    expect(elementKind(ev)).toBe('timerEvent');
    const def = timerDefinition(ev)!;
    expect(readTimer(def)).toEqual({ kind: 'duration', value: 'PT2H' });
    apply(def, timerAttrs(factory, { kind: 'workingDays', value: '3' }));
    let back = await roundTrip(root);
    expect(readTimer(timerDefinition(back.el('Wait_1')))).toEqual({ kind: 'workingDays', value: '3' });
    const def2 = timerDefinition(back.el('Wait_1'))!;
    apply(def2, timerAttrs(factory, { kind: 'date', value: '2026-12-31T09:00:00Z' }));
    back = await roundTrip(back.root);
    expect(readTimer(timerDefinition(back.el('Wait_1')))).toEqual({ kind: 'date', value: '2026-12-31T09:00:00Z' });
    const xml = (await moddle.toXML(back.root as never)).xml;
    expect(xml).not.toContain('workingDays');
    expect(xml).not.toContain('timeDuration');
  });

  it('stores service task settings as compact JSON and refuses what is not an object', async () => {
    const { root, el } = await parse(minimalDiagram('k', 'K', { start: 'S', task: 'T', end: 'E' }).replace(/userTask/g, 'serviceTask'));
    const task = el('Task_1');
    expect(elementKind(task)).toBe('serviceTask');
    apply(task, { 'bencao:plugin': 'erpStock', 'bencao:settings': settingsAttr('{\n  "url": "https://erp.example/stock",\n  "timeoutMs": 3000\n}') });
    const back = (await roundTrip(root)).el('Task_1');
    expect(back.get('bencao:plugin')).toBe('erpStock');
    expect(back.get('bencao:settings')).toBe('{"url":"https://erp.example/stock","timeoutMs":3000}');
    expect(readSettings(back)).toBe('{\n  "url": "https://erp.example/stock",\n  "timeoutMs": 3000\n}');
    expect(settingsAttr('  ')).toBeUndefined();
    expect(() => settingsAttr('[1]')).toThrow();
    expect(() => settingsAttr('{oops')).toThrow();
  });

  it('names the kinds of element the panel has sections for', async () => {
    const { process, el } = await parse(minimalDiagram('k', 'K', { start: 'S', task: 'T', end: 'E' }));
    expect(elementKind(process)).toBe('process');
    expect(elementKind(el('StartEvent_1'))).toBe('startEvent');
    expect(elementKind(el('EndEvent_1'))).toBe('event');
    expect(elementKind(factory.create('bpmn:ExclusiveGateway'))).toBe('gateway');
    expect(elementKind(factory.create('bpmn:CallActivity'))).toBe('callActivity');
    expect(elementKind(null)).toBe('other');
  });
});
