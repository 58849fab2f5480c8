import { useTranslation } from 'react-i18next';
import type { CmsMedia } from '@bencao/contracts';
import SharedRichTextEditor, { type RichTextLabels } from '@/components/rich-text/RichTextEditor';
import { MediaPicker } from './MediaPicker';
import './cms.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  'aria-label'?: string;
}

/** Article bodies: the console's TipTap editor with the CMS media library for images. */
export function RichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation('cms');
  const labels: RichTextLabels = {
    toolbar: t('field.body'), paragraph: t('editor.paragraph'), h2: t('editor.h2'), h3: t('editor.h3'), bold: t('editor.bold'), italic: t('editor.italic'),
    bulletList: t('editor.bulletList'), orderedList: t('editor.orderedList'), blockquote: t('editor.blockquote'), link: t('editor.link'),
    unlink: t('editor.unlink'), image: t('editor.image'), undo: t('editor.undo'), redo: t('editor.redo'), linkPrompt: t('editor.linkPrompt'),
  };
  return (
    <SharedRichTextEditor
      {...props} labels={labels}
      renderImagePicker={({ open, onClose, onInsert }) => (
        <MediaPicker
          open={open}
          onClose={onClose}
          onPick={(m: CmsMedia) => {
            const w = [...m.widths].reverse().find((x) => x <= 1024) ?? m.widths[0];
            // the key lets the editor show a picture no live content uses yet; the server strips it on save
            onInsert({ src: `/api/site/media/${m.id}/${w}?k=${m.accessKey}`, alt: m.alt, width: Math.min(m.width, w), height: Math.round(m.height * Math.min(m.width, w) / m.width) });
          }}
        />
      )}
    />
  );
}
