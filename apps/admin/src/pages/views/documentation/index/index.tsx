import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const SECTIONS = ['nav', 'tables', 'security', 'language'] as const;

/** How the console works, for a new operator. */
export default function DocumentationPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <Typography>
        <Typography.Title level={2}>{t('documentation.title')}</Typography.Title>
        <Typography.Paragraph>{t('documentation.intro')}</Typography.Paragraph>
        {SECTIONS.map((s) => (
          <section key={s}>
            <Typography.Title level={4}>{t(`documentation.${s}Title`)}</Typography.Title>
            <Typography.Paragraph>{t(`documentation.${s}`)}</Typography.Paragraph>
          </section>
        ))}
        <Typography.Paragraph><a href="/api/docs" target="_blank" rel="noreferrer">OpenAPI · /api/docs</a></Typography.Paragraph>
      </Typography>
    </Card>
  );
}
