import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Space } from 'antd';
import { CloseOutlined, PictureOutlined } from '@ant-design/icons';
import type { CmsMedia, SiteImage } from '@bencao/contracts';
import { MediaPicker } from './MediaPicker';
import { useMedium } from './api';

/** a picture of the library by id, by its keyed thumbnail */
function MediumThumb({ id }: { id: number }) {
  const m = useMedium(id).data;
  return m ? <img src={m.thumb} alt={m.alt} /> : <span style={{ display: 'block', width: 96, height: 72 }} aria-label={`#${id}`} />;
}

/** one media id (cover): shows the picture, picks another, removes it */
export function MediaInput({ value, onChange, preview, id }: { value?: number | null; onChange?: (v: number | null) => void; preview?: SiteImage | null; id?: string }) {
  const { t } = useTranslation('cms');
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<CmsMedia | null>(null);
  const own = picked && picked.id === value ? picked : null;
  const fetched = useMedium(value && !own && !preview ? value : null).data;
  const src = value ? (own ? own.thumb : preview?.url ?? fetched?.thumb ?? null) : null;
  const alt = own ? own.alt : preview?.alt ?? fetched?.alt ?? '';
  return (
    <div className="cms-cover" id={id}>
      {src && <img className="cms-cover-img" src={src} alt={alt} />}
      <Space orientation="vertical">
        <Button icon={<PictureOutlined />} onClick={() => setOpen(true)}>{t('action.pick')}</Button>
        {value ? <Button icon={<CloseOutlined />} onClick={() => onChange?.(null)}>{t('action.remove')}</Button> : null}
      </Space>
      <MediaPicker open={open} onClose={() => setOpen(false)} onPick={(m) => { setPicked(m); onChange?.(m.id); setOpen(false); }} />
    </div>
  );
}

/** a list of media ids (product images) */
export function MediaListInput({ value, onChange, id }: { value?: number[]; onChange?: (v: number[]) => void; id?: string }) {
  const { t } = useTranslation('cms');
  const [open, setOpen] = useState(false);
  const ids = value ?? [];
  return (
    <div id={id}>
      <div className="cms-thumbs">
        {ids.map((mid) => (
          <figure key={mid}>
            <MediumThumb id={mid} />
            <Button size="small" shape="circle" icon={<CloseOutlined />} aria-label={t('action.remove')} style={{ position: 'absolute', top: 2, right: 2 }} onClick={() => onChange?.(ids.filter((x) => x !== mid))} />
          </figure>
        ))}
      </div>
      <Button style={{ marginTop: 8 }} icon={<PictureOutlined />} onClick={() => setOpen(true)} disabled={ids.length >= 12}>{t('action.pick')}</Button>
      <MediaPicker open={open} onClose={() => setOpen(false)} onPick={(m) => { if (!ids.includes(m.id)) onChange?.([...ids, m.id]); setOpen(false); }} />
    </div>
  );
}
