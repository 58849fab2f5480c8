import { Button, Form, Input, Space } from 'antd';
import type { FormRule } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';

/** Rows of key → value under `name` (a Form.List of {key, value}), with add and remove. */
export function KvRows({ name, keyLabel, valueLabel, addLabel, keyRules, valueRules, monoValue }: {
  name: (string | number)[]; keyLabel: string; valueLabel: string; addLabel: string; keyRules?: FormRule[]; valueRules?: FormRule[]; monoValue?: boolean;
}) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <>
          {fields.map((f) => (
            <Space key={f.key} align="start" style={{ display: 'flex', marginBottom: 4 }}>
              <Form.Item name={[f.name, 'key']} rules={keyRules} style={{ marginBottom: 4, width: 200 }}>
                <Input placeholder={keyLabel} aria-label={keyLabel} maxLength={100} style={{ fontFamily: 'monospace' }} />
              </Form.Item>
              <Form.Item name={[f.name, 'value']} rules={valueRules} style={{ marginBottom: 4, width: 360 }}>
                <Input placeholder={valueLabel} aria-label={valueLabel} maxLength={2000} style={monoValue ? { fontFamily: 'monospace' } : undefined} />
              </Form.Item>
              <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label="remove" />
            </Space>
          ))}
          <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => add({ key: '', value: '' })}>{addLabel}</Button>
        </>
      )}
    </Form.List>
  );
}
