import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A page that threw while rendering: its own error, with a way to try again. */
export default function CrashedPage({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return <Result status="error" title={t('error.crashed')} extra={<Button type="primary" onClick={retry}>{t('error.reload')}</Button>} />;
}
