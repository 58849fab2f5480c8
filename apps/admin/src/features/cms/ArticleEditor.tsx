import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Badge, Button, Card, Col, DatePicker, Form, Input, InputNumber, Row, Space, Spin, Tabs, Tag, TreeSelect, Typography } from 'antd';
import { ArrowLeftOutlined, EyeOutlined, HistoryOutlined, SaveOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import {
  articleInputSchema, formatIssue, pickLang,
  type ArticleInput, type ArticleKind, type CmsArticle, type CmsColumnNode,
} from '@bencao/contracts';
import { cmsApi, cmsKeys, useArticle, useCmsMutation, useColumns } from './api';
import { KindFields } from './KindFields';
import { MediaInput } from './MediaInput';
import { RichTextEditor } from './RichTextEditor';
import { VersionsDrawer } from './VersionsDrawer';
import { StatusTags } from './StatusTags';
import { TranslationEditor } from './TranslationEditor';
import { usePermission } from '@/lib/permission';

const DEFAULT_FIELDS: Record<ArticleKind, Record<string, unknown>> = {
  news: { source: '', author: '', category: '' },
  medicine: { source: '', author: '', category: '' },
  product: { rxOtc: 'OTC', images: [], manufacturer: '' },
  job: { headcount: 1, startDate: dayjs().format('YYYY-MM-DD') },
  bid: { bidType: 'tender', attachments: [] },
  page: { highlights: [], timeline: [] },
};

type FormValues = Omit<ArticleInput, 'kind'>;

const toForm = (a: CmsArticle): FormValues => ({
  title: a.title, summary: a.summary, body: a.body, coverId: a.coverId, columnId: a.columnId, slug: a.slug, seoTitle: a.seoTitle,
  seoDescription: a.seoDescription, seq: a.seq, publishAt: a.publishAt, unpublishAt: a.unpublishAt, fields: a.fields,
} as FormValues);

interface ColumnOption { value: number; title: string; children: ColumnOption[] }
export const columnTreeData = (nodes: CmsColumnNode[]): ColumnOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.label, children: columnTreeData(n.children) }));

const isoProps = {
  getValueProps: (v: string | null | undefined) => ({ value: v ? dayjs(v) : null }),
  normalize: (d: dayjs.Dayjs | null) => (d ? d.second(0).millisecond(0).toISOString() : null),
};

