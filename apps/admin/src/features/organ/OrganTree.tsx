import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Descriptions, Empty, Form, Input, InputNumber, List, Modal, Row, Select, Space, Table, Tabs, Tag, Tree } from 'antd';
import type { TableProps, TreeDataNode, TreeProps } from 'antd';
import { ApartmentOutlined, DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { GENDER_DICT, organCreateSchema, organUpdateSchema, staffSchema, type OrganNode } from '@bencao/contracts';
import { usePermission } from '@/lib/permission';
import { langOf, zodRule } from '@/lib/zodRule';
import { confirmDelete, requireSelection } from '@/components/confirm';
import { DictSelect, DictTag } from '@/components/DictSelect';
import { tablePagination, onTableChange } from '@/components/table';
import { keys, organApi, useOrganMutation, usePaged, type ListQuery, type SearchHit, type StaffRow } from './api';

const ROOT = 'root';
const keyOf = (parentId: number | null) => (parentId === null ? ROOT : String(parentId));

/** Organs: one lazy tree per view (drag to reorder and move, search opens the path) and the staff. */
export function OrganTree() {
  const { t } = useTranslation('organ');
  return (
    <Card size="small">
      <Tabs items={[
        { key: 'tree', label: t('title.tree'), children: <ViewTree /> },
        { key: 'staff', label: t('title.staff'), children: <StaffList /> },
      ]} />
    </Card>
  );
}

function ViewTree() {
  const { t } = useTranslation('organ');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const qc = useQueryClient();
  const views = useQuery({ queryKey: [...keys.views, 'options'], queryFn: organApi.viewOptions });
  const [viewId, setViewId] = useState<number | null>(null);
  useEffect(() => { if (viewId === null && views.data?.length) setViewId(views.data[0].id); }, [views.data, viewId]);
  /** loaded children by parent key */
  const [kids, setKids] = useState<Record<string, OrganNode[]>>({});
  const [expanded, setExpanded] = useState<React.Key[]>([]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [editing, setEditing] = useState<{ mode: 'new'; parentId: number | null } | { mode: 'edit'; id: number } | null>(null);
  const [placing, setPlacing] = useState<{ parentId: number | null } | null>(null);

  const load = useCallback(async (parentId: number | null) => {
    if (viewId === null) return [];
    const list = await organApi.children(viewId, parentId);
    setKids((k) => ({ ...k, [keyOf(parentId)]: list }));
    return list;
  }, [viewId]);
  /** Loads the top level and opens it one level down, so a view shows its first two levels at once. */
  const loadTop = useCallback(async () => {
    const top = await load(null);
    const open = top.filter((n) => n.hasChildren);
    await Promise.all(open.map((n) => load(n.id)));
    setExpanded((e) => [...new Set([...e, ...open.map((n) => String(n.id))])]);
  }, [load]);
  useEffect(() => { setKids({}); setExpanded([]); setSelectedId(null); setHits(null); if (viewId !== null) void loadTop(); }, [viewId, loadTop]);

  const nodes = useMemo(() => {
    const build = (parent: string): TreeDataNode[] => (kids[parent] ?? []).map((n) => ({
      key: String(n.id),
      title: (
        <span>
          {n.name} <Tag style={{ marginInlineStart: 4 }}>{n.typeName}</Tag>
          {n.holdsStaff && <span style={{ color: '#8c8c8c' }}>{n.staffName ?? t('hint.vacant')}</span>}
        </span>
      ),
      isLeaf: !n.hasChildren,
      children: kids[String(n.id)] ? build(String(n.id)) : undefined,
    }));
    return build(ROOT);
  }, [kids, t]);
  const nodeById = useMemo(() => new Map(Object.values(kids).flat().map((n) => [n.id, n])), [kids]);

  const refresh = (parentIds: (number | null)[]) => Promise.all([...new Set(parentIds)].map((p) => load(p)));
  const detail = useQuery({ queryKey: ['organ', 'organ', selectedId], queryFn: () => organApi.organ(selectedId!), enabled: selectedId !== null });

  /** Opens the tree down to a search hit: loads each ancestor's children, expands them, selects the hit. */
  const openPath = async (hit: SearchHit) => {
    await load(null);
    for (const id of hit.path.slice(0, -1)) await load(id);
    setExpanded((e) => [...new Set([...e, ...hit.path.slice(0, -1).map(String)])]);
    setSelectedId(hit.id);
  };

  const onDrop: TreeProps['onDrop'] = async (info) => {
    if (viewId === null) return;
    const dragId = Number(info.dragNode.key);
    const target = nodeById.get(Number(info.node.key));
    const dragged = nodeById.get(dragId);
    if (!target || !dragged) return;
    const pos = info.node.pos.split('-');
    const rel = info.dropPosition - Number(pos[pos.length - 1]);
    let parentId: number | null;
    let index: number;
    if (!info.dropToGap) { parentId = target.id; index = 0; }
    else {
      parentId = target.parentId;
      const siblings = (kids[keyOf(parentId)] ?? []).filter((n) => n.id !== dragId);
      const at = siblings.findIndex((n) => n.id === target.id);
      index = rel === -1 ? at : at + 1;
    }
    await organApi.move(viewId, dragId, parentId, Math.max(0, index));
    void message.success(t('msg.moved'));
    await refresh([dragged.parentId, parentId]);
    if (parentId !== null) setExpanded((e) => [...new Set([...e, String(parentId)])]);
  };

  const remove = useOrganMutation((ids: number[]) => organApi.deleteOrgans(ids), [], () => {
    const n = selectedId !== null ? nodeById.get(selectedId) : undefined;
    setSelectedId(null);
    void refresh([n?.parentId ?? null]);
  }, 'msg.deleted');
  const unplace = useOrganMutation((id: number) => organApi.unplace(viewId!, id), [], () => {
    const n = selectedId !== null ? nodeById.get(selectedId) : undefined;
    setSelectedId(null);
    void refresh([n?.parentId ?? null]);
  });

  if (views.data && !views.data.length) return <Alert type="info" showIcon message={t('hint.noView')} />;
  const selected = selectedId !== null ? nodeById.get(selectedId) : undefined;
  return (
    <Row gutter={16}>
      <Col xs={24} md={11}>
        <Space style={{ marginBottom: 8 }} wrap>
          <Select style={{ width: 180 }} value={viewId ?? undefined} onChange={setViewId} showSearch={{ optionFilterProp: 'label' }}
            options={(views.data ?? []).map((v) => ({ value: v.id, label: v.name }))} aria-label={t('field.view')} />
          <Input.Search allowClear style={{ width: 220 }} placeholder={`${t('field.code')} / ${t('field.name')}`} enterButton={t('action.search')}
            onSearch={async (kw) => {
              if (!kw.trim() || viewId === null) { setHits(null); return; }
              const found = await organApi.search(viewId, kw.trim());
              setHits(found);
              if (found.length === 1) await openPath(found[0]);
            }} />
          <Button icon={<ReloadOutlined />} onClick={() => { setKids({}); setExpanded([]); void loadTop(); }} aria-label={t('action.refresh')} title={t('action.refresh')} />
          {can('organ:organ:add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'new', parentId: null })}>{t('action.add')}</Button>}
          {can('organ:organ:edit') && <Button icon={<ApartmentOutlined />} onClick={() => setPlacing({ parentId: null })}>{t('action.placeInView')}</Button>}
        </Space>
        {hits && (
          <List size="small" bordered style={{ marginBottom: 8, maxHeight: 220, overflow: 'auto' }} header={t('title.results')} dataSource={hits}
            locale={{ emptyText: t('hint.noResults') }}
            renderItem={(h) => (
              <List.Item style={{ cursor: 'pointer' }} tabIndex={0} role="button" onClick={() => void openPath(h)}
                onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); void openPath(h); } }}>
                <span>{h.pathNames.join(' / ')} <Tag>{h.typeName}</Tag></span>
              </List.Item>
            )} />
        )}
        {can('organ:organ:edit') && <div style={{ color: '#8c8c8c', fontSize: 12, marginBottom: 4 }}>{t('hint.drag')}</div>}
        {kids[ROOT]?.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hint.emptyView')} />}
        <Tree
          blockNode showLine draggable={can('organ:organ:edit') ? { icon: false } : false}
          treeData={nodes} expandedKeys={expanded} onExpand={(k) => setExpanded(k)}
          selectedKeys={selectedId !== null ? [String(selectedId)] : []} onSelect={(_k, info) => setSelectedId(Number(info.node.key))}
          loadData={async (node) => { if (!kids[String(node.key)]) await load(Number(node.key)); }}
          onDrop={onDrop}
        />
      </Col>
      <Col xs={24} md={13}>
        <Card size="small" title={t('title.detail')}
          extra={selected && (
            <Space size={0} wrap>
              {can('organ:organ:add') && !selected.holdsStaff && <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'new', parentId: selected.id })}>{t('action.addChild')}</Button>}
              {can('organ:organ:edit') && !selected.holdsStaff && <Button type="link" size="small" icon={<ApartmentOutlined />} onClick={() => setPlacing({ parentId: selected.id })}>{t('action.placeInView')}</Button>}
              {can('organ:organ:edit') && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', id: selected.id })}>{t('action.edit')}</Button>}
              {can('organ:organ:edit') && (detail.data?.views.length ?? 0) > 1 && <Button type="link" size="small" onClick={() => void confirmDelete(modal, t, () => unplace.mutateAsync(selected.id))}>{t('action.removeFromView')}</Button>}
              {can('organ:organ:delete') && <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync([selected.id]))}>{t('action.delete')}</Button>}
            </Space>
          )}>
          {!detail.data || selectedId === null ? <Empty description={t('hint.selectOrgan')} /> : (
            <Descriptions size="small" column={1} bordered items={[
              { key: 'code', label: t('field.code'), children: detail.data.code },
              { key: 'name', label: t('field.name'), children: detail.data.name },
              { key: 'short', label: t('field.shortName'), children: detail.data.shortName ?? '—' },
              { key: 'type', label: t('field.type'), children: `${detail.data.typeName} (${detail.data.typeCode})` },
              { key: 'principal', label: t('field.principal'), children: detail.data.principal ?? '—' },
              { key: 'seq', label: t('field.seq'), children: selected?.seq ?? '—' },
              ...(detail.data.holdsStaff ? [{ key: 'holder', label: t('field.holder'), children: detail.data.staff ? `${detail.data.staff.name} (${detail.data.staff.code})` : t('hint.vacant') }] : []),
              { key: 'views', label: t('field.views'), children: detail.data.views.map((v) => <Tag key={v.viewId}>{v.viewName}</Tag>) },
            ]} />
          )}
        </Card>
      </Col>
      {placing && viewId !== null && (
        <PlaceForm viewId={viewId} parent={placing.parentId !== null ? nodeById.get(placing.parentId) ?? null : null} onClose={() => setPlacing(null)}
          onSaved={async (parentId) => {
            setPlacing(null);
            await refresh([parentId]);
            if (parentId !== null) setExpanded((e) => [...new Set([...e, String(parentId)])]);
            void qc.invalidateQueries({ queryKey: ['organ', 'organ'] });
          }} />
      )}
      {editing && viewId !== null && (
        <OrganForm viewId={viewId} editing={editing} seq={editing.mode === 'edit' ? nodeById.get(editing.id)?.seq ?? 0 : (kids[keyOf(editing.parentId)]?.length ?? 0)}
          onClose={() => setEditing(null)}
          onSaved={async (parentId) => {
            setEditing(null);
            await refresh([parentId]);
            if (parentId !== null) setExpanded((e) => [...new Set([...e, String(parentId)])]);
            void qc.invalidateQueries({ queryKey: ['organ', 'organ'] });
          }} />
      )}
    </Row>
  );
}

