import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/request';
import { useAuth } from '@/lib/auth';

interface Values { oldPassword: string; newPassword: string; confirmPassword: string }

/** Own password change under the global policy; the server names the broken rule. */
export function ChangePasswordForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const submit = async (values: Values) => {
    await call('POST', '/api/admin/current/password', { body: values });
    form.resetFields();
    void message.success(t('profile.saved'));
    await useAuth.getState().loadUser();
    onDone?.();
  };
  const required = [{ required: true, message: t('profile.required') }];
  return (
    <Form form={form} layout="vertical" onFinish={(v) => submit(v).catch(() => undefined)} style={{ maxWidth: 420 }}>
      <Form.Item name="oldPassword" label={t('profile.oldPassword')} rules={required}><Input.Password autoComplete="current-password" /></Form.Item>
      <Form.Item name="newPassword" label={t('profile.newPassword')} rules={required}><Input.Password autoComplete="new-password" /></Form.Item>
      <Form.Item
        name="confirmPassword" label={t('profile.confirmPassword')} dependencies={['newPassword']}
        rules={[...required, ({ getFieldValue }) => ({ validator: async (_r, v) => { if (v && v !== getFieldValue('newPassword')) throw new Error(t('profile.mismatch')); } })]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit">{t('profile.save')}</Button>
    </Form>
  );
}
