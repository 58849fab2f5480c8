import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Divider, Drawer, Form, Input, Space, Spin, Typography } from 'antd';
import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import type { TaskDraft, TaskForm } from '@bencao/contracts';
import { LazyFormRenderer, issuesFromMessage, submittedValues } from '@/components/form-renderer';
import { RequestError } from '@/lib/request';
import { langOf } from '@/lib/zodRule';
import { tasksApi, tasksKeys, useTaskMutation, type DraftBody } from './api';
import { VariableRowsField } from './VariableRowsField';
import { mergeVariables, variablesToRows, VariableRowError, type VariableRow } from './variables';

export interface StartTarget { definitionId: number; name: string; version?: number; description?: string | null; draft?: TaskDraft }

interface Values { businessKey?: string; variables?: VariableRow[] }
interface Note { comment?: string }

/**
 * Starting a process: the start event's cloud form when it binds one (rendered with the start's field
 * permissions, checked with the server's rules; a refusal from the server shows under the fields it
 * names), otherwise the variables as typed rows; a business key and a comment. "Save draft" keeps it
 * all in My drafts, the form values unchecked; "Submit" starts the instance.
 */
export function StartDrawer({ target, onClose }: { target: StartTarget; onClose: () => void }) {
  const { t, i18n } = useTranslation('tasks');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  // the cloud form renders its own <Form>, so the comment below it is a form of its own
  const [note] = Form.useForm<Note>();
  const [cform] = Form.useForm();
  const startForm = useQuery({
    queryKey: tasksKeys.startForm(target.definitionId, target.draft?.instanceId),
    queryFn: () => tasksApi.startForm(target.definitionId, target.draft?.instanceId),
    staleTime: Infinity,
  });
  const cloud: TaskForm | null = startForm.data ?? null;
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
    if (draftId) { await tasksApi.updateDraft(draftId, body); return tasksApi.submitDraft(draftId, body.form); }
    if (body.comment) {
      const made = await tasksApi.createDraft(target.definitionId, body);
      setDraftId(made.instanceId);
      return tasksApi.submitDraft(made.instanceId, body.form);
    }
    return tasksApi.start(target.definitionId, body);
  }, () => { void message.success(t('start.submitted', { name: target.name })); onClose(); });

  /** the server refused the form: its message under the fields it names */
  const showServerIssues = (e: unknown) => {
    if (!cloud || !(e instanceof RequestError) || e.status !== 400) return;
    const issues = issuesFromMessage(cloud.schema, e.message, langOf(i18n.language), cform.getFieldsValue(true));
    if (issues.length) { cform.setFields(issues); setProblem(t('start.formInvalid')); }
  };

  /** `check`: the cloud form must pass its rules (submit); a draft keeps it as it stands */
  const body = async (check: boolean): Promise<DraftBody | null> => {
    const v = await form.validateFields();
    const { comment } = await note.validateFields();
    setProblem(null);
    if (cloud && check) {
      try { await cform.validateFields(); } catch { setProblem(t('start.formInvalid')); return null; }
    }
    try {
      return {
        businessKey: v.businessKey?.trim() || null, variables: mergeVariables(initial.kept, v.variables ?? []), comment: comment?.trim() || null,
        ...(cloud ? { form: submittedValues(cform) } : {}),
      };
    } catch (e) {
      if (e instanceof VariableRowError) { setProblem(t(`variables.problems.${e.problem}`, { row: e.row + 1 })); return null; }
      throw e;
    }
  };
  const busy = save.isPending || submit.isPending;
  // a field the form's own rules refuse is already shown under it: nothing more to do
  const checked = (check: boolean) => body(check).catch(() => null);
  const onSubmit = async () => { const b = await checked(true); if (b) submit.mutate(b, { onError: showServerIssues }); };

  return (
    <Drawer
      open size={720} onClose={onClose} destroyOnHidden
      title={<span>{t('start.title', { name: target.name })}{target.version ? <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 13 }}>v{target.version}</Typography.Text> : null}</span>}
      footer={(
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button icon={<SaveOutlined />} loading={save.isPending} disabled={busy} onClick={async () => { const b = await checked(false); if (b) save.mutate(b); }}>{t('start.saveDraft')}</Button>
          <Button type="primary" icon={<SendOutlined />} loading={submit.isPending} disabled={busy} onClick={() => void onSubmit()}>{t('start.submit')}</Button>
        </Space>
      )}
    >
      {target.description && <Typography.Paragraph type="secondary">{target.description}</Typography.Paragraph>}
      <Form<Values>
        form={form} name="taskStart" layout="vertical"
        initialValues={{ businessKey: target.draft?.businessKey ?? '', variables: initial.rows }}
        onFinish={onSubmit}
      >
        <Form.Item name="businessKey" label={t('start.businessKey')} extra={t('start.businessKeyHint')}>
          <Input maxLength={100} autoFocus />
        </Form.Item>
        <Divider titlePlacement="start" plain style={{ margin: '8px 0 12px' }}>{cloud ? cloud.name : t('start.formTitle')}</Divider>
        {!cloud && !startForm.isLoading && (
          <>
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>{t('start.formHint')}</Typography.Paragraph>
            <VariableRowsField />
          </>
        )}
        {/* Enter in a field submits the form */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
      {startForm.isLoading && <Spin style={{ display: 'block', margin: '24px auto' }} />}
      {cloud && (
        <Suspense fallback={<Spin style={{ display: 'block', margin: '24px auto' }} />}>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>{t('start.cloudFormHint')}</Typography.Paragraph>
          <div data-testid="start-cloud-form">
            <LazyFormRenderer schema={cloud.schema} permissions={cloud.permissions} initialValues={cloud.data} form={cform} onValuesChange={() => setProblem(null)} />
          </div>
        </Suspense>
      )}
      {problem && <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 8 }}>{problem}</Typography.Text>}
      <Form<Note> form={note} name="taskStartComment" layout="vertical" initialValues={{ comment: target.draft?.comment ?? '' }} onFinish={onSubmit}>
        <Form.Item name="comment" label={t('start.comment')} style={{ marginTop: 16 }}>
          <Input.TextArea rows={3} maxLength={2000} showCount placeholder={t('start.commentPlaceholder')} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
