import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import { ACCOUNT_IMPORT_MAX_BYTES, type AccountImportError, type AccountImportResult } from '@bencao/contracts';
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

/** Import accounts from the Excel template: download it, upload a filled one, see every row's error or the count imported. */
export function AccountImport({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('security');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<AccountImportResult | null>(null);
  const run = useMutation({
    mutationFn: (f: File) => {
      const form = new FormData();
      form.append('file', f, f.name);
      return call<AccountImportResult>('POST', '/api/security/accounts/import', { form });
    },
    onSuccess: async (r) => {
      setResult(r);
      if (r.errors.length) return;
      await qc.invalidateQueries({ queryKey: keys.accounts });
      message.success(t('importer.done', { n: r.imported }));
      onClose();
    },
  });
  const pick = (f: File) => {
    if (!/\.xlsx$/i.test(f.name)) message.warning(t('importer.notXlsx'));
    else if (f.size > ACCOUNT_IMPORT_MAX_BYTES) message.warning(t('importer.tooBig'));
    else { setFile(f); setResult(null); }
    return Upload.LIST_IGNORE;
  };
  const errors = result?.errors ?? [];
  return (
    <Modal open width={760} title={t('importer.title')} onCancel={onClose} destroyOnHidden
      footer={<Space>
        <Button onClick={onClose}>{t('action.cancel')}</Button>
        <Button type="primary" disabled={!file} loading={run.isPending} onClick={() => file && run.mutate(file)}>{t('importer.run')}</Button>
      </Space>}>
      <Typography.Paragraph type="secondary">{t('importer.hint')}</Typography.Paragraph>
      <Button icon={<DownloadOutlined />} style={{ marginBottom: 12 }}
        onClick={() => download('/api/security/accounts/import-template', {}, `${t('importer.templateFile')}.xlsx`).catch(() => undefined)}>
        {t('importer.template')}
      </Button>
      <Upload.Dragger accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" multiple={false} showUploadList={false} beforeUpload={pick}>
        <p className="ant-upload-drag-icon">{file ? <FileExcelOutlined /> : <InboxOutlined />}</p>
        <p className="ant-upload-text">{file ? file.name : t('importer.choose')}</p>
      </Upload.Dragger>
      {errors.length > 0 && (
        <div style={{ marginTop: 12 }}>
          <Alert type="error" showIcon message={t('importer.errors', { n: errors.length })} style={{ marginBottom: 8 }}
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
