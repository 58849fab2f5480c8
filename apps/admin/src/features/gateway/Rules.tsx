import { useTranslation } from 'react-i18next';
import { Typography } from 'antd';
import { alarmReceiverSchema, alarmRuleSchema, apiGroupSchema, degradeRuleSchema, flowRuleSchema, ALARM_LEVELS, ALARM_MAX_WINDOW_S, ALARM_VARIABLES, CONTROL_BEHAVIORS, DEGRADE_STRATEGIES, MATCH_MODES, RESOURCE_MODES, THRESHOLD_MODES } from '@bencao/contracts';
import { SimpleCrud, type FieldSpec } from './SimpleCrud';

const API_GROUP: FieldSpec[] = [
  { name: 'name', kind: 'text', required: true, sortable: true },
  { name: 'matchMode', kind: 'select', options: MATCH_MODES, sortable: true },
  { name: 'matchPath', kind: 'text', required: true, sortable: true },
];
export const ApiGroupList = () => (
  <SimpleCrud kind="apiGroup" authority="gateway:apiGroup" schema={apiGroupSchema} fields={API_GROUP} defaults={{ matchMode: 'precise' }} />
);

const FLOW: FieldSpec[] = [
  { name: 'name', kind: 'text', required: true, sortable: true },
  { name: 'resourceMode', kind: 'select', options: RESOURCE_MODES },
  { name: 'resource', kind: 'resource', required: true, sortable: true },
  { name: 'thresholdMode', kind: 'select', options: THRESHOLD_MODES },
  { name: 'count', kind: 'number', required: true, min: 0, sortable: true },
  { name: 'intervalSec', kind: 'number', min: 1, when: (v) => v.thresholdMode === 'qps' },
  { name: 'controlBehavior', kind: 'select', options: CONTROL_BEHAVIORS, when: (v) => v.thresholdMode === 'qps' },
  { name: 'burst', kind: 'number', min: 0, inTable: false, when: (v) => v.thresholdMode === 'qps' && v.controlBehavior === 'fastFail' },
  { name: 'timeoutMs', kind: 'number', min: 0, inTable: false, when: (v) => v.thresholdMode === 'qps' && v.controlBehavior === 'uniform' },
  { name: 'sourceApp', kind: 'text', inTable: false },
  { name: 'enabled', kind: 'switch' },
];
export const FlowRuleList = () => (
  <SimpleCrud kind="flow" authority="gateway:flow" schema={flowRuleSchema} fields={FLOW} toggles
    defaults={{ resourceMode: 'route', thresholdMode: 'qps', controlBehavior: 'fastFail', intervalSec: 1, burst: 0, timeoutMs: 500, enabled: true }} />
);

const DEGRADE: FieldSpec[] = [
  { name: 'resourceMode', kind: 'select', options: RESOURCE_MODES },
  { name: 'resource', kind: 'resource', required: true, sortable: true },
  { name: 'strategy', kind: 'select', options: DEGRADE_STRATEGIES, sortable: true },
  { name: 'threshold', kind: 'number', required: true, min: 0, step: 0.1, sortable: true },
  { name: 'windowMs', kind: 'number', min: 100 },
  { name: 'degradeSec', kind: 'number', min: 1 },
  { name: 'minRequests', kind: 'number', min: 1, inTable: false },
  { name: 'enabled', kind: 'switch' },
];
export const DegradeRuleList = () => (
  <SimpleCrud kind="degrade" authority="gateway:degrade" schema={degradeRuleSchema} fields={DEGRADE} toggles
    defaults={{ resourceMode: 'route', strategy: 'ratio', windowMs: 1000, degradeSec: 10, minRequests: 5, enabled: true }} />
);

/** The alarm rule form: the expression's variables and examples under the field (CEL, checked by the server on save). */
export function AlarmRuleList() {
  const { t } = useTranslation('gateway');
  const fields: FieldSpec[] = [
    { name: 'name', kind: 'text', required: true, sortable: true },
    { name: 'enabled', kind: 'switch' },
    { name: 'expression', kind: 'textarea', required: true, extra: <AlarmExpressionHelp /> },
    { name: 'summary', kind: 'text', required: true, extra: t('alarm.summaryHint', { example: '{{errors}} errors on {{resource}}' }) },
    { name: 'windowSec', kind: 'number', min: 10, max: ALARM_MAX_WINDOW_S },
    { name: 'forSec', kind: 'number', min: 0, extra: t('alarm.forHint') },
    { name: 'description', kind: 'textarea', inTable: false },
    { name: 'level', kind: 'select', options: ALARM_LEVELS, sortable: true },
  ];
  return <SimpleCrud kind="alarm" authority="gateway:alarm" schema={alarmRuleSchema} fields={fields} toggles defaults={{ enabled: true, level: 'general', windowSec: 60, forSec: 0 }} />;
}

const EXAMPLES = ['errors > 5', 'blocked_rate > 0.1', 'p99 > 500 && requests >= 20', 'resource == "route:demo" && error_rate >= 0.5'];
function AlarmExpressionHelp() {
  const { t } = useTranslation('gateway');
  return (
    <div style={{ marginTop: 4 }}>
      <div>{t('alarm.help')}</div>
      <div style={{ margin: '6px 0 2px' }}>{t('alarm.variables')}</div>
      <div style={{ display: 'grid', gridTemplateColumns: 'auto 1fr auto 1fr', columnGap: 10, rowGap: 2 }}>
        {ALARM_VARIABLES.map((v) => [
          <Typography.Text key={`${v.name}n`} code>{v.name}</Typography.Text>,
          <span key={`${v.name}d`}>{t(`alarm.${v.name}`)}</span>,
        ])}
      </div>
      <div style={{ margin: '6px 0 2px' }}>{t('alarm.operators')}</div>
      <div>{t('alarm.examples')}{EXAMPLES.map((e) => <Typography.Text key={e} code>{e}</Typography.Text>)}</div>
    </div>
  );
}

export function AlarmReceiverList() {
  const { t } = useTranslation('gateway');
  const fields: FieldSpec[] = [
    { name: 'name', kind: 'text', required: true, sortable: true },
    { name: 'account', kind: 'text', sortable: true },
    { name: 'email', kind: 'text' },
    { name: 'telephone', kind: 'text' },
    { name: 'workStart', kind: 'time', required: true, sortable: true, extra: t('alarm.hoursHint') },
    { name: 'workEnd', kind: 'time', required: true },
  ];
  return <SimpleCrud kind="alarmReceiver" authority="gateway:alarmReceiver" schema={alarmReceiverSchema} fields={fields} defaults={{ workStart: '09:00', workEnd: '18:00' }} />;
}
