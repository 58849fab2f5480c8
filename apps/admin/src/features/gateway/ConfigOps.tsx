import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Form, Modal, Radio, Select, Space, Upload, Button, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { CONFLICT_POLICIES, type ConfigCopySummary, type ConflictPolicy } from '@bencao/contracts';
import { call, download } from '@/lib/request';
import { useGwMutation, type NamespaceRow } from './api';

const KEY = ['gateway', 'configs'];

export const configOpsApi = {
  clone: (body: { ids: number[]; targetNamespaceId: string; policy: ConflictPolicy }) => call<ConfigCopySummary>('POST', '/api/gateway/configs/clone', { body }),
  importZip: (namespaceId: string, policy: ConflictPolicy, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return call<ConfigCopySummary>('POST', '/api/gateway/configs/import', { params: { namespaceId, policy }, form });
  },
  /** the selected configs, else all the list's query matches */
  exportZip: (namespaceId: string, ids: number[], query: Record<string, unknown>) =>
    download('/api/gateway/configs/export', ids.length ? { namespaceId, ids: ids.join(',') } : { ...query, page: undefined, limit: undefined, namespaceId }, `configs-${namespaceId}.zip`),
};

function PolicyField() {
  const { t } = useTranslation('gateway');
  return (
    <Form.Item name="policy" label={t('ops.policy')} extra={t('ops.policyHint')} initialValue="abort">
      <Radio.Group>
        <Space direction="vertical">{CONFLICT_POLICIES.map((p) => <Radio key={p} value={p}>{t(`ops.${p}`)}</Radio>)}</Space>
      </Radio.Group>
    </Form.Item>
  );
}

/** the outcome of a clone or an import, kept on screen until read */
function useSummary() {
  const { t } = useTranslation('gateway');
  // the app-wide holder: the summary stays after the dialog that asked for it closes
  const { modal } = App.useApp();
  const show = (key: 'ops.result' | 'ops.importResult', s: ConfigCopySummary) =>
    modal.success({ title: t('ops.summaryTitle'), content: <span data-testid="config-ops-summary">{t(key, { ...s })}</span> });
  return { show };
}

export function CloneModal({ ids, namespaceId, namespaces, onClose }: { ids: number[]; namespaceId: string; namespaces: NamespaceRow[]; onClose: () => void }) {
  const { t } = useTranslation('gateway');
  const [form] = Form.useForm<{ targetNamespaceId: string; policy: ConflictPolicy }>();
  const summary = useSummary();
  const clone = useGwMutation((v: { targetNamespaceId: string; policy: ConflictPolicy }) => configOpsApi.clone({ ids, ...v }), [KEY, ['gateway', 'namespaces']],
    (s) => { summary.show('ops.result', s); onClose(); });
  const submit = async () => { const v = await form.validateFields().catch(() => null); if (v) clone.mutate(v); };
  return (
      <Modal open title={t('ops.cloneTitle', { n: ids.length })} onCancel={onClose} onOk={submit} confirmLoading={clone.isPending}
        okText={t('ops.clone')} cancelText={t('action.cancel')} destroyOnHidden>
        <Form form={form} name="gwConfigClone" layout="vertical">
          <Form.Item name="targetNamespaceId" label={t('ops.target')} rules={[{ required: true, message: t('ops.target') }]}>
            <Select options={namespaces.filter((n) => n.id !== namespaceId).map((n) => ({ value: n.id, label: `${n.showName} (${n.id})` }))} />
          </Form.Item>
          <PolicyField />
        </Form>
      </Modal>
  );
}

export function ImportModal({ namespace, onClose }: { namespace: NamespaceRow; onClose: () => void }) {
  const { t } = useTranslation('gateway');
  const [form] = Form.useForm<{ policy: ConflictPolicy }>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [missing, setMissing] = useState(false);
  const summary = useSummary();
  const upload = useGwMutation((v: { policy: ConflictPolicy; file: File }) => configOpsApi.importZip(namespace.id, v.policy, v.file), [KEY, ['gateway', 'namespaces']],
    (s) => { summary.show('ops.importResult', s); onClose(); });
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    const file = files[0]?.originFileObj;
    setMissing(!file);
    if (v && file) upload.mutate({ policy: v.policy, file });
  };
  return (
      <Modal open title={t('ops.importTitle', { namespace: namespace.showName })} onCancel={onClose} onOk={submit} confirmLoading={upload.isPending}
        okText={t('ops.importZip')} cancelText={t('action.cancel')} destroyOnHidden>
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('ops.importHint')} />
        <Form form={form} name="gwConfigImport" layout="vertical">
          <Form.Item label={t('ops.file')} required validateStatus={missing ? 'error' : undefined} help={missing ? t('ops.chooseFile') : undefined}>
            <Upload accept=".zip,application/zip" maxCount={1} fileList={files} beforeUpload={() => false}
              onChange={({ fileList }) => { setFiles(fileList.slice(-1)); setMissing(false); }}>
              <Button icon={<UploadOutlined />}>{t('ops.chooseFile')}</Button>
            </Upload>
          </Form.Item>
          <PolicyField />
        </Form>
      </Modal>
  );
}
