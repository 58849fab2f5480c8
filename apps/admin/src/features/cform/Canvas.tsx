import type { ReactNode } from 'react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy, horizontalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Col, Row, Tabs, Tag, Tooltip, Typography } from 'antd';
import { CopyOutlined, DeleteOutlined, HolderOutlined, TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { textOf, type FormNode, type Lang } from '@bencao/contracts';
import { formatList } from '@/lib/format';
import type { PaletteKind } from './tree';

export interface CanvasActions {
  lang: Lang;
  selected: string | null;
  select: (id: string) => void;
  remove: (id: string) => void;
  duplicate: (id: string) => void;
  /** nodes lacking a translation, by id: the languages they lack */
  untranslated: Map<string, Lang[]>;
}

/** A visible mark on a node whose texts lack a translation, naming the languages. */
function UntranslatedMark({ id, missing, lang }: { id: string; missing: Lang[] | undefined; lang: Lang }) {
  const { t } = useTranslation('cform');
  if (!missing?.length) return null;
  const langs = formatList(missing.map((l) => t(`prop.lang.${l}`)), lang);
  return (
    <Tooltip title={t('msg.untranslated', { langs })}>
      <Tag color="warning" icon={<TranslationOutlined />} data-testid={`untranslated-${id}`} aria-label={t('msg.untranslated', { langs })} style={{ marginInlineEnd: 0 }}>
        {missing.join(' ')}
      </Tag>
    </Tooltip>
  );
}

/** A palette entry: dragged onto the canvas (mouse, touch or keyboard), or clicked to add it. */
export function PaletteItem({ kind, icon, onAdd }: { kind: PaletteKind; icon: ReactNode; onAdd: () => void }) {
  const { t } = useTranslation('cform');
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `palette:${kind}`, data: { palette: kind } });
  return (
    <Button ref={setNodeRef} {...attributes} {...listeners} size="small" icon={icon} data-testid={`palette-${kind}`} onClick={onAdd}
      style={{ width: '100%', justifyContent: 'flex-start', opacity: isDragging ? 0.5 : 1, cursor: 'grab' }}>
      {t(`palette.${kind}`)}
    </Button>
  );
}

/** A list the designer drops into: the canvas itself, a column, a group, a tab, a sub-table's columns. */
export function DropList({ container, nodes, a, horizontal, empty }: { container: string; nodes: FormNode[]; a: CanvasActions; horizontal?: boolean; empty?: string }) {
  const { t } = useTranslation('cform');
  const { setNodeRef, isOver } = useDroppable({ id: `drop:${container}`, data: { container } });
  return (
    <SortableContext id={container} items={nodes.map((n) => n.id)} strategy={horizontal ? horizontalListSortingStrategy : verticalListSortingStrategy}>
      <div ref={setNodeRef} data-testid={`drop-${container}`}
        style={{
          minHeight: 48, padding: 6, borderRadius: 6, border: `1px dashed ${isOver ? '#1677ff' : '#d9d9d9'}`, background: isOver ? '#e6f4ff' : undefined,
          display: horizontal ? 'flex' : 'block', gap: 6, flexWrap: 'wrap',
        }}>
        {nodes.length === 0 && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{empty ?? t('msg.dropHere')}</Typography.Text>}
        {nodes.map((n, i) => <NodeView key={n.id} node={n} container={container} index={i} a={a} />)}
      </div>
    </SortableContext>
  );
}

function NodeView({ node, container, index, a }: { node: FormNode; container: string; index: number; a: CanvasActions }) {
  const { t } = useTranslation('cform');
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: node.id, data: { container, index } });
  const selected = a.selected === node.id;
  const title = node.kind === 'field' ? textOf(node.label, a.lang, node.key) : node.kind === 'group' ? textOf(node.title, a.lang) : t(`palette.${node.kind}`);
  return (
    <div ref={setNodeRef} data-testid={`node-${node.kind === 'field' ? node.key : node.id}`}
      onClick={(e) => { e.stopPropagation(); a.select(node.id); }}
      style={{
        transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.4 : 1, marginBottom: 6, padding: '6px 8px', background: '#fff',
        border: `1px solid ${selected ? '#1677ff' : '#f0f0f0'}`, borderRadius: 6, boxShadow: selected ? '0 0 0 2px rgba(22,119,255,.15)' : undefined,
        flex: container.startsWith('fld_') ? '1 1 140px' : undefined,
      }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
        <span {...attributes} {...listeners} style={{ cursor: 'grab', color: '#999' }} aria-label={title}><HolderOutlined /></span>
        <Typography.Text strong={node.kind !== 'field'} style={{ flex: 1 }} ellipsis>
          {node.kind === 'field' && node.required && <Typography.Text type="danger">* </Typography.Text>}{title}
        </Typography.Text>
        {node.kind === 'field' && <Tag style={{ marginInlineEnd: 0 }}>{t(`palette.${node.type}`)}</Tag>}
        <UntranslatedMark id={node.kind === 'field' ? node.key : node.id} missing={a.untranslated.get(node.id)} lang={a.lang} />
        {node.kind === 'field' && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{node.key}</Typography.Text>}
        {selected && (
          <>
            <Tooltip title={t('action.copy')}><Button size="small" type="text" icon={<CopyOutlined />} aria-label={t('action.copy')} onClick={(e) => { e.stopPropagation(); a.duplicate(node.id); }} /></Tooltip>
            <Tooltip title={t('action.remove')}><Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('action.remove')} onClick={(e) => { e.stopPropagation(); a.remove(node.id); }} /></Tooltip>
          </>
        )}
      </div>
      {node.kind === 'field' && node.type === 'subTable' && (
        <div style={{ marginTop: 6 }}><DropList container={node.id} nodes={node.columns ?? []} a={a} horizontal /></div>
      )}
      {node.kind === 'group' && <div style={{ marginTop: 6 }}><DropList container={node.id} nodes={node.children} a={a} /></div>}
      {node.kind === 'row' && (
        <Row gutter={6} style={{ marginTop: 6 }}>
          {node.columns.map((c) => <Col key={c.id} span={c.span}><DropList container={c.id} nodes={c.children} a={a} /></Col>)}
        </Row>
      )}
      {node.kind === 'tabs' && (
        <Tabs size="small" items={node.tabs.map((tab) => ({ key: tab.id, label: <>{textOf(tab.title, a.lang)} <UntranslatedMark id={tab.id} missing={a.untranslated.get(tab.id)} lang={a.lang} /></>, children: <DropList container={tab.id} nodes={tab.children} a={a} /> }))} />
      )}
    </div>
  );
}
