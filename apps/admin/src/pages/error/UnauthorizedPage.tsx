import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth';

export default function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useAuth((s) => s.logout);
  return (
    <Result status="warning" title={t('error.unauthorizedTitle')} subTitle={t('error.unauthorized')}
      extra={<Button type="primary" onClick={async () => { await logout(); navigate('/login'); }}>{t('error.toLogin')}</Button>} />
  );
}
