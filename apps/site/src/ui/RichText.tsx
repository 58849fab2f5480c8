import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Rich text from the CMS, sanitized again on render (it was sanitized on save too). */
export function sanitize(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style', 'onerror', 'onload'],
    ADD_ATTR: ['target'],
  });
}

// (without a DOM — the server's page render — DOMPurify is inert and has no hooks)
if (typeof DOMPurify.addHook === 'function') DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  if (node.tagName === 'IMG') {
    node.setAttribute('loading', 'lazy');
    node.setAttribute('decoding', 'async');
  }
});

export function RichText({ html, className = 'rich-text', lang }: { html: string | null | undefined; className?: string; lang?: string }) {
  // the server's page render (no DOM) gets bodies the server already sanitized; browsers sanitize again
  const clean = useMemo(() => (typeof window === 'undefined' ? html ?? '' : sanitize(html ?? '')), [html]);
  return <div className={className} lang={lang} dangerouslySetInnerHTML={{ __html: clean }} />;
}
