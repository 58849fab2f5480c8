import { useTranslation } from 'react-i18next';
import { Button, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { VARIABLE_KINDS, VARIABLE_NAME, type VariableKind } from './variables';

/**
 * The variables as rows of name, type and a value input of that type (text, number, yes/no), inside the
 * caller's antd Form under `name`. The first `lockedRows` rows (the values a task already has) keep their
 * names and cannot be removed: only their values change.
 */
export function VariableRowsField({ name = 'variables', lockedRows = 0 }: { name?: string; lockedRows?: number }) {
  const { t } = useTranslation('tasks');
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <div>
          {fields.map((f) => (
            <Space key={f.key} align="start" style={{ display: 'flex', marginBottom: 4 }} wrap>
              <Form.Item
                name={[f.name, 'name']} style={{ marginBottom: 4 }}
                rules={[{ pattern: VARIABLE_NAME, message: t('variables.badName') }]}
              >
                <Input placeholder={t('variables.name')} aria-label={t('variables.name')} style={{ width: 170, fontFamily: 'monospace' }} readOnly={f.name < lockedRows} />
              </Form.Item>
              <Form.Item name={[f.name, 'kind']} initialValue="text" style={{ marginBottom: 4 }}>
                <Select<VariableKind> style={{ width: 100 }} aria-label={t('variables.kind')} options={VARIABLE_KINDS.map((k) => ({ value: k, label: t(`variables.kinds.${k}`) }))} />
              </Form.Item>
              <Form.Item noStyle shouldUpdate={(a, b) => kindAt(a, name, f.name) !== kindAt(b, name, f.name)}>
                {({ getFieldValue }) => {
                  const kind = (getFieldValue([name, f.name, 'kind']) ?? 'text') as VariableKind;
                  if (kind === 'number') {
                    return (
                      <Form.Item name={[f.name, 'number']} style={{ marginBottom: 4 }} rules={[{ required: true, message: t('variables.numberRequired') }]}>
                        <InputNumber placeholder={t('variables.value')} aria-label={t('variables.value')} style={{ width: 220 }} />
                      </Form.Item>
                    );
                  }
                  if (kind === 'boolean') {
                    return (
                      <Form.Item name={[f.name, 'flag']} valuePropName="checked" initialValue={false} style={{ marginBottom: 4, width: 220 }}>
                        <Switch checkedChildren={t('variables.yes')} unCheckedChildren={t('variables.no')} aria-label={t('variables.value')} />
                      </Form.Item>
                    );
                  }
                  return (
                    <Form.Item name={[f.name, 'text']} style={{ marginBottom: 4 }}>
                      <Input placeholder={t('variables.value')} aria-label={t('variables.value')} style={{ width: 220 }} maxLength={2000} />
                    </Form.Item>
                  );
                }}
              </Form.Item>
              {f.name >= lockedRows && <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('variables.remove')} onClick={() => remove(f.name)} />}
            </Space>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ kind: 'text' })}>{t('variables.add')}</Button>
        </div>
      )}
    </Form.List>
  );
}

function kindAt(values: unknown, list: string, index: number): unknown {
  const rows = (values as Record<string, { kind?: unknown }[] | undefined>)?.[list];
  return rows?.[index]?.kind;
}
