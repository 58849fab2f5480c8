import { useMemo } from 'react';
import { Button, Card, Col, Divider, Form, Input, Row, Table, Tabs, Typography, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  fieldValueIssue, isEmptyValue, textOf, translate, SERVER_VALUED,
  type FieldPermission, type FormField, type FormNode, type FormSchema, type Lang,
} from '@bencao/contracts';
import { isFieldRequired, isFieldVisible, recompute, type ColumnSums, type FormData } from '@bencao/contracts/forms/cel';
import { langOf } from '@/lib/zodRule';
import { FieldControl } from './widgets';
import './form-renderer.css';

export interface FormRendererProps {
  schema: FormSchema;
  /** the starting values (a document, or the version's defaults) */
  initialValues?: FormData;
  /** a workflow node's permissions (fields left out are writable) */
  permissions?: Record<string, FieldPermission>;
  form?: FormInstance;
  /** everything read-only (a document being viewed) */
  readOnly?: boolean;
  /** phone width: every field takes the whole line */
  compact?: boolean;
  onValuesChange?: (values: FormData) => void;
}

interface Ctx {
  lang: Lang;
  data: FormData;
  sums: ColumnSums;
  permissions?: Record<string, FieldPermission>;
  readOnly?: boolean;
  compact?: boolean;
}

const permOf = (c: Ctx, f: FormField): FieldPermission => c.permissions?.[f.key] ?? (f.hidden ? 'hidden' : 'write');
const writable = (c: Ctx, f: FormField) => !c.readOnly && !f.readOnly && !SERVER_VALUED.includes(f.type) && ['write', 'required'].includes(permOf(c, f));

/** The antd rule of a field: the shared value rules, required-ness re-evaluated on the current data. */
function ruleOf(f: FormField, c: Ctx, required: () => boolean) {
  return {
    validator: async (_: unknown, value: unknown) => {
      const issue = fieldValueIssue(f, value, required());
      if (issue) throw new Error(translate(c.lang, issue.message, issue.params ?? {}));
    },
  };
}

function SubTable({ f, c, required }: { f: FormField; c: Ctx; required: () => boolean }) {
  const { t } = useTranslation('cform');
  const canWrite = writable(c, f);
  const rows = (c.data[f.key] as FormData[] | undefined) ?? [];
  const sums = c.sums[f.key] ?? {};
  return (
    <Form.List name={f.key} rules={canWrite ? [ruleOf(f, c, required)] : []}>
      {(items, { add, remove }, { errors }) => (
        <div>
          <Table
            size="small" bordered pagination={false} rowKey="key" dataSource={items} scroll={{ x: true }}
            columns={[
              { title: '#', width: 56, render: (_, __, i) => i + 1 },
              ...(f.columns ?? []).map((col) => ({
                title: <span>{col.required && <Typography.Text type="danger">* </Typography.Text>}{textOf(col.label, c.lang, col.key)}</span>,
                key: col.key,
                render: (_: unknown, item: { name: number }) => (col.type === 'computed'
                  ? <span data-testid={`cell-${f.key}-${item.name}-${col.key}`}>{String(rows[item.name]?.[col.key] ?? '')}</span>
                  : (
                    <Form.Item name={[item.name, col.key]} style={{ margin: 0 }}
                      rules={[ruleOf(col, c, () => isFieldRequired(col, rows[item.name] ?? {}))]}>
                      <FieldControl f={col} lang={c.lang} disabled={!canWrite} />
                    </Form.Item>
                  )),
              })),
              ...(canWrite ? [{ key: 'ops', width: 48, render: (_: unknown, item: { name: number }) => <Button type="text" danger size="small" aria-label={t('renderer.removeRow')} icon={<DeleteOutlined />} onClick={() => remove(item.name)} /> }] : []),
            ]}
            summary={() => ((f.sumColumns ?? []).length ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}><span style={{ whiteSpace: 'nowrap' }}>{t('renderer.total')}</span></Table.Summary.Cell>
                {(f.columns ?? []).map((col, i) => (
                  <Table.Summary.Cell key={col.key} index={i + 1}>
                    <span data-testid={`sum-${f.key}-${col.key}`}>{col.key in sums ? sums[col.key] : ''}</span>
                  </Table.Summary.Cell>
                ))}
                {canWrite && <Table.Summary.Cell index={(f.columns ?? []).length + 1} />}
              </Table.Summary.Row>
            ) : null)}
          />
          {canWrite && <Button type="dashed" block icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => add({})}>{t('renderer.addRow')}</Button>}
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}

