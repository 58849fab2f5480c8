import { Alert, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './ChangePasswordForm';

/** Shown over everything while the password must be changed (expired within grace, or reset). */
export default function ChangePasswordModal({ forced }: { forced?: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('profile.changePassword')} footer={null} closable={!forced} keyboard={!forced} mask={{ closable: false }}>
      <Alert type="warning" showIcon title={t('profile.mustChange')} style={{ marginBottom: 16 }} />
      <ChangePasswordForm />
    </Modal>
  );
}
