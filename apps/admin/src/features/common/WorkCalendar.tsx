import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Calendar, Card, Form, Input, Modal, Radio, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { calendarDaySchema, type CalendarDay } from '@bencao/contracts';
import { usePermission } from '@/lib/permission';
import { langOf, zodRule } from '@/lib/zodRule';
import { commonApi, keys, useCommonMutation } from './api';

const isWeekend = (d: Dayjs) => d.day() === 0 || d.day() === 6;

/** The working calendar: a month view of holidays and adjusted working days, edited day by day. */
export function WorkCalendar() {
  const { t } = useTranslation('common');
  const can = usePermission();
  const [value, setValue] = useState<Dayjs>(dayjs());
  const [editing, setEditing] = useState<string | null>(null);
  const year = value.year();
  const data = useQuery({ queryKey: [...keys.calendar, year], queryFn: () => commonApi.calendar(year) });
  const byDate = useMemo(() => new Map((data.data?.days ?? []).map((d) => [d.date, d])), [data.data]);
  const working = (d: Dayjs) => { const o = byDate.get(d.format('YYYY-MM-DD')); return o ? o.kind === 'workday' : !isWeekend(d); };
  const monthWorking = useMemo(() => {
    if (!data.data) return null;
    let n = 0;
    for (let d = value.startOf('month'); d.month() === value.month(); d = d.add(1, 'day')) if (working(d)) n++;
    return n;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [byDate, value.year(), value.month(), data.data]);
  const cell = (d: Dayjs) => {
    const o = byDate.get(d.format('YYYY-MM-DD'));
    if (!o) return isWeekend(d) ? <Tag bordered={false} style={{ marginInlineEnd: 0 }}>{t('holiday')}</Tag> : null;
    return (
      <div style={{ fontSize: 12 }} data-testid="day-override">
        <Tag color={o.kind === 'holiday' ? 'red' : 'blue'} style={{ marginInlineEnd: 4 }}>{o.kind === 'holiday' ? t('holiday') : t('workday')}</Tag>
        {o.name}
      </div>
    );
  };
  return (
    <Card size="small"
      title={data.data && (
        <Space size="large" wrap>
          <span data-testid="year-working-days">{t('hint.workingDays', { n: data.data.workingDays, year })}</span>
          <Typography.Text type="secondary" data-testid="month-working-days">{t('hint.monthWorkingDays', { n: monthWorking, month: value.month() + 1 })}</Typography.Text>
        </Space>
      )}
      extra={can('common:calendar:edit') && <Typography.Text type="secondary">{t('hint.editDay')}</Typography.Text>}>
      <Space size="middle" style={{ marginBottom: 4 }} wrap>
        <span><Tag color="red">{t('holiday')}</Tag>{t('dayKind.holiday')}</span>
        <span><Tag color="blue">{t('workday')}</Tag>{t('hint.adjustedWorkday')}</span>
        <span><Tag bordered={false}>{t('holiday')}</Tag>{t('hint.weekend')}</span>
      </Space>
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
  const answer = useQuery({ queryKey: [...keys.calendar, 'day', date], queryFn: () => commonApi.isWorkingDay(date) });
  const rule = zodRule(calendarDaySchema, langOf(i18n.language));
  const save = useCommonMutation((v: { kind: 'holiday' | 'workday' | 'default'; name?: string | null }) => {
    const parsed = calendarDaySchema.parse(v);
    return commonApi.setDay(date, parsed.kind, parsed.name);
  }, [keys.calendar], onClose);
  const weekday = dayjs(date).format('dddd');
  return (
    <Modal open width={460} title={t('title.day', { date })} onCancel={onClose} onOk={async () => { const v = await form.validateFields().catch(() => null); if (v) save.mutate(v); }}
      confirmLoading={save.isPending} okText={t('action.save')} destroyOnHidden maskClosable={false}>
      {answer.data && (
        <Alert type={answer.data.working ? 'success' : 'warning'} showIcon style={{ marginBottom: 12 }} data-testid="working-day-answer"
          message={t(answer.data.working ? 'hint.isWorkingDay' : 'hint.isRestDay', { date, weekday })} description={answer.data.name ?? undefined} />
      )}
      <Form form={form} layout="vertical" initialValues={{ kind: current?.kind ?? 'default', name: current?.name ?? '' }}>
        <Form.Item name="kind" label={t('field.kind')} required rules={[rule]}>
          <Radio.Group options={(['holiday', 'workday', 'default'] as const).map((k) => ({ value: k, label: t(`dayKind.${k}`) }))} />
        </Form.Item>
        <Form.Item name="name" label={t('field.dayName')} rules={[rule]}><Input maxLength={100} /></Form.Item>
      </Form>
    </Modal>
  );
}
