import type { ImageRef } from '../api/types';

/** the `sizes` of a detail page's main picture: the page's <img> and the preload started with its data share them */
export const DETAIL_IMAGE_SIZES = {
  product: '(max-width: 900px) 100vw, 520px',
  article: '(max-width: 900px) 100vw, 820px',
} as const;

/**
 * Starts the main picture of a detail page as soon as its data is in, while the page's code may still be on
 * its way (the hash route's HTML is the home page's, so no tag in it can name this picture).
 */
export function preloadImage(image: ImageRef | null | undefined, sizes: string) {
  if (!image || typeof document === 'undefined') return;
  if (document.querySelector(`link[rel="preload"][as="image"][href="${CSS.escape(image.url)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = image.url;
  if (image.srcset) { link.imageSrcset = image.srcset; link.imageSizes = sizes; }
  link.fetchPriority = 'high';
  document.head.appendChild(link);
}
