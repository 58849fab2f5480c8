import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Input, Select, Space, Spin, Table, Tag, Typography, Upload, Result, Timeline } from 'antd';
import type { TableProps } from 'antd';
import {
  CopyOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, EditFilled, ExportOutlined, ImportOutlined, PlusOutlined, SendOutlined, TableOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dataFields, fieldLabel, formExportSchema, textOf, type FormField, type FormSummary, type Lang } from '@bencao/contracts';
import { columnSums } from '@bencao/contracts/forms/cel';
import { usePermission } from '@/lib/permission';
import { langOf } from '@/lib/zodRule';
import { confirmDelete, requireSelection } from '@/components/confirm';
import { onTableChange, tablePagination } from '@/components/table';
import { LazyFormRenderer, submittedValues } from '@/components/form-renderer';
import { useDict } from '@/components/DictSelect';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { cformApi, keys, saveJson, useCformMutation, usePaged, type DataRow, type ListQuery } from './api';
import { usePublishQuestion } from './PublishQuestion';
import { formatDateTime } from '@/lib/format';

const when = (s: string) => formatDateTime(s);

/** Status as a tag: draft / published vN, and "unpublished changes". */
export function StatusTag({ r }: { r: FormSummary }) {
  const { t } = useTranslation('cform');
  return (
    <Space size={4}>
      <Tag color={r.status === 'published' ? 'green' : 'default'}>{t(`status.${r.status}`)}</Tag>
      {r.dirty && <Tag color="orange">{t('status.dirty')}</Tag>}
    </Space>
  );
}

/** Cloud forms › Forms: the list, copy, import/export JSON, publish, standalone filling and the data of each form. */
export function FormList({ processOnly = false }: { processOnly?: boolean }) {
  const { t } = useTranslation('cform');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const navigate = useNavigate();
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const list = usePaged(keys.forms, processOnly ? cformApi.processForms : cformApi.list, q);
  const [selected, setSelected] = useState<number[]>([]);
  const [filling, setFilling] = useState<FormSummary | null>(null);
  const [dataOf, setDataOf] = useState<FormSummary | null>(null);
  const remove = useCformMutation((ids: number[]) => cformApi.remove(ids), () => setSelected([]), 'msg.deleted');
  const copy = useCformMutation((id: number) => cformApi.copy(id));
  const publish = usePublishQuestion();
  const importJson = useCformMutation((body: unknown) => cformApi.importJson(body), undefined, 'msg.imported');
  const editable = !processOnly;

  const cols: ListColumn<FormSummary>[] = [
    { title: t('field.id'), dataIndex: 'id', sorter: true, width: 70 },
    { title: t('field.name'), dataIndex: 'name', sorter: true, width: 200 },
    { title: t('field.description'), dataIndex: 'description', ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: t('field.category'), dataIndex: 'category', sorter: true, width: 110, render: (v: string | null) => v ?? '—' },
    { title: t('field.version'), dataIndex: 'version', sorter: true, width: 80, render: (v: number) => (v ? `v${v}` : '—') },
    { title: t('field.status'), dataIndex: 'status', sorter: true, width: 190, render: (_, r) => <StatusTag r={r} />, exportLabels: { draft: t('status.draft'), published: t('status.published') } },
    { title: t('field.updatedAt'), dataIndex: 'updatedAt', sorter: true, width: 170, render: when },
    {
      title: t('field.ops'), key: 'actions', width: 420, fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          {editable && can('cform:form:edit') && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => navigate(`/cform/designer?id=${r.id}`)}>{t('action.design')}</Button>}
          {editable && can('cform:form:publish') && r.status !== 'published' && (
            <Button type="link" size="small" icon={<SendOutlined />}
              onClick={async () => publish.ask(await cformApi.get(r.id))}>{t('action.publish')}</Button>
          )}
          {can('cform:form:fill') && r.version > 0 && <Button type="link" size="small" icon={<EditFilled />} onClick={() => setFilling(r)}>{t('action.fill')}</Button>}
          {can('cform:form:data') && r.version > 0 && <Button type="link" size="small" icon={<TableOutlined />} onClick={() => setDataOf(r)}>{t('action.data')}</Button>}
          {editable && can('cform:form:add') && <Button type="link" size="small" icon={<CopyOutlined />} onClick={() => copy.mutate(r.id)}>{t('action.copy')}</Button>}
          {editable && <Button type="link" size="small" icon={<ExportOutlined />} onClick={async () => saveJson(`${r.name}.form.json`, await cformApi.exportJson(r.id))}>{t('action.exportJson')}</Button>}
          {editable && can('cform:form:delete') && <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync([r.id]))}>{t('action.delete')}</Button>}
        </Space>
      ),
    },
  ];

  const [searchForm] = Form.useForm();
  return (
    <>
      <ListPage<FormSummary>
        id={processOnly ? 'cform.processForms' : 'cform.forms'}
        title={processOnly ? t('title.processForms') : undefined}
        search={{
          form: searchForm,
          onSearch: (v) => setQ({ ...q, keyword: (v.keyword as string | undefined)?.trim() || undefined, status: v.status as string | undefined, page: 1 }),
          onReset: () => setQ({ page: 1, limit: q.limit }),
          items: [
            <Form.Item key="keyword" name="keyword"><Input allowClear maxLength={100} placeholder={`${t('field.name')} / ${t('field.description')}`} style={{ width: 300 }} /></Form.Item>,
            ...(!processOnly ? [
              <Form.Item key="status" name="status">
                <Select allowClear placeholder={t('field.status')} style={{ width: 140 }} aria-label={t('field.status')}
                  options={[{ value: 'draft', label: t('status.draft') }, { value: 'published', label: t('status.published') }]} />
              </Form.Item>,
            ] : []),
          ],
        }}
        actions={(
          <>
            {editable && can('cform:form:add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/cform/designer')}>{t('action.add')}</Button>}
            {editable && can('cform:form:add') && (
              <Upload accept=".json,application/json" showUploadList={false} beforeUpload={async (file) => {
                try {
                  const parsed = formExportSchema.safeParse(JSON.parse(await file.text()));
                  if (!parsed.success) void message.error(t('msg.badImport'));
                  else importJson.mutate(parsed.data);
                } catch {
                  void message.error(t('msg.badImport'));
                }
                return false;
              }}>
                <Button icon={<ImportOutlined />}>{t('action.importJson')}</Button>
              </Upload>
            )}
            {editable && can('cform:form:delete') && (
              <Button danger icon={<DeleteOutlined />} onClick={() => requireSelection(message, t, selected) && void confirmDelete(modal, t, () => remove.mutateAsync(selected), selected.length)}>{t('action.batchDelete')}</Button>
            )}
          </>
        )}
        onRefresh={() => void list.refetch()}
        exporter={{ url: processOnly ? '/api/forms/process-forms' : '/api/forms', params: q, fileName: processOnly ? t('title.processForms') : t('title.list') }}
        columns={cols as never}
        table={{
          rowKey: 'id', loading: list.isFetching, dataSource: list.data?.records ?? [], scroll: { x: 1400 },
          rowSelection: editable && can('cform:form:delete') ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) } : undefined,
          pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit),
          onChange: onTableChange(setQ),
        }}
      />
      {filling && <FillDrawer form={filling} onClose={() => setFilling(null)} />}
      {dataOf && <DataDrawer form={dataOf} onClose={() => setDataOf(null)} />}
    </>
  );
}

