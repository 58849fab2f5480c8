import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Drawer, Modal, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ArticleVersionDetail } from '@bencao/contracts';
import { cmsApi, cmsKeys, useCmsMutation, useVersions } from './api';

/** Every saved version of an article and of its English translation, newest first; view one, or restore it in its language. */
export function VersionsDrawer({ id, open, onClose, canRestore }: { id: number; open: boolean; onClose: () => void; canRestore: boolean }) {
  const { t } = useTranslation('cms');
  const { message, modal } = App.useApp();
  const versions = useVersions(id, open);
  const [viewing, setViewing] = useState<ArticleVersionDetail | null>(null);
  const restore = useCmsMutation((vid: number) => cmsApi.articles.restore(id, vid), [cmsKeys.article(id), cmsKeys.versions(id), cmsKeys.articles(), cmsKeys.translation(id, 'en')]);
  // the newest version of each language is the current content: nothing to restore
  const latest = new Set((['zh', 'en'] as const).map((lang) => versions.data?.find((v) => v.lang === lang)?.id));
  return (
    <Drawer open={open} onClose={onClose} title={t('article.versionsTitle')} size={520} destroyOnHidden>
      {versions.isLoading ? <Spin /> : (
        <ol className="cms-versions">
          {(versions.data ?? []).map((v) => (
            <li key={v.id} data-testid="cms-version">
              <div>
                <Space wrap><Tag color={v.lang === 'zh' ? undefined : 'blue'}>{t(`translation.${v.lang}`)}</Tag><Tag>v{v.version}</Tag>{t(`article.versionAction.${v.action}`)}<Typography.Text type="secondary">{t(`status.${v.status}`)}</Typography.Text></Space>
                <div>{v.title}</div>
                <Typography.Text type="secondary">{v.createdBy} · {dayjs(v.createdAt).format('YYYY-MM-DD HH:mm:ss')}</Typography.Text>
              </div>
              <Space>
                <Button size="small" onClick={async () => setViewing(await cmsApi.articles.version(id, v.id))}>{t('action.view')}</Button>
                {canRestore && !latest.has(v.id) && (
                  <Button size="small" onClick={() => modal.confirm({
                    title: t('action.restore'), content: t('article.confirmRestore', { version: v.version }),
                    onOk: async () => { await restore.mutateAsync(v.id); message.success(t('article.restored', { version: v.version })); },
                  })}>{t('action.restore')}</Button>
                )}
              </Space>
            </li>
          ))}
        </ol>
      )}
      <Modal open={!!viewing} onCancel={() => setViewing(null)} footer={null} width={860} title={viewing ? `v${viewing.version} · ${viewing.snapshot.title}` : ''} destroyOnHidden>
        {viewing && (
          <>
            {viewing.snapshot.summary && <Typography.Paragraph type="secondary">{viewing.snapshot.summary}</Typography.Paragraph>}
            {/* a sandbox without scripts: the stored body is sanitized, and shown inertly all the same */}
            <iframe title={viewing.snapshot.title} sandbox="" srcDoc={`<meta charset="utf-8"><style>body{font:14px/1.75 system-ui,sans-serif;margin:12px}img{max-width:100%;height:auto}</style>${viewing.snapshot.body}`} style={{ width: '100%', height: 480, border: '1px solid #f0f0f0' }} />
          </>
        )}
      </Modal>
    </Drawer>
  );
}
