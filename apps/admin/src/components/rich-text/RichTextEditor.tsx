import { useEffect, useState, type ReactNode } from 'react';
import { Button, Divider, Input, Modal, Space, Tooltip } from 'antd';
import {
  BoldOutlined, ItalicOutlined, LinkOutlined, DisconnectOutlined, OrderedListOutlined, UnorderedListOutlined,
  PictureOutlined, UndoOutlined, RedoOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import Image from '@tiptap/extension-image';
import './rich-text.css';

/** the same schemes the server keeps (sanitize-html allow-list) */
const SAFE_HREF = /^(https?:\/\/|mailto:|\/)/i;

/** The toolbar's words, in the caller's language (each feature has its own catalogue). */
export interface RichTextLabels {
  toolbar: string; paragraph: string; h2: string; h3: string; bold: string; italic: string; bulletList: string; orderedList: string;
  blockquote: string; link: string; unlink: string; image: string; undo: string; redo: string; linkPrompt: string;
}

export interface RichTextImage { src: string; alt?: string; width?: number; height?: number }

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  'aria-label'?: string;
  labels: RichTextLabels;
  /** shown, not editable (a read-only form field) */
  readOnly?: boolean;
  /** the editing area's least height in px (320 by default) */
  minHeight?: number;
  /** the caller's image library: with it the toolbar has an image button */
  renderImagePicker?: (p: { open: boolean; onClose: () => void; onInsert: (img: RichTextImage) => void }) => ReactNode;
}

/**
 * The console's TipTap editor (CMS article bodies, cloud form rich-text fields). It produces only the
 * markup the server keeps (paragraphs, h2-h4, emphasis, lists, quotes, links, images); the server
 * sanitizes again.
 */
export default function RichTextEditor({ value, onChange, id, labels: l, readOnly, minHeight, renderImagePicker, ...rest }: RichTextEditorProps) {
  const [picking, setPicking] = useState(false);
  const [linking, setLinking] = useState<string | null>(null);
  const editor = useEditor({
    editable: !readOnly,
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, code: false, codeBlock: false, link: false, underline: false }),
      Link.configure({ openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
        isAllowedUri: (url) => SAFE_HREF.test(url) }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value ?? '',
    editorProps: { attributes: { class: 'rich-content', role: 'textbox', 'aria-multiline': 'true', ...(readOnly ? { 'aria-readonly': 'true' } : {}), ...(rest['aria-label'] ? { 'aria-label': rest['aria-label'] } : {}), ...(id ? { id } : {}) } },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });

  // a value set from outside (loading, restoring a version) replaces the content
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value ?? '') !== current) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => { if (editor && !editor.isDestroyed) editor.setEditable(!readOnly, false); }, [editor, readOnly]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => e ? {
      bold: e.isActive('bold'), italic: e.isActive('italic'), h2: e.isActive('heading', { level: 2 }), h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'), ordered: e.isActive('orderedList'), quote: e.isActive('blockquote'), link: e.isActive('link'),
      canUndo: e.can().undo(), canRedo: e.can().redo(),
    } : null,
  });
  if (!editor) return null;
  const style = minHeight ? ({ '--rich-min-height': `${minHeight}px` } as React.CSSProperties) : undefined;
  if (readOnly) return <div className="rich rich-readonly" style={style}><EditorContent editor={editor} className="rich-body" /></div>;
  const chain = () => editor.chain().focus();
  const btn = (key: string, label: string, icon: ReactNode, active: boolean | undefined, run: () => void, disabled = false) => (
    <Tooltip title={label} key={key}>
      <Button type={active ? 'primary' : 'text'} size="small" icon={icon} aria-label={label} aria-pressed={!!active} disabled={disabled} onClick={run} />
    </Tooltip>
  );

  return (
    <div className="rich" style={style}>
      <div className="rich-toolbar" role="toolbar" aria-label={l.toolbar}>
        <Space size={2} wrap>
          {btn('p', l.paragraph, <span className="rich-txt">¶</span>, false, () => chain().setParagraph().run())}
          {btn('h2', l.h2, <span className="rich-txt">H2</span>, state?.h2, () => chain().toggleHeading({ level: 2 }).run())}
          {btn('h3', l.h3, <span className="rich-txt">H3</span>, state?.h3, () => chain().toggleHeading({ level: 3 }).run())}
          <Divider orientation="vertical" />
          {btn('b', l.bold, <BoldOutlined />, state?.bold, () => chain().toggleBold().run())}
          {btn('i', l.italic, <ItalicOutlined />, state?.italic, () => chain().toggleItalic().run())}
          {btn('ul', l.bulletList, <UnorderedListOutlined />, state?.bullet, () => chain().toggleBulletList().run())}
          {btn('ol', l.orderedList, <OrderedListOutlined />, state?.ordered, () => chain().toggleOrderedList().run())}
          {btn('q', l.blockquote, <span className="rich-txt">❝</span>, state?.quote, () => chain().toggleBlockquote().run())}
          <Divider orientation="vertical" />
          {btn('a', l.link, <LinkOutlined />, state?.link, () => setLinking((editor.getAttributes('link').href as string | undefined) ?? 'https://'))}
          {btn('unlink', l.unlink, <DisconnectOutlined />, false, () => chain().unsetLink().run(), !state?.link)}
          {renderImagePicker && btn('img', l.image, <PictureOutlined />, false, () => setPicking(true))}
          <Divider orientation="vertical" />
          {btn('undo', l.undo, <UndoOutlined />, false, () => chain().undo().run(), !state?.canUndo)}
          {btn('redo', l.redo, <RedoOutlined />, false, () => chain().redo().run(), !state?.canRedo)}
        </Space>
      </div>
      <EditorContent editor={editor} className="rich-body" />
      {renderImagePicker?.({
        open: picking,
        onClose: () => setPicking(false),
        onInsert: (img) => { setPicking(false); chain().setImage(img as never).run(); },
      })}
      <Modal
        open={linking !== null}
        title={l.link}
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
        <Input aria-label={l.linkPrompt} placeholder={l.linkPrompt} value={linking ?? ''} onChange={(e) => setLinking(e.target.value)} autoFocus />
      </Modal>
    </div>
  );
}
