import { useT } from '../i18n';

/** Shown on a page opened from a preview link: the content may be unpublished or pending publication. */
export function PreviewBanner({ show }: { show?: boolean }) {
  const t = useT();
  if (!show) return null;
  return (
    <p className="preview-banner" role="status" data-testid="preview-banner">
      <strong>{t('preview.title')}</strong> {t('preview.text')}
    </p>
  );
}
