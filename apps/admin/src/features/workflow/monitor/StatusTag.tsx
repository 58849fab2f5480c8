import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import type { InstanceStatus } from '@bencao/contracts';

/** antd tag colours of the instance states (preset colours: readable in light and dark themes). */
export const STATUS_COLORS: Record<InstanceStatus, string> = {
  notStarted: 'default', running: 'processing', suspended: 'warning', interrupted: 'magenta', terminated: 'error', completed: 'success',
};

export function StatusTag({ status }: { status: InstanceStatus }) {
  const { t } = useTranslation('workflow');
  return <Tag color={STATUS_COLORS[status] ?? 'default'} data-status={status}>{t(`monitor.statuses.${status}`)}</Tag>;
}
