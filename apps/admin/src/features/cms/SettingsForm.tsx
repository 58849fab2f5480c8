import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Card, Col, Form, Input, Row, Switch, TreeSelect, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { siteSettingsSchema, type SiteSettings } from '@bencao/contracts';
import { cmsApi, cmsKeys, useCategories, useCmsMutation, useColumns, useSettings } from './api';
import { columnTreeData } from './ArticleEditor';
import { usePermission } from '@/lib/permission';

/** The one row of site settings: hotlines, hours, filings, company data, copy protection, bidding column. */
export function SettingsForm() {
  const { t } = useTranslation('cms');
  const { message } = App.useApp();
  const can = usePermission();
  const settings = useSettings();
  const columns = useColumns();
  const [form] = Form.useForm<SiteSettings>();
  useEffect(() => { if (settings.data) form.setFieldsValue(settings.data); }, [settings.data, form]);
  const save = useCmsMutation((v: SiteSettings) => cmsApi.settings.update(v), [cmsKeys.settings, cmsKeys.columns], () => message.success(t('settings.saved')));
  const text = (name: keyof SiteSettings | (string | number)[], label: string, required = true, max = 100, extra?: string) => (
    <Form.Item name={name as never} label={label} extra={extra} rules={[{ required, whitespace: true, max }]}><Input maxLength={max} /></Form.Item>
  );
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={!can('cms:settings:edit')}
      onFinish={(v) => {
        // a category left blank has no English name (the site shows the Chinese one)
        const categories = Object.fromEntries(Object.entries(v.en?.categories ?? {}).filter(([, name]) => name?.trim()));
        const parsed = siteSettingsSchema.safeParse({ ...v, en: { ...v.en, categories } });
        if (!parsed.success) { form.setFields(parsed.error.issues.map((i) => ({ name: i.path as never, errors: [i.message] }))); return; }
        save.mutate(parsed.data);
      }}
    >
      <Card title={t('settings.title')} loading={settings.isLoading} extra={<Button type="primary" icon={<SaveOutlined />} htmlType="submit" loading={save.isPending}>{t('action.save')}</Button>}>
        <Typography.Title level={5}>{t('settings.footer')}</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={8}>{text(['hotlines', 0], t('settings.hotline1'), true, 40)}</Col>
          <Col xs={24} md={8}>{text(['hotlines', 1], t('settings.hotline2'), true, 40)}</Col>
          <Col xs={24} md={8}>{text('serviceHours', t('settings.serviceHours'), true, 40)}</Col>
        </Row>
        <Typography.Title level={5}>{t('settings.filings')}</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>{text('icp', t('settings.icp'), true, 60)}</Col>
          <Col xs={24} md={12}>
            <Form.Item name="icpUrl" label={t('settings.icpUrl')} rules={[{ required: true, type: 'url', max: 300 }]}><Input maxLength={300} /></Form.Item>
          </Col>
          <Col xs={24} md={12}>{text('publicSecurityFiling', t('settings.publicSecurityFiling'), false, 60)}</Col>
          <Col xs={24} md={12}>{text('drugInfoCert', t('settings.drugInfoCert'), false, 100)}</Col>
        </Row>
        <Typography.Title level={5}>{t('settings.company')}</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>{text('companyName', t('settings.companyName'), true, 100)}</Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('settings.email')} rules={[{ type: 'email', max: 100 }]}><Input maxLength={100} /></Form.Item>
          </Col>
          <Col xs={24}>{text('address', t('settings.address'), false, 200)}</Col>
        </Row>
        <Typography.Title level={5}>{t('settings.english')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('settings.englishHint')}</Typography.Paragraph>
        <Row gutter={16}>
          <Col xs={24} md={12}>{text(['en', 'companyName'], t('settings.companyName'), false, 100)}</Col>
          <Col xs={24} md={12}>{text(['en', 'serviceHours'], t('settings.serviceHours'), false, 40)}</Col>
          <Col xs={24}>{text(['en', 'address'], t('settings.address'), false, 200)}</Col>
        </Row>
        <CategoryNames />
        <Typography.Title level={5}>{t('settings.behaviour')}</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="copyProtection" label={t('settings.copyProtection')} valuePropName="checked" extra={t('settings.copyProtectionHelp')}><Switch /></Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="biddingColumnId" label={t('settings.biddingColumnId')} rules={[{ required: true }]}>
              <TreeSelect treeDefaultExpandAll treeData={columnTreeData(columns.data ?? [])} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
    </Form>
  );
}

/** an English name for every category the articles use (products, news, TCM articles) */
function CategoryNames() {
  const { t } = useTranslation('cms');
  const lists = [useCategories('product'), useCategories('news'), useCategories('medicine')];
  const names = [...new Set(lists.flatMap((l) => (l.data ?? []).map((c) => c.name)))];
  return (
    <>
      <Typography.Text strong>{t('settings.categories')}</Typography.Text>
      <Typography.Paragraph type="secondary">{t('settings.categoriesHint')}</Typography.Paragraph>
      {!names.length && !lists.some((l) => l.isLoading) && <Typography.Paragraph type="secondary">{t('settings.categoryNone')}</Typography.Paragraph>}
      <Row gutter={16}>
        {names.map((name) => (
          <Col xs={24} md={8} key={name}>
            <Form.Item name={['en', 'categories', name]} label={name} rules={[{ whitespace: true, max: 60 }]}><Input maxLength={60} /></Form.Item>
          </Col>
        ))}
      </Row>
    </>
  );
}
