import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Select, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '@bencao/contracts/lang';
import { changeLanguage } from '@/i18n';
import { LANGUAGE_LABELS } from '@/i18n/language';
import { useAuth } from '@/lib/auth';
import { useRoutes } from '@/app/store/routes';
import { RequestError } from '@/lib/request';
import './login.css';

/** Sign in: account, password (encrypted with a one-time key), language. SPEC §8's messages on failure. */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const login = useAuth((s) => s.login);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: { username: string; password: string }) => {
    setBusy(true);
    setError(null);
    try {
      await login(values.username.trim(), values.password);
      await useRoutes.getState().generate();
    } catch (e) {
      setError(e instanceof RequestError ? e.message : t('login.keyFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login-page">
      <Card className="login-card" variant="borderless">
        <div className="login-brand">
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={44} height={44} />
          <div>
            <Typography.Title level={1} className="login-title">{t('app.title')}</Typography.Title>
            <Typography.Text type="secondary">{t('app.tagline')}</Typography.Text>
          </div>
        </div>
        <Form layout="vertical" size="large" onFinish={submit} requiredMark={false} disabled={busy} aria-label={t('login.title')}>
          <Form.Item name="username" label={t('login.username')} rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} role="alert" className="login-error" />}
          <Button type="primary" htmlType="submit" block loading={busy}>{t('login.submit')}</Button>
        </Form>
        <div className="login-foot">
          <Typography.Text type="secondary" className="login-note">{t('login.footer')}</Typography.Text>
          <Select
            aria-label={t('login.language')}
            value={i18n.language as Lang}
            onChange={(l) => void changeLanguage(l)}
            options={LANGS.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))}
            style={{ width: 120 }}
            size="middle"
          />
        </div>
      </Card>
    </main>
  );
}