/** Create or edit one article of a kind: content, typed fields, SEO, publishing, history, preview. */
export function ArticleEditor({ id, kind, onClose, onCreated }: { id: number | null; kind: ArticleKind; onClose: () => void; onCreated: (id: number) => void }) {
  const { t, i18n } = useTranslation('cms');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [form] = Form.useForm<FormValues>();
  const article = useArticle(id);
  const columns = useColumns();
  const [dirty, setDirty] = useState(false);
  const [history, setHistory] = useState(false);
  const current = article.data;
  const lang = pickLang(i18n.language);

  useEffect(() => {
    if (current) { form.resetFields(); form.setFieldsValue(toForm(current)); setDirty(false); }
  }, [current, form]);

  const initial = useMemo<Partial<FormValues>>(() => ({
    title: '', summary: '', body: '', coverId: null, columnId: null, slug: null, seoTitle: '', seoDescription: '', seq: 0,
    publishAt: null, unpublishAt: null, fields: DEFAULT_FIELDS[kind] as never,
  }), [kind]);

  /** the form as the API's input, checked by the shared schema; null (with the errors shown) when invalid */
  async function collect(): Promise<ArticleInput | null> {
    try { await form.validateFields(); } catch { return null; }
    const v = form.getFieldsValue(true) as FormValues;
    const parsed = articleInputSchema.safeParse({ ...v, kind, slug: kind === 'page' ? v.slug || null : null });
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path as never, errors: [formatIssue(i as never, lang)] })));
      message.error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${formatIssue(i as never, lang)}`).join('; '));
      return null;
    }
    return parsed.data;
  }

  const invalidate = [cmsKeys.articles(), cmsKeys.article(id ?? 0), cmsKeys.versions(id ?? 0), cmsKeys.media()];
  const save = useCmsMutation((input: ArticleInput) => (id ? cmsApi.articles.update(id, input) : cmsApi.articles.create(input)), invalidate);
  const publish = useCmsMutation((a: { id: number; publishAt: string | null; unpublishAt: string | null }) =>
    cmsApi.articles.publish(a.id, { publishAt: a.publishAt, unpublishAt: a.unpublishAt }), invalidate);
  const unpublish = useCmsMutation((aid: number) => cmsApi.articles.unpublish(aid), invalidate);

  /** saves when needed; the id of the stored article, or null */
  async function ensureSaved(): Promise<number | null> {
    if (id && !dirty) return id;
    const input = await collect();
    if (!input) return null;
    const saved = await save.mutateAsync(input);
    setDirty(false);
    if (!id) onCreated(saved.id);
    return saved.id;
  }

  async function onSave() {
    const saved = await ensureSaved();
    if (saved) message.success(t('article.saved'));
  }

  async function onPublish() {
    const aid = await ensureSaved();
    if (!aid) return;
    const { publishAt, unpublishAt } = form.getFieldsValue(['publishAt', 'unpublishAt']) as FormValues;
    await publish.mutateAsync({ id: aid, publishAt: publishAt ?? null, unpublishAt: unpublishAt ?? null });
    message.success(publishAt && dayjs(publishAt).isAfter(dayjs()) ? t('article.scheduled') : t('article.published'));
  }

  function onUnpublish() {
    if (!id || !current) return;
    modal.confirm({
      title: t('action.unpublish'), content: t('article.confirmUnpublish', { title: current.title }),
      onOk: async () => { await unpublish.mutateAsync(id); message.success(t('article.unpublished')); },
    });
  }

  async function onPreview() {
    // open the tab now (inside the click) so the browser does not block it, then point it at the site
    const tab = window.open('about:blank', '_blank');
    const aid = await ensureSaved();
    if (!aid) { tab?.close(); return; }
    const p = await cmsApi.articles.preview(aid);
    if (tab) tab.location.href = p.sitePath; else window.open(p.sitePath, '_blank');
  }

  const busy = save.isPending || publish.isPending || unpublish.isPending;
  const publishAtValue = Form.useWatch('publishAt', form);
  const scheduling = !!publishAtValue && dayjs(publishAtValue).isAfter(dayjs());
  const canSave = id ? can('cms:article:edit') : can('cms:article:add');

  if (id && article.isLoading) return <Spin description={t('article.loading')}><div style={{ minHeight: 240 }} /></Spin>;

  const original = (
    <Form
      form={form}
      name="cmsArticle"
      layout="vertical"
      initialValues={initial}
      onValuesChange={() => setDirty(true)}
      disabled={!canSave}
      data-testid="cms-article-editor"
    >
      <Card
        title={
          <Space wrap>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={onClose} aria-label={t('action.back')} disabled={false} />
            <Typography.Text strong>{id && current ? t('article.editTitle', { title: current.title }) : t('article.newTitle', { kind: t(`kind.${kind}`) })}</Typography.Text>
            {current && <StatusTags a={current} />}
            {current && <Tag>{t('field.version')} {current.version}</Tag>}
          </Space>
        }
        extra={
          <Space wrap>
            {id && <Button icon={<HistoryOutlined />} onClick={() => setHistory(true)} disabled={false}>{t('action.versions')}</Button>}
            <Button icon={<EyeOutlined />} onClick={onPreview} loading={busy} disabled={!can('cms:article:edit')}>{t('action.preview')}</Button>
            <Button icon={<SaveOutlined />} onClick={onSave} loading={save.isPending} disabled={!canSave}>{current?.status === 'published' ? t('action.save') : t('action.saveDraft')}</Button>
            {can('cms:article:publish') && current?.status === 'published' && (
              <Button danger icon={<StopOutlined />} onClick={onUnpublish} loading={unpublish.isPending} disabled={false}>{t('action.unpublish')}</Button>
            )}
            {can('cms:article:publish') && (
              <Button type="primary" icon={<SendOutlined />} onClick={onPublish} loading={publish.isPending} disabled={false}>
                {scheduling ? t('action.schedule') : t('action.publish')}
              </Button>
            )}
          </Space>
        }
      >
        <Row gutter={24}>
          <Col xs={24} xl={17}>
            <Form.Item name="title" label={t('field.title')} rules={[{ required: true, whitespace: true, max: 200 }]}>
              <Input maxLength={200} showCount />
            </Form.Item>
            <Form.Item name="summary" label={t('field.summary')} rules={[{ max: 1000 }]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} showCount />
            </Form.Item>
            <Typography.Title level={5} style={{ marginTop: 8 }}>{t('section.fields')}</Typography.Title>
            <KindFields kind={kind} />
            <Form.Item name="body" label={t('field.body')}>
              <RichTextEditor aria-label={t('field.body')} />
            </Form.Item>
          </Col>
          <Col xs={24} xl={7}>
            <Card size="small" title={t('section.publishing')} style={{ marginBottom: 16 }}>
              {current && (
                <Typography.Paragraph>
                  <Badge status={current.live ? 'success' : 'default'} text={current.live ? t('article.live') : t('article.notLive')} />
                  {current.publishedAt && <div>{t('field.publishedAt')}：{dayjs(current.publishedAt).format('YYYY-MM-DD HH:mm')}</div>}
                </Typography.Paragraph>
              )}
              <Form.Item name="publishAt" label={t('field.publishAt')} {...isoProps}>
                <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="unpublishAt" label={t('field.unpublishAt')} {...isoProps} extra={t('article.scheduleHint')}>
                <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
              </Form.Item>
            </Card>
            <Card size="small" title={t('section.basic')} style={{ marginBottom: 16 }}>
              <Form.Item name="columnId" label={t('field.column')}>
                <TreeSelect allowClear treeDefaultExpandAll placeholder={t('article.noColumn')} treeData={columnTreeData(columns.data ?? [])} />
              </Form.Item>
              {kind === 'page' && (
                <Form.Item name="slug" label={t('field.slug')} extra={t('article.slugHelp')} rules={[{ required: true, pattern: /^[a-z0-9][a-z0-9-]*$/, max: 60 }]}>
                  <Input maxLength={60} />
                </Form.Item>
              )}
              <Form.Item name="seq" label={t('field.seq')}><InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} /></Form.Item>
              <Form.Item name="coverId" label={t('field.cover')}><MediaInput preview={current?.cover} /></Form.Item>
            </Card>
            <Card size="small" title={t('section.seo')}>
              <Form.Item name="seoTitle" label={t('field.seoTitle')} rules={[{ max: 200 }]}><Input maxLength={200} /></Form.Item>
              <Form.Item name="seoDescription" label={t('field.seoDescription')} rules={[{ max: 500 }]}><Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} maxLength={500} showCount /></Form.Item>
            </Card>
          </Col>
        </Row>
      </Card>
      {id && <VersionsDrawer id={id} open={history} onClose={() => setHistory(false)} canRestore={can('cms:article:edit')} />}
    </Form>
  );
  // the language tabs: the Chinese original, and its English version (once the original is saved)
  const missing = !!current && !current.translations.includes('en');
  return (
    <Tabs
      data-testid="cms-language-tabs"
      items={[
        { key: 'zh', label: t('translation.zh'), children: original },
        {
          key: 'en', label: <Space size={4}>{t('translation.en')}{missing && <Tag color="warning">{t('translation.missing')}</Tag>}</Space>,
          children: current ? <TranslationEditor article={current} kind={kind} /> : <Typography.Paragraph type="secondary">{t('translation.saveFirst')}</Typography.Paragraph>,
        },
      ]}
    />
  );
}
