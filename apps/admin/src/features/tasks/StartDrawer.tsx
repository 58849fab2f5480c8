import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Divider, Drawer, Form, Input, Space, Typography } from 'antd';
import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import type { TaskDraft } from '@bencao/contracts';
import { tasksApi, useTaskMutation, type DraftBody } from './api';
import { VariableRowsField } from './VariableRowsField';
import { mergeVariables, variablesToRows, VariableRowError, type VariableRow } from './variables';

export interface StartTarget { definitionId: number; name: string; version?: number; description?: string | null; draft?: TaskDraft }

interface Values { businessKey?: string; variables?: VariableRow[]; comment?: string }

/**
 * Starting a process: the start form (until the form designer lands, the variables as typed rows), a
 * business key and a comment. "Save draft" keeps it in My drafts; "Submit" starts the instance.
 */
export function StartDrawer({ target, onClose }: { target: StartTarget; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  const [draftId, setDraftId] = useState<number | null>(target.draft?.instanceId ?? null);
  const initial = variablesToRows(target.draft?.variables ?? {});

  const save = useTaskMutation(async (body: DraftBody) => {
    if (draftId) { await tasksApi.updateDraft(draftId, body); return draftId; }
    const made = await tasksApi.createDraft(target.definitionId, body);
    setDraftId(made.instanceId);
    return made.instanceId;
  }, () => void message.success(t('start.draftSaved')));

  const submit = useTaskMutation(async (body: DraftBody) => {
    // a draft (or a comment, which only a draft keeps) is submitted; otherwise the process starts at once
    if (draftId) { await tasksApi.updateDraft(draftId, body); return tasksApi.submitDraft(draftId); }
    if (body.comment) { const made = await tasksApi.createDraft(target.definitionId, body); return tasksApi.submitDraft(made.instanceId); }
    return tasksApi.start(target.definitionId, body);
  }, () => { void message.success(t('start.submitted', { name: target.name })); onClose(); });

  const body = async (): Promise<DraftBody | null> => {
    const v = await form.validateFields();
    setProblem(null);
    try {
      return { businessKey: v.businessKey?.trim() || null, variables: mergeVariables(initial.kept, v.variables ?? []), comment: v.comment?.trim() || null };
    } catch (e) {
      if (e instanceof VariableRowError) { setProblem(t(`variables.problems.${e.problem}`, { row: e.row + 1 })); return null; }
      throw e;
    }
  };
  const busy = save.isPending || submit.isPending;

  return (
    <Drawer
      open size={720} onClose={onClose} destroyOnHidden
      title={<span>{t('start.title', { name: target.name })}{target.version ? <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 13 }}>v{target.version}</Typography.Text> : null}</span>}
      footer={(
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button icon={<SaveOutlined />} loading={save.isPending} disabled={busy} onClick={async () => { const b = await body(); if (b) save.mutate(b); }}>{t('start.saveDraft')}</Button>
          <Button type="primary" icon={<SendOutlined />} loading={submit.isPending} disabled={busy} onClick={() => form.submit()}>{t('start.submit')}</Button>
        </Space>
      )}
    >
      {target.description && <Typography.Paragraph type="secondary">{target.description}</Typography.Paragraph>}
      <Form<Values>
        form={form} name="taskStart" layout="vertical"
        initialValues={{ businessKey: target.draft?.businessKey ?? '', variables: initial.rows, comment: target.draft?.comment ?? '' }}
        onFinish={async () => { const b = await body(); if (b) submit.mutate(b); }}
      >
        <Form.Item name="businessKey" label={t('start.businessKey')} extra={t('start.businessKeyHint')}>
          <Input maxLength={100} autoFocus />
        </Form.Item>
        <Divider titlePlacement="start" plain style={{ margin: '8px 0 12px' }}>{t('start.formTitle')}</Divider>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>{t('start.formHint')}</Typography.Paragraph>
        <VariableRowsField />
        {problem && <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 8 }}>{problem}</Typography.Text>}
        <Form.Item name="comment" label={t('start.comment')} style={{ marginTop: 16 }}>
          <Input.TextArea rows={3} maxLength={2000} showCount placeholder={t('start.commentPlaceholder')} />
        </Form.Item>
        {/* Enter in a field submits the form */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Drawer>
  );
}
