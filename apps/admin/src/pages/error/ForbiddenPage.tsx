import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return <Result status="403" title={t('error.forbiddenTitle')} subTitle={t('error.forbidden')} extra={<Button type="primary" onClick={() => navigate('/')}>{t('error.backHome')}</Button>} />;
}