function OrganForm({ viewId, editing, seq, onClose, onSaved }: {
  viewId: number; editing: { mode: 'new'; parentId: number | null } | { mode: 'edit'; id: number }; seq: number;
  onClose: () => void; onSaved: (parentId: number | null) => void;
}) {
  const { t, i18n } = useTranslation('organ');
  const [form] = Form.useForm();
  const types = useQuery({ queryKey: [...keys.types, 'options'], queryFn: organApi.typeOptions });
  const detail = useQuery({ queryKey: ['organ', 'organ', editing.mode === 'edit' ? editing.id : null], queryFn: () => organApi.organ((editing as { id: number }).id), enabled: editing.mode === 'edit' });
  const isNew = editing.mode === 'new';
  const schema = isNew ? organCreateSchema : organUpdateSchema;
  const rule = zodRule(schema, langOf(i18n.language), (v) => ({ ...v, viewId, parentId: isNew ? editing.parentId : undefined }));
  useEffect(() => { if (detail.data) form.setFieldsValue({ ...detail.data, seq }); }, [detail.data, form, seq]);
  const save = useOrganMutation(async (v: Record<string, unknown>) => {
    if (isNew) return organApi.createOrgan(organCreateSchema.parse({ ...v, viewId, parentId: editing.parentId }));
    return organApi.updateOrgan(editing.id, organUpdateSchema.parse({ ...v, viewId }));
  }, [], (o) => onSaved(isNew ? editing.parentId : (o.views.find((x) => x.viewId === viewId)?.parentId ?? null)));
  const submit = async () => { const v = await form.validateFields().catch(() => null); if (v) save.mutate(v); };
  return (
    <Modal open width={560} title={isNew ? t('title.newOrgan') : t('title.editOrgan')} onCancel={onClose} onOk={submit} confirmLoading={save.isPending}
      okText={t('action.save')} destroyOnHidden maskClosable={false}>
      <Alert type="info" showIcon message={t('hint.rules')} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical" initialValues={{ seq }}>
        <Form.Item name="code" label={t('field.code')} required rules={[rule]}><Input maxLength={50} /></Form.Item>
        <Form.Item name="typeCode" label={t('field.type')} required rules={[rule]}>
          <Select options={(types.data ?? []).map((x) => ({ value: x.code, label: `${x.name} (${x.code})` }))} />
        </Form.Item>
        <Form.Item name="name" label={t('field.name')} required rules={[rule]}><Input maxLength={100} /></Form.Item>
        <Form.Item name="shortName" label={t('field.shortName')} rules={[rule]}><Input maxLength={50} /></Form.Item>
        <Form.Item name="principal" label={t('field.principal')} rules={[rule]}><Input maxLength={100} /></Form.Item>
        <Form.Item name="seq" label={t('field.seq')} rules={[rule]}><InputNumber min={0} precision={0} style={{ width: '100%' }} /></Form.Item>
      </Form>
    </Modal>
  );
}

