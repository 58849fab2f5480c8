import type { ImageRef } from '../api/types';

/**
 * A sized, responsive image: width/height reserve the space (no layout shift), srcset lets the
 * browser pick a variant, below-the-fold images load lazily, the first large one is prioritised.
 */
export function Img({ image, sizes, priority = false, className }: { image: ImageRef; sizes: string; priority?: boolean; className?: string }) {
  return (
    <img
      className={className}
      src={image.url}
      srcSet={image.srcset || undefined}
      sizes={image.srcset ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={image.alt ?? ''}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
}
