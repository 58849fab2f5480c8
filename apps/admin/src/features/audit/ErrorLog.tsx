import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Descriptions, Drawer, Form, Input, Typography } from 'antd';
import dayjs from 'dayjs';
import { tablePagination } from '@/components/table';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { LogMaintenance } from './LogMaintenance';
import { auditApi, usePagedAudit, type ClientErrorRow, type Query } from './api';
import { formatDateTime } from '@/lib/format';

const fmt = (s: string) => formatDateTime(s);

/** SPEC §8: uncaught errors of the production console, with the page they happened on. */
export function ErrorLog() {
  const { t } = useTranslation('shell');
  const [q, setQ] = useState<Query>({ page: 1, limit: 10 });
  const [open, setOpen] = useState<ClientErrorRow | null>(null);
  const list = usePagedAudit('clientErrors', auditApi.clientErrors, q);
  const [filters] = Form.useForm();
  const cols: ListColumn<ClientErrorRow>[] = [
    { title: t('errorLog.time'), dataIndex: 'createdAt', width: 170, render: fmt },
    { title: t('errorLog.message'), dataIndex: 'message', ellipsis: true },
    { title: t('errorLog.url'), dataIndex: 'url', ellipsis: true, width: 320 },
    { title: t('errorLog.user'), dataIndex: 'accountId', width: 110, render: (v: number | null) => v ?? '—' },
    { title: t('table.actions'), key: 'actions', width: 90, render: (_: unknown, r) => <Button type="link" onClick={() => setOpen(r)}>{t('errorLog.detail')}</Button> },
  ];
  return (
    <>
      <ListPage<ClientErrorRow>
        id="audit.clientErrors" title={t('errorLog.title')} columns={cols} onRefresh={() => list.refetch()}
        actions={<LogMaintenance segment="error-logs" authority="audit:errorLog:clean" name={t('file.errorLog')} />}
        exporter={{ url: '/api/audit/client-errors', params: q as Record<string, unknown>, fileName: t('errorLog.title') }}
        search={{
          form: filters, onSearch: (v) => setQ({ page: 1, limit: q.limit, keyword: v.keyword as string | undefined }), onReset: () => setQ({ page: 1, limit: q.limit }),
          items: [<Form.Item key="keyword" name="keyword" label={t('table.keyword')}><Input allowClear style={{ width: 240 }} /></Form.Item>],
        }}
        table={{
          rowKey: 'id', loading: list.isFetching, dataSource: list.data?.records ?? [], scroll: { x: 900 },
          pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit, (page, limit) => setQ({ ...q, page, limit }), list.data?.approximate),
        }}
      />
      <Drawer open={!!open} onClose={() => setOpen(null)} title={t('errorLog.detail')} size={640}>
        {open && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('errorLog.time')}>{fmt(open.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('errorLog.message')}>{open.message}</Descriptions.Item>
            <Descriptions.Item label={t('errorLog.url')}>{open.url}</Descriptions.Item>
            <Descriptions.Item label={t('errorLog.userAgent')}>{open.userAgent ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('errorLog.stack')}><Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{open.stack ?? '—'}</Typography.Paragraph></Descriptions.Item>
          </Descriptions>
        )}
      </Drawer>
    </>
  );
}
