import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { LazyFormBindingEditor } from '@/components/form-renderer';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Divider, Empty, Form, Input, InputNumber, Radio, Segmented, Select, Space, Switch, Tag, Typography } from 'antd';
import type { BencaoAssignment, I18nText, MiCompletion, OnEmpty, ParticipantKind, ParticipantRule } from '@bencao/contracts';
import { MI_COMPLETIONS, ON_EMPTY, TIMEOUT_ACTIONS, SIGNATURE_MEANINGS, parseSignatureSetting } from '@bencao/contracts';
import { workflowAdminApi, wfKeys } from '../api/admin';
import { AccountSelect, DefinitionSelect, OrganTreeSelect, PositionSelect, RoleSelect, ViewSelect } from '../admin/pickers';
import { EDITABLE_KINDS, fromRule, toRule, type RuleFormValues } from '../admin/ruleForm';
import {
  canBeDefault, elementKind, formatDueIn, isDefaultFlow, joinButtons, multiInstanceAttrs, parseAssignment, parseButtons, parseDueIn,
  readCondition, readMultiInstance, readSettings, readTimer, serializeAssignment, settingsAttr, timerAttrs, timerDefinition,
  type DueUnit, type ModdleElement, type MultiInstance, type TimerKind,
} from './extension';
import type { Services, Shape } from './services';

const NCNAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** A text field that writes once, when it loses focus or Enter is pressed (one undo step per edit). */
function CommitInput({ value, onCommit, textarea, placeholder, disabled, mono, validate, id }: {
  value: string; onCommit: (v: string) => void; textarea?: boolean; placeholder?: string; disabled?: boolean; mono?: boolean;
  validate?: (v: string) => string | null; id?: string;
}) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => { setDraft(value); setError(null); }, [value]);
  const commit = () => {
    if (draft === value) { setError(null); return; }
    const problem = validate?.(draft) ?? null;
    setError(problem);
    if (!problem) onCommit(draft);
  };
  const style = mono ? { fontFamily: 'monospace' } : undefined;
  return (
    <>
      {textarea
        ? <Input.TextArea id={id} value={draft} onChange={(e) => setDraft(e.target.value)} onBlur={commit} autoSize={{ minRows: 2, maxRows: 10 }} placeholder={placeholder} disabled={disabled} style={style} status={error ? 'error' : undefined} />
        : <Input id={id} value={draft} onChange={(e) => setDraft(e.target.value)} onBlur={commit} onPressEnter={commit} placeholder={placeholder} disabled={disabled} style={style} status={error ? 'error' : undefined} />}
      {error && <Typography.Text type="danger" style={{ fontSize: 12 }}>{error}</Typography.Text>}
    </>
  );
}

function Field({ label, children, extra, htmlFor }: { label: string; children: ReactNode; extra?: ReactNode; htmlFor?: string }) {
  return <Form.Item label={label} extra={extra} htmlFor={htmlFor} style={{ marginBottom: 12 }}>{children}</Form.Item>;
}

/**
 * The properties of the selected element (or of the process when nothing is selected): id and name,
 * and the `bencao` settings of user tasks, flows, timers, service tasks and call activities. Every
 * change is a bpmn-js command (undo/redo) and lands in the XML.
 */
export function PropertiesPanel({ svc, element, readOnlyId }: { svc: Services; element: Shape; readOnlyId?: boolean }) {
  const { t } = useTranslation('workflow');
  const bo = element.businessObject;
  const kind = elementKind(bo);
  const { modeling, elementRegistry } = svc;
  const update = (props: Record<string, unknown>) => modeling.updateProperties(element, props);

  const validateId = (v: string) => {
    if (!NCNAME.test(v)) return t('modeler.props.idRule');
    if (elementRegistry.get(v) && v !== element.id) return t('modeler.props.idTaken');
    return null;
  };

  return (
    <Form layout="vertical" size="small" className="wf-props" data-testid="wf-properties">
      <Space style={{ marginBottom: 8 }} wrap>
        <Tag color="blue">{t(`modeler.kinds.${kind}`)}</Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>{bo.$type.replace('bpmn:', '')}</Typography.Text>
      </Space>
      <Field label={t('modeler.props.id')}>
        <CommitInput id="wf-prop-id" value={String(bo.id ?? '')} disabled={readOnlyId} mono validate={validateId} onCommit={(id) => update({ id })} />
      </Field>
      <Field label={t('modeler.props.name')}>
        <CommitInput id="wf-prop-name" value={String(bo.name ?? '')} onCommit={(name) => update({ name: name || undefined })} />
      </Field>
      {kind === 'userTask' && <UserTaskSection svc={svc} element={element} />}
      {(kind === 'userTask' || kind === 'startEvent') && (
        <Suspense fallback={null}>
          <Divider plain style={{ margin: '8px 0' }}>{t('modeler.props.formSection')}</Divider>
          <Field label={t('modeler.props.formPick')} extra={t('modeler.props.formHint')} htmlFor="wf-prop-form">
            <LazyFormBindingEditor id="wf-prop-form" isStart={kind === 'startEvent'} value={(bo.get('bencao:form') as string | undefined) ?? undefined} onChange={(v) => update({ 'bencao:form': v })} />
          </Field>
        </Suspense>
      )}
      {kind === 'sequenceFlow' && <FlowSection svc={svc} element={element} />}
      {kind === 'timerEvent' && <TimerSection svc={svc} element={element} />}
      {kind === 'serviceTask' && <ServiceTaskSection svc={svc} element={element} />}
      {kind === 'callActivity' && (
        <Field label={t('modeler.props.calledElement')} extra={t('modeler.props.calledElementHint')}>
          <DefinitionSelect value={(bo.get('calledElement') as string | undefined) ?? null} onChange={(v) => update({ calledElement: v || undefined })} />
        </Field>
      )}
    </Form>
  );
}

