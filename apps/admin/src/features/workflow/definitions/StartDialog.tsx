import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { WorkflowDefinition } from '@bencao/contracts';
import { engineApi, engineKeys, useEngineMutation } from '../api/engine';
import { rowsToVariables, VARIABLE_TYPES, VariableError, type VariableRow } from './variables';

/** Starts a test instance of the newest version: a business key and variables as name / type / value rows. */
export function StartDialog({ definition, onClose, onStarted }: { definition: WorkflowDefinition; onClose: () => void; onStarted?: (instanceId: number) => void }) {
  const { t } = useTranslation('workflow');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ businessKey?: string; variables: VariableRow[] }>();
  const [failure, setFailure] = useState<string | null>(null);
  const start = useEngineMutation(
    (body: { businessKey: string | null; variables: Record<string, unknown> }) => engineApi.start(definition.id, body),
    [engineKeys.instances],
    (inst) => { message.success(t('definition.startedOk', { id: inst.id })); onStarted?.(inst.id); onClose(); },
  );
  const submit = async () => {
    const v = await form.validateFields();
    setFailure(null);
    let variables: Record<string, unknown>;
    try {
      variables = rowsToVariables(v.variables ?? []);
    } catch (e) {
      if (e instanceof VariableError) { setFailure(t(`definition.varErrors.${e.reason}`, { row: e.row + 1 })); return; }
      throw e;
    }
    start.mutate({ businessKey: v.businessKey?.trim() || null, variables });
  };
  return (
    <Modal
      open width={680} title={t('definition.startTitle', { name: definition.name, version: definition.latestVersion })} onCancel={onClose} onOk={submit}
      confirmLoading={start.isPending} okText={t('definition.start')} cancelText={t('definition.cancel')} destroyOnHidden
    >
      <Form form={form} name="wfStart" layout="vertical" initialValues={{ variables: [] }}>
        <Form.Item name="businessKey" label={t('definition.businessKey')}><Input maxLength={100} /></Form.Item>
        <Typography.Text strong>{t('definition.variables')}</Typography.Text>
        <Form.List name="variables">
          {(fields, { add, remove }) => (
            <div style={{ marginTop: 8 }}>
              {fields.map((f) => (
                <Space key={f.key} align="start" style={{ display: 'flex', marginBottom: 4 }}>
                  <Form.Item name={[f.name, 'name']} style={{ marginBottom: 4 }}><Input placeholder={t('definition.varName')} style={{ width: 180, fontFamily: 'monospace' }} /></Form.Item>
                  <Form.Item name={[f.name, 'type']} initialValue="string" style={{ marginBottom: 4 }}>
                    <Select style={{ width: 110 }} options={VARIABLE_TYPES.map((v) => ({ value: v, label: t(`definition.varTypes.${v}`) }))} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'value']} style={{ marginBottom: 4 }}><Input placeholder={t('definition.varValue')} style={{ width: 240 }} /></Form.Item>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('definition.removeVar')} onClick={() => remove(f.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ type: 'string' })}>{t('definition.addVar')}</Button>
            </div>
          )}
        </Form.List>
        {failure && <Typography.Text type="danger" style={{ display: 'block', marginTop: 8 }}>{failure}</Typography.Text>}
      </Form>
    </Modal>
  );
}
