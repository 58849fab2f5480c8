import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Divider, Input, Modal, Space, Tooltip } from 'antd';
import {
  BoldOutlined, ItalicOutlined, LinkOutlined, DisconnectOutlined, OrderedListOutlined, UnorderedListOutlined,
  PictureOutlined, UndoOutlined, RedoOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import Image from '@tiptap/extension-image';
import type { CmsMedia } from '@bencao/contracts';
import { MediaPicker } from './MediaPicker';
import './cms.css';

/** the same schemes the server keeps (sanitize-html allow-list) */
const SAFE_HREF = /^(https?:\/\/|mailto:|\/)/i;

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  'aria-label'?: string;
}

/**
 * TipTap editor for article bodies. It produces only the markup the server keeps (paragraphs,
 * h2-h4, emphasis, lists, quotes, links, images of the media library); the server sanitizes again.
 */
export function RichTextEditor({ value, onChange, id, ...rest }: RichTextEditorProps) {
  const { t } = useTranslation('cms');
  const [picking, setPicking] = useState(false);
  const [linking, setLinking] = useState<string | null>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, code: false, codeBlock: false, link: false, underline: false }),
      Link.configure({ openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
        isAllowedUri: (url) => SAFE_HREF.test(url) }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value ?? '',
    editorProps: { attributes: { class: 'cms-rich-content', role: 'textbox', 'aria-multiline': 'true', ...(rest['aria-label'] ? { 'aria-label': rest['aria-label'] } : {}), ...(id ? { id } : {}) } },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });

  // a value set from outside (loading, restoring a version) replaces the content
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value ?? '') !== current) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => e ? {
      bold: e.isActive('bold'), italic: e.isActive('italic'), h2: e.isActive('heading', { level: 2 }), h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'), ordered: e.isActive('orderedList'), quote: e.isActive('blockquote'), link: e.isActive('link'),
      canUndo: e.can().undo(), canRedo: e.can().redo(),
    } : null,
  });
  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const btn = (key: string, label: string, icon: React.ReactNode, active: boolean | undefined, run: () => void, disabled = false) => (
    <Tooltip title={label} key={key}>
      <Button type={active ? 'primary' : 'text'} size="small" icon={icon} aria-label={label} aria-pressed={!!active} disabled={disabled} onClick={run} />
    </Tooltip>
  );

  return (
    <div className="cms-rich">
      <div className="cms-rich-toolbar" role="toolbar" aria-label={t('field.body')}>
        <Space size={2} wrap>
          {btn('p', t('editor.paragraph'), <span className="cms-rich-txt">¶</span>, false, () => chain().setParagraph().run())}
          {btn('h2', t('editor.h2'), <span className="cms-rich-txt">H2</span>, state?.h2, () => chain().toggleHeading({ level: 2 }).run())}
          {btn('h3', t('editor.h3'), <span className="cms-rich-txt">H3</span>, state?.h3, () => chain().toggleHeading({ level: 3 }).run())}
          <Divider orientation="vertical" />
          {btn('b', t('editor.bold'), <BoldOutlined />, state?.bold, () => chain().toggleBold().run())}
          {btn('i', t('editor.italic'), <ItalicOutlined />, state?.italic, () => chain().toggleItalic().run())}
          {btn('ul', t('editor.bulletList'), <UnorderedListOutlined />, state?.bullet, () => chain().toggleBulletList().run())}
          {btn('ol', t('editor.orderedList'), <OrderedListOutlined />, state?.ordered, () => chain().toggleOrderedList().run())}
          {btn('q', t('editor.blockquote'), <span className="cms-rich-txt">❝</span>, state?.quote, () => chain().toggleBlockquote().run())}
          <Divider orientation="vertical" />
          {btn('a', t('editor.link'), <LinkOutlined />, state?.link, () => setLinking((editor.getAttributes('link').href as string | undefined) ?? 'https://'))}
          {btn('unlink', t('editor.unlink'), <DisconnectOutlined />, false, () => chain().unsetLink().run(), !state?.link)}
          {btn('img', t('editor.image'), <PictureOutlined />, false, () => setPicking(true))}
          <Divider orientation="vertical" />
          {btn('undo', t('editor.undo'), <UndoOutlined />, false, () => chain().undo().run(), !state?.canUndo)}
          {btn('redo', t('editor.redo'), <RedoOutlined />, false, () => chain().redo().run(), !state?.canRedo)}
        </Space>
      </div>
      <EditorContent editor={editor} className="cms-rich-body" />
      <MediaPicker
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(m: CmsMedia) => {
          setPicking(false);
          const w = [...m.widths].reverse().find((x) => x <= 1024) ?? m.widths[0];
          // the key lets the editor show a picture no live content uses yet; the server strips it on save
          chain().setImage({ src: `/api/site/media/${m.id}/${w}?k=${m.accessKey}`, alt: m.alt, width: Math.min(m.width, w), height: Math.round(m.height * Math.min(m.width, w) / m.width) } as never).run();
        }}
      />
      <Modal
        open={linking !== null}
        title={t('editor.link')}
        onCancel={() => setLinking(null)}
        onOk={() => {
          const href = (linking ?? '').trim();
          if (!href) chain().extendMarkRange('link').unsetLink().run();
          else if (SAFE_HREF.test(href)) chain().extendMarkRange('link').setLink({ href }).run();
          setLinking(null);
        }}
        okButtonProps={{ disabled: !!linking?.trim() && !SAFE_HREF.test(linking.trim()) }}
        mask={{ closable: false }}
        destroyOnHidden
      >
        <Input aria-label={t('editor.linkPrompt')} placeholder={t('editor.linkPrompt')} value={linking ?? ''} onChange={(e) => setLinking(e.target.value)} autoFocus />
      </Modal>
    </div>
  );
}