// ---------- user tasks ----------

function UserTaskSection({ svc, element }: { svc: Services; element: Shape }) {
  const { t, i18n } = useTranslation('workflow');
  const bo = element.businessObject;
  const update = (props: Record<string, unknown>) => svc.modeling.updateProperties(element, props);
  const assignment = parseAssignment(bo.get('bencao:assignment')) ?? {};
  const mode: 'saved' | 'inline' = assignment.ruleId != null ? 'saved' : 'inline';
  const [pickMode, setPickMode] = useState<'saved' | 'inline'>(mode);
  useEffect(() => setPickMode(mode), [element.id, mode]);
  const rule: RuleFormValues = fromRule((assignment.rule as ParticipantRule | undefined) ?? null);
  const ruleKind = assignment.rule ? rule.kind : undefined;

  const writeAssignment = (a: BencaoAssignment) => update({ 'bencao:assignment': serializeAssignment(a) });
  const writeRule = (patch: Partial<RuleFormValues>) => {
    const next = { ...rule, ...patch } as RuleFormValues;
    writeAssignment({ rule: toRule(next) as Record<string, unknown>, onEmpty: assignment.onEmpty, autoPassSameApprover: assignment.autoPassSameApprover });
  };

  const saved = useQuery({ queryKey: [...wfKeys.participants, 'modeler'], queryFn: () => workflowAdminApi.participants({ page: 1, limit: 100 }), staleTime: 30_000 });
  const buttons = useQuery({ queryKey: [...wfKeys.pluginButtons, 'modeler'], queryFn: () => workflowAdminApi.pluginButtons({ page: 1, limit: 100 }), staleTime: 30_000 });
  const lang = (['en', 'zh', 'es', 'ja'].includes(i18n.language) ? i18n.language : 'en') as keyof I18nText;
  const buttonCodes = parseButtons(bo.get('bencao:buttons'));
  const buttonOptions = (buttons.data?.records ?? []).map((b) => ({ value: b.code, label: `${b.label[lang] || b.label.en || b.code}（${b.code}）` }));
  for (const c of buttonCodes) if (!buttonOptions.some((o) => o.value === c)) buttonOptions.push({ value: c, label: c });

  const due = parseDueIn(bo.get('bencao:dueIn'));
  const [dueUnit, setDueUnit] = useState<DueUnit>(due?.unit ?? 'hours');
  useEffect(() => { if (due) setDueUnit(due.unit); }, [element.id, due?.unit]); // eslint-disable-line react-hooks/exhaustive-deps

  const mi = readMultiInstance(bo);
  const writeMi = (next: MultiInstance) => {
    if (next.mode === 'none') { update({ loopCharacteristics: undefined }); return; }
    const lc = bo.get('loopCharacteristics') as ModdleElement | undefined;
    const attrs = multiInstanceAttrs(next);
    if (lc && lc.$type === 'bpmn:MultiInstanceLoopCharacteristics') { svc.modeling.updateModdleProperties(element, lc, attrs); return; }
    const created = svc.moddle.create('bpmn:MultiInstanceLoopCharacteristics');
    for (const [k, v] of Object.entries(attrs)) if (v !== undefined) created.set(k, v);
    update({ loopCharacteristics: created });
  };

  return (
    <>
      <Divider plain style={{ margin: '8px 0' }}>{t('modeler.props.participants')}</Divider>
      <Radio.Group
        size="small" value={pickMode} style={{ marginBottom: 12 }} optionType="button"
        options={[{ value: 'inline', label: t('modeler.props.inlineRule') }, { value: 'saved', label: t('modeler.props.savedRule') }]}
        onChange={(e) => setPickMode(e.target.value as 'saved' | 'inline')}
      />
      {pickMode === 'saved' ? (
        <Field label={t('modeler.props.savedRule')}>
          <Select<number>
            id="wf-prop-saved-rule" allowClear showSearch={{ optionFilterProp: 'label' }} loading={saved.isFetching} style={{ width: '100%' }}
            value={assignment.ruleId ?? undefined} placeholder={t('modeler.props.pickRule')}
            options={(saved.data?.records ?? []).map((r) => ({ value: r.id, label: `${r.name}（${r.code}）` }))}
            onChange={(ruleId) => writeAssignment({ ruleId: ruleId ?? undefined, onEmpty: assignment.onEmpty, autoPassSameApprover: assignment.autoPassSameApprover })}
          />
        </Field>
      ) : (
        <>
          <Field label={t('modeler.props.ruleKind')}>
            <Select<ParticipantKind>
              id="wf-prop-rule-kind" allowClear style={{ width: '100%' }} value={ruleKind} placeholder={t('modeler.props.pickKind')}
              options={EDITABLE_KINDS.map((k) => ({ value: k, label: t(`modeler.ruleKinds.${k}`) }))}
              onChange={(k) => (k ? writeRule({ kind: k }) : writeAssignment({}))}
            />
          </Field>
          {ruleKind === 'user' && <Field label={t('modeler.props.accounts')}><AccountSelect id="wf-prop-accounts" value={rule.accountIds} onChange={(accountIds) => writeRule({ accountIds })} /></Field>}
          {ruleKind === 'role' && <Field label={t('modeler.props.roles')}><RoleSelect id="wf-prop-roles" value={rule.roles} onChange={(roles) => writeRule({ roles })} /></Field>}
          {ruleKind === 'organ' && (
            <>
              <Field label={t('modeler.props.view')}><ViewSelect value={rule.viewId ?? null} onChange={(viewId) => writeRule({ viewId })} /></Field>
              <Field label={t('modeler.props.organs')}><OrganTreeSelect value={rule.organIds} viewId={rule.viewId} onChange={(organIds) => writeRule({ organIds })} /></Field>
              <Field label={t('modeler.props.includeChildren')}><Switch checked={rule.includeChildren ?? true} onChange={(includeChildren) => writeRule({ includeChildren })} /></Field>
            </>
          )}
          {ruleKind === 'position' && <Field label={t('modeler.props.positions')}><PositionSelect value={rule.positionIds} onChange={(positionIds) => writeRule({ positionIds })} /></Field>}
          {ruleKind === 'starterLeader' && (
            <Field label={t('modeler.props.levels')}>
              <InputNumber min={1} max={10} precision={0} value={rule.levels ?? 1} onChange={(levels) => writeRule({ levels: levels ?? 1 })} />
            </Field>
          )}
          {ruleKind === 'formField' && (
            <Field label={t('modeler.props.formField')}>
              <CommitInput value={rule.field ?? ''} mono onCommit={(field) => writeRule({ field })} validate={(v) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(v) ? null : t('modeler.props.varRule'))} />
            </Field>
          )}
          {ruleKind === 'expression' && (
            <Field label={t('modeler.props.expression')} extra={t('modeler.props.expressionHint')}>
              <CommitInput textarea mono value={rule.expression ?? ''} onCommit={(expression) => writeRule({ expression })} />
            </Field>
          )}
        </>
      )}
      <Field label={t('modeler.props.onEmpty')}>
        <Select<OnEmpty>
          style={{ width: '100%' }} value={assignment.onEmpty ?? 'admin'}
          options={ON_EMPTY.map((v) => ({ value: v, label: t(`modeler.onEmpty.${v}`) }))}
          onChange={(onEmpty) => writeAssignment({ ...assignment, onEmpty })}
          disabled={assignment.ruleId == null && !assignment.rule}
        />
      </Field>
      <Field label={t('modeler.props.autoPass')}>
        <Switch
          checked={!!assignment.autoPassSameApprover} disabled={assignment.ruleId == null && !assignment.rule}
          onChange={(autoPassSameApprover) => writeAssignment({ ...assignment, autoPassSameApprover })}
        />
      </Field>

      <Divider plain style={{ margin: '8px 0' }}>{t('modeler.props.multiInstance')}</Divider>
      <Field label={t('modeler.props.miMode')}>
        <Segmented<MultiInstance['mode']>
          block size="small" value={mi.mode}
          options={(['none', 'parallel', 'sequential'] as const).map((v) => ({ value: v, label: t(`modeler.mi.${v}`) }))}
          onChange={(mode) => writeMi({ ...mi, mode })}
        />
      </Field>
      {mi.mode !== 'none' && (
        <Space align="start">
          <Field label={t('modeler.props.completion')}>
            <Select<MiCompletion>
              style={{ width: 150 }} value={mi.completion} options={MI_COMPLETIONS.map((v) => ({ value: v, label: t(`modeler.completion.${v}`) }))}
              onChange={(completion) => writeMi({ ...mi, completion, ratio: completion === 'ratio' ? mi.ratio ?? 0.5 : null })}
            />
          </Field>
          {mi.completion === 'ratio' && (
            <Field label={t('modeler.props.ratio')}>
              <InputNumber min={0.01} max={1} step={0.1} value={mi.ratio ?? 0.5} onChange={(ratio) => ratio && writeMi({ ...mi, ratio })} style={{ width: 100 }} />
            </Field>
          )}
        </Space>
      )}

      <Divider plain style={{ margin: '8px 0' }}>{t('modeler.props.taskOptions')}</Divider>
      <Field label={t('modeler.props.dueIn')}>
        <Space.Compact block>
          <InputNumber
            min={1} max={9999} precision={0} style={{ flex: 1 }} value={due?.amount ?? null} placeholder={t('modeler.props.noDue')}
            onChange={(amount) => update({ 'bencao:dueIn': formatDueIn(amount ? { unit: dueUnit, amount } : null) })}
          />
          <Select<DueUnit>
            style={{ width: 120 }} value={dueUnit}
            options={(['hours', 'days', 'workingDays'] as const).map((v) => ({ value: v, label: t(`modeler.due.${v}`) }))}
            onChange={(unit) => { setDueUnit(unit); if (due) update({ 'bencao:dueIn': formatDueIn({ unit, amount: due.amount }) }); }}
          />
        </Space.Compact>
      </Field>
      <Field label={t('modeler.props.timeoutAction')}>
        <Select<string>
          id="wf-prop-timeout-action" style={{ width: '100%' }} value={(bo.get('bencao:timeoutAction') as string | undefined) || ''}
          options={[{ value: '', label: t('modeler.props.timeoutDefault') }, ...TIMEOUT_ACTIONS.map((a) => ({ value: a, label: t(`config.timeoutAction.${a}`) }))]}
          onChange={(v) => update({ 'bencao:timeoutAction': v || undefined })}
        />
      </Field>
      <Field label={t('signature.label')} extra={t('signature.hint')}>
        <Select<string[]>
          id="wf-prop-signature" mode="multiple" allowClear style={{ width: '100%' }} placeholder={t('signature.none')}
          value={(() => { const m = parseSignatureSetting(bo.get('bencao:signature') as string | undefined); return Array.isArray(m) ? m : []; })()}
          options={SIGNATURE_MEANINGS.map((m) => ({ value: m, label: t(`signature.meanings.${m}`) }))}
          onChange={(meanings) => update({ 'bencao:signature': meanings.length ? meanings.join(',') : undefined })}
        />
      </Field>
      <Field label={t('modeler.props.buttons')}>
        <Select<string[]>
          id="wf-prop-buttons" mode="multiple" allowClear style={{ width: '100%' }} value={buttonCodes} loading={buttons.isFetching}
          options={buttonOptions} placeholder={t('modeler.props.pickButtons')} onChange={(codes) => update({ 'bencao:buttons': joinButtons(codes) })}
        />
      </Field>
    </>
  );
}

