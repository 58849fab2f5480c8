import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Col, Input, Modal, Row } from 'antd';
import type { CmsMedia } from '@bencao/contracts';
import { useMediaList } from './api';
import { MediaGrid } from './MediaGrid';
import { MediaUpload } from './MediaUpload';

/** A dialog to choose an image of the library, or upload one and take it at once. */
export function MediaPicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (m: CmsMedia) => void }) {
  const { t } = useTranslation('cms');
  const [q, setQ] = useState({ page: 1, limit: 12, keyword: '' });
  const list = useMediaList(q, open);
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={1040} title={t('media.pickTitle')} mask={{ closable: false }} destroyOnHidden>
      <Row gutter={24}>
        <Col xs={24} md={16}>
          <Input.Search allowClear placeholder={t('field.keyword')} aria-label={t('field.keyword')} onSearch={(keyword) => setQ({ ...q, page: 1, keyword })} style={{ marginBottom: 12 }} />
          <MediaGrid data={list.data} loading={list.isFetching} page={q.page} limit={q.limit} onPage={(page, limit) => setQ({ ...q, page, limit })} onPick={onPick} />
        </Col>
        <Col xs={24} md={8}>
          <MediaUpload onUploaded={onPick} />
        </Col>
      </Row>
    </Modal>
  );
}
