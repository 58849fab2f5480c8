/** Shown on a page opened from a preview link: the content may be unpublished or pending publication. */
export function PreviewBanner({ show }: { show?: boolean }) {
  if (!show) return null;
  return (
    <p className="preview-banner" role="status" data-testid="preview-banner">
      <strong>预览</strong> 这是内容预览，尚未发布或包含未发布的修改，访客看不到此版本。
    </p>
  );
}
