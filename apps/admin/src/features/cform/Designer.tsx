import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  DndContext, DragOverlay, KeyboardSensor, PointerSensor, pointerWithin, rectIntersection, useSensor, useSensors,
  type CollisionDetection, type DragEndEvent, type DragStartEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { App, Button, Card, Col, Empty, Form, Input, Modal, Row, Segmented, Select, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import {
  AppstoreOutlined, BorderOutlined, CalendarOutlined, CheckSquareOutlined, ClockCircleOutlined, CodeOutlined, ApartmentOutlined, DollarOutlined,
  EnvironmentOutlined, EyeOutlined, FieldNumberOutlined, FileTextOutlined, FontSizeOutlined, FunctionOutlined, LineOutlined, OrderedListOutlined,
  ProfileOutlined, RedoOutlined, SaveOutlined, SendOutlined, SettingOutlined, SwapOutlined, TableOutlined, UndoOutlined, UnorderedListOutlined,
  UploadOutlined, UserOutlined, CheckCircleOutlined, FormOutlined, ArrowLeftOutlined, InfoCircleOutlined, BlockOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  FORM_ACTIONS, emptyFormSchema, formInputSchema, formSchemaSchema, formatIssue, untranslatedNodes, type FormInput, type FormNode, type FormSchema,
} from '@bencao/contracts';
import { usePermission } from '@/lib/permission';
import { langOf, zodRule } from '@/lib/zodRule';
import { LazyFormRenderer } from '@/components/form-renderer';
import { cformApi, keys, useCformMutation, type FormDetail } from './api';
import { usePublishQuestion } from './PublishQuestion';
import { DropList, PaletteItem, type CanvasActions } from './Canvas';
import { Properties } from './Properties';
import { ROOT, accepts, createNode, findNode, insertNode, locate, moveNode, newId, removeNode, replaceNode, type PaletteKind } from './tree';

const PALETTE: { group: string; items: [PaletteKind, React.ReactNode][] }[] = [
  { group: 'basic', items: [['text', <FontSizeOutlined />], ['textarea', <FileTextOutlined />], ['number', <FieldNumberOutlined />], ['money', <DollarOutlined />],
    ['date', <CalendarOutlined />], ['dateRange', <CalendarOutlined />], ['time', <ClockCircleOutlined />]] },
  { group: 'choice', items: [['select', <UnorderedListOutlined />], ['radio', <CheckCircleOutlined />], ['checkbox', <CheckSquareOutlined />], ['switch', <SwapOutlined />]] },
  { group: 'advanced', items: [['organ', <ApartmentOutlined />], ['user', <UserOutlined />], ['region', <EnvironmentOutlined />], ['upload', <UploadOutlined />],
    ['richText', <FormOutlined />], ['subTable', <TableOutlined />], ['serial', <OrderedListOutlined />], ['computed', <FunctionOutlined />],
    ['divider', <LineOutlined />], ['description', <InfoCircleOutlined />]] },
  { group: 'layout', items: [['row', <AppstoreOutlined />], ['group', <BorderOutlined />], ['tabs', <ProfileOutlined />]] },
];

type Meta = Omit<FormInput, 'schema'>;
const EMPTY_META: Meta = { name: '', action: 'store' } as Meta;

/** Undo/redo over the schema: every edit is a new present. */
function useHistory(initial: FormSchema) {
  const [state, setState] = useState({ past: [] as FormSchema[], present: initial, future: [] as FormSchema[] });
  const commit = useCallback((next: FormSchema) => setState((s) => (next === s.present ? s : { past: [...s.past.slice(-99), s.present], present: next, future: [] })), []);
  const undo = useCallback(() => setState((s) => (s.past.length ? { past: s.past.slice(0, -1), present: s.past[s.past.length - 1], future: [s.present, ...s.future] } : s)), []);
  const redo = useCallback(() => setState((s) => (s.future.length ? { past: [...s.past, s.present], present: s.future[0], future: s.future.slice(1) } : s)), []);
  const reset = useCallback((schema: FormSchema) => setState({ past: [], present: schema, future: [] }), []);
  return { schema: state.present, commit, undo, redo, reset, canUndo: state.past.length > 0, canRedo: state.future.length > 0 };
}

// pointer inside a drop list first (nested lists), otherwise the nearest rectangle
const collision: CollisionDetection = (args) => {
  const inside = pointerWithin(args);
  return inside.length ? inside : rectIntersection(args);
};

/** The form designer: palette → canvas → properties, drag and drop, undo/redo, preview, JSON. */
export function Designer() {
  const { t, i18n } = useTranslation('cform');
  const lang = langOf(i18n.language);
  const { message } = App.useApp();
  const can = usePermission();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const h = useHistory(emptyFormSchema());
  const [meta, setMeta] = useState<Meta>(EMPTY_META);
  const [selected, setSelected] = useState<string | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [preview, setPreview] = useState(false);
  const [jsonOpen, setJsonOpen] = useState(false);
  const [settings, setSettings] = useState(false);
  const [status, setStatus] = useState<Pick<FormDetail, 'status' | 'version' | 'dirty'> | null>(null);

  const loaded = useQuery({ queryKey: id ? keys.form(id) : ['cform', 'new'], queryFn: () => cformApi.get(id!), enabled: !!id, refetchOnWindowFocus: false });
  useEffect(() => {
    const f = loaded.data;
    if (!f) return;
    h.reset(f.schema);
    setMeta({ name: f.name, description: f.description ?? undefined, category: f.category ?? undefined, action: f.action, actionTarget: f.actionTarget ?? undefined, url: f.url ?? undefined, modelName: f.modelName ?? undefined });
    setStatus({ status: f.status, version: f.version, dirty: f.dirty });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded.data]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || (e.target as HTMLElement)?.closest?.('input, textarea')) return;
      if (e.key.toLowerCase() === 'z' && !e.shiftKey) { e.preventDefault(); h.undo(); }
      if (e.key.toLowerCase() === 'y' || (e.key.toLowerCase() === 'z' && e.shiftKey)) { e.preventDefault(); h.redo(); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [h]);

  const names = useCallback((key: string) => t(key === 'optionValue' ? 'prop.optionValue' : key === 'tab' ? 'palette.tab' : `palette.${key}`), [t]);
  const schema = h.schema;

  const add = (kind: PaletteKind, container: string, index: number) => {
    if (!accepts(schema, container, { kind: 'field', type: kind as never }) && !accepts(schema, container, { kind } as never)) return;
    const node = createNode(schema, kind, names, lang);
    h.commit(insertNode(schema, container, index, node));
    setSelected(node.id);
  };
  // a click adds into the selected container (group, tab, column, sub-table) or after the selected widget
  const addByClick = (kind: PaletteKind) => {
    const sel = selected ? findNode(schema, selected) : null;
    if (sel && (sel.kind === 'group' || (sel.kind === 'field' && sel.type === 'subTable')) && accepts(schema, sel.id, { kind: 'field', type: kind as never })) {
      const len = sel.kind === 'group' ? sel.children.length : (sel.columns ?? []).length;
      return add(kind, sel.id, len);
    }
    const at = selected ? locate(schema, selected) : null;
    if (at && accepts(schema, at.container, { kind: 'field', type: kind as never })) return add(kind, at.container, at.index + 1);
    add(kind, ROOT, schema.nodes.length);
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragStart = (e: DragStartEvent) => setDragging(String(e.active.id));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    if (!over) return;
    const overData = over.data.current as { container?: string; index?: number } | undefined;
    const container = overData?.container ?? ROOT;
    const isList = String(over.id).startsWith('drop:');
    const list = container === ROOT ? schema.nodes : (() => {
      const n = findNode(schema, container);
      if (n?.kind === 'group') return n.children;
      if (n?.kind === 'field') return n.columns ?? [];
      return null;
    })();
    const index = isList ? (list?.length ?? 9999) : overData?.index ?? 0;
    const palette = (active.data.current as { palette?: PaletteKind } | undefined)?.palette;
    if (palette) add(palette, container, index);
    else if (active.id !== over.id) h.commit(moveNode(schema, String(active.id), container, index));
  };

  const gaps = useMemo(() => untranslatedNodes(schema), [schema]);
  const actions: CanvasActions = {
    lang, selected, select: setSelected, untranslated: new Map(gaps.map((g) => [g.id, g.missing])),
    remove: (nid) => { h.commit(removeNode(schema, nid)); setSelected(null); },
    duplicate: (nid) => {
      const n = findNode(schema, nid);
      const at = locate(schema, nid);
      if (!n || !at) return;
      const copy = structuredClone(n) as FormNode;
      const rekey = (x: FormNode) => {
        x.id = newId('n');
        if (x.kind === 'field') x.key = `${x.key}_${Math.random().toString(36).slice(2, 6)}`;
      };
      rekey(copy);
      h.commit(insertNode(schema, at.container, at.index + 1, copy));
      setSelected(copy.id);
    },
  };

  const selectedNode = selected ? findNode(schema, selected) : null;
  const selectedInSub = (() => {
    if (!selected) return false;
    const at = locate(schema, selected);
    const parent = at && at.container !== ROOT ? findNode(schema, at.container) : null;
    return parent?.kind === 'field' && parent.type === 'subTable';
  })();

  const save = useCformMutation(async (): Promise<FormDetail> => {
    const body = formInputSchema.parse({ ...meta, schema });
    return id ? cformApi.update(id, body) : cformApi.create(body);
  }, (f) => {
    setStatus({ status: f.status, version: f.version, dirty: f.dirty });
    if (!id) navigate(`/cform/designer?id=${f.id}`, { replace: true });
  });
  const publish = usePublishQuestion((f) => setStatus({ status: f.status, version: f.version, dirty: f.dirty }));

  const trySave = () => {
    const parsed = formInputSchema.safeParse({ ...meta, schema });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue.path[0] === 'name' || !meta.name) setSettings(true);
      void message.error(`${issue.path.join('.') || 'schema'}: ${formatIssue(issue as never, lang)}`);
      return;
    }
    save.mutate(undefined as never);
  };

  if (id && loaded.isLoading) return <Spin style={{ margin: 48 }} />;
  const draggedKind = dragging?.startsWith('palette:') ? dragging.slice(8) : null;

  return (
    <DndContext sensors={sensors} collisionDetection={collision} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragging(null)}>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/cform/list')}>{t('action.back')}</Button>
            <Input value={meta.name} placeholder={t('field.name')} style={{ width: 240 }} data-testid="form-name" onChange={(e) => setMeta({ ...meta, name: e.target.value })} />
            {status && <Tag color={status.status === 'published' ? 'green' : 'default'}>{t(`status.${status.status}`)}{status.version ? ` v${status.version}` : ''}</Tag>}
            {status?.dirty && <Tag color="orange">{t('status.dirty')}</Tag>}
          </Space>
          <Space wrap>
            <Tooltip title="Ctrl+Z"><Button icon={<UndoOutlined />} disabled={!h.canUndo} onClick={h.undo}>{t('action.undo')}</Button></Tooltip>
            <Tooltip title="Ctrl+Y"><Button icon={<RedoOutlined />} disabled={!h.canRedo} onClick={h.redo}>{t('action.redo')}</Button></Tooltip>
            <Button icon={<SettingOutlined />} onClick={() => setSettings(true)}>{t('action.settings')}</Button>
            <Button icon={<EyeOutlined />} onClick={() => setPreview(true)}>{t('action.preview')}</Button>
            <Button icon={<CodeOutlined />} onClick={() => setJsonOpen(true)}>{t('action.json')}</Button>
            {can(id ? 'cform:form:edit' : 'cform:form:add') && <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={trySave}>{t('action.save')}</Button>}
            {can('cform:form:publish') && (
              <Button icon={<SendOutlined />} disabled={!id} loading={publish.isPending} onClick={() => publish.ask({ id: id!, name: meta.name, schema })}>
                {t('action.publish')}
              </Button>
            )}
          </Space>
        </Space>
      </Card>
      <Row gutter={12}>
        <Col flex="200px">
          <Card size="small" styles={{ body: { padding: 8, maxHeight: 'calc(100vh - 220px)', overflow: 'auto' } }}>
            {PALETTE.map((g) => (
              <div key={g.group} style={{ marginBottom: 10 }}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t(`palette.${g.group}`)}</Typography.Text>
                <Space orientation="vertical" size={4} style={{ width: '100%', marginTop: 4 }}>
                  {g.items.map(([kind, icon]) => <PaletteItem key={kind} kind={kind} icon={icon} onAdd={() => addByClick(kind)} />)}
                </Space>
              </div>
            ))}
          </Card>
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Card size="small" title={t('title.designer')} styles={{ body: { minHeight: 400, background: '#fafafa' } }} onClick={() => setSelected(null)}>
            <DropList container={ROOT} nodes={schema.nodes} a={actions} empty={t('msg.emptyCanvas')} />
          </Card>
        </Col>
        <Col flex="340px">
          <Card size="small" styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflow: 'auto' } }}>
            {selectedNode
              ? <Properties node={selectedNode} schema={schema} inSubTable={selectedInSub} onChange={(n) => h.commit(replaceNode(schema, n.id, n))} />
              : <Empty image={<BlockOutlined style={{ fontSize: 32, color: '#bbb' }} />} description={t('msg.noSelection')} />}
          </Card>
        </Col>
      </Row>
      <DragOverlay>{draggedKind ? <Tag color="blue" style={{ padding: '4px 10px' }}>{t(`palette.${draggedKind}`)}</Tag> : null}</DragOverlay>
      {preview && <PreviewModal schema={schema} onClose={() => setPreview(false)} />}
      {jsonOpen && <JsonModal schema={schema} onApply={(s) => { h.commit(s); setJsonOpen(false); }} onClose={() => setJsonOpen(false)} />}
      {settings && <SettingsModal meta={meta} onSave={(m) => { setMeta(m); setSettings(false); }} onClose={() => setSettings(false)} />}
    </DndContext>
  );
}

