import type { ReactNode } from 'react';
import { Button, Checkbox, Divider, Form, Input, InputNumber, Radio, Select, Space, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FIELD_PATTERNS, LANGS, formFields, type FormField, type FormNode, type FormSchema, type LocalText } from '@bencao/contracts';
import { celProblem } from '@bencao/contracts/forms/cel';
import { newId } from './tree';
import { DictTypePicker } from './DictTypePicker';

/** Four inputs, one per language. */
function LocalInput({ value, onChange, area, testId }: { value?: LocalText; onChange: (v: LocalText) => void; area?: boolean; testId?: string }) {
  const { t } = useTranslation('cform');
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      {LANGS.map((l) => {
        const common = { value: value?.[l] ?? '', placeholder: t(`prop.lang.${l}`), 'data-testid': testId ? `${testId}-${l}` : undefined };
        return area
          ? <Input.TextArea key={l} rows={2} {...common} onChange={(e) => onChange({ ...value, [l]: e.target.value })} />
          : <Input key={l} prefix={<Typography.Text type="secondary" style={{ width: 22, fontSize: 11 }}>{l}</Typography.Text>} {...common} onChange={(e) => onChange({ ...value, [l]: e.target.value })} />;
      })}
    </Space>
  );
}

function Cel({ value, onChange, testId }: { value?: string; onChange: (v: string | undefined) => void; testId?: string }) {
  const { t } = useTranslation('cform');
  const problem = value ? celProblem(value) : null;
  return (
    <>
      <Input.TextArea rows={2} value={value ?? ''} status={problem ? 'error' : undefined} data-testid={testId} style={{ fontFamily: 'monospace' }}
        onChange={(e) => onChange(e.target.value || undefined)} />
      {problem && <Typography.Text type="danger" style={{ fontSize: 12 }}>{t('msg.celInvalid', { reason: problem })}</Typography.Text>}
    </>
  );
}

const Item = ({ label, children, extra }: { label: string; children: ReactNode; extra?: string }) => (
  <Form.Item label={label} extra={extra} style={{ marginBottom: 10 }}>{children}</Form.Item>
);

const TEXTUAL = ['text', 'textarea', 'richText'];
const CHOICES = ['select', 'radio', 'checkbox'];
const NUMERIC = ['number', 'money'];

