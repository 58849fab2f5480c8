import { lazy, Suspense, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Popover, Spin, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { http } from '@/lib/request';
import { focusFirstNotification, NOTIFICATIONS_KEY, NOTIFICATIONS_POLL_MS } from './notificationKeys';
import './notificationBell.css';

// the list (antd List, dates) loads with the first click, not with the shell
const NotificationList = lazy(() => import('./NotificationList'));

/** the unread count polls in the background: a failure stays silent (no toast every 30 s), the next poll tries again */
async function unreadCount(): Promise<number> {
  const res = await http.get<{ code: number; data: { unread: number } }>('/api/notifications/count');
  if (Number(res.data?.code) !== 200) throw new Error(`notifications: ${res.data?.code}`);
  return res.data.data.unread;
}

/**
 * The bell in the header (issue 11): the unread count (polled every 30 s while the tab is visible and on
 * focus), the latest notifications with links to what they are about, mark read and mark all read.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const count = useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'count'], queryFn: unreadCount, refetchInterval: NOTIFICATIONS_POLL_MS, refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always', staleTime: 5_000, retry: false,
  });
  const unread = count.data ?? 0;
  const bell = useRef<HTMLButtonElement>(null);
  // Escape in the list: closed, and the cursor back on the bell
  const close = () => { setOpen(false); bell.current?.focus(); };
  // the popover needs content to open at all (antd keeps a popover without content closed and never reports the
  // click): a placeholder while closed, the list (its own chunk) once it is open
  const content = open ? (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '24px auto', width: 360 }} />}>
      <NotificationList unread={unread} onNavigate={() => setOpen(false)} onClose={close} />
    </Suspense>
  ) : <span />;

  return (
    <Popover
      content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} arrow={false}
      // once shown (a popover still being placed cannot take the cursor), the keyboard continues in the list
      afterOpenChange={(shown) => { if (shown) focusFirstNotification(document.querySelector<HTMLElement>('[data-testid="notification-list"]')); }}
    >
      <Tooltip title={t('notify.title')} open={open ? false : undefined}>
        <Button
          ref={bell} type="text" aria-label={unread ? t('notify.unread', { count: unread }) : t('notify.title')} aria-haspopup="dialog" aria-expanded={open}
          data-testid="notification-bell"
        >
          <Badge count={unread} overflowCount={99} size="small" offset={[4, -2]}><BellOutlined style={{ fontSize: 16 }} /></Badge>
        </Button>
      </Tooltip>
    </Popover>
  );
}
