import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Dropdown, Form, Modal, Radio, Select, Space, Typography } from 'antd';
import type { MenuProps } from 'antd';
import {
  AlertOutlined, CheckOutlined, CloseOutlined, CopyOutlined, DeleteRowOutlined, DownOutlined, InsertRowRightOutlined, LoginOutlined,
  LogoutOutlined, RedoOutlined, RollbackOutlined, SendOutlined, StopOutlined, SwapOutlined, ThunderboltOutlined, UndoOutlined, UserSwitchOutlined,
} from '@ant-design/icons';
import { INSTANCE_TASK_ACTIONS, type InstanceTaskAction, type TaskActionCode, type TaskButton, type TaskDetail, type TaskPostAction } from '@bencao/contracts';
import { tasksApi, useTaskMutation, type ActionBody } from './api';
import { CommentInput } from './CommentInput';
import { UserSelect, UsersSelect } from './UserSelect';
import { SignatureFields } from './signature/SignatureFields';
import { signatureApi, signatureBody, type SignatureValues } from './signature/signatureApi';

/** an action of the bar: one of the API's codes, or a plugin button of the node */
export type BarAction = { kind: 'code'; code: Exclude<TaskActionCode, 'attach'> } | { kind: 'button'; button: TaskButton };

const ICONS: Record<Exclude<TaskActionCode, 'attach'>, React.ReactNode> = {
  approve: <CheckOutlined />, reject: <CloseOutlined />, return: <RollbackOutlined />, transfer: <SwapOutlined />, delegate: <UserSwitchOutlined />,
  resolve: <SendOutlined />, addSign: <InsertRowRightOutlined />, removeSign: <DeleteRowOutlined />, cc: <CopyOutlined />, claim: <LoginOutlined />,
  unclaim: <LogoutOutlined />, urge: <AlertOutlined />, withdraw: <UndoOutlined />, void: <StopOutlined />, resubmit: <RedoOutlined />, revoke: <StopOutlined />,
};
/** shown as buttons, in this order; the rest go into "More" */
const PRIMARY: Exclude<TaskActionCode, 'attach'>[] = ['claim', 'resolve', 'resubmit', 'revoke', 'approve', 'reject', 'return'];
const MORE: Exclude<TaskActionCode, 'attach'>[] = ['transfer', 'delegate', 'addSign', 'removeSign', 'cc', 'urge', 'withdraw', 'unclaim', 'void'];
/** after these the task is no longer in this user's hands: the drawer closes */
const LEAVES: TaskActionCode[] = ['approve', 'reject', 'return', 'transfer', 'delegate', 'resolve', 'withdraw', 'void', 'resubmit', 'revoke'];
/** these need a reason */
const COMMENT_REQUIRED: TaskActionCode[] = ['reject', 'return', 'void'];

const isInstanceAction = (c: TaskActionCode): c is InstanceTaskAction => (INSTANCE_TASK_ACTIONS as readonly string[]).includes(c);

/**
 * The buttons of what this user may do now on a task or an instance (`detail.actions` and the node's
 * plugin buttons), each opening its dialog; claim acts at once.
 */
export function TaskActionBar({ detail, variables, formValues, formRefused, focusRefused, onLeft }: {
  detail: TaskDetail;
  /** the edited variables to send with a decision (undefined: unchanged); throws when a row is wrong */
  variables: () => Record<string, unknown> | undefined;
  /** the node's cloud form, checked, to send with an approval (undefined: no form); rejects when a field is wrong */
  formValues?: () => Promise<Record<string, unknown> | undefined>;
  /** puts a server 400 under the cloud form's fields it names; true when it named any */
  formRefused?: (e: unknown) => boolean;
  /** scrolls to the first field of the cloud form marked wrong and puts the cursor in it */
  focusRefused?: () => void;
  onLeft: () => void;
}) {
  const { t } = useTranslation('tasks');
  const { message } = App.useApp();
  const [open, setOpen] = useState<BarAction | null>(null);
  // what was typed in a dialog closed without acting (e.g. to correct the form): back when it opens again
  const [kept, setKept] = useState<Record<string, Values>>({});
  const keyOf = (a: BarAction) => (a.kind === 'button' ? `b${a.button.id}` : a.code);
  const allowed = new Set(detail.actions);
  const taskId = detail.task?.id;
  const claim = useTaskMutation(() => tasksApi.act(taskId!, 'claim', {}), () => void message.success(t('actions.done.claim')));

  const start = (a: BarAction) => {
    if (a.kind === 'code' && a.code === 'claim') { claim.mutate(); return; }
    setOpen(a);
  };
  const primary = PRIMARY.filter((c) => allowed.has(c) && (taskId || isInstanceAction(c)));
  const more = MORE.filter((c) => allowed.has(c) && (taskId || isInstanceAction(c)));
  const menu: MenuProps['items'] = more.map((c) => ({ key: c, icon: ICONS[c], label: t(`actions.${c}`), danger: c === 'void' }));

  if (!primary.length && !more.length && !(taskId && detail.buttons.length)) return null;
  return (
    <Space wrap>
      {primary.map((c) => (
        <Button
          key={c} icon={ICONS[c]} loading={c === 'claim' && claim.isPending}
          type={c === 'approve' || c === 'claim' || c === 'resolve' || c === 'resubmit' ? 'primary' : 'default'} danger={c === 'reject' || c === 'revoke'}
          onClick={() => start({ kind: 'code', code: c })}
        >
          {t(`actions.${c}`)}
        </Button>
      ))}
      {taskId && detail.buttons.map((b) => <Button key={`b${b.id}`} icon={<ThunderboltOutlined />} onClick={() => start({ kind: 'button', button: b })}>{b.name}</Button>)}
      {more.length > 0 && (
        <Dropdown trigger={['click']} menu={{ items: menu, onClick: ({ key }) => start({ kind: 'code', code: key as Exclude<TaskActionCode, 'attach'> }) }}>
          <Button>{t('actions.more')} <DownOutlined /></Button>
        </Dropdown>
      )}
      {open && (
        <ActionDialog
          action={open} detail={detail} variables={variables} formValues={formValues} formRefused={formRefused}
          initial={kept[keyOf(open)]}
          onClose={(done, typed) => {
            const leaves = open.kind === 'code' && LEAVES.includes(open.code);
            const key = keyOf(open);
            setKept(({ [key]: _, ...rest }) => (done || !typed ? rest : { ...rest, [key]: typed }));
            setOpen(null);
            if (done && leaves) onLeft();
          }}
          onCorrectForm={focusRefused ? () => setTimeout(focusRefused) : undefined}
        />
      )}
    </Space>
  );
}

