import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppRoute } from '@/app/router/types';
import { useRouteLabel } from '@/app/layout/useRouteLabel';

/** SPEC §2: what a menu leaf without a path (or without a screen in this build) shows. */
export default function FallbackPage({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  const label = useRouteLabel();
  return <Result status="info" title={t('fallback.title')} subTitle={t('fallback.body', { name: label(route) })} />;
}
