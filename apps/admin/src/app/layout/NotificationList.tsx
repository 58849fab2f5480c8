import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, List, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { NotificationRecord, Page } from '@bencao/contracts';
import { call } from '@/lib/request';
import { TODO_COUNT_KEY } from '@/lib/todoCount';
import { focusFirstNotification, NOTIFICATIONS_KEY } from './notificationKeys';

const LATEST = 8;

/**
 * The bell's dropdown: the latest notifications, each opening what it is about; mark read, mark all read.
 * It takes the cursor when it opens (the first notification), so the keyboard reaches it; Escape closes it.
 */
export default function NotificationList({ unread, onNavigate, onClose }: { unread: number; onNavigate: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const latest = useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'latest'],
    queryFn: () => call<Page<NotificationRecord>>('GET', '/api/notifications', { params: { page: 1, limit: LATEST } }),
    staleTime: 0,
  });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    // a notification usually means a task arrived or moved
    void qc.invalidateQueries({ queryKey: TODO_COUNT_KEY });
  };
  const read = useMutation({ mutationFn: (id: number) => call<unknown>('POST', `/api/notifications/${id}/read`, { body: {} }), onSuccess: refresh });
  const readAll = useMutation({ mutationFn: () => call<unknown>('POST', '/api/notifications/read-all', { body: {} }), onSuccess: refresh });
  const box = useRef<HTMLDivElement>(null);
  const loaded = !latest.isLoading;
  // when the notifications arrive after the popover opened (the bell focuses the list once it is shown)
  useEffect(() => { if (loaded) focusFirstNotification(box.current); }, [loaded]);
  const go = (n: NotificationRecord) => {
    if (!n.readAt) read.mutate(n.id);
    if (n.link) { onNavigate(); navigate(n.link); }
  };

  return (
    <div
      className="app-notify" data-testid="notification-list" ref={box} tabIndex={-1} role="dialog" aria-label={t('notify.title')}
      onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); onClose(); } }}
    >
      <div className="app-notify-head">
        <Typography.Text strong>{t('notify.title')}</Typography.Text>
        <Button type="link" size="small" disabled={!unread} loading={readAll.isPending} onClick={() => readAll.mutate()}>{t('notify.readAll')}</Button>
      </div>
      {latest.isLoading ? <Spin style={{ display: 'block', margin: '24px auto' }} /> : !latest.data?.records.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notify.none')} />
      ) : (
        <List<NotificationRecord>
          size="small" dataSource={latest.data.records} rowKey="id"
          renderItem={(n) => (
            <List.Item
              className={n.readAt ? 'app-notify-item' : 'app-notify-item app-notify-unread'}
              actions={n.readAt ? [] : [<Button key="r" type="link" size="small" onClick={() => read.mutate(n.id)}>{t('notify.markRead')}</Button>]}
            >
              <button type="button" className="app-notify-open" onClick={() => go(n)} aria-label={`${n.readAt ? '' : `${t('notify.unreadItem')} · `}${n.link ? t('notify.open', { title: n.title }) : n.title}`}>
                <span className="app-notify-title">{!n.readAt && <Badge status="processing" title={t('notify.unreadItem')} />} {n.title}</span>
                {n.body && <span className="app-notify-body">{n.body}</span>}
                <span className="app-notify-time">{dayjs(n.createdAt).format('YYYY-MM-DD HH:mm')}</span>
              </button>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