function PreviewModal({ schema, onClose }: { schema: FormSchema; onClose: () => void }) {
  const { t } = useTranslation('cform');
  const [device, setDevice] = useState<'desktop' | 'phone'>('desktop');
  const [form] = Form.useForm();
  return (
    <Modal open width={device === 'phone' ? 460 : 1040} title={t('title.preview')} onCancel={onClose} destroyOnHidden
      footer={<Space><Button onClick={onClose}>{t('action.close')}</Button><Button type="primary" onClick={() => void form.validateFields()}>{t('action.submit')}</Button></Space>}>
      <Segmented value={device} onChange={(v) => setDevice(v as 'desktop' | 'phone')} style={{ marginBottom: 12 }}
        options={[{ value: 'desktop', label: t('prop.desktop') }, { value: 'phone', label: t('prop.phone') }]} />
      <div data-testid={`preview-${device}`} style={{ width: device === 'phone' ? 375 : '100%', margin: '0 auto', border: device === 'phone' ? '8px solid #222' : undefined, borderRadius: device === 'phone' ? 24 : 0, padding: device === 'phone' ? 12 : 0, maxHeight: '70vh', overflow: 'auto' }}>
        <Suspense fallback={<Spin />}>
          <LazyFormRenderer schema={schema} form={form} compact={device === 'phone'} />
        </Suspense>
      </div>
    </Modal>
  );
}