interface Values { signature?: SignatureValues; form?: Record<string, unknown>; comment?: string; target?: string; node?: string; userId?: number; userIds?: number[]; position?: 'before' | 'after' }

/** One action's dialog: the fields it needs (people, return target, position), a comment; Enter submits. */
function ActionDialog({ action, detail, variables, formValues, formRefused, initial, onClose, onCorrectForm }: {
  action: BarAction; detail: TaskDetail; variables: () => Record<string, unknown> | undefined;
  formValues?: () => Promise<Record<string, unknown> | undefined>; formRefused?: (e: unknown) => boolean;
  /** what was typed when this dialog was last closed without acting */
  initial?: Values;
  /** done: the action went through; typed: what the dialog held, kept when it did not */
  onClose: (done: boolean, typed?: Values) => void;
  /** after the server refused fields of the cloud form: the dialog closes and the first of them takes the cursor */
  onCorrectForm?: () => void;
}) {
  const { t } = useTranslation('tasks');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  // the server's words when it refused fields of the cloud form (they are marked under the fields too)
  const [refused, setRefused] = useState<string | null>(null);
  // a password typed is never kept for later
  const close = () => { const { signature, ...typed } = form.getFieldsValue(true) as Values; onClose(false, { ...typed, signature: signature && { ...signature, password: undefined } }); };
  const code = action.kind === 'code' ? action.code : null;
  const title = action.kind === 'button' ? action.button.name : t(`actions.${action.code}`);
  const task = detail.task;

  const run = useTaskMutation(async (v: Values) => {
    const comment = v.comment?.trim() || null;
    if (action.kind === 'button') return tasksApi.button(task!.id, action.button.id, { comment, variables: variables() });
    const c = action.code;
    if (isInstanceAction(c)) return tasksApi.instanceAct(detail.instance.id, c, comment);
    const body: ActionBody = { comment };
    if (c === 'approve' || c === 'reject' || c === 'resolve' || c === 'resubmit') body.variables = variables();
    if ((c === 'approve' || c === 'resubmit') && v.form) body.form = v.form;
    if (c === 'return') body.target = v.target === 'node' ? v.node : v.target;
    if (c === 'transfer' || c === 'delegate') body.userId = v.userId;
    if (c === 'addSign' || c === 'removeSign' || c === 'cc') body.userIds = v.userIds;
    if (c === 'addSign') body.position = v.position ?? 'after';
    if (c === 'approve' && task?.signature) body.signature = await signatureBody(v.signature ?? {});
    const done = await tasksApi.act(task!.id, c as TaskPostAction, body);
    const s = v.signature;
    if (c === 'approve' && task?.signature && s?.hand === 'draw' && s.saveAsMine && s.image) await signatureApi.save(s.image).catch(() => undefined);
    return done;
  }, () => {
    void message.success(action.kind === 'button' ? t('actions.done.button', { name: action.button.name }) : t(`actions.done.${action.code}`));
    onClose(true);
  });

  const submit = async () => {
    const v = await form.validateFields();
    setProblem(null);
    setRefused(null);
    try {
      variables();
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
      return;
    }
    let values: Record<string, unknown> | undefined;
    if ((code === 'approve' || code === 'resubmit') && formValues) {
      try {
        values = await formValues();
      } catch {
        setProblem(t('detail.formInvalid'));
        return;
      }
    }
    // the dialog stays open with what was typed; the refused fields are marked in the form behind it
    run.mutate({ ...v, form: values }, { onError: (e) => { if (formRefused?.(e)) setRefused(e instanceof Error ? e.message : String(e)); } });
  };

  const signable = (task?.multiInstance?.people ?? []).filter((p) => p.status !== 'completed' && p.id !== task?.assigneeId);
  const targets = task?.returnTargets ?? [];
  const people = t('dialog.people');

  return (
    <Modal
      open title={title} onCancel={close} onOk={() => void submit()} okText={t('dialog.confirm', { action: title })} cancelText={t('common.cancel')}
      okButtonProps={{ danger: code === 'reject' || code === 'void' || code === 'revoke' }} confirmLoading={run.isPending} destroyOnHidden width={560}
    >
      {code && <Typography.Paragraph type="secondary">{t(`dialog.explain.${code}`)}</Typography.Paragraph>}
      {refused && (
        <Alert
          type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={t('detail.formRefused')} description={refused}
          action={onCorrectForm && <Button size="small" onClick={() => { close(); onCorrectForm(); }}>{t('detail.correctForm')}</Button>}
        />
      )}
      <Form<Values> form={form} layout="vertical" name={`taskAction-${code ?? 'button'}`} initialValues={{ target: 'previous', position: 'after', ...initial }} onFinish={() => void submit()}>
        {code === 'return' && (
          <>
            <Form.Item name="target" label={t('dialog.returnTo')}>
              <Radio.Group>
                <Radio value="previous">{t('dialog.returnPrevious')}</Radio>
                <Radio value="starter">{t('dialog.returnStarter')}</Radio>
                <Radio value="node" disabled={!targets.length}>{t('dialog.returnNode')}</Radio>
              </Radio.Group>
            </Form.Item>
            <Form.Item noStyle shouldUpdate={(a, b) => a.target !== b.target}>
              {({ getFieldValue }) => getFieldValue('target') === 'node' && (
                <Form.Item name="node" label={t('dialog.node')} rules={[{ required: true, message: t('dialog.nodeRequired') }]}>
                  <Select autoFocus options={targets.map((n) => ({ value: n.elementId, label: n.name }))} placeholder={t('dialog.node')} />
                </Form.Item>
              )}
            </Form.Item>
          </>
        )}
        {(code === 'transfer' || code === 'delegate') && (
          <Form.Item name="userId" label={t(`dialog.${code}To`)} rules={[{ required: true, message: t('dialog.personRequired') }]}>
            <UserSelect autoFocus placeholder={t('dialog.searchPeople')} aria-label={t(`dialog.${code}To`)} />
          </Form.Item>
        )}
        {(code === 'addSign' || code === 'cc') && (
          <Form.Item name="userIds" label={code === 'cc' ? t('dialog.ccTo') : people} rules={[{ required: true, message: t('dialog.peopleRequired') }]}>
            <UsersSelect autoFocus placeholder={t('dialog.searchPeople')} aria-label={code === 'cc' ? t('dialog.ccTo') : people} />
          </Form.Item>
        )}
        {code === 'addSign' && (
          <Form.Item name="position" label={t('dialog.position')}>
            <Radio.Group>
              <Radio value="before">{t('dialog.before')}</Radio>
              <Radio value="after">{t('dialog.after')}</Radio>
            </Radio.Group>
          </Form.Item>
        )}
        {code === 'removeSign' && (
          <Form.Item name="userIds" label={people} rules={[{ required: true, message: t('dialog.peopleRequired') }]} extra={signable.length ? undefined : t('dialog.nobodyToRemove')}>
            <Select mode="multiple" autoFocus options={signable.map((p) => ({ value: p.id, label: p.name }))} aria-label={people} />
          </Form.Item>
        )}
        {code === 'approve' && task?.signature && <SignatureFields meanings={task.signature} />}
        <Form.Item
          name="comment" label={code === 'urge' ? t('dialog.urgeMessage') : t('dialog.comment')} extra={t('dialog.enterHint')}
          rules={code && COMMENT_REQUIRED.includes(code) ? [{ required: true, whitespace: true, message: t('dialog.commentRequired') }] : []}
        >
          <CommentInput
            autoFocus={code === 'approve' || code === 'reject' || code === 'void' || code === 'urge' || code === 'withdraw' || code === 'unclaim' || code === 'resolve' || code === 'resubmit' || code === 'revoke' || !code}
            placeholder={code === 'approve' ? t('dialog.approveComment') : code === 'urge' ? t('dialog.urgePlaceholder') : t('dialog.commentPlaceholder')}
            onSubmit={() => void submit()}
          />
        </Form.Item>
        {problem && <Typography.Text type="danger" role="alert">{problem}</Typography.Text>}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
