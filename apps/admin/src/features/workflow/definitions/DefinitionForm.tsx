import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Form, Input, Modal, Typography } from 'antd';
import {
  workflowDefinitionCopySchema, workflowDefinitionSchema, workflowDefinitionUpdateSchema, type WorkflowDefinition, type WorkflowDefinitionDetail,
} from '@bencao/contracts';
import { errorText } from '@/lib/request';
import { langOf, zodRule } from '@/lib/zodRule';
import { engineApi, engineKeys, useEngineMutation } from '../api/engine';
import { minimalDiagram } from '../modeler/diagram';

/**
 * Create a definition (key, name, category → the modeler opens on a minimal diagram), copy one (`copy`: a new
 * key and name for the same diagram → the modeler opens on the copy) or edit its name, category, description.
 */
export function DefinitionForm({ definition, copy = false, onClose, onCreated }: {
  definition: WorkflowDefinition | null; copy?: boolean; onClose: () => void; onCreated: (d: WorkflowDefinitionDetail) => void;
}) {
  const { t, i18n } = useTranslation('workflow');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [failure, setFailure] = useState<string | null>(null);
  const editing = !!definition && !copy;
  const rule = zodRule(copy ? workflowDefinitionCopySchema : editing ? workflowDefinitionUpdateSchema : workflowDefinitionSchema, langOf(i18n.language));
  useEffect(() => {
    form.setFieldsValue(copy && definition
      ? { key: '', name: t('definition.copyName', { name: definition.name }), category: definition.category }
      : definition ?? {});
  }, [definition, copy, form, t]);
  const save = useEngineMutation(
    (v: { key: string; name: string; category?: string | null; description?: string | null }) => {
      if (copy && definition) return engineApi.copyDefinition(definition.id, { key: v.key, name: v.name, category: v.category || null });
      if (definition) return engineApi.updateDefinition(definition.id, { name: v.name, category: v.category ?? null, description: v.description ?? null });
      return engineApi.createDefinition({
        ...v, category: v.category || null, description: v.description || null,
        xml: minimalDiagram(v.key.trim(), v.name.trim(), { start: t('modeler.seed.start'), task: t('modeler.seed.task'), end: t('modeler.seed.end') }),
      });
    },
    [engineKeys.definitions],
    (d) => {
      message.success(t(copy ? 'definition.copied' : editing ? 'definition.updated' : 'definition.created'));
      if (editing) onClose(); else onCreated(d);
    },
  );
  const submit = async () => {
    const v = await form.validateFields();
    setFailure(null);
    save.mutate(v, { onError: (e) => setFailure(errorText(e)) });
  };
  return (
    <Modal
      open width={560} onCancel={onClose} onOk={submit} confirmLoading={save.isPending} cancelText={t('definition.cancel')} destroyOnHidden
      title={copy && definition ? t('definition.copyTitle', { name: definition.name }) : editing ? t('definition.editMeta') : t('definition.create')}
      okText={copy ? t('definition.copyAndDesign') : editing ? t('definition.save') : t('definition.createAndDesign')}
    >
      <Form form={form} name="wfDefinition" layout="vertical" requiredMark>
        <Form.Item name="key" label={t('definition.key')} required={!editing} rules={editing ? [] : [rule]} extra={editing ? undefined : t('definition.keyHint')}>
          <Input maxLength={64} disabled={editing} style={{ fontFamily: 'monospace' }} placeholder="leave_request" />
        </Form.Item>
        <Form.Item name="name" label={t('definition.name')} required rules={[rule]}><Input maxLength={100} /></Form.Item>
        <Form.Item name="category" label={t('definition.category')} rules={[rule]}><Input maxLength={50} /></Form.Item>
        {!copy && <Form.Item name="description" label={t('definition.description')} rules={[rule]}><Input.TextArea rows={3} maxLength={500} /></Form.Item>}
        {failure && <Typography.Text type="danger">{failure}</Typography.Text>}
      </Form>
    </Modal>
  );
}
