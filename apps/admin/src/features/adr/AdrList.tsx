import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Alert, Button, DatePicker, Descriptions, Drawer, Form, Input, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ADR_OUTCOMES, ADR_STATUSES, ADR_TRANSITIONS, adrReviewSchema, type AdrReportRow, type AdrStatus } from '@bencao/contracts';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { onTableChange, tablePagination } from '@/components/table';
import { usePermission } from '@/lib/permission';
import { StatusReviewForm } from '@/components/review/StatusReviewForm';
import { ADR_LIST_URL, useAdrReport, useAdrReports, useReviewAdr, type AdrListQuery } from './api';
import { formatDateTime } from '@/lib/format';

const COLORS: Record<AdrStatus, string> = { new: 'blue', reviewing: 'gold', reported: 'green', closed: 'default' };
const when = (s: string | null) => formatDateTime(s, { seconds: false });

function AdrStatusTag({ status }: { status: AdrStatus }) {
  const { t } = useTranslation('adr');
  return <Tag color={COLORS[status]}>{t(`status.${status}`)}</Tag>;
}

interface Filters { product?: string; reference?: string; status?: AdrStatus; range?: [Dayjs, Dayjs] | null }

/** The reports visitors sent from the site, newest first, each opened in a review drawer. */
export function AdrList() {
  const { t } = useTranslation('adr');
  const [q, setQ] = useState<AdrListQuery>({ page: 1, limit: 10 });
  const [filters] = Form.useForm<Filters>();
  const [open, setOpen] = useState<number | null>(null);
  const list = useAdrReports(q);
  const statusLabels = Object.fromEntries(ADR_STATUSES.map((s) => [s, t(`status.${s}`)]));
  const cols: ListColumn<AdrReportRow>[] = [
    { title: t('field.reference'), dataIndex: 'reference', sorter: true, width: 170 },
    { title: t('field.createdAt'), dataIndex: 'createdAt', sorter: true, width: 150, render: when },
    { title: t('field.product'), dataIndex: 'productName', sorter: true, width: 150, ellipsis: true },
    { title: t('field.batchNo'), dataIndex: 'batchNo', width: 120 },
    { title: t('field.reaction'), dataIndex: 'reaction', width: 260, ellipsis: true },
    { title: t('field.outcome'), dataIndex: 'outcome', width: 110, exportLabels: Object.fromEntries(ADR_OUTCOMES.map((o) => [o, t(`outcome.${o}`)])), render: (o: string) => t(`outcome.${o}`) },
    { title: t('field.status'), dataIndex: 'status', sorter: true, width: 150, exportLabels: statusLabels, render: (s: AdrStatus) => <AdrStatusTag status={s} /> },
    { title: t('field.reporterName'), dataIndex: 'reporterName', width: 110 },
    { title: t('field.contact'), dataIndex: 'contact', width: 160 },
    { key: 'actions', width: 90, fixed: 'right', render: (_: unknown, r) => <Button type="link" size="small" onClick={() => setOpen(r.id)}>{t('action.view')}</Button> },
  ];
  const search = (v: Filters) => setQ({
    page: 1, limit: q.limit, sort: q.sort, order: q.order, product: v.product, reference: v.reference, status: v.status,
    from: v.range?.[0]?.format('YYYY-MM-DD'), to: v.range?.[1]?.format('YYYY-MM-DD'),
  });
  return (
    <>
      <ListPage<AdrReportRow>
        id="adr.reports" title={t('title')} columns={cols} onRefresh={() => list.refetch()}
        exporter={{ url: ADR_LIST_URL, params: q as unknown as Record<string, unknown>, fileName: t('file') }}
        search={{
          form: filters as never, onSearch: search as never, onReset: () => setQ({ page: 1, limit: q.limit }), collapsed: 4,
          items: [
            <Form.Item key="product" name="product" label={t('field.product')}><Input allowClear style={{ width: 150 }} /></Form.Item>,
            <Form.Item key="status" name="status" label={t('field.status')}>
              <Select allowClear style={{ width: 170 }} options={ADR_STATUSES.map((s) => ({ value: s, label: statusLabels[s] }))} />
            </Form.Item>,
            <Form.Item key="range" name="range" label={t('field.received')}><DatePicker.RangePicker /></Form.Item>,
            <Form.Item key="reference" name="reference" label={t('field.reference')}><Input allowClear style={{ width: 170 }} /></Form.Item>,
          ],
        }}
        table={{
          rowKey: 'id', loading: list.isFetching, dataSource: list.data?.records ?? [], scroll: { x: 1500 },
          pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit), onChange: onTableChange(setQ),
        }}
      />
      <AdrReviewDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}

function AdrReviewDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('adr');
  const { message } = App.useApp();
  const can = usePermission();
  const report = useAdrReport(id);
  const review = useReviewAdr();
  const r = report.data?.id === id ? report.data : undefined;
  const next = r ? ADR_TRANSITIONS[r.status] : [];
  const save = async (status: AdrStatus, comment: string) => {
    await review.mutateAsync({ id: id!, status, comment });
    message.success(t('saved'));
  };
  return (
    <Drawer open={id !== null} onClose={onClose} size="large" title={r ? `${t('title')} ${r.reference}` : t('title')} destroyOnHidden
>
      {r && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('field.status')}><AdrStatusTag status={r.status} /></Descriptions.Item>
            <Descriptions.Item label={t('field.createdAt')}>{when(r.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('field.product')}>{r.productName}</Descriptions.Item>
            <Descriptions.Item label={t('field.batchNo')}>{r.batchNo}</Descriptions.Item>
            <Descriptions.Item label={t('field.patient')}>{t('patientLine', { sex: t(`sex.${r.patientSex}`), n: r.patientAge })}</Descriptions.Item>
            <Descriptions.Item label={t('field.onsetDate')}>{r.onsetDate}</Descriptions.Item>
            <Descriptions.Item label={t('field.reaction')}><Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{r.reaction}</Typography.Paragraph></Descriptions.Item>
            <Descriptions.Item label={t('field.outcome')}>{t(`outcome.${r.outcome}`)}</Descriptions.Item>
            <Descriptions.Item label={t('field.reporterName')}>{r.reporterName}</Descriptions.Item>
            <Descriptions.Item label={t('field.contact')}>{r.contact}</Descriptions.Item>
            {!!r.reviewedBy && <Descriptions.Item label={t('field.reviewedBy')}>{`${r.reviewedBy} · ${when(r.reviewedAt)}`}</Descriptions.Item>}
            {!!r.reviewComment && <Descriptions.Item label={t('field.reviewComment')}>{r.reviewComment}</Descriptions.Item>}
          </Descriptions>
          {next.length === 0 ? <Alert type="info" showIcon message={t('final')} /> : can('cms:adr:edit') && (
            <StatusReviewForm name="adr-review" schema={adrReviewSchema} noteField="comment" next={next} statusLabel={(s) => t(`status.${s}`)}
              labels={{ nextStatus: t('field.nextStatus'), note: t('field.reviewComment'), save: t('action.save'), close: t('action.close') }}
              initialNote={r.reviewComment} hint={<Alert type="info" showIcon message={t('hint')} style={{ marginBottom: 12 }} />}
              saving={review.isPending} onClose={onClose} onSave={save} />
          )}
        </Space>
      )}
    </Drawer>
  );
}
