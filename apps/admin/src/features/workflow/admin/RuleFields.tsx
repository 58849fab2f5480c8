import { useTranslation } from 'react-i18next';
import { Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import type { FormRule } from 'antd';
import type { ParticipantKind } from '@bencao/contracts';
import { AccountSelect, OrganTreeSelect, PositionSelect, RoleSelect, ViewSelect } from './pickers';
import { EDITABLE_KINDS } from './ruleForm';

/**
 * The fields of a participants' rule under `base` (e.g. ['rule']): the kind, then what that kind needs.
 * `rule` validates each field with the shared schema (the caller builds it with `zodRule`).
 */
export function RuleFields({ base, rule, kinds = EDITABLE_KINDS }: { base: (string | number)[]; rule: FormRule; kinds?: readonly ParticipantKind[] }) {
  const { t } = useTranslation('workflow');
  const p = (k: string): NamePath => [...base, k];
  const form = Form.useFormInstance();
  const kind = Form.useWatch(p('kind'), form) as ParticipantKind | undefined;
  const viewId = Form.useWatch(p('viewId'), form) as number | null | undefined;
  return (
    <>
      <Form.Item name={p('kind')} label={t('participant.field.kind')} rules={[rule]} required>
        <Select options={kinds.map((k) => ({ value: k, label: t(`participant.kind.${k}`) }))} />
      </Form.Item>
      {kind === 'user' && (
        <Form.Item name={p('accountIds')} label={t('participant.field.accounts')} rules={[rule]} required>
          <AccountSelect placeholder={t('participant.placeholder.accounts')} />
        </Form.Item>
      )}
      {kind === 'role' && (
        <Form.Item name={p('roles')} label={t('participant.field.roles')} rules={[rule]} required extra={t('participant.hint.role')}>
          <RoleSelect placeholder={t('participant.placeholder.roles')} />
        </Form.Item>
      )}
      {kind === 'organ' && (
        <>
          <Form.Item name={p('viewId')} label={t('participant.field.view')} rules={[rule]} extra={t('participant.hint.view')}>
            <ViewSelect placeholder={t('participant.placeholder.view')} />
          </Form.Item>
          <Form.Item name={p('organIds')} label={t('participant.field.organs')} rules={[rule]} required>
            <OrganTreeSelect viewId={viewId} placeholder={t('participant.placeholder.organs')} />
          </Form.Item>
          <Form.Item name={p('includeChildren')} label={t('participant.field.includeChildren')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
      {kind === 'position' && (
        <Form.Item name={p('positionIds')} label={t('participant.field.positions')} rules={[rule]} required>
          <PositionSelect placeholder={t('participant.placeholder.positions')} />
        </Form.Item>
      )}
      {kind === 'starter' && <Typography.Paragraph type="secondary">{t('participant.hint.starter')}</Typography.Paragraph>}
      {kind === 'starterLeader' && (
        <>
          <Form.Item name={p('levels')} label={t('participant.field.levels')} rules={[rule]} required extra={t('participant.hint.levels')}>
            <InputNumber min={1} max={10} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name={p('viewId')} label={t('participant.field.view')} rules={[rule]} extra={t('participant.hint.view')}>
            <ViewSelect placeholder={t('participant.placeholder.view')} />
          </Form.Item>
        </>
      )}
      {kind === 'formField' && (
        <Form.Item name={p('field')} label={t('participant.field.formField')} rules={[rule]} required extra={t('participant.hint.formField')}>
          <Input maxLength={64} placeholder="approver" style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      )}
      {kind === 'expression' && (
        <Form.Item name={p('expression')} label={t('participant.field.expression')} rules={[rule]} required extra={t('participant.hint.expression')}>
          <Input.TextArea rows={3} maxLength={2000} placeholder="variables.amount > 10000 ? ['manager'] : [starter]" style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      )}
    </>
  );
}