// ---------- sequence flows ----------

function FlowSection({ svc, element }: { svc: Services; element: Shape }) {
  const { t } = useTranslation('workflow');
  const bo = element.businessObject;
  const isDefault = isDefaultFlow(bo);
  return (
    <>
      <Divider plain style={{ margin: '8px 0' }}>{t('modeler.props.flow')}</Divider>
      <Field label={t('modeler.props.condition')} extra={t('modeler.props.conditionHint')}>
        <CommitInput
          id="wf-prop-condition" textarea mono value={readCondition(bo)} disabled={isDefault} placeholder='amount > 50000 && dept == "R&D"'
          onCommit={(cel) => {
            const body = cel.trim();
            svc.modeling.updateProperties(element, { conditionExpression: body ? svc.moddle.create('bpmn:FormalExpression', { body }) : undefined });
          }}
        />
      </Field>
      {canBeDefault(bo) && element.source && (
        <Field label={t('modeler.props.defaultFlow')} extra={t('modeler.props.defaultFlowHint')}>
          <Switch
            checked={isDefault}
            onChange={(on) => svc.modeling.updateProperties(element.source!, { default: on ? bo : undefined })}
          />
        </Field>
      )}
    </>
  );
}

// ---------- timers ----------

const TIMER_EXAMPLES: Record<TimerKind, string> = { duration: 'PT2H', date: '2026-12-31T09:00:00Z', cycle: 'R3/PT1H', workingDays: '3' };

