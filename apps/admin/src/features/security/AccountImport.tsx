import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import { ACCOUNT_IMPORT_MAX_BYTES, type AccountImportError, type AccountImportJob } from '@bencao/contracts';
import { call, download } from '@/lib/request';
import { keys } from './api';

/** a CSV cell: quoted, and never the start of a formula when opened in Excel */
const csvCell = (v: string | number) => `"${String(v).replace(/^[=+\-@\t\r]/, "'$&").replace(/"/g, '""')}"`;

/** the per-row error report as a CSV file Excel opens with its Chinese text intact (byte-order mark) */
function saveReport(errors: AccountImportError[], headers: [string, string, string], fileName: string) {
  const lines = [headers, ...errors.map((e) => [e.row, e.field, e.message] as const)].map((r) => r.map(csvCell).join(','));
  const url = URL.createObjectURL(new Blob(['\uFEFF', lines.join('\r\n')], { type: 'text/csv;charset=utf-8' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: `${fileName}.csv` });
  a.click();
  URL.revokeObjectURL(url);
}

const running = (j?: AccountImportJob | null) => j?.status === 'checking' || j?.status === 'preparing';
const percent = (n: number, total: number) => (total ? Math.floor((n / total) * 100) : 0);

/** The job's progress: rows checked, accounts prepared (passwords hashed), and what it is doing now. */
function ImportProgress({ job }: { job: AccountImportJob }) {
  const { t } = useTranslation('security');
  return (
    <div style={{ marginTop: 12 }} aria-live="polite" data-testid="import-progress">
      {running(job) && <Typography.Paragraph>{t(job.status === 'checking' ? 'importer.checking' : 'importer.preparing')}</Typography.Paragraph>}
      <Typography.Text>{t('importer.checked', { n: job.checked, total: job.total })}</Typography.Text>
      <Progress percent={percent(job.checked, job.total)} status={job.status === 'failed' ? 'exception' : undefined} />
      <Typography.Text>{t('importer.prepared', { n: job.prepared, total: job.total })}</Typography.Text>
      <Progress percent={percent(job.prepared, job.total)} status={job.status === 'failed' ? 'exception' : job.status === 'done' ? 'success' : undefined} />
    </div>
  );
}

/**
 * Import accounts from the Excel template: download it, upload a filled one; the server answers with a
 * background job, followed here until it ends with the count imported or every row's error (nothing imported).
 * Opened again while an import of the operator runs, the dialog follows that one.
 */
export function AccountImport({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('security');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const latest = useQuery({
    queryKey: ['security', 'accountImport', 'latest'],
    queryFn: () => call<AccountImportJob | null>('GET', '/api/security/accounts/imports/latest'),
    staleTime: 0, gcTime: 0,
  });
  const following = jobId === null && running(latest.data) ? latest.data!.id : null;
  const id = jobId ?? following;
  const job = useQuery({
    queryKey: ['security', 'accountImport', id],
    queryFn: () => call<AccountImportJob>('GET', `/api/security/accounts/imports/${id}`),
    enabled: id !== null,
    refetchInterval: (q) => (running(q.state.data) || !q.state.data ? 1000 : false),
  });
  const current = job.data;
  const start = useMutation({
    mutationFn: (f: File) => {
      const form = new FormData();
      form.append('file', f, f.name);
      return call<AccountImportJob>('POST', '/api/security/accounts/import', { form });
    },
    onSuccess: (j) => { qc.setQueryData(['security', 'accountImport', j.id], j); setJobId(j.id); },
  });
  const finished = current?.status === 'done' ? current.imported : null;
  useEffect(() => {
    if (finished === null) return;
    void qc.invalidateQueries({ queryKey: keys.accounts });
    message.success(t('importer.done', { count: finished }));
  }, [finished, qc, message, t]);

  const pick = (f: File) => {
    if (!/\.xlsx$/i.test(f.name)) message.warning(t('importer.notXlsx'));
    else if (f.size > ACCOUNT_IMPORT_MAX_BYTES) message.warning(t('importer.tooBig'));
    else { setFile(f); setJobId(null); }
    return Upload.LIST_IGNORE;
  };
  const busy = start.isPending || running(current);
  const errors = current?.status === 'failed' ? current.errors : [];
  return (
    <Modal open width={760} title={t('importer.title')} onCancel={onClose} destroyOnHidden
      footer={<Space>
        <Button onClick={onClose}>{t(current?.status === 'done' ? 'importer.close' : 'action.cancel')}</Button>
        <Button type="primary" disabled={!file || busy || (current?.status === 'done' && jobId !== null)} loading={busy}
          onClick={() => file && start.mutate(file)}>{t('importer.run')}</Button>
      </Space>}>
      <Typography.Paragraph type="secondary">{t('importer.hint')}</Typography.Paragraph>
      {following !== null && <Alert type="info" showIcon message={t('importer.following')} style={{ marginBottom: 12 }} />}
      <Button icon={<DownloadOutlined />} style={{ marginBottom: 12 }}
        onClick={() => download('/api/security/accounts/import-template', {}, `${t('importer.templateFile')}.xlsx`).catch(() => undefined)}>
        {t('importer.template')}
      </Button>
      <Upload.Dragger accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" multiple={false} showUploadList={false}
        beforeUpload={pick} disabled={busy}>
        <p className="ant-upload-drag-icon">{file ? <FileExcelOutlined /> : <InboxOutlined />}</p>
        <p className="ant-upload-text">{file ? file.name : t('importer.choose')}</p>
      </Upload.Dragger>
      {current && <ImportProgress job={current} />}
      {current?.status === 'done' && <Alert type="success" showIcon message={t('importer.done', { count: current.imported })} style={{ marginTop: 12 }} />}
      {errors.length > 0 && (
        <div style={{ marginTop: 12 }}>
          <Alert type="error" showIcon message={t('importer.errors', { count: errors.length })} style={{ marginBottom: 8 }}
            action={<Button size="small" icon={<DownloadOutlined />}
              onClick={() => saveReport(errors, [t('importer.row'), t('importer.field'), t('importer.message')], t('importer.reportFile'))}>{t('importer.report')}</Button>} />
          <Table<AccountImportError> size="small" rowKey={(e) => `${e.row}:${e.field}:${e.message}`} dataSource={errors} scroll={{ y: 280 }}
            pagination={errors.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            columns={[
              { title: t('importer.row'), dataIndex: 'row', width: 70 },
              { title: t('importer.field'), dataIndex: 'field', width: 140 },
              { title: t('importer.message'), dataIndex: 'message' },
            ]} />
        </div>
      )}
    </Modal>
  );
}
