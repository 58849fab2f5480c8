import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import {
  Alert, App, Button, Card, Col, Empty, Form, Input, InputNumber, Modal, Row, Select, Skeleton, Space, Switch, Table, Tag, Tree, Typography, Upload,
} from 'antd';
import type { TableProps, TreeDataNode } from 'antd';
import { DeleteOutlined, DownloadOutlined, InboxOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  ACCESS_MODES, OPERATION_TYPES, TRANSPORTS, appSchema, functionSchema, moduleSchema, operationSchema, urlSchema,
  type AuthTreeNode, type TreeLevel,
} from '@bencao/contracts';
import type { z } from 'zod';
import { keys, securityApi, useSecurityMutation } from './api';
import { validValues } from './validate';
import { pagerLayout } from '@/components/table';
import { confirmDelete, requireSelection } from '@/components/confirm';
import { langOf, zodRule } from '@/lib/zodRule';
import { usePermission } from '@/lib/permission';
import { errorText, RequestError } from '@/lib/request';

const CHILD: Record<TreeLevel, TreeLevel | null> = { app: 'module', module: 'function', function: 'operation', operation: 'url', url: null };
const PARENT_FIELD: Record<TreeLevel, string | null> = { app: null, module: 'appId', function: 'moduleId', operation: 'functionId', url: 'operationId' };
const SCHEMA: Record<TreeLevel, z.ZodType> = { app: appSchema, module: moduleSchema, function: functionSchema, operation: operationSchema, url: urlSchema };
const LEVEL_COLOR: Record<TreeLevel, string> = { app: 'geekblue', module: 'purple', function: 'green', operation: 'orange', url: 'default' };

function findNode(nodes: AuthTreeNode[], key: string): AuthTreeNode | null {
  for (const n of nodes) {
    if (n.key === key) return n;
    const c = findNode(n.children ?? [], key);
    if (c) return c;
  }
  return null;
}

/** What the right pane shows: an existing node, or the form of a new one under a parent. */
type Pane = { kind: 'node'; key: string } | { kind: 'new'; level: TreeLevel; parentId: number | null } | null;

