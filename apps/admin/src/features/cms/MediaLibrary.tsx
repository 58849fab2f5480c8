import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Card, Col, Form, Input, Modal, Row, Tooltip } from 'antd';
import { CopyOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { CmsMedia } from '@bencao/contracts';
import { cmsApi, cmsKeys, useCmsMutation, useMediaList } from './api';
import { MediaGrid, thumbOf } from './MediaGrid';
import { MediaUpload } from './MediaUpload';
import { usePermission } from '@/lib/permission';
// the grid's styles: the library is also opened directly, without the rich-text editor that imports them too
import './cms.css';

/** The media library: upload with alt text, browse, edit alt text, delete unused images. */
export function MediaLibrary() {
  const { t } = useTranslation('cms');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState({ page: 1, limit: 24, keyword: '' });
  const list = useMediaList(q);
  const [editing, setEditing] = useState<CmsMedia | null>(null);
  const [form] = Form.useForm<{ alt: string; title: string }>();
  const remove = useCmsMutation((id: number) => cmsApi.media.remove(id), [cmsKeys.media()], () => message.success(t('common.deleted')));
  const update = useCmsMutation((v: { id: number; alt: string; title: string }) => cmsApi.media.update(v.id, { alt: v.alt, title: v.title }), [cmsKeys.media()], () => {
    message.success(t('common.saved')); setEditing(null);
  });

  return (
    <Row gutter={16}>
      <Col xs={24} xl={18}>
        <Card title={t('media.title')} extra={<Input.Search allowClear placeholder={t('field.keyword')} aria-label={t('field.keyword')} onSearch={(keyword) => setQ({ ...q, page: 1, keyword })} style={{ width: 240 }} />}>
          <MediaGrid
            data={list.data} loading={list.isFetching} page={q.page} limit={q.limit} onPage={(page, limit) => setQ({ ...q, page, limit })}
            actions={(m) => (
              <>
                <Tooltip title={t('media.copy')}>
                  <Button size="small" type="text" icon={<CopyOutlined />} aria-label={t('media.copy')} onClick={async () => {
                    await navigator.clipboard?.writeText(`${location.origin}/api/site/media/${m.id}`); message.success(t('media.copied'));
                  }} />
                </Tooltip>
                {can('cms:media:edit') && <Tooltip title={t('action.edit')}><Button size="small" type="text" icon={<EditOutlined />} aria-label={`${t('action.edit')} ${m.alt}`} onClick={() => { setEditing(m); form.setFieldsValue({ alt: m.alt, title: m.title }); }} /></Tooltip>}
                {can('cms:media:delete') && (
                  <Tooltip title={t('action.delete')}>
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`${t('action.delete')} ${m.alt}`} onClick={() => modal.confirm({
                      title: t('action.delete'), content: t('media.confirmDelete'), okButtonProps: { danger: true }, onOk: () => remove.mutateAsync(m.id),
                    })} />
                  </Tooltip>
                )}
              </>
            )}
          />
        </Card>
      </Col>
      {can('cms:media:add') && (
        <Col xs={24} xl={6}>
          <Card title={t('action.upload')}><MediaUpload /></Card>
        </Col>
      )}
      <Modal open={!!editing} title={t('action.edit')} onCancel={() => setEditing(null)} onOk={() => form.submit()} confirmLoading={update.isPending} mask={{ closable: false }} destroyOnHidden>
        {editing && <img src={thumbOf(editing)} alt={editing.alt} style={{ maxWidth: '100%', maxHeight: 220, display: 'block', margin: '0 auto 16px' }} />}
        <Form form={form} layout="vertical" onFinish={(v) => editing && update.mutate({ id: editing.id, alt: v.alt.trim(), title: (v.title ?? '').trim() })}>
          <Form.Item name="alt" label={t('media.alt')} extra={t('media.altHelp')} rules={[{ required: true, whitespace: true, max: 200 }]}><Input maxLength={200} /></Form.Item>
          <Form.Item name="title" label={t('media.caption')} rules={[{ max: 200 }]}><Input maxLength={200} /></Form.Item>
        </Form>
      </Modal>
    </Row>
  );
}
