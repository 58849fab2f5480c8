import { useTranslation } from 'react-i18next';
import { Space, Tag } from 'antd';
import type { CmsArticleRow } from '@bencao/contracts';

/** the stored status, and where a published item stands in its window right now */
export function StatusTags({ a }: { a: Pick<CmsArticleRow, 'status' | 'live' | 'publishAt' | 'unpublishAt'> & { pendingDraft?: boolean } }) {
  const { t } = useTranslation('cms');
  const color = a.status === 'published' ? 'green' : a.status === 'draft' ? 'default' : 'orange';
  let window: string | null = null;
  if (a.status === 'published' && !a.live) {
    window = a.publishAt && Date.parse(a.publishAt) > Date.now() ? 'scheduled' : 'expired';
  }
  return (
    <Space size={4}>
      <Tag color={color}>{t(`status.${a.status}`)}</Tag>
      {window && <Tag color={window === 'scheduled' ? 'blue' : 'red'}>{t(`state.${window}`)}</Tag>}
      {a.pendingDraft && <Tag color="gold" data-testid="cms-pending">{t('state.pending')}</Tag>}
    </Space>
  );
}