/** A published form filled in without a process. */
function FillDrawer({ form: summary, onClose }: { form: FormSummary; onClose: () => void }) {
  const { t } = useTranslation('cform');
  const [form] = Form.useForm();
  const fill = useQuery({ queryKey: ['cform', 'fill', summary.id], queryFn: () => cformApi.fillable(summary.id) });
  const submit = useCformMutation((data: Record<string, unknown>) => cformApi.submit(summary.id, data), onClose, 'msg.submitted');
  const f = fill.data;
  return (
    <Drawer open size="large" title={t('title.fill', { name: summary.name })} onClose={onClose} destroyOnHidden
      extra={f && !f.url && <Button type="primary" loading={submit.isPending} data-testid="fill-submit" onClick={async () => { await form.validateFields(); submit.mutate(submittedValues(form)); }}>{t('action.submit')}</Button>}>
      {!f ? <Spin /> : f.url
        ? <Result status="info" title={t('msg.externalUrl')} subTitle={<Typography.Link href={f.url} target="_blank" rel="noreferrer">{f.url}</Typography.Link>} />
        : <Suspense fallback={<Spin />}><LazyFormRenderer schema={f.schema} initialValues={f.defaults} form={form} /></Suspense>}
    </Drawer>
  );
}

/** A document's value as a person reads it: option and dictionary labels instead of codes, file names. */
function CellValue({ f, value, lang, show }: { f: FormField; value: unknown; lang: Lang; show: (v: unknown) => string }) {
  const dict = useDict(f.dictCode ?? '');
  if (value === undefined || value === null) return <>—</>;
  if (f.type === 'select' || f.type === 'radio' || f.type === 'checkbox') {
    const label = (x: unknown) => (f.dictCode
      ? dict.data?.find((d) => d.code === x)?.name
      : f.options?.find((o) => o.value === x) && textOf(f.options.find((o) => o.value === x)!.label, lang, String(x))) ?? String(x);
    return <>{Array.isArray(value) ? value.map(label).join(', ') : label(value)}</>;
  }
  if (f.type === 'upload' && Array.isArray(value)) return <>{value.map((x: { name?: string }) => x.name ?? '').join(', ')}</>;
  if (f.type === 'switch') return <>{String(value) === 'true' ? '✓' : '✗'}</>;
  return <>{show(value)}</>;
}

/** A sub-table in the data list: its row count and each summed column's total. */
function SubTableCell({ f, value, lang }: { f: FormField; value: unknown; lang: Lang }) {
  const { t } = useTranslation('cform');
  const rows = Array.isArray(value) ? value : [];
  const sums = columnSums(f, rows);
  const parts = [t('renderer.rows', { count: rows.length }), ...(f.sumColumns ?? []).map((k) => {
    const col = f.columns?.find((c) => c.key === k);
    return t('renderer.sumOf', { column: col ? fieldLabel(col, lang) : k, value: sums[k] ?? 0 });
  })];
  return <span data-testid={`data-subtable-${f.key}`}>{parts.join(' · ')}</span>;
}