export function FunctionTree() {
  const { t, i18n } = useTranslation('security');
  const lang = langOf(i18n.language);
  const can = usePermission();
  const [keyword, setKeyword] = useState('');
  const [pane, setPane] = useState<Pane>(null);
  const [expanded, setExpanded] = useState<React.Key[] | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  // nodes the product seeded are named in the operator's language by the server: one cache entry per language
  const tree = useQuery({ queryKey: [...keys.tree(keyword), i18n.language], queryFn: () => securityApi.tree(keyword || undefined) });
  const nodes = tree.data ?? [];

  const treeData = useMemo(() => {
    const map = (n: AuthTreeNode): TreeDataNode => ({
      key: n.key,
      title: (
        <span>
          <Tag color={LEVEL_COLOR[n.level]} style={{ marginInlineEnd: 6 }}>{t(`level.${n.level}`)}</Tag>
          {n.name}{n.code ? <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>{n.code}</Typography.Text> : null}
        </span>
      ),
      children: n.children?.map(map),
      isLeaf: !n.children?.length,
    });
    return nodes.map(map);
  }, [nodes, t]);

  const allKeys = useMemo(() => {
    const out: string[] = [];
    const walk = (ns: AuthTreeNode[]) => ns.forEach((n) => { if (n.children?.length) { out.push(n.key); walk(n.children); } });
    walk(nodes);
    return out;
  }, [nodes]);
  const defaultExpanded = useMemo(() => nodes.flatMap((a) => [a.key, ...(keyword ? allKeys : [])]), [nodes, keyword, allKeys]);

  const selected = pane?.kind === 'node' ? findNode(nodes, pane.key) : null;

  const exportTree = async () => {
    try { await securityApi.exportTree(); } catch { /* the request client already showed why */ }
  };

  return (
    <Row gutter={12} wrap={false} style={{ alignItems: 'stretch' }}>
      <Col flex="420px" style={{ minWidth: 320 }}>
        <Card size="small" title={t('title.functions')} styles={{ body: { height: 'calc(100vh - 230px)', minHeight: 360, overflow: 'auto' } }}>
          {(can('security:function:add') || can('security:function:import') || can('security:function:export')) && (
            <Space size={4} wrap style={{ marginBottom: 8 }}>
              {can('security:function:add') && <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setPane({ kind: 'new', level: 'app', parentId: null })}>{t('action.addChild', { level: t('level.app') })}</Button>}
              {can('security:function:import') && <Button size="small" icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>{t('action.import')}</Button>}
              {can('security:function:export') && <Button size="small" icon={<DownloadOutlined />} onClick={exportTree}>{t('action.export')}</Button>}
            </Space>
          )}
          <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
            <Input.Search allowClear placeholder={t('field.keyword')} onSearch={(v) => { setKeyword(v.trim()); setExpanded(null); }} aria-label={t('field.keyword')} />
            <Button onClick={() => setExpanded(allKeys)}>{t('action.expandAll')}</Button>
            <Button onClick={() => setExpanded([])}>{t('action.collapseAll')}</Button>
          </Space.Compact>
          {/* the tree's first load shows its outline instead of a blank card */}
          {tree.isLoading ? <Skeleton active title={false} paragraph={{ rows: 10, width: ['40%', '55%', '70%', '70%', '55%', '70%', '70%', '55%', '70%', '60%'] }} /> : nodes.length ? (
            <Tree
              blockNode showLine
              treeData={treeData}
              expandedKeys={expanded ?? defaultExpanded}
              onExpand={(k) => setExpanded(k)}
              selectedKeys={pane?.kind === 'node' ? [pane.key] : []}
              onSelect={(k) => k[0] && setPane({ kind: 'node', key: String(k[0]) })}
            />
          ) : <Empty />}
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {pane?.kind === 'new' && (
          <NodeForm key={`new-${pane.level}-${pane.parentId}`} level={pane.level} parentId={pane.parentId} lang={lang}
            onSaved={(row) => setPane({ kind: 'node', key: `${pane.level}-${row.id}` })} onCancel={() => setPane(null)} />
        )}
        {selected && (
          <Space direction="vertical" size={12} style={{ width: '100%' }}>
            <NodeForm key={selected.key} level={selected.level} node={selected} parentId={null} lang={lang}
              onSaved={() => undefined} onDeleted={() => setPane(null)}
              onAddChild={CHILD[selected.level] && can('security:function:add') ? () => setPane({ kind: 'new', level: CHILD[selected.level]!, parentId: selected.id }) : undefined} />
            {CHILD[selected.level] && (
              <ChildrenTable parent={selected} onOpen={(key) => { setPane({ kind: 'node', key }); setExpanded((e) => [...new Set([...(e ?? defaultExpanded), selected.key])]); }} />
            )}
          </Space>
        )}
        {!pane && <Card size="small"><Empty description={t('hint.selectNode')} /></Card>}
      </Col>
      <ImportModal open={importOpen} onClose={() => setImportOpen(false)} />
    </Row>
  );
}

