import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Card, Col, Descriptions, Empty, Form, Input, List, Modal, Row, Select, Space, Tag, Tree } from 'antd';
import type { GetRef, TreeDataNode } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { REGION_TYPES, regionSchema, type RegionNode } from '@bencao/contracts';
import { usePermission } from '@/lib/permission';
import { langOf, zodRule } from '@/lib/zodRule';
import { confirmDelete } from '@/components/confirm';
import { commonApi, useCommonMutation, type RegionHit } from './api';

const ROOT = '';
/** room below the tree inside the page: the card's and the page's bottom padding */
const BOTTOM_GAP = 32;

/**
 * The height that lets the element reach the bottom of the window, so the tree's own scrollbar is
 * whole on the screen and scrolls to the last node. Measured again when the window or `above` (what
 * is laid out above the element) changes.
 */
function useFillHeight(ref: React.RefObject<HTMLElement | null>, above: unknown, min = 240) {
  const [height, setHeight] = useState(480);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      if (el.offsetParent) setHeight(Math.max(min, Math.floor(window.innerHeight - top - BOTTOM_GAP)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [ref, min, above]);
  return height;
}

/** Regions: a lazy tree (children by parent) and a search that opens the path to a match. */
export function RegionTree() {
  const { t } = useTranslation('common');
  const { modal } = App.useApp();
  const can = usePermission();
  const [kids, setKids] = useState<Record<string, RegionNode[]>>({});
  const [expanded, setExpanded] = useState<React.Key[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [hits, setHits] = useState<RegionHit[] | null>(null);
  const [editing, setEditing] = useState<{ parentCode: string | null } | RegionNode | null>(null);
  const tree = useRef<GetRef<typeof Tree>>(null);
  const treeBox = useRef<HTMLDivElement>(null);
  const load = useCallback(async (parent: string) => {
    const list = await commonApi.regionChildren(parent || undefined);
    setKids((k) => ({ ...k, [parent]: list }));
    return list;
  }, []);
  // The first level opens at once: a single top region (the country) shows its provinces.
  useEffect(() => {
    void (async () => {
      const top = await load(ROOT);
      if (top.length === 1 && top[0].hasChildren) {
        await load(top[0].code);
        setExpanded((e) => [...new Set([...e, top[0].code])]);
      }
    })();
  }, [load]);
  const byCode = useMemo(() => new Map(Object.values(kids).flat().map((r) => [r.code, r])), [kids]);
  const nodes = useMemo(() => {
    const build = (parent: string): TreeDataNode[] => (kids[parent] ?? []).map((r) => ({
      key: r.code, title: <span>{r.name} <span style={{ color: '#8c8c8c' }}>{r.code}</span></span>, isLeaf: !r.hasChildren,
      children: kids[r.code] ? build(r.code) : undefined,
    }));
    return build(ROOT);
  }, [kids]);
  const openPath = async (h: RegionHit) => {
    for (const c of h.path.slice(0, -1)) if (!kids[c]) await load(c);
    setExpanded((e) => [...new Set([...e, ...h.path.slice(0, -1)])]);
    setSelected(h.code);
    // let the tree render the opened levels, then bring the match into view
    setTimeout(() => tree.current?.scrollTo({ key: h.code, align: 'top', offset: 24 }), 50);
  };
  const search = async (kw: string) => {
    const found = kw.trim() ? await commonApi.searchRegions(kw.trim()) : null;
    setHits(found);
    if (found?.length === 1) await openPath(found[0]);
  };
  const cur = selected ? byCode.get(selected) : undefined;
  const treeHeight = useFillHeight(treeBox, hits);
  const remove = useCommonMutation((code: string) => commonApi.deleteRegions([code]), [], () => { setSelected(null); void load(cur?.parentCode ?? ROOT); }, 'msg.deleted');
  return (
    <Card size="small">
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Space style={{ marginBottom: 8 }} wrap>
            <Input.Search allowClear style={{ width: 280 }} placeholder={`${t('field.name')} / ${t('field.code')}`} enterButton={t('action.search')}
              onSearch={(kw) => void search(kw)} />
            {can('common:region:add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ parentCode: selected })}>{t('action.add')}</Button>}
          </Space>
          {hits && (
            <List size="small" bordered style={{ marginBottom: 8, maxHeight: 240, overflow: 'auto' }} header={t('title.results')} dataSource={hits} locale={{ emptyText: t('hint.noResults') }}
              renderItem={(h) => <List.Item style={{ cursor: 'pointer' }} tabIndex={0} role="button" onClick={() => void openPath(h)}
                onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); void openPath(h); } }}>{h.pathNames.join(' / ')} <Tag>{h.code}</Tag></List.Item>} />
          )}
          <div ref={treeBox} className="region-tree" style={{ height: treeHeight }}>
            <Tree ref={tree} height={treeHeight} blockNode showLine treeData={nodes} expandedKeys={expanded} onExpand={setExpanded}
              selectedKeys={selected ? [selected] : []} onSelect={(_k, info) => setSelected(String(info.node.key))}
              loadData={async (n) => { if (!kids[String(n.key)]) await load(String(n.key)); }} />
          </div>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" extra={cur && (
            <Space size={0}>
              {can('common:region:add') && cur.type !== 'street' && <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setEditing({ parentCode: cur.code })}>{t('action.addChild')}</Button>}
              {can('common:region:edit') && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(cur)}>{t('action.edit')}</Button>}
              {can('common:region:delete') && <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync(cur.code))}>{t('action.delete')}</Button>}
            </Space>
          )}>
            {!cur ? <Empty description={t('hint.selectRegion')} /> : (
              <Descriptions size="small" column={1} bordered items={[
                { key: 'code', label: t('field.code'), children: cur.code },
                { key: 'name', label: t('field.name'), children: cur.name },
                { key: 'short', label: t('field.shortName'), children: cur.shortName ?? '—' },
                { key: 'type', label: t('field.regionType'), children: t(`regionType.${cur.type}`) },
                { key: 'parent', label: t('field.parent'), children: cur.parentCode ? (byCode.get(cur.parentCode)?.name ?? cur.parentCode) : '—' },
              ]} />
            )}
          </Card>
        </Col>
      </Row>
      {editing && <RegionForm editing={editing} parentName={(c) => byCode.get(c)?.name ?? c} onClose={() => setEditing(null)}
        onSaved={(parent) => { setEditing(null); void load(parent ?? ROOT); if (parent) setExpanded((e) => [...new Set([...e, parent])]); }} />}
    </Card>
  );
}