function TimerSection({ svc, element }: { svc: Services; element: Shape }) {
  const { t } = useTranslation('workflow');
  const def = timerDefinition(element.businessObject);
  const current = readTimer(def);
  const [kind, setKind] = useState<TimerKind>(current.kind);
  useEffect(() => setKind(current.kind), [element.id, current.kind]);
  if (!def) return null;
  const write = (k: TimerKind, value: string) => svc.modeling.updateModdleProperties(element, def, timerAttrs(svc.moddle, { kind: k, value }));
  const isStart = element.businessObject.$type === 'bpmn:StartEvent';
  const kinds: TimerKind[] = isStart ? ['duration', 'date', 'cycle', 'workingDays'] : ['duration', 'date', 'workingDays'];
  const validate = (v: string) => {
    if (!v.trim()) return null;
    if (kind === 'workingDays') return /^\d{1,3}$/.test(v.trim()) ? null : t('modeler.props.timerRule');
    if (kind === 'duration') return /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/.test(v.trim()) ? null : t('modeler.props.timerRule');
    if (kind === 'date') return Number.isNaN(Date.parse(v.trim())) ? t('modeler.props.timerRule') : null;
    return /^R\d*\/P/.test(v.trim()) ? null : t('modeler.props.timerRule');
  };
  return (
    <>
      <Divider plain style={{ margin: '8px 0' }}>{t('modeler.props.timer')}</Divider>
      <Field label={t('modeler.props.timerKind')}>
        <Select<TimerKind>
          style={{ width: '100%' }} value={kind} options={kinds.map((k) => ({ value: k, label: t(`modeler.timer.${k}`) }))}
          onChange={(k) => { setKind(k); if (current.value) write(k, ''); }}
        />
      </Field>
      <Field label={t('modeler.props.timerValue')} extra={t('modeler.props.timerExample', { example: TIMER_EXAMPLES[kind] })}>
        <CommitInput id="wf-prop-timer" mono value={kind === current.kind ? current.value : ''} placeholder={TIMER_EXAMPLES[kind]} validate={validate} onCommit={(v) => write(kind, v)} />
      </Field>
    </>
  );
}