function FieldProps({ f, schema, patch, inSubTable }: { f: FormField; schema: FormSchema; patch: (p: Partial<FormField>) => void; inSubTable: boolean }) {
  const { t } = useTranslation('cform');
  const used = formFields(schema).flatMap((x) => [x, ...(x.columns ?? [])]).filter((x) => x.id !== f.id && x.key === f.key);
  const valueful = f.type !== 'divider' && f.type !== 'description';
  return (
    <>
      {valueful && (
        <Item label={t('prop.key')}>
          <Input value={f.key} status={used.length || !/^[A-Za-z_][A-Za-z0-9_]{0,49}$/.test(f.key) ? 'error' : undefined} data-testid="prop-key" onChange={(e) => patch({ key: e.target.value.trim() })} />
          {used.length > 0 && <Typography.Text type="danger" style={{ fontSize: 12 }}>{t('msg.keyTaken')}</Typography.Text>}
        </Item>
      )}
      <Item label={f.type === 'description' ? t('prop.title') : t('prop.label')}><LocalInput value={f.label} onChange={(label) => patch({ label })} testId="prop-label" /></Item>
      {f.type === 'description' && <Item label={t('prop.text')}><LocalInput area value={f.text} onChange={(text) => patch({ text })} /></Item>}
      {valueful && f.type !== 'computed' && f.type !== 'serial' && f.type !== 'subTable' && (
        <>
          {!['switch', 'checkbox', 'radio', 'upload'].includes(f.type) && <Item label={t('prop.placeholder')}><LocalInput value={f.placeholder} onChange={(placeholder) => patch({ placeholder })} /></Item>}
          <Space wrap>
            <Checkbox checked={!!f.required} data-testid="prop-required" onChange={(e) => patch({ required: e.target.checked || undefined })}>{t('prop.required')}</Checkbox>
            {!inSubTable && <Checkbox checked={!!f.readOnly} onChange={(e) => patch({ readOnly: e.target.checked || undefined })}>{t('prop.readOnly')}</Checkbox>}
            {!inSubTable && <Checkbox checked={!!f.hidden} onChange={(e) => patch({ hidden: e.target.checked || undefined })}>{t('prop.hidden')}</Checkbox>}
          </Space>
          <Divider style={{ margin: '10px 0' }} />
        </>
      )}
      {TEXTUAL.includes(f.type) && (
        <>
          <Item label={t('prop.defaultValue')}><Input value={(f.defaultValue as string) ?? ''} onChange={(e) => patch({ defaultValue: e.target.value || undefined })} /></Item>
          {f.type !== 'richText' && (
            <Item label={t('prop.pattern')}>
              <Select allowClear value={f.pattern} placeholder={t('prop.none')} style={{ width: '100%' }} onChange={(pattern) => patch({ pattern })}
                options={FIELD_PATTERNS.map((p) => ({ value: p, label: t(`pattern.${p}`) }))} />
            </Item>
          )}
          <Space>
            <Item label={t('prop.minLength')}><InputNumber min={0} value={f.minLength} onChange={(v) => patch({ minLength: v ?? undefined })} /></Item>
            <Item label={t('prop.maxLength')}><InputNumber min={1} value={f.maxLength} onChange={(v) => patch({ maxLength: v ?? undefined })} /></Item>
          </Space>
        </>
      )}
      {NUMERIC.includes(f.type) && (
        <>
          <Item label={t('prop.defaultValue')}><InputNumber style={{ width: '100%' }} value={f.defaultValue as number | undefined} onChange={(v) => patch({ defaultValue: v ?? undefined })} /></Item>
          <Space wrap>
            <Item label={t('prop.min')}><InputNumber value={f.min} onChange={(v) => patch({ min: v ?? undefined })} /></Item>
            <Item label={t('prop.max')}><InputNumber value={f.max} onChange={(v) => patch({ max: v ?? undefined })} /></Item>
            <Item label={t('prop.precision')}><InputNumber min={0} max={8} value={f.precision} onChange={(v) => patch({ precision: v ?? undefined })} /></Item>
            {f.type === 'number' && <Item label={t('prop.currency')}><Input style={{ width: 90 }} value={f.currency ?? ''} onChange={(e) => patch({ currency: e.target.value || undefined })} /></Item>}
          </Space>
        </>
      )}
      {f.type === 'switch' && <Item label={t('prop.defaultValue')}><Switch checked={f.defaultValue === true} onChange={(v) => patch({ defaultValue: v || undefined })} /></Item>}
      {(CHOICES.includes(f.type)) && (
        <>
          <Item label={t('prop.optionSource')}>
            <Radio.Group value={f.dictCode !== undefined ? 'dict' : 'typed'} data-testid="prop-option-source"
              onChange={(e) => patch(e.target.value === 'dict' ? { dictCode: '', options: undefined } : { dictCode: undefined, options: [] })}
              options={[{ value: 'typed', label: t('prop.typed') }, { value: 'dict', label: t('prop.dictionary') }]} />
          </Item>
          {f.dictCode !== undefined
            ? <Item label={t('prop.dictCode')}><DictTypePicker value={f.dictCode} onChange={(dictCode) => patch({ dictCode })} /></Item>
            : (
              <Item label={t('prop.options')}>
                {(f.options ?? []).map((o, i) => (
                  <Space key={i} align="start" style={{ marginBottom: 6, width: '100%' }}>
                    <Input style={{ width: 90 }} value={o.value} placeholder={t('prop.optionValue')}
                      onChange={(e) => patch({ options: (f.options ?? []).map((x, j) => (j === i ? { ...x, value: e.target.value } : x)) })} />
                    <LocalInput value={o.label} onChange={(label) => patch({ options: (f.options ?? []).map((x, j) => (j === i ? { ...x, label } : x)) })} />
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('action.remove')} onClick={() => patch({ options: (f.options ?? []).filter((_, j) => j !== i) })} />
                  </Space>
                ))}
                <Button size="small" icon={<PlusOutlined />} onClick={() => patch({ options: [...(f.options ?? []), { value: `option${(f.options ?? []).length + 1}`, label: {} }] })}>{t('action.addOption')}</Button>
              </Item>
            )}
          {f.type === 'select' && <Checkbox checked={!!f.multiple} onChange={(e) => patch({ multiple: e.target.checked || undefined })}>{t('prop.multiple')}</Checkbox>}
        </>
      )}
      {f.type === 'computed' && <Item label={t('prop.expression')} extra={t('msg.celHint')}><Cel value={f.expression} testId="prop-expression" onChange={(expression) => patch({ expression: expression ?? '' })} /></Item>}
      {f.type === 'computed' && <Item label={t('prop.precision')}><InputNumber min={0} max={8} value={f.precision} onChange={(v) => patch({ precision: v ?? undefined })} /></Item>}
      {f.type === 'serial' && <Item label={t('prop.serialRule')}><Input value={f.serialRule ?? ''} onChange={(e) => patch({ serialRule: e.target.value.trim() || undefined })} /></Item>}
      {f.type === 'upload' && <Checkbox checked={!!f.imagesOnly} onChange={(e) => patch({ imagesOnly: e.target.checked || undefined })}>{t('prop.imagesOnly')}</Checkbox>}
      {f.type === 'subTable' && (
        <Item label={t('prop.sumColumns')}>
          <Select mode="multiple" style={{ width: '100%' }} value={f.sumColumns ?? []} data-testid="prop-sums" onChange={(sumColumns) => patch({ sumColumns })}
            options={(f.columns ?? []).filter((c) => ['number', 'money', 'computed'].includes(c.type)).map((c) => ({ value: c.key, label: `${c.label.zh || c.label.en || c.key} (${c.key})` }))} />
        </Item>
      )}
      {valueful && !inSubTable && (
        <>
          <Divider style={{ margin: '10px 0' }} />
          <Item label={t('prop.visibleWhen')} extra={t('msg.celHint')}><Cel value={f.visibleWhen} onChange={(visibleWhen) => patch({ visibleWhen })} /></Item>
          {f.type !== 'computed' && f.type !== 'serial' && <Item label={t('prop.requiredWhen')}><Cel value={f.requiredWhen} onChange={(requiredWhen) => patch({ requiredWhen })} /></Item>}
        </>
      )}
      {!inSubTable && <Item label={t('prop.span')}><InputNumber min={1} max={24} value={f.span ?? 24} onChange={(v) => patch({ span: v ?? 24 })} /></Item>}
    </>
  );
}

