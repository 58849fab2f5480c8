import { Link } from 'react-router';

export function Loading({ label = '正在加载…', rows = 3 }: { label?: string; rows?: number }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton" aria-hidden="true" />
      ))}
    </div>
  );
}

export function Empty({ text = '暂无内容' }: { text?: string }) {
  return <p className="empty">{text}</p>;
}

export function LoadFailed({ onRetry }: { onRetry?: () => void }) {
  return (
    <div className="empty">
      <p>内容暂时无法加载，请稍后再试。</p>
      {onRetry && (
        <button type="button" className="btn btn-ghost" onClick={onRetry}>
          重新加载
        </button>
      )}
    </div>
  );
}

export function NotFoundBlock({ what, back }: { what: string; back: { to: string; label: string } }) {
  return (
    <div className="container section notfound-block">
      <h1>未找到该{what}</h1>
      <p>该内容可能已下线或链接有误。</p>
      <Link className="btn btn-primary" to={back.to}>
        {back.label}
      </Link>
    </div>
  );
}