// ---------- service tasks ----------

function ServiceTaskSection({ svc, element }: { svc: Services; element: Shape }) {
  const { t } = useTranslation('workflow');
  const bo = element.businessObject;
  const types = useQuery({ queryKey: [...wfKeys.pluginTypes, 'modeler'], queryFn: () => workflowAdminApi.pluginTypes({ page: 1, limit: 100 }), staleTime: 30_000 });
  const plugin = (bo.get('bencao:plugin') as string | undefined) ?? undefined;
  const options = (types.data?.records ?? []).map((p) => ({ value: p.code, label: `${p.name}（${p.code}）` }));
  if (plugin && !options.some((o) => o.value === plugin)) options.push({ value: plugin, label: plugin });
  return (
    <>
      <Divider plain style={{ margin: '8px 0' }}>{t('modeler.props.service')}</Divider>
      <Field label={t('modeler.props.plugin')}>
        <Select<string>
          allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: '100%' }} value={plugin} options={options} loading={types.isFetching}
          onChange={(v) => svc.modeling.updateProperties(element, { 'bencao:plugin': v || undefined })}
        />
      </Field>
      <Field label={t('modeler.props.settings')} extra={t('modeler.props.settingsHint')}>
        <CommitInput
          textarea mono value={readSettings(bo)} placeholder='{ "url": "https://…" }'
          validate={(v) => { try { settingsAttr(v); return null; } catch { return t('modeler.props.jsonRule'); } }}
          onCommit={(v) => svc.modeling.updateProperties(element, { 'bencao:settings': settingsAttr(v) })}
        />
      </Field>
    </>
  );
}

/** Shown when the panel has nothing to show. */
export function NoSelection() {
  const { t } = useTranslation('workflow');
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('modeler.noSelection')} />;
}
