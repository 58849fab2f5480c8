import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Form, Input, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { MEDIA_MAX_BYTES, MEDIA_MIME_TYPES, type CmsMedia } from '@bencao/contracts';
import { cmsApi, cmsKeys, useCmsMutation } from './api';

/** Upload one image with its (required) alt text; the server checks the type by its bytes. */
export function MediaUpload({ onUploaded }: { onUploaded?: (m: CmsMedia) => void }) {
  const { t } = useTranslation('cms');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ alt: string; title?: string }>();
  const [file, setFile] = useState<File | null>(null);
  const upload = useCmsMutation((v: { file: File; alt: string; title: string }) => cmsApi.media.upload(v.file, v.alt, v.title), [cmsKeys.media()], (m) => {
    message.success(t('media.uploaded'));
    form.resetFields();
    setFile(null);
    onUploaded?.(m);
  });
  return (
    <Form form={form} layout="vertical" onFinish={(v) => file && upload.mutate({ file, alt: v.alt.trim(), title: v.title?.trim() ?? '' })} data-testid="cms-media-upload">
      <Form.Item label={t('action.upload')} required>
        <Upload.Dragger
          accept={MEDIA_MIME_TYPES.join(',')}
          maxCount={1}
          multiple={false}
          beforeUpload={(f) => {
            if (f.size > MEDIA_MAX_BYTES) { message.error(t('media.types')); return Upload.LIST_IGNORE; }
            setFile(f);
            return false;
          }}
          onRemove={() => setFile(null)}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        >
          <p className="ant-upload-drag-icon"><InboxOutlined /></p>
          <p className="ant-upload-text">{t('media.drop')}</p>
          <p className="ant-upload-hint">{t('media.types')}</p>
        </Upload.Dragger>
      </Form.Item>
      <Form.Item name="alt" label={t('media.alt')} extra={t('media.altHelp')} rules={[{ required: true, whitespace: true, max: 200 }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="title" label={t('media.caption')} rules={[{ max: 200 }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={upload.isPending} disabled={!file}>{t('action.upload')}</Button>
    </Form>
  );
}
