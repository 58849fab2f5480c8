import { Component, Suspense, type ReactNode } from 'react';
import { Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WidgetInstance } from '@bencao/contracts';
import { widgetDef } from './registry';

class WidgetBoundary extends Component<{ fallback: (retry: () => void) => ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() { return { failed: true }; }
  render() { return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children; }
}

/**
 * One widget on a grid: a card whose head is the drag handle, the lazily loaded component inside its
 * own error boundary (a failing widget shows a retry, the rest of the page stays).
 */
export function WidgetFrame({ instance, extra }: { instance: WidgetInstance; extra?: ReactNode }) {
  const { t } = useTranslation('portal');
  const def = widgetDef(instance.widget);
  const View = def.component;
  return (
    <Card size="small" className="portal-card" data-widget={instance.widget} data-instance={instance.i}
      title={<span className="portal-drag">{def.icon} {instance.title || t(`widget.${instance.widget}`)}</span>} extra={extra}>
      <WidgetBoundary fallback={(retry) => <Result status="warning" subTitle={t('home.failed')} extra={<Button size="small" onClick={retry}>{t('home.retry')}</Button>} />}>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
          <View instance={instance} settings={instance.settings} />
        </Suspense>
      </WidgetBoundary>
    </Card>
  );
}