/** The documents of a form: search on a field, export, and each document with its history. */
function DataDrawer({ form: summary, onClose }: { form: FormSummary; onClose: () => void }) {
  const { t, i18n } = useTranslation('cform');
  const lang = langOf(i18n.language);
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const [field, setField] = useState<string | undefined>();
  const [viewing, setViewing] = useState<number | null>(null);
  const detail = useQuery({ queryKey: keys.form(summary.id), queryFn: () => cformApi.get(summary.id) });
  const list = usePaged(keys.data(summary.id), (x) => cformApi.data(summary.id, x), q);
  const all = detail.data ? dataFields(detail.data.schema) : [];
  const fields = all.filter((f) => f.type !== 'subTable');
  const tables = all.filter((f) => f.type === 'subTable');
  const show = (v: unknown) => (v === undefined || v === null ? '—' : Array.isArray(v) ? v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v));
  const cols: TableProps<DataRow>['columns'] = [
    { title: '#', dataIndex: 'id', width: 70, sorter: true },
    ...fields.slice(0, 6).map((f) => ({ title: fieldLabel(f, lang), key: f.key, ellipsis: true, render: (_: unknown, r: DataRow) => <CellValue f={f} value={r.data[f.key]} lang={lang} show={show} /> })),
    ...tables.slice(0, 3).map((f) => ({ title: fieldLabel(f, lang), key: f.key, render: (_: unknown, r: DataRow) => <SubTableCell f={f} value={r.data[f.key]} lang={lang} /> })),
    { title: t('field.version'), dataIndex: 'version', width: 80, render: (v: number) => `v${v}` },
    { title: t('field.createdBy'), dataIndex: 'createdBy', width: 110 },
    { title: t('field.createdAt'), dataIndex: 'createdAt', width: 170, sorter: true, render: when },
    { title: t('field.ops'), key: 'ops', width: 80, render: (_, r) => <Button type="link" size="small" onClick={() => setViewing(r.id)}>{t('action.view')}</Button> },
  ];
  const filters = { field: q.field, value: q.value, keyword: q.keyword };
  return (
    <Drawer open size={1100} title={t('title.data', { name: summary.name })} onClose={onClose} destroyOnHidden>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select allowClear placeholder={t('field.searchField')} style={{ width: 160 }} value={field} onChange={setField} options={fields.map((f) => ({ value: f.key, label: fieldLabel(f, lang) }))} />
        <Input.Search allowClear placeholder={field ? t('field.searchValue') : t('field.keyword')} enterButton={t('action.search')} style={{ width: 280 }}
          onSearch={(v) => setQ({ ...q, page: 1, field: field && v ? field : undefined, value: field && v ? v : undefined, keyword: !field && v ? v : undefined })} />
        <Button icon={<DownloadOutlined />} onClick={() => void cformApi.exportData(summary.id, filters, 'xlsx', lang, `${summary.name}.xlsx`)}>{t('action.exportXlsx')}</Button>
        <Button icon={<DownloadOutlined />} onClick={() => void cformApi.exportData(summary.id, filters, 'csv', lang, `${summary.name}.csv`)}>{t('action.exportCsv')}</Button>
      </Space>
      <Table<DataRow> rowKey="id" size="small" columns={cols} loading={list.isFetching} dataSource={list.data?.records ?? []} scroll={{ x: 1000 }}
        locale={{ emptyText: t('msg.noData') }} pagination={tablePagination(list.data?.total ?? 0, q.page, q.limit)} onChange={onTableChange(setQ)} />
      {viewing && <DocumentDrawer dataId={viewing} onClose={() => setViewing(null)} />}
    </Drawer>
  );
}

function DocumentDrawer({ dataId, onClose }: { dataId: number; onClose: () => void }) {
  const { t } = useTranslation('cform');
  const doc = useQuery({ queryKey: ['cform', 'doc', dataId], queryFn: () => cformApi.dataDetail(dataId) });
  const d = doc.data;
  return (
    <Drawer open size="large" title={t('title.document', { id: dataId })} onClose={onClose} destroyOnHidden>
      {!d ? <Spin /> : (
        <>
          <Suspense fallback={<Spin />}><LazyFormRenderer schema={d.schema} initialValues={d.data} readOnly /></Suspense>
          <Typography.Title level={5}>{t('msg.history')}</Typography.Title>
          <Timeline items={d.history.map((h) => ({
            children: (
              <div>
                <Typography.Text strong>{h.node ?? t('field.standalone')}</Typography.Text> · {h.changedBy} · {when(h.changedAt)}
                <div><Typography.Text type="secondary">{t('field.changes')}: {Object.keys(h.diff).join(', ')}</Typography.Text></div>
              </div>
            ),
          }))} />
        </>
      )}
    </Drawer>
  );
}
