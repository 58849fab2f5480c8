import { describe, expect, it } from 'vitest';
import { participantRuleSchema, participantSchema } from '@bencao/contracts';
import { emptyRuleForm, fromRule, ruleSize, toRule, type RuleFormValues } from './ruleForm';
import { bpmnNodes } from './bpmnNodes';
import { fromPluginSettings, toPluginSettings } from './settingsForm';
import { rowsToSettings, settingsToRows, textIn } from './PluginButtonList';
import { toListenerInput } from './ListenerList';

describe('the participants rule form', () => {
  it('sends only the chosen kind\'s fields, though the form keeps what was typed for others', () => {
    const v: RuleFormValues = { ...emptyRuleForm('role'), roles: [3, 'auditor'], accountIds: [1, 2], expression: 'x' };
    expect(toRule(v)).toEqual({ kind: 'role', roles: [3, 'auditor'] });
    expect(toRule({ ...v, kind: 'user' })).toEqual({ kind: 'user', accountIds: [1, 2] });
    expect(toRule({ ...v, kind: 'starter' })).toEqual({ kind: 'starter' });
    expect(toRule({ ...v, kind: 'organ', organIds: [5] })).toEqual({ kind: 'organ', organIds: [5], includeChildren: true, viewId: null });
  });

  it('gives what the shared schema accepts, and its messages for what is missing', () => {
    expect(participantRuleSchema.parse(toRule({ kind: 'starterLeader', levels: 2, viewId: null }))).toEqual({ kind: 'starterLeader', levels: 2, viewId: null });
    expect(participantRuleSchema.parse(toRule({ kind: 'starterLeader' }))).toEqual({ kind: 'starterLeader', levels: 1, viewId: null });
    const cleared = participantSchema.safeParse({ code: 'x', name: 'X', rule: toRule({ kind: 'starterLeader', levels: null }) });
    expect(cleared.success).toBe(false);
    expect(cleared.error?.issues[0]).toMatchObject({ path: ['rule', 'levels'], message: 'workflow.levels' });
    const none = participantSchema.safeParse({ code: 'x', name: 'X', rule: toRule({ kind: 'role' }) });
    expect(none.error?.issues[0]).toMatchObject({ path: ['rule', 'roles'], message: 'workflow.pickOne' });
  });

  it('reads a saved rule back into the form', () => {
    expect(fromRule({ kind: 'position', positionIds: [4] })).toMatchObject({ kind: 'position', positionIds: [4], includeChildren: true, levels: 1 });
    expect(fromRule(null)).toEqual(emptyRuleForm('role'));
    const round = toRule(fromRule({ kind: 'expression', expression: 'starter' }));
    expect(round).toEqual({ kind: 'expression', expression: 'starter' });
  });

  it('counts what a rule names', () => {
    expect(ruleSize({ kind: 'user', accountIds: [1, 2, 3] })).toBe(3);
    expect(ruleSize({ kind: 'starter' })).toBeNull();
  });
});

describe('the listener form', () => {
  const base = {
    name: 'Hook', enabled: true, scope: 'global' as const, definitionKey: 'leave', elementId: 'a', events: ['processStart' as const], kind: 'http' as const, note: {},
    http: { url: 'https://example.com/h', secret: '', timeoutMs: 3000, retries: 2 },
    mail: { emails: ['a@example.com'], lang: 'zh', templates: { en: { subject: 'S', body: '' } }, rule: { kind: 'starter' as const } },
    mailUseRule: false,
  };
  it('sends the HTTP settings only for an HTTP listener, and no empty secret', () => {
    const input = toListenerInput(base);
    expect(input.http).toEqual({ url: 'https://example.com/h', secret: null, timeoutMs: 3000, retries: 2 });
    expect(input.mail).toBeNull();
    expect(input.note).toBeNull();
  });
  it('sends the mail settings, with the rule only when asked for', () => {
    expect(toListenerInput({ ...base, kind: 'mail' }).mail).toMatchObject({ emails: ['a@example.com'], rule: null });
    expect(toListenerInput({ ...base, kind: 'mail', mailUseRule: true }).mail?.rule).toEqual({ kind: 'starter' });
    expect(toListenerInput({ ...base, kind: 'mail' }).http).toBeNull();
  });
});

describe('plugin settings', () => {
  it('turns rows into records and leaves out empty values of the type\'s defaults', () => {
    const s = toPluginSettings('httpCall', {
      url: ' https://erp.example.com/x ', method: 'POST', timeoutMs: 5000, sendVariables: true,
      headers: [{ key: 'X-Token', value: 'abc' }, { key: ' ', value: 'dropped' }], mapping: [{ key: 'stock', value: 'data.quantity' }],
      expressions: [{ key: 'ignored', value: '1' }],
    });
    expect(s).toEqual({ url: 'https://erp.example.com/x', method: 'POST', headers: { 'X-Token': 'abc' }, mapping: { stock: 'data.quantity' } });
    expect(toPluginSettings('httpCall', { timeoutMs: 2000, sendVariables: false })).toEqual({ timeoutMs: 2000, sendVariables: false, headers: {}, mapping: {} });
    expect(toPluginSettings('setVariables', { expressions: [{ key: 'total', value: 'variables.a + 1' }] })).toEqual({ expressions: { total: 'variables.a + 1' } });
    expect(toPluginSettings('print', { title: '', fields: [] })).toEqual({});
  });
  it('reads records back as rows', () => {
    expect(fromPluginSettings({ url: 'u', headers: { A: 'b' } })).toMatchObject({ url: 'u', timeoutMs: 5000, sendVariables: true, headers: [{ key: 'A', value: 'b' }], mapping: [], expressions: [] });
  });
  it('reads a button\'s overrides as JSON where they parse, as text otherwise', () => {
    expect(rowsToSettings([{ key: 'timeoutMs', value: '2000' }, { key: 'url', value: 'https://x' }, { key: 'flag', value: 'true' }, { key: '', value: '1' }]))
      .toEqual({ timeoutMs: 2000, url: 'https://x', flag: true });
    expect(settingsToRows({ timeoutMs: 2000, url: 'https://x' })).toEqual([{ key: 'timeoutMs', value: '2000' }, { key: 'url', value: 'https://x' }]);
  });
  it('shows a label in the console language, English when that one is empty', () => {
    expect(textIn({ en: 'Check stock', zh: '查询库存', es: '', ja: '' }, 'zh')).toBe('查询库存');
    expect(textIn({ en: 'Check stock', zh: '查询库存', es: '', ja: '' }, 'es')).toBe('Check stock');
  });
});

describe('the nodes of a BPMN diagram', () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d">
  <bpmn:process id="leave" isExecutable="true">
    <bpmn:startEvent id="start" name="Start" />
    <bpmn:userTask id="approve" name="Manager approves" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="approve" />
    <bpmn:subProcess id="sub"><bpmn:userTask id="inner" /></bpmn:subProcess>
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>`;
  it('lists the flow nodes in document order, sub-processes included, flows left out', () => {
    expect(bpmnNodes(xml).map((n) => n.id)).toEqual(['start', 'approve', 'sub', 'inner', 'end']);
    expect(bpmnNodes(xml, ['userTask'])).toEqual([{ id: 'approve', name: 'Manager approves', type: 'userTask' }, { id: 'inner', name: null, type: 'userTask' }]);
  });
  it('answers nothing for no or broken XML', () => {
    expect(bpmnNodes(null)).toEqual([]);
    expect(bpmnNodes('<not xml')).toEqual([]);
  });
});
