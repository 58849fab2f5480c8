import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Alert, Button, Descriptions, Drawer, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { RECRUIT_STATUSES, RECRUIT_TRANSITIONS, applicationReviewSchema, type ApplicationRow, type RecruitStatus } from '@bencao/contracts';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { onTableChange, tablePagination } from '@/components/table';
import { usePermission } from '@/lib/permission';
import { StatusReviewForm } from '@/components/review/StatusReviewForm';
import { APPLICATIONS_URL, recruitApi, useApplication, useApplications, useRecruitJobs, useReviewApplication, type ApplicationListQuery } from './api';
import { formatDateTime } from '@/lib/format';

const COLORS: Record<RecruitStatus, string> = { new: 'blue', shortlisted: 'cyan', interviewed: 'gold', hired: 'green', rejected: 'default' };
const when = (s: string | null) => formatDateTime(s, { seconds: false });
const size = (n: number) => (n < 1024 * 1024 ? `${Math.ceil(n / 1024)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

function RecruitStatusTag({ status }: { status: RecruitStatus }) {
  const { t } = useTranslation('recruit');
  return <Tag color={COLORS[status]}>{t(`status.${status}`)}</Tag>;
}

/** Applications sent from the site's job pages, per job, each opened in a review drawer with its CV. */
export function ApplicationList() {
  const { t } = useTranslation('recruit');
  const [q, setQ] = useState<ApplicationListQuery>({ page: 1, limit: 10 });
  const [filters] = Form.useForm<{ jobId?: number; status?: RecruitStatus; keyword?: string }>();
  const [open, setOpen] = useState<number | null>(null);
  const list = useApplications(q);
  const jobs = useRecruitJobs();
  const statusLabels = Object.fromEntries(RECRUIT_STATUSES.map((s) => [s, t(`status.${s}`)]));
  const cols: ListColumn<ApplicationRow>[] = [
    { title: t('field.createdAt'), dataIndex: 'createdAt', sorter: true, width: 150, render: when },
    { title: t('field.job'), dataIndex: 'jobTitle', sorter: true, width: 200, ellipsis: true },
    { title: t('field.name'), dataIndex: 'name', sorter: true, width: 110 },
    { title: t('field.phone'), dataIndex: 'phone', width: 130 },
    { title: t('field.email'), dataIndex: 'email', width: 200, ellipsis: true },
    { title: t('field.status'), dataIndex: 'status', sorter: true, width: 120, exportLabels: statusLabels, render: (s: RecruitStatus) => <RecruitStatusTag status={s} /> },
    { title: t('field.reviewNote'), dataIndex: 'reviewNote', ellipsis: true },
    { key: 'actions', width: 90, fixed: 'right', render: (_: unknown, r) => <Button type="link" size="small" onClick={() => setOpen(r.id)}>{t('action.view')}</Button> },
  ];
  return (
    <>
      <ListPage<ApplicationRow>
        id="recruit.applications" title={t('title')} columns={cols} onRefresh={() => { list.refetch(); jobs.refetch(); }}
        exporter={{ url: APPLICATIONS_URL, params: q as unknown as Record<string, unknown>, fileName: t('file') }}
        search={{
          form: filters as never, onReset: () => setQ({ page: 1, limit: q.limit }),
          onSearch: ((v: { jobId?: number; status?: RecruitStatus; keyword?: string }) => setQ({ page: 1, limit: q.limit, sort: q.sort, order: q.order, ...v })) as never,
          items: [
            <Form.Item key="jobId" name="jobId" label={t('field.job')}>
              <Select allowClear showSearch optionFilterProp="label" style={{ width: 240 }} loading={jobs.isLoading}
                options={(jobs.data ?? []).map((j) => ({ value: j.id, label: t('jobOption', { title: j.title, n: j.applications }) }))} />
            </Form.Item>,
            <Form.Item key="status" name="status" label={t('field.status')}>
              <Select allowClear style={{ width: 130 }} options={RECRUIT_STATUSES.map((s) => ({ value: s, label: statusLabels[s] }))} />
            </Form.Item>,
            <Form.Item key="keyword" name="keyword" label={t('field.keyword')}><Input allowClear style={{ width: 160 }} /></Form.Item>,
          ],
        }}
        table={{
          rowKey: 'id', loading: list.isFetching, dataSource: list.data?.records ?? [], scroll: { x: 1200 },
          pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit), onChange: onTableChange(setQ),
        }}
      />
      <ApplicationDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}

function ApplicationDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('recruit');
  const { message } = App.useApp();
  const can = usePermission();
  const application = useApplication(id);
  const review = useReviewApplication();
  const [downloading, setDownloading] = useState(false);
  const a = application.data?.id === id ? application.data : undefined;
  const next = a ? RECRUIT_TRANSITIONS[a.status] : [];
  const getCv = async () => {
    if (!a) return;
    setDownloading(true);
    try { await recruitApi.downloadCv(a); } catch { /* the client showed the reason */ } finally { setDownloading(false); }
  };
  const save = async (status: RecruitStatus, note: string) => {
    await review.mutateAsync({ id: id!, status, note });
    message.success(t('saved'));
  };
  return (
    <Drawer open={id !== null} onClose={onClose} size="large" destroyOnHidden title={a ? `${a.name} · ${a.jobTitle}` : t('title')}
      extra={a && <Button icon={<DownloadOutlined />} loading={downloading} onClick={getCv}>{t('action.download')}</Button>}>
      {a && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('field.status')}><RecruitStatusTag status={a.status} /></Descriptions.Item>
            <Descriptions.Item label={t('field.job')}>{a.jobTitle}</Descriptions.Item>
            <Descriptions.Item label={t('field.createdAt')}>{when(a.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('field.name')}>{a.name}</Descriptions.Item>
            <Descriptions.Item label={t('field.phone')}>{a.phone}</Descriptions.Item>
            <Descriptions.Item label={t('field.email')}>{a.email}</Descriptions.Item>
            <Descriptions.Item label={t('field.cv')}>
              <Button type="link" size="small" style={{ padding: 0 }} onClick={getCv}>{a.cvName}</Button> <Typography.Text type="secondary">{size(a.cvSize)}</Typography.Text>
            </Descriptions.Item>
            {!!a.consentText && (
              <Descriptions.Item label={t('consent')}>
                {a.consentText}
                <br />
                <Typography.Text type="secondary">
                  {a.privacyVersion ? t('policy', { version: a.privacyVersion, time: when(a.privacyChangedAt) }) : t('noPolicy')}
                </Typography.Text>
              </Descriptions.Item>
            )}
            {!!a.coverNote && <Descriptions.Item label={t('field.coverNote')}><Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{a.coverNote}</Typography.Paragraph></Descriptions.Item>}
            {!!a.reviewedBy && <Descriptions.Item label={t('field.reviewedBy')}>{`${a.reviewedBy} · ${when(a.reviewedAt)}`}</Descriptions.Item>}
            {!!a.reviewNote && <Descriptions.Item label={t('field.reviewNote')}>{a.reviewNote}</Descriptions.Item>}
          </Descriptions>
          {next.length === 0 ? <Alert type="info" showIcon message={t('final')} /> : can('cms:recruit:edit') && (
            <StatusReviewForm name="recruit-review" schema={applicationReviewSchema} noteField="note" next={next} statusLabel={(s) => t(`status.${s}`)}
              labels={{ nextStatus: t('field.nextStatus'), note: t('field.reviewNote'), save: t('action.save'), close: t('action.close') }}
              initialNote={a.reviewNote} saving={review.isPending} onClose={onClose} onSave={save} />
          )}
        </Space>
      )}
    </Drawer>
  );
}
