import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { InstanceStatus, TaskActivity, TaskImportance, TaskProgress } from '@bencao/contracts';
import { formatDateTime } from '@/lib/format';

/** Small shared pieces of the tasks screens: dates, and the tags of importance, progress, activity and status. */
export const when = (v: string | null | undefined) => formatDateTime(v, { seconds: false });

const IMPORTANCE_COLOURS: Record<TaskImportance, string> = { 1: 'red', 2: 'orange', 3: 'default' };
const PROGRESS_COLOURS: Record<TaskProgress, string> = { 1: 'default', 2: 'processing', 3: 'success' };
const ACTIVITY_COLOURS: Record<TaskActivity, string> = { 1: 'default', 2: 'magenta', 3: 'geekblue', 4: 'purple' };
export const STATUS_COLOURS: Record<InstanceStatus, string> = {
  notStarted: 'default', running: 'processing', suspended: 'warning', interrupted: 'orange', terminated: 'error', completed: 'success',
};

export function ImportanceTag({ value }: { value: TaskImportance }) {
  const { t } = useTranslation('tasks');
  return <Tag color={IMPORTANCE_COLOURS[value]} variant="filled">{t(`importance.${value}`)}</Tag>;
}

export function ProgressTag({ value }: { value: TaskProgress }) {
  const { t } = useTranslation('tasks');
  return <Tag color={PROGRESS_COLOURS[value]} variant="filled">{t(`progress.${value}`)}</Tag>;
}

export function ActivityTag({ value }: { value: TaskActivity }) {
  const { t } = useTranslation('tasks');
  return <Tag color={ACTIVITY_COLOURS[value]} variant="filled">{t(`activity.${value}`)}</Tag>;
}

export function StatusTag({ value }: { value: InstanceStatus }) {
  const { t } = useTranslation('tasks');
  return <Tag color={STATUS_COLOURS[value]} variant="filled">{t(`instanceStatus.${value}`)}</Tag>;
}

/** A deadline: red with "overdue" when it has passed (the server decides, by its clock). */
export function Due({ at, overdue }: { at: string | null; overdue: boolean }) {
  const { t } = useTranslation('tasks');
  if (!at) return <span>—</span>;
  return overdue
    ? <Tooltip title={t('todo.overdueHint')}><span style={{ color: 'var(--ant-color-error, #cf1322)' }}>{when(at)} <Tag color="error" variant="filled">{t('todo.overdue')}</Tag></span></Tooltip>
    : <span>{when(at)}</span>;
}

/** The current nodes of an instance, or "—". */
export const nodesText = (nodes: readonly string[] | undefined) => (nodes?.length ? nodes.join(', ') : '—');
