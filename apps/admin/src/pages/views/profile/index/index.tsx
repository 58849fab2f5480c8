import { Card, Col, Descriptions, Row, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { useAuth } from '@/lib/auth';
import { ChangePasswordForm } from '../ChangePasswordForm';

/** The user's own account and password change. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  if (!user) return null;
  const all = user.authorities.includes('*');
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title={t('profile.title')}>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('profile.account')}>{user.userId}</Descriptions.Item>
            <Descriptions.Item label={t('profile.userName')}>{user.userName}</Descriptions.Item>
            <Descriptions.Item label={t('profile.administrator')}>{user.isAdmin ? t('profile.yes') : all ? t('profile.superRole') : t('profile.no')}</Descriptions.Item>
            <Descriptions.Item label={t('profile.passwordExpires')}>{user.passwordExpiresAt ? dayjs(user.passwordExpiresAt).format('YYYY-MM-DD HH:mm') : t('profile.never')}</Descriptions.Item>
            <Descriptions.Item label={t('profile.authorities')}>
              {all ? t('profile.allAuthorities') : <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>{user.authorities.map((a) => <Tag key={a}>{a}</Tag>)}</div>}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('profile.changePassword')}><ChangePasswordForm /></Card>
      </Col>
    </Row>
  );
}
