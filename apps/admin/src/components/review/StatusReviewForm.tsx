import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Select, Space } from 'antd';
import type { z } from 'zod';
import { langOf, zodRule } from '@/lib/zodRule';

export interface StatusReviewFormProps<S extends string> {
  /** the form's name (its field ids) */
  name: string;
  /** the review body's schema: `{ status, <noteField> }` */
  schema: z.ZodType;
  noteField: string;
  /** the statuses the record may move to from its current one */
  next: readonly S[];
  statusLabel: (s: S) => string;
  labels: { nextStatus: string; note: string; save: string; close: string };
  initialNote: string;
  hint?: ReactNode;
  saving: boolean;
  onSave: (status: S, note: string) => Promise<unknown>;
  onClose: () => void;
}

/** A reviewer moves a record to one of its next statuses with a note (submissions: ADR reports, job applications). */
export function StatusReviewForm<S extends string>(p: StatusReviewFormProps<S>) {
  const { i18n } = useTranslation();
  const [form] = Form.useForm<Record<string, string>>();
  const rule = zodRule(p.schema, langOf(i18n.language));
  const finish = async (v: Record<string, string>) => {
    await p.onSave(v.status as S, v[p.noteField] ?? '');
    form.resetFields(['status']);
  };
  return (
    <Form form={form} name={p.name} layout="vertical" onFinish={finish} initialValues={{ [p.noteField]: p.initialNote }}>
      {p.hint}
      <Form.Item name="status" label={p.labels.nextStatus} rules={[rule]}>
        <Select options={p.next.map((s) => ({ value: s, label: p.statusLabel(s) }))} />
      </Form.Item>
      <Form.Item name={p.noteField} label={p.labels.note} rules={[rule]}>
        <Input.TextArea rows={3} maxLength={1000} showCount />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={p.saving}>{p.labels.save}</Button>
        <Button onClick={p.onClose}>{p.labels.close}</Button>
      </Space>
    </Form>
  );
}
