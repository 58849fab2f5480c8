import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Form, Input, Space, Tag, Tooltip } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { auditApi, useKick, usePagedAudit, type OnlineRow, type Query } from './api';
import { tablePagination, onTableChange } from '@/components/table';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { requireSelection } from '@/components/confirm';
import { usePermission } from '@/lib/permission';
import { useCurrentSessionId } from './perm';
import { formatDateTime } from '@/lib/format';

const fmt = (s: string) => formatDateTime(s);

/** Live sessions; force logout of one or many. Refreshes every 30 s. */
export function OnlineUsers() {
  const { t } = useTranslation('audit');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const current = useCurrentSessionId();
  const [q, setQ] = useState<Query>({ page: 1, limit: 10 });
  const [filters] = Form.useForm();
  const list = usePagedAudit('online', auditApi.online, q, 30_000);
  const [selected, setSelected] = useState<string[]>([]);
  const kick = useKick((n) => { message.success(`${t('msg.kicked')}: ${n}`); setSelected([]); });
  const mayKick = can('audit:online:kick');

  const confirmKick = (ids: string[], name?: string) => modal.confirm({
    title: t('action.kick'), okButtonProps: { danger: true }, okText: t('action.kick'),
    content: name ? t('msg.confirmKick', { name }) : t('msg.confirmBatchKick', { n: ids.length }),
    onOk: () => kick.mutateAsync(ids),
  });

  const cols: ListColumn<OnlineRow>[] = [
    { title: t('field.userId'), dataIndex: 'userId', sorter: true, width: 180, render: (v: string, r) => <Space size={4} wrap style={{ wordBreak: 'break-all' }}>{v}{r.id === current && <Tag color="blue">{t('field.current')}</Tag>}</Space> },
    { title: t('field.userName'), dataIndex: 'userName', width: 140 },
    { title: t('field.ip'), dataIndex: 'ip', sorter: true, width: 140 },
    { title: t('field.loginAt'), dataIndex: 'loginAt', sorter: true, width: 170, render: fmt },
    { title: t('field.lastSeenAt'), dataIndex: 'lastSeenAt', sorter: true, defaultSortOrder: 'descend', width: 170, render: fmt },
    { title: t('field.browser'), dataIndex: 'browser', width: 130, render: (v: string | null, r) => <Tooltip title={r.userAgent}>{v ?? '—'}</Tooltip> },
    { title: t('field.os'), dataIndex: 'os', width: 140, render: (v: string | null) => v ?? '—' },
    ...(mayKick ? [{
      title: t('table.actions', { ns: 'shell' }), key: 'actions', width: 150, fixed: 'right' as const,
      noExport: true, render: (_: unknown, r: OnlineRow) => (
        <Button type="link" size="small" danger icon={<LogoutOutlined />} disabled={r.id === current} onClick={() => confirmKick([r.id], r.userId)}>{t('action.kick')}</Button>
      ),
    }] : []),
  ];

  return (
    <ListPage<OnlineRow>
      id="audit.online" columns={cols} onRefresh={() => list.refetch()}
      exporter={{ url: '/api/audit/online', params: q as Record<string, unknown>, fileName: t('file.online') }}
      search={{
        form: filters, onSearch: (v) => setQ({ ...q, ...v, page: 1 }), onReset: () => setQ({ page: 1, limit: q.limit }),
        items: [<Form.Item key="keyword" name="keyword" label={t('field.keyword')}><Input allowClear placeholder={`${t('field.userId')} / ${t('field.userName')} / IP`} style={{ width: 240 }} /></Form.Item>],
      }}
      actions={mayKick && (
        <Button danger icon={<LogoutOutlined />} onClick={() => requireSelection(message, t, selected) && confirmKick(selected)}>{t('action.batchKick')}</Button>
      )}
      table={{
        rowKey: 'id', loading: list.isFetching, dataSource: list.data?.records ?? [], scroll: { x: 1250 },
        rowSelection: mayKick ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as string[]), getCheckboxProps: (r) => ({ disabled: r.id === current }) } : undefined,
        pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit),
        onChange: onTableChange(setQ),
      }}
    />
  );
}
