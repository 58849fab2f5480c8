import { Col, List, Row, Statistic, Tag, Typography } from 'antd';
import { LoginOutlined, TeamOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import type { Page, SiteArticleSummary } from '@bencao/contracts';
import { call } from '@/lib/request';
import { useRoutes } from '@/app/store/routes';
import { flattenRoutes } from '@/app/router/menuRoutes';
import { useRouteLabel } from '@/app/layout/useRouteLabel';
import { MenuIcon } from '@/app/layout/MenuIcon';
import type { WidgetProps } from '../registry';
import { nextWorkingDates, type WorkingDaysAnswer } from './calendarDays';

const n = (v: unknown, d: number) => (typeof v === 'number' ? v : d);
const SITE_PATH: Record<string, string> = { news: 'news', bid: 'bids', job: 'jobs' };

/** The website's latest published news, tenders or jobs (the site's public API). */
export function NewsWidget({ settings }: WidgetProps) {
  const { t } = useTranslation('portal');
  const kind = typeof settings.kind === 'string' ? settings.kind : 'news';
  const q = useQuery({
    queryKey: ['portal', 'w', 'news', kind, settings.limit],
    queryFn: () => call<Page<SiteArticleSummary>>('GET', '/api/site/articles', { params: { kind, page: 1, limit: n(settings.limit, 6) } }),
  });
  return (
    <List size="small" loading={q.isLoading} dataSource={q.data?.records ?? []} locale={{ emptyText: t('home.empty') }}
      renderItem={(a) => (
        <List.Item extra={<Typography.Text type="secondary">{dayjs(a.publishedAt).format('YYYY-MM-DD')}</Typography.Text>}>
          <a href={`/${SITE_PATH[kind] ?? 'news'}/${a.id}`} target="_blank" rel="noreferrer"><Typography.Text ellipsis>{a.title}</Typography.Text></a>
        </List.Item>
      )} />
  );
}

/** Menu screens the user may open: the chosen ones, or the first twelve. */
export function ShortcutsWidget({ settings }: WidgetProps) {
  const routes = useRoutes((s) => s.routes);
  const label = useRouteLabel();
  const chosen = Array.isArray(settings.paths) ? (settings.paths as string[]) : [];
  const screens = flattenRoutes(routes).filter((r) => r.kind === 'page' && !r.hidden && r.page?.path !== 'dashboard/index');
  const shown = chosen.length ? chosen.map((p) => screens.find((r) => r.page?.path === p)).filter((r) => !!r) : screens.slice(0, 12);
  return (
    <div className="portal-shortcuts">
      {shown.map((r) => <Link key={r.path} to={r.path}><MenuIcon name={r.icon} /> {label(r)}</Link>)}
    </div>
  );
}

interface AlarmEvent { id: number; ruleName: string; level: string; state: 'pending' | 'firing' | 'resolved'; resource: string | null; startsAt: string }
const STATE_COLOR = { pending: 'orange', firing: 'red', resolved: 'green' } as const;

/** The gateway's newest alarm events. */
export function GatewayAlarmsWidget({ settings }: WidgetProps) {
  const { t } = useTranslation('portal');
  const q = useQuery({
    queryKey: ['portal', 'w', 'alarms', settings.limit],
    queryFn: () => call<Page<AlarmEvent>>('GET', '/api/gateway/alarm-events', { params: { page: 1, limit: n(settings.limit, 5) } }),
    refetchInterval: 30_000,
  });
  return (
    <List size="small" loading={q.isLoading} dataSource={q.data?.records ?? []} locale={{ emptyText: t('home.empty') }}
      renderItem={(e) => (
        <List.Item extra={<Typography.Text type="secondary">{dayjs(e.startsAt).format('MM-DD HH:mm')}</Typography.Text>}>
          <Tag color={STATE_COLOR[e.state]}>{t(`alarm.${e.state}`)}</Tag><Typography.Text ellipsis>{e.ruleName}{e.resource ? ` · ${e.resource}` : ''}</Typography.Text>
        </List.Item>
      )} />
  );
}

interface DayInfo { date: string; working: boolean; kind: string; name: string | null }

/** Today and the next working days of the company calendar. */
export function CalendarWidget({ settings }: WidgetProps) {
  const { t } = useTranslation('portal');
  const today = dayjs().format('YYYY-MM-DD');
  const days = n(settings.days, 5);
  const q = useQuery({
    queryKey: ['portal', 'w', 'calendar', today, days],
    queryFn: async () => {
      const dayInfo = (date: string) => call<DayInfo>('GET', '/api/common/calendar/is-working-day', { params: { date } });
      const [first, answers] = await Promise.all([
        dayInfo(today),
        Promise.all(Array.from({ length: days }, (_, i) => call<WorkingDaysAnswer>('GET', '/api/common/calendar/add-working-days', { params: { date: today, days: i + 1 } }))),
      ]);
      // each day's own entry, for the name of an adjusted working day
      const next = await Promise.all(nextWorkingDates(answers).map(dayInfo));
      return { first, next };
    },
  });
  return (
    <div className="portal-calendar">
      <Statistic title={t('calendar.today')} value={dayjs(today).format('MM-DD ddd')}
        suffix={q.data && <Tag color={q.data.first.working ? 'blue' : 'green'}>{q.data.first.name ?? t(q.data.first.working ? 'calendar.working' : 'calendar.rest')}</Tag>} loading={q.isLoading} />
      <Typography.Text type="secondary">{t('calendar.next')}</Typography.Text>
      <List size="small" dataSource={q.data?.next ?? []} renderItem={(d) => <List.Item>{dayjs(d.date).format('YYYY-MM-DD ddd')}{d.name ? ` · ${d.name}` : ''}</List.Item>} />
    </div>
  );
}

export interface DashboardStats { onlineSessions: number | null; todayLogins: number | null; todayOperations: number | null; operationsByDay: { date: string; count: number }[] | null }
export const useDashboardStats = () => useQuery({ queryKey: ['dashboard', 'stats'], queryFn: () => call<DashboardStats>('GET', '/api/admin/dashboard/stats'), refetchInterval: 60_000 });

/** Online sessions, logins and operations today (each only for those who may see its audit screen). */
export function LoginStatsWidget() {
  const { t } = useTranslation('portal');
  const stats = useDashboardStats();
  const s = stats.data;
  return (
    <Row gutter={16}>
      {([
        ['onlineSessions', <TeamOutlined key="i" />, s?.onlineSessions],
        ['todayLogins', <LoginOutlined key="i" />, s?.todayLogins],
        ['todayOperations', <ThunderboltOutlined key="i" />, s?.todayOperations],
      ] as const).filter(([, , v]) => v !== null).map(([key, icon, v]) => (
        <Col xs={24} md={8} key={key}><Statistic title={t(`stats.${key}`)} value={v ?? 0} prefix={icon} loading={stats.isLoading} data-testid={`stat-${key}`} /></Col>
      ))}
    </Row>
  );
}

/** Rich text written in the page designer (sanitised by the server when the page was saved). */
export function RichTextWidget({ settings }: WidgetProps) {
  return <div className="portal-richtext" dangerouslySetInnerHTML={{ __html: String(settings.html ?? '') }} />;
}

/** A page of an allowed host in a sandboxed frame. */
export function FrameWidget({ settings, instance }: WidgetProps) {
  return <iframe className="portal-frame" title={instance.title ?? instance.i} src={String(settings.url ?? '')} sandbox="allow-scripts allow-same-origin allow-forms allow-popups" referrerPolicy="no-referrer" />;
}