function NodeForm({ level, node, parentId, lang, onSaved, onCancel, onDeleted, onAddChild }: {
  level: TreeLevel; node?: AuthTreeNode; parentId: number | null; lang: ReturnType<typeof langOf>;
  onSaved: (row: { id: number }) => void; onCancel?: () => void; onDeleted?: () => void; onAddChild?: () => void;
}) {
  const { t } = useTranslation('security');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [form] = Form.useForm();
  const editable = node ? can('security:function:edit') : can('security:function:add');
  const schema = SCHEMA[level];
  const rule = zodRule(schema, lang);
  const parentField = PARENT_FIELD[level];

  useEffect(() => {
    if (node) form.setFieldsValue(node.data);
    else form.setFieldsValue({
      ...(parentField ? { [parentField]: parentId } : {}),
      ...(level === 'app' ? { transport: 'http', port: 8080, context: '/', seq: 0 } : {}),
      ...(level === 'operation' ? { type: 'button', isDefault: false } : {}),
      ...(level === 'url' ? { accessMode: 'GET' } : {}),
      ...(level !== 'url' ? { seq: 0 } : {}),
    });
  }, [node, form, level, parentField, parentId]);

  const save = useSecurityMutation(
    (body: Record<string, unknown>) => (node ? securityApi.updateNode(level, node.id, body as never) : securityApi.createNode(level, body as never)),
    [['security', 'tree']],
    (row) => { message.success(t('msg.saved')); onSaved(row as { id: number }); },
  );
  const remove = useSecurityMutation(() => securityApi.deleteNodes(level, [node!.id]), [['security', 'tree']], () => { message.success(t('msg.deleted')); onDeleted?.(); });

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    const body = schema.parse({ ...(node?.data ?? {}), ...values, ...(parentField ? { [parentField]: node ? (node.data as Record<string, unknown>)[parentField] : parentId } : {}) });
    const { id: _id, ...rest } = body as Record<string, unknown>;
    save.mutate(rest);
  };

  const title = node ? t('title.editNode', { level: t(`level.${level}`), name: node.name }) : t('title.newNode', { level: t(`level.${level}`) });
  const codeLabel = level === 'app' ? t('field.appCode') : level === 'operation' ? t('field.operationCode') : t('field.code');
  return (
    <Card size="small" title={title} extra={(
      <Space size={4}>
        {onAddChild && <Button size="small" icon={<PlusOutlined />} onClick={onAddChild}>{t('action.addChild', { level: t(`level.${CHILD[level]}`) })}</Button>}
        {node && can('security:function:delete') && (
          <Button size="small" danger icon={<DeleteOutlined />} loading={remove.isPending}
            onClick={() => confirmDelete(modal, t, () => remove.mutateAsync(undefined))}>
            {t('action.delete')}
          </Button>
        )}
      </Space>
    )}>
      <Form form={form} layout="vertical" disabled={!editable} requiredMark onFinish={submit} style={{ maxWidth: 720 }}>
        <Row gutter={16}>
          {level !== 'url' && <Col span={12}><Form.Item name="code" label={codeLabel} required rules={[rule]}><Input maxLength={100} /></Form.Item></Col>}
          <Col span={12}><Form.Item name="name" label={level === 'url' ? t('field.urlName') : t('field.name')} required rules={[rule]}
            extra={node && node.name !== (node.data as { name?: string }).name ? t('hint.shownAs', { name: node.name }) : undefined}><Input maxLength={100} /></Form.Item></Col>
          {level === 'app' && (<>
            <Col span={12}><Form.Item name="serverHost" label={t('field.serverHost')} required rules={[rule]} extra={t('hint.address')}><Input placeholder="127.0.0.1" /></Form.Item></Col>
            <Col span={6}><Form.Item name="port" label={t('field.port')} required rules={[rule]}><InputNumber style={{ width: '100%' }} min={1} max={65535} /></Form.Item></Col>
            <Col span={6}><Form.Item name="transport" label={t('field.transport')} required rules={[rule]}><Select options={TRANSPORTS.map((v) => ({ value: v, label: v }))} /></Form.Item></Col>
            <Col span={12}><Form.Item name="context" label={t('field.context')} required rules={[rule]}><Input placeholder="/console" /></Form.Item></Col>
          </>)}
          {level === 'operation' && (<>
            <Col span={12}><Form.Item name="type" label={t('field.operationType')} rules={[rule]}><Select options={OPERATION_TYPES.map((v) => ({ value: v, label: v }))} /></Form.Item></Col>
            <Col span={6}><Form.Item name="isDefault" label={t('field.isDefault')} valuePropName="checked"><Switch /></Form.Item></Col>
          </>)}
          {level === 'url' && (<>
            <Col span={16}><Form.Item name="content" label={t('field.content')} required rules={[rule]}><Input placeholder="/api/..." /></Form.Item></Col>
            <Col span={8}><Form.Item name="accessMode" label={t('field.accessMode')} rules={[rule]}><Select options={ACCESS_MODES.map((v) => ({ value: v, label: v }))} /></Form.Item></Col>
          </>)}
          {level !== 'url' && <Col span={6}><Form.Item name="seq" label={t('field.seq')} required rules={[rule]}><InputNumber style={{ width: '100%' }} /></Form.Item></Col>}
        </Row>
        {editable && (
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>{t('action.save')}</Button>
            {onCancel && <Button onClick={onCancel}>{t('action.cancel')}</Button>}
          </Space>
        )}
      </Form>
    </Card>
  );
}

