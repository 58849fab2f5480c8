import { lazy, Suspense } from 'react';
import { Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';

// the bell (popover, badge, polling) is its own chunk: the shell's first download stays within its budget
const NotificationBell = lazy(() => import('./NotificationBell').then((m) => ({ default: m.NotificationBell })));

/** The header's notification bell, loaded right after the shell; a plain bell holds its place meanwhile. */
export function NotificationBellSlot() {
  return (
    <Suspense fallback={<Button type="text" disabled aria-hidden icon={<BellOutlined style={{ fontSize: 16 }} />} />}>
      <NotificationBell />
    </Suspense>
  );
}
