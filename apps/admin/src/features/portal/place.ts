import type { PortalLayoutItem } from '@bencao/contracts';

type Box = Pick<PortalLayoutItem, 'x' | 'y' | 'w' | 'h'>;

const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * The first place, reading the grid row by row from the top left, where a w × h widget fits without
 * covering another one (a widget added with the keyboard goes there).
 */
export function firstFreePlace(layout: Box[], cols: number, w: number, h: number): { x: number; y: number } {
  const width = Math.min(w, cols);
  const bottom = layout.reduce((m, it) => Math.max(m, it.y + it.h), 0);
  for (let y = 0; y <= bottom; y++) {
    for (let x = 0; x + width <= cols; x++) {
      if (!layout.some((it) => overlaps(it, { x, y, w: width, h }))) return { x, y };
    }
  }
  return { x: 0, y: bottom };
}
