import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Calendar, Card, Form, Input, Modal, Radio, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { calendarDaySchema, type CalendarDay } from '@bencao/contracts';
import { usePermission } from '@/lib/permission';
import { langOf, zodRule } from '@/lib/zodRule';
import { commonApi, keys, useCommonMutation } from './api';

/** The working calendar: a month view of holidays and adjusted working days, edited day by day. */
export function WorkCalendar() {
  const { t } = useTranslation('common');
  const can = usePermission();
  const [value, setValue] = useState<Dayjs>(dayjs());
  const [editing, setEditing] = useState<string | null>(null);
  const year = value.year();
  const data = useQuery({ queryKey: [...keys.calendar, year], queryFn: () => commonApi.calendar(year) });
  const byDate = useMemo(() => new Map((data.data?.days ?? []).map((d) => [d.date, d])), [data.data]);
  const cell = (d: Dayjs) => {
    const o = byDate.get(d.format('YYYY-MM-DD'));
    if (!o) return null;
    return (
      <div style={{ fontSize: 12 }}>
        <Tag color={o.kind === 'holiday' ? 'red' : 'blue'} style={{ marginInlineEnd: 4 }}>{o.kind === 'holiday' ? t('holiday') : t('workday')}</Tag>
        {o.name}
      </div>
    );
  };
  return (
    <Card size="small" title={data.data ? t('hint.workingDays', { n: data.data.workingDays, year }) : undefined}
      extra={can('common:calendar:edit') && <Typography.Text type="secondary">{t('hint.editDay')}</Typography.Text>}>
      <Calendar value={value} onPanelChange={(d) => setValue(d)}
        onSelect={(d, info) => { setValue(d); if (info.source === 'date' && can('common:calendar:edit')) setEditing(d.format('YYYY-MM-DD')); }}
        cellRender={(d, info) => (info.type === 'date' ? cell(d) : info.originNode)} />
      {editing && <DayForm date={editing} current={byDate.get(editing)} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function DayForm({ date, current, onClose }: { date: string; current?: CalendarDay; onClose: () => void }) {
  const { t, i18n } = useTranslation('common');
  const [form] = Form.useForm();
  const rule = zodRule(calendarDaySchema, langOf(i18n.language));
  const save = useCommonMutation((v: { kind: 'holiday' | 'workday' | 'default'; name?: string | null }) => {
    const parsed = calendarDaySchema.parse(v);
    return commonApi.setDay(date, parsed.kind, parsed.name);
  }, [keys.calendar], onClose);
  return (
    <Modal open width={420} title={t('title.day', { date })} onCancel={onClose} onOk={async () => save.mutate(await form.validateFields())}
      confirmLoading={save.isPending} okText={t('action.save')} destroyOnHidden maskClosable={false}>
      <Form form={form} layout="vertical" initialValues={{ kind: current?.kind ?? 'default', name: current?.name ?? '' }}>
        <Form.Item name="kind" label={t('field.kind')} required rules={[rule]}>
          <Radio.Group options={(['holiday', 'workday', 'default'] as const).map((k) => ({ value: k, label: t(`dayKind.${k}`) }))} />
        </Form.Item>
        <Form.Item name="name" label={t('field.dayName')} rules={[rule]}><Input maxLength={100} /></Form.Item>
      </Form>
    </Modal>
  );
}
