import { useTranslation } from 'react-i18next';
import { App, Button, Empty, List, Space, Tooltip, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { MAX_TASK_ATTACHMENT, type TaskAttachment } from '@bencao/contracts';
import { confirmDelete } from '@/components/confirm';
import { request } from '@/lib/request';
import { tasksApi, useTaskMutation } from './api';
import { when } from './labels';

/** 1 536 → "1.5 KB" */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) { v /= 1024; i += 1; }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[i]}`;
}

/** Saves an attachment under its own name (the download needs the session's token, so not a plain link). */
async function save(a: TaskAttachment) {
  const blob = await request<Blob>({ method: 'GET', url: a.url, responseType: 'blob' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = a.fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** The instance's attachments: download, upload while the task is open (`attach`), delete one's own. */
export function Attachments({ taskId, attachments, canUpload }: { taskId: number | null; attachments: TaskAttachment[]; canUpload: boolean }) {
  const { t } = useTranslation('tasks');
  const { message, modal } = App.useApp();
  const upload = useTaskMutation((file: File) => tasksApi.upload(taskId!, file), (a) => void message.success(t('attachments.uploaded', { name: a.fileName })));
  const remove = useTaskMutation((id: number) => tasksApi.deleteAttachment(id), () => void message.success(t('attachments.deleted')));

  return (
    <div>
      {canUpload && taskId && (
        <Upload
          showUploadList={false} multiple
          beforeUpload={(file) => {
            if (file.size > MAX_TASK_ATTACHMENT) { void message.error(t('attachments.tooLarge', { size: fileSize(MAX_TASK_ATTACHMENT) })); return Upload.LIST_IGNORE; }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            upload.mutateAsync(file as File).then((r) => onSuccess?.(r), (e: Error) => onError?.(e));
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending} style={{ marginBottom: 8 }}>{t('attachments.upload')}</Button>
        </Upload>
      )}
      {attachments.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attachments.none')} style={{ margin: '8px 0' }} /> : (
        <List
          size="small" dataSource={attachments} rowKey="id"
          renderItem={(a) => (
            <List.Item
              actions={a.deletable ? [
                <Tooltip key="d" title={t('common.delete')}>
                  <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('attachments.deleteNamed', { name: a.fileName })} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync(a.id))} />
                </Tooltip>,
              ] : []}
            >
              <Space size={8} wrap>
                <PaperClipOutlined />
                <Typography.Link onClick={() => void save(a).catch(() => undefined)}>{a.fileName}</Typography.Link>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{fileSize(a.size)} · {a.uploaderName ?? '—'} · {when(a.createdAt)}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