function FieldItem({ f, c }: { f: FormField; c: Ctx }) {
  const { t } = useTranslation('cform');
  const label = textOf(f.label, c.lang, f.key);
  if (f.type === 'divider') return <Divider titlePlacement="start">{textOf(f.label, c.lang)}</Divider>;
  if (f.type === 'description') return <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>{textOf(f.text, c.lang) || label}</Typography.Paragraph>;
  const perm = permOf(c, f);
  if (perm === 'hidden' || !isFieldVisible({ ...f, hidden: false }, c.data, c.sums)) return null;
  const required = () => perm === 'required' || isFieldRequired(f, c.data, c.sums);
  const canWrite = writable(c, f);
  if (f.type === 'subTable') {
    return (
      <Form.Item label={label} required={canWrite && required()}>
        <SubTable f={f} c={c} required={required} />
      </Form.Item>
    );
  }
  if (f.type === 'computed') {
    const v = c.data[f.key];
    return <Form.Item label={label}><Input disabled value={isEmptyValue(v) ? '' : String(v)} data-testid={`computed-${f.key}`} /></Form.Item>;
  }
  return (
    <Form.Item label={label} name={f.key} required={canWrite && required()} rules={canWrite ? [ruleOf(f, c, required)] : []}
      extra={f.type === 'serial' && !c.data[f.key] ? t('renderer.serialOnSubmit') : undefined}>
      <FieldControl f={f} lang={c.lang} disabled={!canWrite} />
    </Form.Item>
  );
}

function Nodes({ nodes, c }: { nodes: FormNode[]; c: Ctx }) {
  return (
    <Row gutter={16}>
      {nodes.map((n) => {
        if (n.kind === 'field') {
          return <Col key={n.id} span={c.compact ? 24 : n.span ?? 24}><FieldItem f={n} c={c} /></Col>;
        }
        if (n.kind === 'row') {
          return (
            <Col key={n.id} span={24}>
              <Row gutter={16}>
                {n.columns.map((col) => <Col key={col.id} span={c.compact ? 24 : col.span}><Nodes nodes={col.children} c={c} /></Col>)}
              </Row>
            </Col>
          );
        }
        if (n.kind === 'group') {
          return <Col key={n.id} span={24}><Card size="small" title={textOf(n.title, c.lang)} style={{ marginBottom: 16 }}><Nodes nodes={n.children} c={c} /></Card></Col>;
        }
        return (
          <Col key={n.id} span={24}>
            <Tabs style={{ marginBottom: 16 }} items={n.tabs.map((tab) => ({ key: tab.id, label: textOf(tab.title, c.lang), forceRender: true, children: <Nodes nodes={tab.children} c={c} /> }))} />
          </Col>
        );
      })}
    </Row>
  );
}

/**
 * The one renderer of cloud forms (the designer's preview, standalone filling, task forms, portal
 * widget settings): every widget of the schema in antd 6, validated with the same rules as the
 * server, computed fields and column sums kept up to date as the user types.
 */
export default function FormRenderer({ schema, initialValues, permissions, form: given, readOnly, compact, onValuesChange }: FormRendererProps) {
  const { i18n } = useTranslation('cform');
  const lang = langOf(i18n.language);
  const [own] = Form.useForm();
  const form = given ?? own;
  const watched = Form.useWatch([], { form, preserve: true }) as FormData | undefined;
  const { data, sums } = useMemo(() => recompute(schema, { ...(initialValues ?? {}), ...(watched ?? {}) }), [schema, initialValues, watched]);
  const c: Ctx = { lang, data, sums, permissions, readOnly, compact };
  return (
    <Form form={form} layout="vertical" className="cform-renderer" initialValues={initialValues} onValuesChange={(_, all) => onValuesChange?.(recompute(schema, all as FormData).data)}
      labelWrap scrollToFirstError>
      <Nodes nodes={schema.nodes} c={c} />
    </Form>
  );
}