function JsonModal({ schema, onApply, onClose }: { schema: FormSchema; onApply: (s: FormSchema) => void; onClose: () => void }) {
  const { t, i18n } = useTranslation('cform');
  const [text, setText] = useState(() => JSON.stringify(schema, null, 2));
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    try {
      const parsed = formSchemaSchema.safeParse(JSON.parse(text));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return setError(t('msg.jsonInvalid', { reason: `${issue.path.join('.')}: ${formatIssue(issue as never, langOf(i18n.language))}` }));
      }
      onApply(parsed.data);
    } catch (e) {
      setError(t('msg.jsonInvalid', { reason: (e as Error).message }));
    }
  };
  return (
    <Modal open width={760} title={t('title.json')} onCancel={onClose} onOk={apply} okText={t('action.apply')} destroyOnHidden>
      <Input.TextArea value={text} onChange={(e) => { setText(e.target.value); setError(null); }} autoSize={{ minRows: 16, maxRows: 28 }} style={{ fontFamily: 'monospace', fontSize: 12 }} data-testid="json-text" />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Modal>
  );
}

function SettingsModal({ meta, onSave, onClose }: { meta: Meta; onSave: (m: Meta) => void; onClose: () => void }) {
  const { t, i18n } = useTranslation('cform');
  const [form] = Form.useForm();
  const rule = zodRule(formInputSchema.omit({ schema: true }), langOf(i18n.language));
  const action = Form.useWatch('action', form) as string | undefined;
  const options = useMemo(() => FORM_ACTIONS.map((a) => ({ value: a, label: t(`formAction.${a}`) })), [t]);
  return (
    <Modal open width={560} title={t('action.settings')} onCancel={onClose} onOk={async () => onSave({ ...meta, ...(await form.validateFields()) })} destroyOnHidden maskClosable={false}>
      <Form form={form} layout="vertical" initialValues={meta}>
        <Form.Item name="name" label={t('field.name')} required rules={[rule]}><Input maxLength={100} data-testid="settings-name" /></Form.Item>
        <Form.Item name="description" label={t('field.description')} rules={[rule]}><Input.TextArea rows={2} maxLength={500} /></Form.Item>
        <Form.Item name="category" label={t('field.category')} rules={[rule]}><Input maxLength={50} /></Form.Item>
        <Form.Item name="action" label={t('field.action')} rules={[rule]}><Select options={options} /></Form.Item>
        {action && action !== 'store' && <Form.Item name="actionTarget" label={t('field.actionTarget')} rules={[rule]}><Input maxLength={300} /></Form.Item>}
        <Form.Item name="url" label={t('field.url')} rules={[rule]}><Input placeholder="https://" /></Form.Item>
        <Form.Item name="modelName" label={t('field.modelName')} rules={[rule]}><Input maxLength={50} /></Form.Item>
      </Form>
    </Modal>
  );
}
