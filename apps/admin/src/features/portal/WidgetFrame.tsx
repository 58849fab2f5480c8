import { Component, Suspense, useEffect, useRef, type ReactNode } from 'react';
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
export function WidgetFrame({ instance, extra, focusable, autoFocus, onFocused }: {
  instance: WidgetInstance; extra?: ReactNode;
  /** the designer moves the focus to a widget it adds: the card can take it, and takes it when `autoFocus` */
  focusable?: boolean; autoFocus?: boolean; onFocused?: () => void;
}) {
  const { t } = useTranslation('portal');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!autoFocus || !ref.current) return;
    ref.current.focus();
    onFocused?.();
  }, [autoFocus]); // eslint-disable-line react-hooks/exhaustive-deps
  const def = widgetDef(instance.widget);
  const View = def.component;
  return (
    <Card ref={ref} size="small" className="portal-card" data-widget={instance.widget} data-instance={instance.i}
      tabIndex={focusable ? -1 : undefined} aria-label={focusable ? instance.title || t(`widget.${instance.widget}`) : undefined}
      title={<span className="portal-drag">{def.icon} {instance.title || t(`widget.${instance.widget}`)}</span>} extra={extra}>
      <WidgetBoundary fallback={(retry) => <Result status="warning" subTitle={t('home.failed')} extra={<Button size="small" onClick={retry}>{t('home.retry')}</Button>} />}>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
          <View instance={instance} settings={instance.settings} />
        </Suspense>
      </WidgetBoundary>
    </Card>
  );
}
