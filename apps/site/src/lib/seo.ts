import { useEffect } from 'react';

export const SITE_NAME = '本草制药';
const DEFAULT_DESCRIPTION = '本草制药：现代中药研发、生产与销售企业，提供中药产品、中医药知识、企业新闻、人才招聘与招标采购信息。';

/** Per-page document title and meta description. */
export function useDocumentMeta(title: string | null | undefined, description?: string | null) {
  useEffect(() => {
    document.title = title ? `${title} — ${SITE_NAME}` : `${SITE_NAME} — 现代中药，守护健康`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = (description || DEFAULT_DESCRIPTION).replace(/\s+/g, ' ').slice(0, 160);
  }, [title, description]);
}
