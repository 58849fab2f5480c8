import { useQuery } from '@tanstack/react-query';
import { Radio, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIELD_PERMISSIONS, parseFormBinding, type FieldPermission, type FormBinding } from '@bencao/contracts';
import { call } from '@/lib/request';

interface FormOption { id: number; name: string; version: number }
interface VersionField { key: string; label: string; type: string; serverValued: boolean }

/**
 * The cloud form a start event or user task shows (`bencao:form`): a published form version and each
 * field's permission at that node. `value` / `onChange` carry the attribute's JSON text.
 */
export default function FormBindingEditor({ value, onChange, isStart, id }: { value?: string; onChange: (json: string | undefined) => void; isStart?: boolean; id?: string }) {
  const { t } = useTranslation('cform');
  const binding = parseFormBinding(value);
  const forms = useQuery({ queryKey: ['cform', 'options'], queryFn: () => call<FormOption[]>('GET', '/api/forms/options'), staleTime: 60_000 });
  const fields = useQuery({
    queryKey: ['cform', 'version-fields', binding?.formId, binding?.version],
    queryFn: () => call<VersionField[]>('GET', `/api/forms/${binding!.formId}/versions/${binding!.version}/fields`),
    enabled: !!binding,
  });
  const write = (b: FormBinding | null) => onChange(b ? JSON.stringify(b) : undefined);
  const options = (forms.data ?? []).map((f) => ({ value: `${f.id}@${f.version}`, label: `${f.name} (v${f.version})` }));
  // a node bound to an older version keeps it until another is picked
  if (binding && !options.some((o) => o.value === `${binding.formId}@${binding.version}`)) {
    options.unshift({ value: `${binding.formId}@${binding.version}`, label: `#${binding.formId} (v${binding.version})` });
  }
  const permLabel = (p: FieldPermission) => t(`binding.${p}`);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="form-binding">
      <Select id={id} allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: '100%' }} placeholder={t('binding.pick')} loading={forms.isFetching} options={options}
        value={binding ? `${binding.formId}@${binding.version}` : undefined}
        onChange={(v: string | undefined) => {
          if (!v) return write(null);
          const [formId, version] = v.split('@').map(Number);
          write({ formId, version, fields: {}, defaultPermission: isStart ? 'write' : 'read' });
        }} />
      {binding && (
        <>
          <Space>
            <Typography.Text type="secondary">{t('binding.default')}</Typography.Text>
            <Select<FieldPermission> size="small" style={{ width: 110 }} value={binding.defaultPermission}
              options={FIELD_PERMISSIONS.map((p) => ({ value: p, label: permLabel(p) }))} onChange={(defaultPermission) => write({ ...binding, defaultPermission })} />
          </Space>
          <Table<VersionField> size="small" rowKey="key" pagination={false} loading={fields.isFetching} dataSource={fields.data ?? []}
            columns={[
              { title: t('binding.field'), dataIndex: 'label', ellipsis: true },
              {
                title: t('binding.permission'), key: 'perm', width: 230,
                render: (_, f) => (
                  <Radio.Group size="small" optionType="button" value={binding.fields[f.key] ?? binding.defaultPermission}
                    onChange={(e) => write({ ...binding, fields: { ...binding.fields, [f.key]: e.target.value as FieldPermission } })}
                    options={FIELD_PERMISSIONS.filter((p) => !f.serverValued || p === 'read' || p === 'hidden').map((p) => ({ value: p, label: permLabel(p) }))} />
                ),
              },
            ]} />
        </>
      )}
    </Space>
  );
}
