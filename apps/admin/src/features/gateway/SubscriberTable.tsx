import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Table, Tag } from 'antd';
import type { SubscriberRow } from './api';
import { formatDateTime } from '@/lib/format';

/** readers seen within this long count as active */
const ACTIVE_MS = 60_000;

/**
 * The applications that read a service's instances or a config through the application API in the last
 * 24 hours (Nacos: subscribers / who is listening), refreshed every 10 s while shown.
 */
export function SubscriberTable({ queryKey, load, hint }: { queryKey: (string | number)[]; load: () => Promise<SubscriberRow[]>; hint: string }) {
  const { t } = useTranslation('gateway');
  const list = useQuery({ queryKey, queryFn: load, refetchInterval: 10_000 });
  const now = list.dataUpdatedAt || 0;
  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={hint} />
      <Table<SubscriberRow> rowKey={(r) => `${r.accessKey}@${r.address}`} size="small" loading={list.isFetching} dataSource={list.data ?? []} pagination={false}
        locale={{ emptyText: t('subscriber.none') }}
        columns={[
          { title: t('subscriber.appName'), dataIndex: 'appName' },
          { title: t('subscriber.accessKey'), dataIndex: 'accessKey', width: 260, render: (v: string) => <code>{v}</code> },
          { title: t('subscriber.address'), dataIndex: 'address', width: 150 },
          { title: t('subscriber.firstSeen'), dataIndex: 'firstSeenAt', width: 180, render: (v: string) => formatDateTime(v) },
          { title: t('subscriber.lastSeen'), dataIndex: 'lastSeenAt', width: 180, render: (v: string) => formatDateTime(v) },
          {
            title: '', key: 'state', width: 90,
            render: (_, r) => (now - Date.parse(r.lastSeenAt) < ACTIVE_MS ? <Tag color="green">{t('subscriber.active')}</Tag> : <Tag>{t('subscriber.idle')}</Tag>),
          },
        ]} />
    </>
  );
}
