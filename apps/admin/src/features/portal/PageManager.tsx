import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Card, Empty, Form, Input, InputNumber, Modal, Select, Space, Tree, TreeSelect, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, FileOutlined, FolderOutlined, LinkOutlined, PlusOutlined, GlobalOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { portalNodeSchema, type PortalNode, type PortalNodeKind } from '@bencao/contracts';
import { usePermission } from '@/lib/permission';
import { zodRule, langOf } from '@/lib/zodRule';
import { confirmDelete } from '@/components/confirm';
import { portalApi, portalKeys, useNodes, usePage, usePortalMutation } from './api';
import { Designer } from './Designer';
import { ScopeSelect } from './ScopeSelect';

const ICON: Record<PortalNodeKind, React.ReactNode> = { dir: <FolderOutlined />, page: <FileOutlined />, url: <LinkOutlined /> };
interface DirOption { value: number; title: string; children: DirOption[] }
interface TreeItem { key: number; title: React.ReactNode; children: TreeItem[]; isLeaf: boolean }

function toTree(nodes: PortalNode[], parentId: number | null): TreeItem[] {
  return nodes.filter((n) => n.parentId === parentId).map((n) => ({
    key: n.id, title: <span>{ICON[n.kind]} {n.name}</span>, isLeaf: n.kind !== 'dir', children: toTree(nodes, n.id),
  }));
}

/** The hosts the "external page" widget may frame (checked by the server when a page is saved). */
function FrameHosts() {
  const { t } = useTranslation('portal');
  const can = usePermission();
  const hosts = useQuery({ queryKey: portalKeys.frameHosts, queryFn: portalApi.frameHosts });
  const save = usePortalMutation(portalApi.setFrameHosts);
  return (
    <Card size="small" title={t('manager.frameHosts')} style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('manager.frameHostsHint')}</Typography.Paragraph>
      {hosts.data && (
        <Select mode="tags" style={{ width: '100%' }} aria-label={t('manager.frameHosts')} defaultValue={hosts.data} disabled={!can('cportal:page:edit')}
          onChange={(v: string[]) => save.mutate(v)} tokenSeparators={[',', ' ']} />
      )}
    </Card>
  );
}

/** The page manager: the tree of directories, pages and URL entries; a chosen page opens in the designer. */
export function PageManager() {
  const { t, i18n } = useTranslation('portal');
  const { modal } = App.useApp();
  const can = usePermission();
  const nodes = useNodes();
  // the chosen node lives in the URL (`?node=12`): a reload or a shared link reopens it
  const [search, setSearch] = useSearchParams();
  const selected = /^\d+$/.test(search.get('node') ?? '') ? Number(search.get('node')) : null;
  const setSelected = useCallback((id: number | null) => setSearch((prev) => {
    const next = new URLSearchParams(prev);
    if (id) next.set('node', String(id)); else next.delete('node');
    return next;
  }, { replace: true }), [setSearch]);
  const [editing, setEditing] = useState<{ node?: PortalNode; kind: PortalNodeKind } | null>(null);
  const [form] = Form.useForm();
  const list = useMemo(() => nodes.data ?? [], [nodes.data]);
  const current = list.find((n) => n.id === selected) ?? null;
  const page = usePage(current?.kind === 'page' ? current.id : null);
  const create = usePortalMutation(portalApi.createNode);
  const update = usePortalMutation(({ id, body }: { id: number; body: Parameters<typeof portalApi.updateNode>[1] }) => portalApi.updateNode(id, body));
  const remove = usePortalMutation(portalApi.deleteNode);
  const rule = zodRule(portalNodeSchema, langOf(i18n.language));
  const dirs = (parentId: number | null): DirOption[] =>
    list.filter((n) => n.kind === 'dir' && n.parentId === parentId && n.id !== editing?.node?.id).map((n) => ({ value: n.id, title: n.name, children: dirs(n.id) }));

  const open = (kind: PortalNodeKind, node?: PortalNode) => {
    setEditing({ node, kind });
    form.resetFields();
    form.setFieldsValue(node ?? { kind, parentId: current?.kind === 'dir' ? current.id : current?.parentId ?? null, seq: 0, maintainers: [] });
  };
  const submit = async () => {
    const v = await form.validateFields();
    const body = portalNodeSchema.parse({ ...v, kind: editing!.kind });
    const saved = editing!.node ? await update.mutateAsync({ id: editing!.node.id, body }) : await create.mutateAsync(body);
    setSelected(saved.id);
    setEditing(null);
  };

  return (
    <div className="portal-manager">
      <div className="portal-tree">
        <Card size="small" title={t('manager.tree')}>
          <Space wrap style={{ marginBottom: 8 }}>
            {can('cportal:page:add') && (['dir', 'page', 'url'] as const).map((k) => (
              <Button key={k} size="small" icon={<PlusOutlined />} onClick={() => open(k)}>{t(k === 'dir' ? 'manager.addDir' : k === 'page' ? 'manager.addPage' : 'manager.addUrl')}</Button>
            ))}
          </Space>
          {current && (
            <Space style={{ marginBottom: 8 }}>
              {can('cportal:page:edit') && <Button size="small" icon={<EditOutlined />} onClick={() => open(current.kind, current)}>{t('manager.edit')}</Button>}
              {can('cportal:page:delete') && <Button size="small" danger icon={<DeleteOutlined />}
                onClick={() => confirmDelete(modal, t, async () => { await remove.mutateAsync(current.id); setSelected(null); })}>{t('manager.delete')}</Button>}
            </Space>
          )}
          <Tree blockNode defaultExpandAll key={list.length} treeData={toTree(list, null)} selectedKeys={selected ? [selected] : []}
            onSelect={(keys) => setSelected(keys.length ? Number(keys[0]) : null)} />
        </Card>
        <FrameHosts />
      </div>
      <div className="portal-main">
        {current?.kind === 'page' && page.data ? <Designer page={page.data} />
          : current?.kind === 'url' ? (
            <Card><Typography.Title level={4}>{current.name}</Typography.Title><a href={current.url ?? '#'} target="_blank" rel="noreferrer"><GlobalOutlined /> {current.url}</a></Card>
          ) : <Card><Empty description={t('manager.pickPage')} /></Card>}
      </div>
      <Modal open={!!editing} title={editing && t(editing.node ? 'manager.edit' : editing.kind === 'dir' ? 'manager.addDir' : editing.kind === 'page' ? 'manager.addPage' : 'manager.addUrl')}
        onCancel={() => setEditing(null)} onOk={submit} confirmLoading={create.isPending || update.isPending} destroyOnHidden>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="kind" hidden><Input /></Form.Item>
          <Form.Item name="name" label={t('manager.name')} rules={[rule]}><Input maxLength={60} /></Form.Item>
          <Form.Item name="parentId" label={t('manager.parent')}>
            <TreeSelect allowClear treeDefaultExpandAll placeholder={t('manager.top')} treeData={dirs(null)} />
          </Form.Item>
          {editing?.kind === 'url' && <Form.Item name="url" label={t('manager.url')} rules={[rule]}><Input placeholder="https://" /></Form.Item>}
          <Form.Item name="seq" label={t('manager.seq')}><InputNumber min={0} precision={0} /></Form.Item>
          {editing?.kind !== 'dir' && <Form.Item name="maintainers" label={t('manager.maintainers')}><ScopeSelect type="user" mode="multiple" allowClear /></Form.Item>}
        </Form>
      </Modal>
    </div>
  );
}
