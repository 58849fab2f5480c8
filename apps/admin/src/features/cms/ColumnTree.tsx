import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Card, Col, Empty, Form, Input, InputNumber, Row, Space, Switch, Tag, Tree, TreeSelect, Typography } from 'antd';
import type { TreeProps } from 'antd';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { HEADER_COLUMN_ID, columnInputSchema, type CmsColumnNode, type ColumnInput } from '@bencao/contracts';
import { cmsApi, cmsKeys, useCmsMutation, useColumns, usePublicSettings } from './api';
import { columnTreeData } from './ArticleEditor';
import { usePermission } from '@/lib/permission';

interface Flat { node: CmsColumnNode; parent: number | null }
function flatten(nodes: CmsColumnNode[], parent: number | null = null, out = new Map<number, Flat>()) {
  for (const n of nodes) { out.set(n.id, { node: n, parent }); flatten(n.children, n.id, out); }
  return out;
}

/** The column tree: the root's children are the site header. Drag to reorder, edit on the right. */
export function ColumnTree() {
  const { t } = useTranslation('cms');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const tree = useColumns();
  const settings = usePublicSettings();
  const [selected, setSelected] = useState<number | null>(null);
  const [creatingUnder, setCreatingUnder] = useState<number | null>(null);
  const [form] = Form.useForm<ColumnInput>();
  const flat = useMemo(() => flatten(tree.data ?? []), [tree.data]);
  const rootLabel = tree.data?.[0]?.label ?? '';
  const inv = [cmsKeys.columns];
  const save = useCmsMutation((v: { id: number | null; input: ColumnInput }) => (v.id ? cmsApi.columns.update(v.id, v.input) : cmsApi.columns.create(v.input)), inv,
    (r) => { message.success(t('common.saved')); setCreatingUnder(null); setSelected(r.id); });
  const remove = useCmsMutation((id: number) => cmsApi.columns.remove(id), inv, () => { message.success(t('common.deleted')); setSelected(null); });
  const reorder = useCmsMutation((items: { id: number; parent: number; seq: number }[]) => cmsApi.columns.reorder(items), inv, () => message.success(t('column.moved')));

  const biddingId = settings.data?.biddingColumnId;
  const treeData = useMemo(() => {
    const build = (nodes: CmsColumnNode[]): NonNullable<TreeProps['treeData']> => nodes.map((n) => ({
      key: n.id,
      title: (
        <Space size={6}>
          <span>{n.label}</span>
          {n.path && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{n.path}</Typography.Text>}
          {!n.visible && <Tag>{t('column.hidden')}</Tag>}
          {n.id === biddingId && <Tag color="gold">{t('settings.biddingColumnId')}</Tag>}
          {n.articleCount > 0 && <Tag color="green">{n.articleCount}</Tag>}
        </Space>
      ),
      children: build(n.children),
    }));
    return build(tree.data ?? []);
  }, [tree.data, biddingId, t]);

  const startCreate = (parent: number) => {
    setSelected(null); setCreatingUnder(parent);
    form.resetFields();
    form.setFieldsValue({ label: '', labels: {}, path: '', parent, seq: ((flat.get(parent)?.node.children.length ?? 0) + 1) * 10, visible: true });
  };
  const select = (id: number) => {
    const f = flat.get(id);
    if (!f) return;
    setCreatingUnder(null); setSelected(id);
    form.resetFields();
    form.setFieldsValue({ label: f.node.label, labels: f.node.labels ?? {}, path: f.node.path, parent: f.parent ?? HEADER_COLUMN_ID, seq: f.node.seq, visible: f.node.visible });
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragId = Number(info.dragNode.key);
    const dropId = Number(info.node.key);
    const dropPos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(dropPos[dropPos.length - 1]);
    let parent: number;
    let siblings: number[];
    if (!info.dropToGap) {
      parent = dropId;
      siblings = [dragId, ...(flat.get(dropId)?.node.children.map((c) => c.id) ?? []).filter((x) => x !== dragId)];
    } else {
      parent = flat.get(dropId)?.parent ?? HEADER_COLUMN_ID;
      const list = (flat.get(parent)?.node.children.map((c) => c.id) ?? []).filter((x) => x !== dragId);
      const at = list.indexOf(dropId) + (relative > 0 ? 1 : 0);
      list.splice(at, 0, dragId);
      siblings = list;
    }
    if (flat.get(dragId)?.parent === null) return;
    reorder.mutate(siblings.map((id, i) => ({ id, parent, seq: (i + 1) * 10 })));
  };

  const editing = selected !== null || creatingUnder !== null;
  const isRoot = selected !== null && flat.get(selected)?.parent === null;
  const canWrite = selected ? can('cms:column:edit') : can('cms:column:add');

  return (
    <Row gutter={16}>
      <Col xs={24} lg={12}>
        <Card
          title={t('column.title')}
          extra={can('cms:column:add') && <Button icon={<PlusOutlined />} onClick={() => startCreate(selected ?? HEADER_COLUMN_ID)}>{selected ? t('action.addChild') : t('action.add')}</Button>}
        >
          <Typography.Paragraph type="secondary">{t('column.hint', { root: rootLabel })}</Typography.Paragraph>
          {tree.data && (
            <Tree
              blockNode
              defaultExpandAll
              draggable={can('cms:column:edit') ? { icon: false, nodeDraggable: (n) => Number(n.key) !== HEADER_COLUMN_ID } : false}
              treeData={treeData}
              selectedKeys={selected ? [selected] : []}
              onSelect={(keys) => (keys.length ? select(Number(keys[0])) : setSelected(null))}
              onDrop={onDrop}
              allowDrop={({ dropNode, dropPosition }) => !(Number(dropNode.key) === HEADER_COLUMN_ID && dropPosition !== 0)}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={selected ? flat.get(selected)?.node.label : creatingUnder ? t('action.add') : t('column.title')}>
          {!editing ? <Empty /> : (
            <Form
              form={form}
              layout="vertical"
              disabled={!canWrite || isRoot}
              onFinish={(v) => {
                const parsed = columnInputSchema.safeParse(v);
                if (!parsed.success) { form.setFields(parsed.error.issues.map((i) => ({ name: i.path as never, errors: [i.message] }))); return; }
                save.mutate({ id: selected, input: parsed.data });
              }}
            >
              <Form.Item name="label" label={t('column.label')} rules={[{ required: true, whitespace: true, max: 40 }]}><Input maxLength={40} /></Form.Item>
              <Form.Item name={['labels', 'en']} label={t('translation.columnLabel')} rules={[{ whitespace: true, max: 60 }]}><Input maxLength={60} placeholder="News" /></Form.Item>
              <Form.Item name="path" label={t('column.path')} rules={[{ max: 200, pattern: /^(\/[\w\-./]*)?$|^https?:\/\// }]}><Input placeholder="/newsPage" /></Form.Item>
              <Form.Item name="parent" label={t('column.parent')} rules={[{ required: true }]}>
                <TreeSelect treeDefaultExpandAll treeData={columnTreeData(tree.data ?? [])} />
              </Form.Item>
              <Form.Item name="seq" label={t('column.seq')}><InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} /></Form.Item>
              <Form.Item name="visible" label={t('column.visible')} valuePropName="checked"><Switch /></Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>{t('action.save')}</Button>
                {selected && !isRoot && can('cms:column:delete') && (
                  <Button danger icon={<DeleteOutlined />} disabled={false} onClick={() => modal.confirm({
                    title: t('action.delete'), content: t('column.confirmDelete', { label: flat.get(selected)?.node.label }), okButtonProps: { danger: true },
                    onOk: () => remove.mutateAsync(selected),
                  })}>{t('action.delete')}</Button>
                )}
              </Space>
            </Form>
          )}
        </Card>
      </Col>
    </Row>
  );
}
