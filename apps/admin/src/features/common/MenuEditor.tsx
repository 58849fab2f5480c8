import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Col, Form, Input, InputNumber, Modal, Row, Select, Space, Tag, TreeSelect } from 'antd';
import type { TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { menuSchema } from '@bencao/contracts';
import { usePermission } from '@/lib/permission';
import { ListPage } from '@/components/list-page/ListPage';
import { langOf, zodRule } from '@/lib/zodRule';
import { confirmDelete, requireSelection } from '@/components/confirm';
import { commonApi, keys, useCommonMutation, type MenuRow } from './api';
import { notifyMenuChanged } from '@/lib/menuEvents';

type MenuNode = MenuRow & { children?: MenuNode[] };

function toTree(rows: MenuRow[]): MenuNode[] {
  const byId = new Map<number, MenuNode>(rows.map((r) => [r.id, { ...r }]));
  const roots: MenuNode[] = [];
  for (const n of byId.values()) {
    const p = n.parentId !== null ? byId.get(n.parentId) : undefined;
    if (p) (p.children ??= []).push(n); else roots.push(n);
  }
  return roots;
}

/** The menu editor: a category's menu tree (what the console's sidebar is built from). */
export function MenuEditor() {
  const { t, i18n } = useTranslation('common');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const types = useQuery({ queryKey: [...keys.menuTypes, 'options'], queryFn: commonApi.menuTypeOptions });
  const [typeId, setTypeId] = useState('console');
  const [keyword, setKeyword] = useState('');
  const list = useQuery({ queryKey: [...keys.menus, typeId, keyword], queryFn: () => commonApi.menus(typeId, keyword || undefined) });
  const tree = useMemo(() => toTree(list.data ?? []), [list.data]);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<MenuRow | { parentId: number | null } | null>(null);
  const remove = useCommonMutation((ids: number[]) => commonApi.deleteMenus(ids), [keys.menus], () => { setSelected([]); notifyMenuChanged(); }, 'msg.deleted');
  const lang = langOf(i18n.language);
  const [searchForm] = Form.useForm();
  const cols: TableProps<MenuNode>['columns'] = [
    { title: t('field.name'), key: 'name', width: 260, render: (_, r) => r.names[lang] ?? r.menuName },
    { title: t('field.menuCode'), dataIndex: 'menuCode', width: 170 },
    { title: t('field.path'), dataIndex: 'path', width: 200, render: (v: string | null) => v ?? '—' },
    { title: t('field.authority'), dataIndex: 'authority', width: 170, render: (v: string | null) => v ?? '—' },
    { title: t('field.icon'), dataIndex: 'icon', width: 170, render: (v: string | null) => v ?? '—' },
    { title: t('field.seq'), dataIndex: 'seq', width: 70 },
    { title: t('field.isLeaf'), dataIndex: 'isLeaf', width: 70, render: (v: boolean) => (v ? t('yes') : t('no')) },
    { title: t('field.actions'), key: 'acts', render: (_, r) => r.actionList.map((a) => <Tag key={a.actionCode}>{a.actionName}</Tag>) },
    {
      title: t('field.ops'), key: 'ops', width: 300, fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          {can('common:menu:add') && !r.isLeaf && <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setEditing({ parentId: r.id })}>{t('action.addChild')}</Button>}
          {can('common:menu:edit') && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('action.edit')}</Button>}
          {can('common:menu:delete') && <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync([r.id]))}>{t('action.delete')}</Button>}
        </Space>
      ),
    },
  ];
  // the list kit's toolbar (search, refresh, density, column settings kept per account) over the category's tree
  return (
    <>
      {/* mounted again per search, so a found menu shows with its parents open */}
      <ListPage<MenuNode>
        key={`${typeId}-${keyword}-${tree.length}`}
        id="common.menus"
        extra={<Alert type="info" showIcon message={t('hint.menuLive')} style={{ marginBottom: 12 }} />}
        search={{
          form: searchForm,
          onSearch: (v) => setKeyword(String(v.keyword ?? '').trim()),
          onReset: () => setKeyword(''),
          items: [
            <Form.Item key="type" label={t('field.menuType')}>
              <Select style={{ width: 180 }} value={typeId} onChange={(v) => { setTypeId(v); setSelected([]); }} aria-label={t('field.menuType')}
                options={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))} />
            </Form.Item>,
            <Form.Item key="keyword" name="keyword">
              <Input allowClear placeholder={`${t('field.name')} / ${t('field.menuCode')} / ${t('field.path')}`} style={{ width: 320 }} maxLength={100} />
            </Form.Item>,
          ],
        }}
        actions={(
          <>
            {can('common:menu:add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ parentId: null })}>{t('action.add')}</Button>}
            {can('common:menu:delete') && (
              <Button danger icon={<DeleteOutlined />} onClick={() => requireSelection(message, t, selected) && void confirmDelete(modal, t, () => remove.mutateAsync(selected), selected.length)}>{t('action.batchDelete')}</Button>
            )}
          </>
        )}
        onRefresh={() => void list.refetch()}
        columns={cols as never}
        table={{
          rowKey: 'id', loading: list.isFetching, dataSource: tree, pagination: false, scroll: { x: 1600 },
          expandable: keyword ? { defaultExpandAllRows: true } : undefined,
          rowSelection: can('common:menu:delete') ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]), checkStrictly: true } : undefined,
        }}
      />
      {editing && <MenuForm typeId={typeId} all={list.data ?? []} editing={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function MenuForm({ typeId, all, editing, onClose }: { typeId: string; all: MenuRow[]; editing: MenuRow | { parentId: number | null }; onClose: () => void }) {
  const { t, i18n } = useTranslation('common');
  const [form] = Form.useForm();
  const row = 'id' in editing ? editing : null;
  const rule = zodRule(menuSchema, langOf(i18n.language), (v) => ({ ...v, menuTypeId: typeId }));
  const [initial] = useState(() => row ?? { parentId: editing.parentId, isLeaf: true, hidden: false, scheme: '/', seq: all.filter((m) => m.parentId === editing.parentId).length, actionList: [] });
  const save = useCommonMutation((body: Record<string, unknown>) => {
    const parsed = menuSchema.parse({ ...body, menuTypeId: typeId });
    return row ? commonApi.updateMenu(row.id, parsed) : commonApi.createMenu(parsed);
  }, [keys.menus], () => { onClose(); notifyMenuChanged(); });
  const groups = useMemo(() => {
    type Opt = { value: number; title: string; children: Opt[] };
    const build = (parentId: number | null): Opt[] => all
      .filter((m) => m.parentId === parentId && !m.isLeaf && m.id !== row?.id)
      .map((m) => ({ value: m.id, title: m.menuName, children: build(m.id) }));
    return build(null);
  }, [all, row]);
  return (
    <Modal open width={760} title={row ? t('title.editMenu') : t('title.newMenu')} onCancel={onClose} onOk={async () => { const v = await form.validateFields().catch(() => null); if (v) save.mutate(v); }}
      confirmLoading={save.isPending} okText={t('action.save')} destroyOnHidden maskClosable={false}>
      <Form form={form} layout="vertical" initialValues={initial}>
        <Row gutter={12}>
          <Col span={12}><Form.Item name="menuCode" label={t('field.menuCode')} required rules={[rule]}><Input maxLength={100} /></Form.Item></Col>
          <Col span={12}>
            <Form.Item name="parentId" label={t('field.parent')} rules={[rule]}>
              <TreeSelect allowClear treeDefaultExpandAll placeholder={t('hint.topLevel')} treeData={groups} />
            </Form.Item>
          </Col>
          <Col span={6}><Form.Item name={['names', 'en']} label={t('field.nameEn')} required rules={[rule]}><Input maxLength={100} /></Form.Item></Col>
          <Col span={6}><Form.Item name={['names', 'zh']} label={t('field.nameZh')} rules={[rule]}><Input maxLength={100} /></Form.Item></Col>
          <Col span={6}><Form.Item name={['names', 'es']} label={t('field.nameEs')} rules={[rule]}><Input maxLength={100} /></Form.Item></Col>
          <Col span={6}><Form.Item name={['names', 'ja']} label={t('field.nameJa')} rules={[rule]}><Input maxLength={100} /></Form.Item></Col>
          <Col span={12}><Form.Item name="path" label={t('field.path')} rules={[rule]}><Input maxLength={300} placeholder="opt/module/screen" /></Form.Item></Col>
          <Col span={12}><Form.Item name="authority" label={t('field.authority')} rules={[rule]}><Input maxLength={200} placeholder="module:screen" /></Form.Item></Col>
          <Col span={6}><Form.Item name="scheme" label={t('field.scheme')} rules={[rule]}><Input maxLength={50} /></Form.Item></Col>
          <Col span={6}><Form.Item name="target" label={t('field.target')} rules={[rule]}><Input maxLength={50} placeholder="_blank" /></Form.Item></Col>
          <Col span={6}><Form.Item name="icon" label={t('field.icon')} rules={[rule]}><Input maxLength={100} /></Form.Item></Col>
          <Col span={6}><Form.Item name="seq" label={t('field.seq')} required rules={[rule]}><InputNumber min={0} style={{ width: '100%' }} /></Form.Item></Col>
          <Col span={6}><Form.Item name="isLeaf" valuePropName="checked"><Checkbox>{t('field.isLeaf')}</Checkbox></Form.Item></Col>
          <Col span={6}><Form.Item name="hidden" valuePropName="checked"><Checkbox>{t('field.hidden')}</Checkbox></Form.Item></Col>
        </Row>
        <div style={{ color: '#8c8c8c', fontSize: 12, marginBottom: 8 }}>{t('hint.names')}</div>
        <Form.List name="actionList">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Card key={f.key} size="small" style={{ marginBottom: 8 }}
                  extra={<Button type="link" size="small" danger icon={<MinusCircleOutlined />} onClick={() => remove(f.name)}>{t('action.remove')}</Button>}>
                  <Row gutter={12}>
                    <Col span={12}><Form.Item name={[f.name, 'actionName']} label={t('field.actionName')} required rules={[rule]}><Input maxLength={100} /></Form.Item></Col>
                    <Col span={12}><Form.Item name={[f.name, 'actionCode']} label={t('field.actionCode')} required rules={[rule]}><Input maxLength={200} /></Form.Item></Col>
                  </Row>
                  <Form.List name={[f.name, 'resourceList']}>
                    {(rs, ops) => (
                      <>
                        {rs.map((r) => (
                          <Space key={r.key} align="baseline" wrap>
                            <Form.Item name={[r.name, 'path']} rules={[{ required: true, message: t('field.resourcePath') }]}><Input placeholder={t('field.resourcePath')} /></Form.Item>
                            <Form.Item name={[r.name, 'authorityId']} rules={[{ required: true, message: t('field.authorityId') }]}><Input placeholder={t('field.authorityId')} /></Form.Item>
                            <MinusCircleOutlined onClick={() => ops.remove(r.name)} aria-label={t('action.remove')} />
                          </Space>
                        ))}
                        <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => ops.add({ path: '', authorityId: form.getFieldValue(['actionList', f.name, 'actionCode']) ?? '' })}>{t('action.addResource')}</Button>
                      </>
                    )}
                  </Form.List>
                </Card>
              ))}
              <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ actionName: '', actionCode: '', resourceList: [] })}>{t('action.addAction')}</Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
