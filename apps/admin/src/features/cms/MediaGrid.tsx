import { useTranslation } from 'react-i18next';
import { Empty, Pagination, Spin, Tag } from 'antd';
import type { CmsMedia, Page } from '@bencao/contracts';

/** the smallest variant, with the medium's access key (unpublished media open only with it) */
export const thumbOf = (m: CmsMedia) => m.thumb;
const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

/** Cards of media rows; `onPick` makes them choosable, `actions` adds buttons under each. */
export function MediaGrid({ data, loading, page, limit, onPage, onPick, actions }: {
  data?: Page<CmsMedia>; loading?: boolean; page: number; limit: number; onPage: (page: number, limit: number) => void;
  onPick?: (m: CmsMedia) => void; actions?: (m: CmsMedia) => React.ReactNode;
}) {
  const { t } = useTranslation('cms');
  if (!loading && !data?.records.length) return <Empty />;
  return (
    <Spin spinning={!!loading}>
      <div className="cms-media-grid">
        {data?.records.map((m) => (
          <div
            key={m.id}
            className={`cms-media-card${onPick ? ' is-pickable' : ''}`}
            data-testid="cms-media-card"
            {...(onPick ? { role: 'button', tabIndex: 0, 'aria-label': m.alt, onClick: () => onPick(m), onKeyDown: (e: React.KeyboardEvent) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onPick(m); } } } : {})}
          >
            <div className="cms-media-thumb"><img src={thumbOf(m)} alt={m.alt} loading="lazy" width={m.width} height={m.height} /></div>
            <div className="cms-media-meta">
              <div className="cms-media-alt" title={m.alt}>{m.alt}</div>
              <div>{m.width} × {m.height} · {kb(m.size)}</div>
              <div>{m.usedBy ? <Tag color="green">{t('media.usedBy', { n: m.usedBy })}</Tag> : <Tag>{t('media.unused')}</Tag>}</div>
            </div>
            {actions && <div className="cms-media-actions">{actions(m)}</div>}
          </div>
        ))}
      </div>
      <Pagination
        style={{ marginTop: 16, justifyContent: 'flex-end' }}
        current={page} pageSize={limit} total={data?.total ?? 0} showSizeChanger showQuickJumper
        showTotal={(total) => `${total}`} onChange={onPage} pageSizeOptions={[12, 24, 48, 96]}
      />
    </Spin>
  );
}