function RegionForm({ editing, parentName, onClose, onSaved }: {
  editing: { parentCode: string | null } | RegionNode; parentName: (code: string) => string; onClose: () => void; onSaved: (parent: string | null) => void;
}) {
  const { t, i18n } = useTranslation('common');
  const [form] = Form.useForm();
  const row = 'code' in editing ? editing : null;
  const rule = zodRule(regionSchema, langOf(i18n.language));
  const save = useCommonMutation((body: Record<string, unknown>) => {
    const parsed = regionSchema.parse(body);
    return row ? commonApi.updateRegion(row.code, parsed) : commonApi.createRegion(parsed);
  }, [], (r) => onSaved(r.parentCode));
  return (
    <Modal open width={480} title={row ? t('title.editRegion') : t('title.newRegion')} onCancel={onClose} onOk={async () => { const v = await form.validateFields().catch(() => null); if (v) save.mutate(v); }}
      confirmLoading={save.isPending} okText={t('action.save')} destroyOnHidden maskClosable={false}>
      <Form form={form} layout="vertical" initialValues={row ?? { parentCode: editing.parentCode }}>
        <Form.Item name="code" label={t('field.code')} required rules={[rule]}><Input maxLength={20} disabled={!!row} /></Form.Item>
        <Form.Item name="name" label={t('field.name')} required rules={[rule]}><Input maxLength={100} /></Form.Item>
        <Form.Item name="shortName" label={t('field.shortName')} rules={[rule]}><Input maxLength={50} /></Form.Item>
        <Form.Item name="type" label={t('field.regionType')} required rules={[rule]}>
          <Select options={REGION_TYPES.map((v) => ({ value: v, label: t(`regionType.${v}`) }))} />
        </Form.Item>
        <Form.Item name="parentCode" label={t('field.parent')} extra={editing.parentCode ? parentName(editing.parentCode) : undefined} rules={[rule]} dependencies={['type']}>
          <Input maxLength={20} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
