import { alarmReceiverSchema, alarmRuleSchema, apiGroupSchema, degradeRuleSchema, flowRuleSchema, ALARM_LEVELS, CONTROL_BEHAVIORS, DEGRADE_STRATEGIES, MATCH_MODES, RESOURCE_MODES, THRESHOLD_MODES } from '@bencao/contracts';
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
  { name: 'resource', kind: 'text', required: true, sortable: true },
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
  { name: 'resource', kind: 'text', required: true, sortable: true },
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

const ALARM: FieldSpec[] = [
  { name: 'name', kind: 'text', required: true, sortable: true },
  { name: 'enabled', kind: 'switch' },
  { name: 'expression', kind: 'textarea', required: true },
  { name: 'summary', kind: 'text', required: true },
  { name: 'description', kind: 'textarea', inTable: false },
  { name: 'level', kind: 'select', options: ALARM_LEVELS, sortable: true },
];
export const AlarmRuleList = () => (
  <SimpleCrud kind="alarm" authority="gateway:alarm" schema={alarmRuleSchema} fields={ALARM} toggles defaults={{ enabled: true, level: 'general' }} />
);

const RECEIVER: FieldSpec[] = [
  { name: 'name', kind: 'text', required: true, sortable: true },
  { name: 'account', kind: 'text', sortable: true },
  { name: 'email', kind: 'text' },
  { name: 'telephone', kind: 'text' },
  { name: 'workStart', kind: 'time', required: true, sortable: true },
  { name: 'workEnd', kind: 'time', required: true },
];
export const AlarmReceiverList = () => (
  <SimpleCrud kind="alarmReceiver" authority="gateway:alarmReceiver" schema={alarmReceiverSchema} fields={RECEIVER} defaults={{ workStart: '09:00', workEnd: '18:00' }} />
);
