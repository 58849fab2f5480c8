import { Link } from 'react-router';
import { useT } from '../i18n';

export function Loading({ label, rows = 3 }: { label?: string; rows?: number }) {
  const t = useT();
  label ??= t('state.loading');
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton" aria-hidden="true" />
      ))}
    </div>
  );
}

export function Empty({ text }: { text?: string }) {
  const t = useT();
  return <p className="empty">{text ?? t('state.empty')}</p>;
}

export function LoadFailed({ onRetry }: { onRetry?: () => void }) {
  const t = useT();
  return (
    <div className="empty">
      <p>{t('state.failed')}</p>
      {onRetry && (
        <button type="button" className="btn btn-ghost" onClick={onRetry}>
          {t('state.retry')}
        </button>
      )}
    </div>
  );
}

export function NotFoundBlock({ what, back }: { what: string; back: { to: string; label: string } }) {
  const t = useT();
  return (
    <div className="container section notfound-block">
      <h1>{t('state.notFound', { what })}</h1>
      <p>{t('state.notFoundText')}</p>
      <Link className="btn btn-primary" to={back.to}>
        {back.label}
      </Link>
    </div>
  );
}
