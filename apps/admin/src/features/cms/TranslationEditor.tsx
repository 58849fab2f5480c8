import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Card, Col, Form, Input, Row, Space, Spin, Tag, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import {
  articleTranslationSchemaOf, formatIssue, pickLang, translationFieldNames,
  type ArticleKind, type ArticleTranslationInput, type CmsArticle,
} from '@bencao/contracts';
import { cmsApi, cmsKeys, useArticleTranslation, useCmsMutation } from './api';
import { RichTextEditor } from './RichTextEditor';
import { usePermission } from '@/lib/permission';

const { TextArea } = Input;
/** fields long enough to need several lines */
const LONG = new Set(['ingredients', 'appearance', 'indications', 'usage', 'adverseReactions', 'contraindications', 'precautions', 'duties', 'requirements', 'qualifications']);
const EMPTY: ArticleTranslationInput = { title: '', summary: '', body: '', seoTitle: '', seoDescription: '', fields: {} };

/**
 * The English version of an article: its own title, summary, body, SEO texts and the kind's text
 * fields, saved apart from the Chinese. The Chinese text shows as the placeholder of each field.
 */
export function TranslationEditor({ article, kind }: { article: CmsArticle; kind: ArticleKind }) {
  const { t, i18n } = useTranslation('cms');
  const { message } = App.useApp();
  const can = usePermission();
  const [form] = Form.useForm<ArticleTranslationInput>();
  const translation = useArticleTranslation(article.id, 'en');
  const lang = pickLang(i18n.language);
  const original = article.fields as unknown as Record<string, unknown>;
  const names = translationFieldNames(kind).filter((n) => n !== 'highlights' && n !== 'timeline' && n !== 'images');
  const save = useCmsMutation((input: ArticleTranslationInput) => cmsApi.translations.save(article.id, 'en', input),
    [cmsKeys.translation(article.id, 'en'), cmsKeys.article(article.id), cmsKeys.articles(), cmsKeys.versions(article.id)]);

  useEffect(() => {
    if (translation.data === undefined) return;
    form.resetFields();
    form.setFieldsValue(translation.data ?? { ...EMPTY, fields: kind === 'page' ? { highlights: [], timeline: [] } : {} });
  }, [translation.data, form, kind]);

  async function onSave() {
    const values = form.getFieldsValue(true) as ArticleTranslationInput;
    const parsed = articleTranslationSchemaOf(kind).safeParse(values);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path as never, errors: [formatIssue(i as never, lang)] })));
      message.error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${formatIssue(i as never, lang)}`).join('; '));
      return;
    }
    await save.mutateAsync(parsed.data as ArticleTranslationInput);
    message.success(t('translation.saved'));
  }

  if (translation.isLoading) return <Spin description={t('translation.loading')}><div style={{ minHeight: 200 }} /></Spin>;
  const editable = can('cms:article:edit');
  const hint = (v: unknown) => (typeof v === 'string' ? v.slice(0, 120) : undefined);

  return (
    <Form form={form} name="cmsTranslation" layout="vertical" disabled={!editable} data-testid="cms-translation-editor">
      <Card
        title={<Space wrap><Typography.Text strong>{t('translation.en')}</Typography.Text>
          {!translation.data && <Tag color="warning">{t('translation.missing')}</Tag>}
          {translation.data?.pendingDraft && <Tag color="processing">{t('state.pending')}</Tag>}</Space>}
        extra={<Button type="primary" icon={<SaveOutlined />} onClick={onSave} loading={save.isPending} disabled={!editable}>{t('translation.save')}</Button>}
      >
        {!translation.data && <Alert type="info" showIcon title={t('translation.missingHint')} style={{ marginBottom: 16 }} />}
        {article.status === 'published' && <Alert type="warning" showIcon title={t('translation.pending')} style={{ marginBottom: 16 }} />}
        <Row gutter={24}>
          <Col xs={24} xl={17}>
            <Form.Item name="title" label={t('field.title')} rules={[{ required: true, whitespace: true, max: 200 }]}>
              <Input maxLength={200} showCount placeholder={article.title} />
            </Form.Item>
            <Form.Item name="summary" label={t('field.summary')} rules={[{ max: 1000 }]}>
              <TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} showCount placeholder={article.summary} />
            </Form.Item>
            {names.length > 0 && <Typography.Title level={5} style={{ marginTop: 8 }}>{t('section.fields')}</Typography.Title>}
            {names.map((n) => (
              <Form.Item key={n} name={['fields', n]} label={t(`field.${n}`)}>
                {LONG.has(n) ? <TextArea autoSize={{ minRows: 2, maxRows: 8 }} placeholder={hint(original[n])} /> : <Input placeholder={hint(original[n])} />}
              </Form.Item>
            ))}
            {kind === 'page' && <PageLists />}
            <Form.Item name="body" label={t('field.body')}>
              <RichTextEditor aria-label={t('field.body')} />
            </Form.Item>
          </Col>
          <Col xs={24} xl={7}>
            <Card size="small" title={t('section.seo')}>
              <Form.Item name="seoTitle" label={t('field.seoTitle')} rules={[{ max: 200 }]}><Input maxLength={200} /></Form.Item>
              <Form.Item name="seoDescription" label={t('field.seoDescription')} rules={[{ max: 500 }]}><TextArea autoSize={{ minRows: 3, maxRows: 6 }} maxLength={500} showCount /></Form.Item>
            </Card>
          </Col>
        </Row>
      </Card>
    </Form>
  );
}

/** key figures and milestones of a page, in English (the subtitle is one of the text fields) */
function PageLists() {
  const { t } = useTranslation('cms');
  const list = (name: 'highlights' | 'timeline', a: string, b: string, labelA: string, labelB: string) => (
    <Form.Item label={t(`field.${name}`)}>
      <Form.List name={['fields', name]}>
        {(items, { add, remove }) => (
          <>
            {items.map((it) => (
              <Space key={it.key} align="baseline" wrap>
                <Form.Item name={[it.name, a]} rules={[{ required: true, whitespace: true, max: name === 'timeline' ? 20 : 40 }]}><Input placeholder={t(labelA)} /></Form.Item>
                <Form.Item name={[it.name, b]} rules={[{ required: true, whitespace: true, max: name === 'timeline' ? 400 : 40 }]}><Input placeholder={t(labelB)} style={{ width: 360 }} /></Form.Item>
                <MinusCircleOutlined onClick={() => remove(it.name)} aria-label={t('action.remove')} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()}>{t('action.add')}</Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
  return (
    <>
      {list('highlights', 'label', 'value', 'field.highlightLabel', 'field.highlightValue')}
      {list('timeline', 'year', 'text', 'field.year', 'field.text')}
    </>
  );
}