/** The properties of the selected node. */
export function Properties({ node, schema, inSubTable, onChange }: { node: FormNode; schema: FormSchema; inSubTable: boolean; onChange: (n: FormNode) => void }) {
  const { t } = useTranslation('cform');
  if (node.kind === 'field') return <Form layout="vertical" size="small"><FieldProps f={node} schema={schema} inSubTable={inSubTable} patch={(p) => onChange({ ...node, ...p })} /></Form>;
  if (node.kind === 'group') return <Form layout="vertical" size="small"><Item label={t('prop.title')}><LocalInput value={node.title} onChange={(title) => onChange({ ...node, title })} /></Item></Form>;
  if (node.kind === 'row') {
    return (
      <Form layout="vertical" size="small">
        <Item label={t('prop.columnSpans')}>
          {node.columns.map((c, i) => (
            <Space key={c.id} style={{ marginBottom: 4 }}>
              <InputNumber min={1} max={24} value={c.span} onChange={(v) => onChange({ ...node, columns: node.columns.map((x, j) => (j === i ? { ...x, span: v ?? 12 } : x)) })} />
              <Button type="text" danger disabled={node.columns.length < 2} icon={<DeleteOutlined />} aria-label={t('action.remove')}
                onClick={() => onChange({ ...node, columns: node.columns.filter((_, j) => j !== i) })} />
            </Space>
          ))}
          <Button size="small" icon={<PlusOutlined />} disabled={node.columns.length >= 6} onClick={() => onChange({ ...node, columns: [...node.columns, { id: newId('col'), span: 6, children: [] }] })}>{t('action.addColumn')}</Button>
        </Item>
      </Form>
    );
  }
  return (
    <Form layout="vertical" size="small">
      {node.tabs.map((tab, i) => (
        <Item key={tab.id} label={`${t('palette.tab')} ${i + 1}`}>
          <LocalInput value={tab.title} onChange={(title) => onChange({ ...node, tabs: node.tabs.map((x, j) => (j === i ? { ...x, title } : x)) })} />
          <Button size="small" type="text" danger disabled={node.tabs.length < 2} icon={<DeleteOutlined />} onClick={() => onChange({ ...node, tabs: node.tabs.filter((_, j) => j !== i) })}>{t('action.remove')}</Button>
        </Item>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => onChange({ ...node, tabs: [...node.tabs, { id: newId('tab'), title: { en: `Tab ${node.tabs.length + 1}`, zh: `标签 ${node.tabs.length + 1}` }, children: [] }] })}>{t('action.addTab')}</Button>
    </Form>
  );
}