/** Places an organ that already exists (in another view) in this view, under `parent` or at the top; the organ rules apply. */
function PlaceForm({ viewId, parent, onClose, onSaved }: { viewId: number; parent: OrganNode | null; onClose: () => void; onSaved: (parentId: number | null) => void }) {
  const { t } = useTranslation('organ');
  const [form] = Form.useForm<{ organId: number }>();
  const [kw, setKw] = useState('');
  const organs = useQuery({ queryKey: ['organ', 'placeOptions', kw], queryFn: () => organApi.organOptions({ keyword: kw || undefined }) });
  const parentId = parent?.id ?? null;
  const save = useOrganMutation((organId: number) => organApi.place(viewId, organId, parentId), [keys.views], () => onSaved(parentId));
  return (
    <Modal open width={520} title={t('title.place')} onCancel={onClose} onOk={async () => { const v = await form.validateFields().catch(() => null); if (v) save.mutate(v.organId); }}
      confirmLoading={save.isPending} okText={t('action.save')} destroyOnHidden maskClosable={false}>
      <Alert type="info" showIcon message={t('hint.rules')} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical">
        <Form.Item label={t('field.parent')}>{parent ? `${parent.name} (${parent.typeName})` : t('hint.topLevel')}</Form.Item>
        <Form.Item name="organId" label={t('field.organ')} rules={[{ required: true, message: t('hint.pickOrgan') }]}>
          <Select showSearch={{ filterOption: false, onSearch: setKw }} placeholder={`${t('field.code')} / ${t('field.name')}`}
            options={(organs.data ?? []).map((o) => ({ value: o.id, label: `${o.name} (${o.code}) · ${o.typeName}` }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function StaffList() {
  const { t } = useTranslation('organ');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const list = usePaged(keys.staff, organApi.staff, q);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<StaffRow | 'new' | null>(null);
  const remove = useOrganMutation((ids: number[]) => organApi.deleteStaff(ids), [keys.staff, keys.tree], () => setSelected([]), 'msg.deleted');
  const cols: TableProps<StaffRow>['columns'] = [
    { title: t('field.staffCode'), dataIndex: 'code', sorter: true, width: 140 },
    { title: t('field.staffName'), dataIndex: 'name', sorter: true, width: 140 },
    { title: t('field.gender'), dataIndex: 'gender', width: 100, render: (v: string | null) => <DictTag dict={GENDER_DICT} value={v} /> },
    { title: t('field.position'), dataIndex: 'positionName', width: 180, render: (v: string | null) => v ?? '—' },
    { title: t('field.mobile'), dataIndex: 'mobile', width: 130, render: (v: string | null) => v ?? '—' },
    { title: t('field.email'), dataIndex: 'email', width: 180, render: (v: string | null) => v ?? '—' },
    { title: t('field.accounts'), dataIndex: 'accounts', width: 160, render: (v: string | null) => v ?? '—' },
    {
      title: t('field.ops'), key: 'actions', width: 200, fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          {can('organ:organ:edit') && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('action.edit')}</Button>}
          {can('organ:organ:delete') && <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync([r.id]))}>{t('action.delete')}</Button>}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search allowClear placeholder={`${t('field.staffCode')} / ${t('field.staffName')}`} enterButton={t('action.search')} style={{ width: 300 }}
          onSearch={(keyword) => setQ({ ...q, keyword, page: 1 })} />
        {can('organ:organ:add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('action.add')}</Button>}
        {can('organ:organ:delete') && (
          <Button danger icon={<DeleteOutlined />} onClick={() => requireSelection(message, t, selected) && void confirmDelete(modal, t, () => remove.mutateAsync(selected), selected.length)}>
            {t('action.batchDelete')}
          </Button>
        )}
      </Space>
      <Table<StaffRow>
        rowKey="id" size="small" columns={cols} loading={list.isFetching} dataSource={list.data?.records ?? []} scroll={{ x: 1300 }}
        rowSelection={can('organ:organ:delete') ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) } : undefined}
        pagination={tablePagination(list.data?.total ?? 0, q.page, q.limit)}
        onChange={onTableChange(setQ)}
      />
      {editing && <StaffForm staff={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function StaffForm({ staff, onClose }: { staff: StaffRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('organ');
  const [form] = Form.useForm();
  const [kw, setKw] = useState('');
  const positions = useQuery({ queryKey: ['organ', 'positions', kw], queryFn: () => organApi.organOptions({ keyword: kw || undefined, positions: 'true' }) });
  const rule = zodRule(staffSchema, langOf(i18n.language));
  const save = useOrganMutation((body: Record<string, unknown>) => {
    const parsed = staffSchema.parse(body);
    return staff ? organApi.updateStaff(staff.id, parsed) : organApi.createStaff(parsed);
  }, [keys.staff], onClose);
  const submit = async () => { const v = await form.validateFields().catch(() => null); if (v) save.mutate(v); };
  const options = (positions.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.code})${p.staffName && p.id !== staff?.positionId ? ` — ${p.staffName}` : ''}`, disabled: !!p.staffName && p.id !== staff?.positionId }));
  if (staff?.positionId && !options.some((o) => o.value === staff.positionId)) options.unshift({ value: staff.positionId, label: staff.positionName ?? String(staff.positionId), disabled: false });
  return (
    <Modal open width={520} title={staff ? t('title.editStaff') : t('title.newStaff')} onCancel={onClose} onOk={submit} confirmLoading={save.isPending}
      okText={t('action.save')} destroyOnHidden maskClosable={false}>
      <Form form={form} layout="vertical" initialValues={staff ?? {}}>
        <Form.Item name="code" label={t('field.staffCode')} required rules={[rule]}><Input maxLength={50} /></Form.Item>
        <Form.Item name="name" label={t('field.staffName')} required rules={[rule]}><Input maxLength={100} /></Form.Item>
        <Form.Item name="gender" label={t('field.gender')} rules={[rule]}><DictSelect dict={GENDER_DICT} /></Form.Item>
        <Form.Item name="positionId" label={t('field.position')} extra={t('hint.onePosition')} rules={[rule]}>
          <Select allowClear showSearch filterOption={false} onSearch={setKw} options={options} />
        </Form.Item>
        <Form.Item name="mobile" label={t('field.mobile')} rules={[rule]}><Input maxLength={20} /></Form.Item>
        <Form.Item name="email" label={t('field.email')} rules={[rule]}><Input maxLength={200} /></Form.Item>
        <Form.Item name="note" label={t('field.note')} rules={[rule]}><Input.TextArea rows={2} maxLength={500} /></Form.Item>
      </Form>
    </Modal>
  );
}