/** The children of the selected node: search, sort, page, open, batch delete. */
function ChildrenTable({ parent, onOpen }: { parent: AuthTreeNode; onOpen: (key: string) => void }) {
  const { t } = useTranslation('security');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [selected, setSelected] = useState<React.Key[]>([]);
  const [kw, setKw] = useState('');
  const level = CHILD[parent.level]!;
  const rows = (parent.children ?? []).filter((c) => !kw || c.name.toLowerCase().includes(kw.toLowerCase()) || (c.code ?? '').toLowerCase().includes(kw.toLowerCase()));
  const remove = useSecurityMutation((ids: number[]) => securityApi.deleteNodes(level, ids), [['security', 'tree']], () => { message.success(t('msg.deleted')); setSelected([]); });
  const cols: TableProps<AuthTreeNode>['columns'] = [
    ...(level !== 'url' ? [{ title: t('field.code'), dataIndex: 'code', sorter: (a: AuthTreeNode, b: AuthTreeNode) => (a.code ?? '').localeCompare(b.code ?? '') }] : []),
    { title: level === 'url' ? t('field.urlName') : t('field.name'), dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name),
      render: (v: string, r) => <Typography.Link onClick={() => onOpen(r.key)}>{v}</Typography.Link> },
    ...(level === 'url'
      ? [{ title: t('field.content'), render: (_: unknown, r: AuthTreeNode) => String((r.data as Record<string, unknown>).content) },
        { title: t('field.accessMode'), width: 110, render: (_: unknown, r: AuthTreeNode) => <Tag>{String((r.data as Record<string, unknown>).accessMode)}</Tag> }]
      : [{ title: t('field.seq'), width: 90, sorter: (a: AuthTreeNode, b: AuthTreeNode) => Number((a.data as { seq: number }).seq) - Number((b.data as { seq: number }).seq), render: (_: unknown, r: AuthTreeNode) => String((r.data as Record<string, unknown>).seq) }]),
  ];
  return (
    <Card size="small" title={t(`level.${level}`)} extra={(
      <Space size={4}>
        <Input.Search size="small" allowClear placeholder={t('field.keyword')} onSearch={setKw} style={{ width: 180 }} />
        {can('security:function:delete') && (
          <Button size="small" danger icon={<DeleteOutlined />}
            onClick={() => requireSelection(message, t, selected)
              && confirmDelete(modal, t, () => remove.mutateAsync(selected.map((k) => Number(String(k).split('-')[1]))), selected.length)}>
            {t('action.batchDelete')}
          </Button>
        )}
      </Space>
    )}>
      <Table<AuthTreeNode> size="small" rowKey="key" columns={cols} dataSource={rows}
        rowSelection={can('security:function:delete') ? { selectedRowKeys: selected, onChange: setSelected } : undefined}
        pagination={{ pageSize: 10, ...pagerLayout }} />
    </Card>
  );
}

function ImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('security');
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useSecurityMutation((f: File) => securityApi.importTree(f), [['security', 'tree']], () => { message.success(t('msg.imported')); setFile(null); onClose(); });
  const submit = async () => {
    if (!file) { setError(t('msg.chooseFile')); return; }
    setError(null);
    try { await run.mutateAsync(file); } catch (e) {
      // a 500 toast says "check whether the imported SQL is reasonable"; the dialog also shows the server's line and detail
      const serverMsg = e instanceof RequestError ? (e.data as { serverMsg?: string } | undefined)?.serverMsg : undefined;
      setError(serverMsg ?? errorText(e));
    }
  };
  return (
    <Modal open={open} title={t('title.import')} onCancel={() => { setError(null); onClose(); }} onOk={submit} okText={t('action.import')} confirmLoading={run.isPending} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('hint.import')} />
        <Upload.Dragger accept=".zip,application/zip" maxCount={1} beforeUpload={(f) => { setFile(f); setError(null); return false; }} onRemove={() => setFile(null)}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}>
          <p className="ant-upload-drag-icon"><InboxOutlined /></p>
          <p className="ant-upload-text">{t('msg.chooseFile')}</p>
        </Upload.Dragger>
        {error && <Alert type="error" showIcon message={<div style={{ whiteSpace: 'pre-wrap' }}>{error}</div>} />}
      </Space>
    </Modal>
  );
}
