import { useEffect, useState } from 'react';
import { App, Button, Modal, Segmented, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EyeOutlined, SaveOutlined, SendOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PORTAL_BREAKPOINTS, PORTAL_COLS, WIDGETS, type PageContent, type PortalBreakpoint, type PortalPage, type WidgetId, type WidgetInstance } from '@bencao/contracts';
import { usePermission } from '@/lib/permission';
import { portalApi, usePortalMutation, type PortalPreview } from './api';
import { PortalGrid } from './PortalGrid';
import { WidgetFrame } from './WidgetFrame';
import { SettingsForm } from './SettingsForm';
import { ScopeSelect } from './ScopeSelect';
import { WIDGET_REGISTRY, widgetDef } from './registry';
import { firstFreePlace } from './place';

const CANVAS_WIDTH: Record<PortalBreakpoint, string | number> = { lg: '100%', md: 760, sm: 375 };

function nextId(widgets: WidgetInstance[], widget: WidgetId) {
  for (let n = 1; ; n++) if (!widgets.some((w) => w.i === `${widget}-${n}`)) return `${widget}-${n}`;
}

/** The page designer: palette, grid (drag, resize per breakpoint), settings, save, preview as a role, publish. */
export function Designer({ page }: { page: PortalPage }) {
  const { t } = useTranslation('portal');
  const { message } = App.useApp();
  const can = usePermission();
  const editable = can('cportal:page:edit');
  const [content, setContent] = useState<PageContent>(page.draft);
  const [bp, setBp] = useState<PortalBreakpoint>('lg');
  const [dragging, setDragging] = useState<WidgetId | null>(null);
  const [configuring, setConfiguring] = useState<WidgetInstance | null>(null);
  const [previewRole, setPreviewRole] = useState<number | undefined>();
  const [preview, setPreview] = useState<PortalPreview | null>(null);
  useEffect(() => { setContent(page.draft); }, [page.id, page.draft]);

  const saveDraft = usePortalMutation((c: PageContent) => portalApi.saveDraft(page.id, c));
  const publish = usePortalMutation(async (c: PageContent) => { await portalApi.saveDraft(page.id, c); return portalApi.publish(page.id); });

  /** adds a widget where it was dropped, or (click, keyboard) at the first free place; answers its id and place */
  const add = (widget: WidgetId, place?: { x: number; y: number }) => {
    const meta = WIDGETS[widget];
    const i = nextId(content.widgets, widget);
    const layouts = { ...content.layouts };
    let at = { x: 0, y: 0 };
    for (const b of PORTAL_BREAKPOINTS) {
      const cols = PORTAL_COLS[b];
      const w = Math.min(meta.w, cols);
      const spot = b === bp && place ? { x: Math.min(place.x, cols - w), y: place.y } : firstFreePlace(layouts[b], cols, w, meta.h);
      if (b === bp) at = spot;
      layouts[b] = [...layouts[b], { i, ...spot, w, h: meta.h }];
    }
    setContent({ widgets: [...content.widgets, { i, widget, settings: {} }], layouts });
    return { i, ...at };
  };
  // a widget added with the keyboard takes the focus, and a screen reader hears where it went
  // (the grid mounts a new item a render or two after the content changes: the item focuses itself when it is there)
  const [focusOn, setFocusOn] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const addWithKeyboard = (widget: WidgetId) => {
    const at = add(widget);
    setFocusOn(at.i);
    setAnnounce(t('manager.added', { widget: t(`widget.${widget}`), row: at.y + 1, column: at.x + 1 }));
  };
  const remove = (i: string) => setContent({
    widgets: content.widgets.filter((w) => w.i !== i),
    layouts: Object.fromEntries(PORTAL_BREAKPOINTS.map((b) => [b, content.layouts[b].filter((it) => it.i !== i)])) as PageContent['layouts'],
  });
  const showPreview = async () => {
    if (!previewRole) return;
    await portalApi.saveDraft(page.id, content);
    setPreview(await portalApi.preview(page.id, previewRole));
  };

  return (
    <div>
      <div className="portal-toolbar">
        <Space wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>{page.name}</Typography.Title>
          {page.publishedVersion > 0 ? <Tag color="green">{t('manager.published', { v: page.publishedVersion })}</Tag> : <Tag>{t('manager.unpublished')}</Tag>}
          {page.hasDraftChanges && page.publishedVersion > 0 && <Tag color="orange">{t('manager.draftChanged')}</Tag>}
        </Space>
        <Space wrap>
          <Segmented aria-label={t('manager.breakpoint')} value={bp} onChange={(v) => setBp(v as PortalBreakpoint)}
            options={PORTAL_BREAKPOINTS.map((b) => ({ value: b, label: t(`manager.${b}`) }))} />
          <ScopeSelect type="role" aria-label={t('manager.previewRole')} placeholder={t('manager.previewRole')} style={{ width: 180 }} value={previewRole} onChange={(v) => setPreviewRole(v as number)} />
          <Button icon={<EyeOutlined />} disabled={!previewRole} onClick={showPreview}>{t('manager.preview')}</Button>
          {editable && <Button icon={<SaveOutlined />} loading={saveDraft.isPending} onClick={() => saveDraft.mutate(content, { onSuccess: () => message.success(t('manager.saved')) })}>{t('manager.save')}</Button>}
          {editable && <Button type="primary" icon={<SendOutlined />} loading={publish.isPending} onClick={() => publish.mutate(content, { onSuccess: () => message.success(t('manager.publishedOk')) })}>{t('manager.publish')}</Button>}
        </Space>
      </div>
      <div className="portal-designer">
        {editable && (
          <div className="portal-palette" aria-label={t('manager.palette')}>
            <Typography.Text type="secondary">{t('manager.paletteHint')}</Typography.Text>
            {WIDGET_REGISTRY.map((w) => (
              <div key={w.id} className="portal-palette-item" draggable unselectable="on" role="button" tabIndex={0} data-palette={w.id}
                aria-label={t('manager.addWidget', { widget: t(`widget.${w.id}`) })}
                onDragStart={(e) => { e.dataTransfer.setData('text/plain', w.id); e.dataTransfer.effectAllowed = 'copy'; setDragging(w.id); }}
                onDragEnd={() => setDragging(null)}
                onClick={() => add(w.id)}
                onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); addWithKeyboard(w.id); } }}>
                {w.icon} {t(`widget.${w.id}`)}
              </div>
            ))}
          </div>
        )}
        <div className="portal-designer-canvas">
          <div className="portal-sr-only" role="status" aria-live="polite">{announce}</div>
          <div style={{ width: CANVAS_WIDTH[bp], maxWidth: '100%', margin: '0 auto' }}>
            <PortalGrid key={bp} breakpoint={bp} widgets={content.widgets} layouts={content.layouts} editable={editable}
              onChange={(layouts) => setContent((c) => ({ ...c, layouts }))}
              dropping={dragging ? { w: Math.min(WIDGETS[dragging].w, PORTAL_COLS[bp]), h: WIDGETS[dragging].h } : null}
              onDrop={(place) => { if (dragging) add(dragging, place); setDragging(null); }}
              render={(w) => (
                <WidgetFrame instance={w} focusable autoFocus={w.i === focusOn} onFocused={() => setFocusOn(null)} extra={editable && (
                  <Space size={0}>
                    {widgetDef(w.widget).fields.length > 0 && <Tooltip title={t('manager.configure')}><Button type="text" size="small" aria-label={t('manager.configure')} icon={<SettingOutlined />} onClick={() => setConfiguring(w)} /></Tooltip>}
                    <Tooltip title={t('manager.remove')}><Button type="text" size="small" aria-label={t('manager.remove')} icon={<DeleteOutlined />} onClick={() => remove(w.i)} /></Tooltip>
                  </Space>
                )} />
              )} />
          </div>
        </div>
      </div>
      <SettingsForm instance={configuring} onCancel={() => setConfiguring(null)}
        onOk={(w) => { setConfiguring(null); setContent((c) => ({ ...c, widgets: c.widgets.map((x) => (x.i === w.i ? w : x)) })); }} />
      <Modal open={!!preview} width="90%" footer={null} onCancel={() => setPreview(null)} title={`${t('manager.preview')} · ${page.name}`} destroyOnHidden>
        {preview && <PortalGrid widgets={preview.widgets} layouts={preview.layouts} editable={false} render={(w) => <WidgetFrame instance={w} />} />}
      </Modal>
    </div>
  );
}
