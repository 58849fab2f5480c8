import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Form, Input, Select, Space, Tabs, Tag, Tooltip, TreeSelect } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { ARTICLE_KINDS, ARTICLE_STATUSES, type ArticleKind, type CmsArticleRow } from '@bencao/contracts';
import { cmsApi, cmsKeys, useArticles, useCmsMutation, useColumns, type ArticleQuery } from './api';
import { StatusTags } from './StatusTags';
import { tablePagination, onTableChange } from '@/components/table';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { columnTreeData } from './ArticleEditor';
import { usePermission } from '@/lib/permission';
import { formatDateTime } from '@/lib/format';

const fmt = (s: string | null) => formatDateTime(s, { seconds: false });

/** Articles of one kind at a time: search, filter by status and window, sort, page, act on rows. */
export function ArticleList({ kind, onKind, onEdit, onNew }: { kind: ArticleKind; onKind: (k: ArticleKind) => void; onEdit: (id: number) => void; onNew: () => void }) {
  const { t } = useTranslation('cms');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState<ArticleQuery>({ kind, page: 1, limit: 10 });
  const query = { ...q, kind };
  const list = useArticles(query);
  const columns = useColumns();
  const [filters] = Form.useForm();
  const invalidate = [cmsKeys.articles()];
  const publish = useCmsMutation((id: number) => cmsApi.articles.publish(id, {}), invalidate, () => message.success(t('article.published')));
  const unpublish = useCmsMutation((id: number) => cmsApi.articles.unpublish(id), invalidate, () => message.success(t('article.unpublished')));
  const remove = useCmsMutation((id: number) => cmsApi.articles.remove(id), invalidate, () => message.success(t('common.deleted')));

  const preview = async (id: number) => {
    const tab = window.open('about:blank', '_blank');
    const p = await cmsApi.articles.preview(id);
    if (tab) tab.location.href = p.sitePath; else window.open(p.sitePath, '_blank');
  };

  const cols: ListColumn<CmsArticleRow>[] = [
    { title: t('field.id'), dataIndex: 'id', width: 72, sorter: true },
    {
      title: t('field.title'), dataIndex: 'title', sorter: true, ellipsis: true,
      render: (v: string, r) => (
        <Space size={4}>
          <Button type="link" style={{ padding: 0, height: 'auto' }} onClick={() => onEdit(r.id)}>{v}</Button>
          {!r.translations?.includes('en') && <Tooltip title={t('translation.missingHint')}><Tag color="warning" data-testid="missing-translation">{t('translation.missing')}</Tag></Tooltip>}
        </Space>
      ),
    },
    ...(kind === 'page' ? [{ title: t('field.slug'), dataIndex: 'slug', width: 120 }] : []),
    ...(kind === 'product' || kind === 'news' || kind === 'medicine'
      ? [{ title: t('field.category'), key: 'category', width: 120, render: (_: unknown, r: CmsArticleRow) => (r.fields as { category?: string }).category || '—' }] : []),
    { title: t('field.column'), dataIndex: 'columnLabel', width: 120, render: (v: string | null) => v ?? '—' },
    { title: t('field.status'), dataIndex: 'status', width: 150, sorter: true, exportLabels: Object.fromEntries(ARTICLE_STATUSES.map((x) => [x, t(`status.${x}`)])), render: (_: unknown, r) => <StatusTags a={r} /> },
    {
      title: t('field.publishedAt'), dataIndex: 'publishedAt', width: 150, sorter: true,
      render: (_: unknown, r) => fmt(r.publishAt ?? r.publishedAt),
    },
    { title: t('field.updatedAt'), dataIndex: 'updatedAt', width: 150, sorter: true, defaultSortOrder: undefined, render: fmt },
    { title: t('field.updatedBy'), dataIndex: 'updatedBy', width: 100 },
    {
      title: t('table.actions', { ns: 'shell' }), key: 'actions', width: 170, fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0} wrap>
          <Tooltip title={t('action.edit')}><Button type="text" icon={<EditOutlined />} aria-label={`${t('action.edit')} ${r.title}`} onClick={() => onEdit(r.id)} /></Tooltip>
          {can('cms:article:edit') && <Tooltip title={t('action.preview')}><Button type="text" icon={<EyeOutlined />} aria-label={`${t('action.preview')} ${r.title}`} onClick={() => preview(r.id)} /></Tooltip>}
          {can('cms:article:publish') && (r.status === 'published'
            ? <Tooltip title={t('action.unpublish')}><Button type="text" icon={<StopOutlined />} aria-label={`${t('action.unpublish')} ${r.title}`} onClick={() => modal.confirm({ title: t('action.unpublish'), content: t('article.confirmUnpublish', { title: r.title }), onOk: () => unpublish.mutateAsync(r.id) })} /></Tooltip>
            : <Tooltip title={t('action.publish')}><Button type="text" icon={<SendOutlined />} aria-label={`${t('action.publish')} ${r.title}`} onClick={() => publish.mutate(r.id)} /></Tooltip>)}
          {can('cms:article:delete') && (
            <Tooltip title={t('action.delete')}><Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('action.delete')} ${r.title}`} onClick={() => modal.confirm({ title: t('action.delete'), content: t('article.confirmDelete', { title: r.title }), okButtonProps: { danger: true }, onOk: () => remove.mutateAsync(r.id) })} /></Tooltip>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage<CmsArticleRow>
      id={`cms.articles.${kind}`} columns={cols} onRefresh={() => list.refetch()}
      title={<Tabs
        activeKey={kind}
        onChange={(k) => { onKind(k as ArticleKind); setQ({ kind: k as ArticleKind, page: 1, limit: q.limit }); filters.resetFields(); }}
        items={ARTICLE_KINDS.map((k) => ({ key: k, label: t(`kind.${k}`) }))}
      />}
      exporter={{ url: '/api/cms/articles', params: query as Record<string, unknown>, fileName: `${t('file.articles')}-${t(`kind.${kind}`)}` }}
      search={{
        form: filters, onSearch: (v) => setQ({ ...q, ...v, page: 1 }), onReset: () => setQ({ kind, page: 1, limit: q.limit }),
        items: [
          <Form.Item key="keyword" name="keyword" label={t('field.keyword')}><Input allowClear style={{ width: 180 }} /></Form.Item>,
          <Form.Item key="status" name="status" label={t('field.status')}>
            <Select allowClear style={{ width: 120 }} options={ARTICLE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
          </Form.Item>,
          <Form.Item key="state" name="state" label={t('field.state')}>
            <Select allowClear style={{ width: 120 }} options={(['live', 'scheduled', 'expired'] as const).map((s) => ({ value: s, label: t(`state.${s}`) }))} />
          </Form.Item>,
          <Form.Item key="columnId" name="columnId" label={t('field.column')}>
            <TreeSelect allowClear treeDefaultExpandAll style={{ width: 160 }} treeData={columnTreeData(columns.data ?? [])} />
          </Form.Item>,
        ],
      }}
      actions={can('cms:article:add') && <Button type="primary" icon={<PlusOutlined />} onClick={onNew}>{t('action.add')}</Button>}
      table={{
        rowKey: 'id', dataSource: list.data?.records, loading: list.isFetching, scroll: { x: 1100 },
        onChange: onTableChange(setQ),
        pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit),
      }}
    />
  );
}
