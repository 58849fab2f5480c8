import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Dropdown, Empty, Select, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { EyeInvisibleOutlined, LockOutlined, PlusOutlined, SettingOutlined, DeleteOutlined, UndoOutlined, EditOutlined, CheckOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PORTAL_BREAKPOINTS, WIDGETS, type PortalHome as Home, type PortalLayouts, type PortalOverlay, type WidgetInstance } from '@bencao/contracts';
import { useAuth } from '@/lib/auth';
import { usePermission } from '@/lib/permission';
import { portalApi, portalKeys } from './api';
import { PortalGrid } from './PortalGrid';
import { WidgetFrame } from './WidgetFrame';
import { SettingsForm } from './SettingsForm';
import { WIDGET_REGISTRY, widgetDef } from './registry';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Mine = the overlay this home shows: every place, the hidden base widgets, the ones I added. */
function overlayOf(home: Home, layouts: PortalLayouts): PortalOverlay {
  const own = new Set(home.own);
  return { layouts, hidden: home.hidden, added: home.widgets.filter((w) => own.has(w.i)) };
}

/**
 * The console's home: the user's portal page from the server, with their personal overlay; where the
 * page is not locked they can move, resize, hide and add widgets (saved on the server) or reset it.
 */
export function PortalHome() {
  const { t } = useTranslation('portal');
  const { t: ts } = useTranslation();
  const { modal } = App.useApp();
  const can = usePermission();
  const qc = useQueryClient();
  const user = useAuth((s) => s.user);
  const [pageId, setPageId] = useState<number | undefined>();
  const [editing, setEditing] = useState(false);
  const [configuring, setConfiguring] = useState<WidgetInstance | null>(null);
  const q = useQuery({ queryKey: portalKeys.home(pageId), queryFn: () => portalApi.home(pageId) });
  const [home, setHome] = useState<Home | null>(null);
  useEffect(() => { if (q.data !== undefined) setHome(q.data); }, [q.data]);

  const saving = useRef<Promise<unknown> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const save = (next: Home) => {
    setHome(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      saving.current = portalApi.saveOverlay(next.pageId, overlayOf(next, next.layouts)).then((h) => {
        qc.setQueryData(portalKeys.home(pageId), h);
      }).catch(() => q.refetch());
    }, 300);
  };

  const addable = useMemo(() => WIDGET_REGISTRY.filter((w) => w.authority === 'login' || w.authority.split('|').some((a) => can(a))), [can]);

  if (q.isLoading || (q.data && !home)) return <Skeleton active />;
  if (!home) return <Empty description={t('home.noPage')} />;

  const hide = (w: WidgetInstance) => {
    const own = home.own.includes(w.i);
    const drop = <T extends { i: string }>(list: T[]) => list.filter((x) => x.i !== w.i);
    const layouts = Object.fromEntries(PORTAL_BREAKPOINTS.map((bp) => [bp, drop(home.layouts[bp])])) as PortalLayouts;
    save({ ...home, widgets: drop(home.widgets), layouts, hidden: own ? home.hidden : [...home.hidden, w.i], hiddenWidgets: own ? home.hiddenWidgets : [...home.hiddenWidgets, { i: w.i, widget: w.widget, title: w.title }], own: home.own.filter((i) => i !== w.i) });
  };
  const add = (id: (typeof addable)[number]['id']) => {
    const meta = WIDGETS[id];
    const inst: WidgetInstance = { i: `u${Date.now().toString(36)}`, widget: id, settings: {} };
    const layouts = Object.fromEntries(PORTAL_BREAKPOINTS.map((bp) => [bp, [...home.layouts[bp], { i: inst.i, x: 0, y: 999, w: bp === 'sm' ? 1 : Math.min(meta.w, bp === 'md' ? 8 : 12), h: meta.h }]])) as PortalLayouts;
    save({ ...home, widgets: [...home.widgets, inst], layouts, own: [...home.own, inst.i] });
    if (widgetDef(id).fields.length) setConfiguring(inst);
  };
  const restore = (i: string) => {
    // the base widget comes back at its base place: the server fills in places it does not have
    const layouts = Object.fromEntries(PORTAL_BREAKPOINTS.map((bp) => [bp, home.layouts[bp]])) as PortalLayouts;
    const next = { ...home, hidden: home.hidden.filter((h) => h !== i), hiddenWidgets: home.hiddenWidgets.filter((h) => h.i !== i), layouts };
    setHome(next);
    portalApi.saveOverlay(home.pageId, overlayOf(next, layouts)).then((h) => { setHome(h); qc.setQueryData(portalKeys.home(pageId), h); });
  };
  const reset = () => modal.confirm({
    title: t('home.reset'), content: t('home.resetConfirm'),
    onOk: async () => { const h = await portalApi.resetOverlay(home.pageId); setHome(h); qc.setQueryData(portalKeys.home(pageId), h); setEditing(false); },
  });
  const finish = async () => {
    if (timer.current) { clearTimeout(timer.current); timer.current = null; await portalApi.saveOverlay(home.pageId, overlayOf(home, home.layouts)).then((h) => setHome(h)); }
    await saving.current;
    setEditing(false);
  };

  return (
    <div className="portal-home">
      <div className="portal-toolbar">
        <Space wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>{ts('dashboard.greeting', { name: user?.userName ?? '' })}</Typography.Title>
          {home.others.length > 0 && (
            <Select aria-label={t('home.switchPage')} value={home.pageId} style={{ minWidth: 160 }} onChange={(v) => { setEditing(false); setPageId(v); }}
              options={[{ value: home.pageId, label: home.name }, ...home.others.map((o) => ({ value: o.pageId, label: o.name }))]} />
          )}
          {home.locked && <Tag icon={<LockOutlined />}>{t('home.locked')}</Tag>}
          {!home.locked && home.personalised && !editing && <Tag color="blue">{t('home.personalised')}</Tag>}
        </Space>
        {!home.locked && (
          <Space wrap>
            {editing && (
              <>
                <Dropdown menu={{ items: addable.map((w) => ({ key: w.id, icon: w.icon, label: t(`widget.${w.id}`) })), onClick: ({ key }) => add(key as never) }}>
                  <Button icon={<PlusOutlined />}>{t('home.add')}</Button>
                </Dropdown>
                {home.hidden.length > 0 && (
                  <Dropdown menu={{ items: home.hiddenWidgets.map((w) => ({ key: w.i, icon: widgetDef(w.widget).icon, label: `${t('home.restore')}: ${w.title || t(`widget.${w.widget}`)}` })), onClick: ({ key }) => restore(key) }}>
                    <Button icon={<EyeInvisibleOutlined />}>{t('home.hidden')} ({home.hidden.length})</Button>
                  </Dropdown>
                )}
              </>
            )}
            {(home.personalised || editing) && <Button icon={<UndoOutlined />} onClick={reset}>{t('home.reset')}</Button>}
            {editing
              ? <Button type="primary" icon={<CheckOutlined />} onClick={finish}>{t('home.done')}</Button>
              : <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>{t('home.customise')}</Button>}
          </Space>
        )}
      </div>
      <PortalGrid widgets={home.widgets} layouts={home.layouts} editable={editing}
        onChange={(layouts) => { if (editing && !same(layouts, home.layouts)) save({ ...home, layouts }); }}
        render={(w) => (
          <WidgetFrame instance={w} extra={editing && (
            <Space size={0}>
              {home.own.includes(w.i) && widgetDef(w.widget).fields.length > 0 && <Tooltip title={t('manager.configure')}><Button type="text" size="small" icon={<SettingOutlined />} onClick={() => setConfiguring(w)} /></Tooltip>}
              <Tooltip title={home.own.includes(w.i) ? t('manager.remove') : t('home.hide')}>
                <Button type="text" size="small" aria-label={t('home.hide')} icon={home.own.includes(w.i) ? <DeleteOutlined /> : <EyeInvisibleOutlined />} onClick={() => hide(w)} />
              </Tooltip>
            </Space>
          )} />
        )} />
      <SettingsForm instance={configuring} onCancel={() => setConfiguring(null)}
        onOk={(w) => { setConfiguring(null); save({ ...home, widgets: home.widgets.map((x) => (x.i === w.i ? w : x)) }); }} />
    </div>
  );
}
