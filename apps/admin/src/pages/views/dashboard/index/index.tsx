import { Card, Col, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import { LoginOutlined, TeamOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { call } from '@/lib/request';
import { useAuth } from '@/lib/auth';
import { useRoutes } from '@/app/store/routes';
import { flattenRoutes } from '@/app/router/menuRoutes';
import { useRouteLabel } from '@/app/layout/useRouteLabel';
import { MenuIcon } from '@/app/layout/MenuIcon';
import './dashboard.css';

/** Each figure is null when the user may not see its source (the audit screens). */
interface Stats { onlineSessions: number | null; todayLogins: number | null; todayOperations: number | null; operationsByDay: { date: string; count: number }[] | null }

function WeekChart({ days, label }: { days: { date: string; count: number }[]; label: string }) {
  const max = Math.max(1, ...days.map((d) => d.count));
  const w = 560, h = 180, pad = 28, bw = (w - pad * 2) / days.length;
  return (
    <svg viewBox={`0 0 ${w} ${h + 30}`} role="img" aria-label={label} className="week-chart">
      {days.map((d, i) => {
        const bh = Math.round((d.count / max) * (h - 30));
        const x = pad + i * bw + bw * 0.2;
        return (
          <g key={d.date}>
            <title>{`${d.date}: ${d.count}`}</title>
            <rect x={x} y={h - bh} width={bw * 0.6} height={Math.max(bh, 1)} rx={4} className="week-bar" />
            <text x={x + bw * 0.3} y={h - bh - 6} textAnchor="middle" className="week-value">{d.count}</text>
            <text x={x + bw * 0.3} y={h + 20} textAnchor="middle" className="week-day">{dayjs(d.date).format('MM-DD')}</text>
          </g>
        );
      })}
      <line x1={pad} x2={w - pad} y1={h} y2={h} className="week-axis" />
    </svg>
  );
}

/** The dashboard: live figures from the server and the screens this user may open. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  const routes = useRoutes((s) => s.routes);
  const label = useRouteLabel();
  const stats = useQuery({ queryKey: ['dashboard', 'stats'], queryFn: () => call<Stats>('GET', '/api/admin/dashboard/stats'), refetchInterval: 60_000 });
  const screens = flattenRoutes(routes).filter((r) => r.kind === 'page' && !r.hidden && r.page?.path !== 'dashboard/index');
  const s = stats.data;
  const total = s?.operationsByDay?.reduce((n, d) => n + d.count, 0) ?? 0;

  return (
    <div className="dashboard">
      <Typography.Title level={2} className="page-title">{t('dashboard.greeting', { name: user?.userName ?? '' })}</Typography.Title>
      <Row gutter={[16, 16]}>
        {([
          ['onlineSessions', <TeamOutlined key="i" />, s?.onlineSessions],
          ['todayLogins', <LoginOutlined key="i" />, s?.todayLogins],
          ['todayOperations', <ThunderboltOutlined key="i" />, s?.todayOperations],
        ] as const).filter(([, , value]) => value !== null).map(([key, icon, value]) => (
          <Col xs={24} md={8} key={key}>
            <Card><Statistic title={t(`dashboard.${key}`)} value={value ?? 0} prefix={icon} loading={stats.isLoading} data-testid={`stat-${key}`} /></Card>
          </Col>
        ))}
        {s?.operationsByDay !== null && (
          <Col xs={24} lg={14}>
            <Card title={t('dashboard.week')}>
              {stats.isLoading || !s?.operationsByDay ? <Skeleton active /> : total === 0 ? <Empty description={t('dashboard.empty')} /> : <WeekChart days={s.operationsByDay} label={t('dashboard.week')} />}
            </Card>
          </Col>
        )}
        <Col xs={24} lg={s?.operationsByDay === null ? 24 : 10}>
          <Card title={t('dashboard.shortcuts')}>
            <div className="shortcuts">
              {screens.slice(0, 12).map((r) => <Link key={r.path} to={r.path}><MenuIcon name={r.icon} /> {label(r)}</Link>)}
            </div>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
