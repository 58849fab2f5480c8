import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import {
  AlertOutlined, AppstoreOutlined, BarChartOutlined, CalendarOutlined, CopyOutlined, FileTextOutlined, GlobalOutlined, InboxOutlined,
  LineChartOutlined, NotificationOutlined, PieChartOutlined, RocketOutlined, TeamOutlined, AreaChartOutlined,
} from '@ant-design/icons';
import { WIDGETS, type WidgetId, type WidgetMeta, type WidgetInstance } from '@bencao/contracts';

export interface WidgetProps { instance: WidgetInstance; settings: Record<string, unknown> }

/** One field of a widget's settings form (a plain antd form until the form renderer can take over). */
export type SettingField =
  | { name: string; kind: 'number'; min: number; max: number }
  | { name: string; kind: 'text' | 'html' | 'url' }
  | { name: string; kind: 'select'; options: string[]; labelPrefix: string }
  | { name: string; kind: 'paths' }
  | { name: string; kind: 'form' }
  | { name: string; kind: 'formField'; numbers?: boolean };

export interface WidgetDef extends WidgetMeta {
  id: WidgetId;
  icon: ReactNode;
  component: LazyExoticComponent<ComponentType<WidgetProps>>;
  fields: SettingField[];
}

const tasks = () => import('./widgets/TaskWidgets');
const charts = () => import('./widgets/ChartWidgets');
const info = () => import('./widgets/InfoWidgets');
const pick = <M,>(load: () => Promise<M>, name: keyof M) => lazy(async () => ({ default: (await load())[name] as ComponentType<WidgetProps> }));
const limit: SettingField = { name: 'limit', kind: 'number', min: 1, max: 20 };

const defs: Record<WidgetId, Omit<WidgetDef, keyof WidgetMeta | 'id'>> = {
  todo: { icon: <InboxOutlined />, component: pick(tasks, 'TodoWidget'), fields: [limit] },
  started: { icon: <RocketOutlined />, component: pick(tasks, 'StartedWidget'), fields: [limit] },
  cc: { icon: <CopyOutlined />, component: pick(tasks, 'CcWidget'), fields: [limit] },
  news: { icon: <NotificationOutlined />, component: pick(info, 'NewsWidget'), fields: [{ name: 'kind', kind: 'select', options: ['news', 'bid', 'job'], labelPrefix: 'newsKind' }, limit] },
  shortcuts: { icon: <AppstoreOutlined />, component: pick(info, 'ShortcutsWidget'), fields: [{ name: 'paths', kind: 'paths' }] },
  bpmPerformance: { icon: <LineChartOutlined />, component: pick(charts, 'BpmPerformanceWidget'), fields: [{ name: 'days', kind: 'number', min: 1, max: 366 }, { name: 'definitionKey', kind: 'text' }] },
  gatewayTraffic: { icon: <AreaChartOutlined />, component: pick(charts, 'GatewayTrafficWidget'), fields: [{ name: 'seconds', kind: 'number', min: 10, max: 300 }] },
  gatewayAlarms: { icon: <AlertOutlined />, component: pick(info, 'GatewayAlarmsWidget'), fields: [limit] },
  calendar: { icon: <CalendarOutlined />, component: pick(info, 'CalendarWidget'), fields: [{ name: 'days', kind: 'number', min: 1, max: 14 }] },
  loginStats: { icon: <TeamOutlined />, component: pick(info, 'LoginStatsWidget'), fields: [] },
  operationsWeek: { icon: <BarChartOutlined />, component: pick(charts, 'OperationsWeekWidget'), fields: [] },
  richText: { icon: <FileTextOutlined />, component: pick(info, 'RichTextWidget'), fields: [{ name: 'html', kind: 'html' }] },
  frame: { icon: <GlobalOutlined />, component: pick(info, 'FrameWidget'), fields: [{ name: 'url', kind: 'url' }] },
  formChart: {
    icon: <PieChartOutlined />, component: pick(charts, 'FormChartWidget'),
    fields: [
      { name: 'formId', kind: 'form' }, { name: 'groupBy', kind: 'formField' },
      { name: 'aggregate', kind: 'select', options: ['count', 'sum'], labelPrefix: 'aggregate' }, { name: 'valueField', kind: 'formField', numbers: true },
      { name: 'chart', kind: 'select', options: ['bar', 'line', 'pie'], labelPrefix: 'chartType' },
    ],
  },
};

/** The console's widget registry: the contracts' sizes and authorities plus component, icon and settings form. */
export const WIDGET_REGISTRY: WidgetDef[] = (Object.keys(defs) as WidgetId[]).map((id) => ({ id, ...WIDGETS[id], ...defs[id] }));
export const widgetDef = (id: WidgetId) => WIDGET_REGISTRY.find((w) => w.id === id)!;
