/** SPEC §9: header scroll threshold 30px, go-to-top threshold 200px. */
export const HEADER_SCROLL_THRESHOLD = 30;
export const GO_TOP_THRESHOLD = 200;

export const headerScrolled = (y: number) => y > HEADER_SCROLL_THRESHOLD;

/** The go-to-top widget shows after scrolling past 200px, or while scrolling down (SPEC §2). */
export function goTopVisible(y: number, previousY: number): boolean {
  if (y > GO_TOP_THRESHOLD) return true;
  return y > 0 && y > previousY;
}

/** back to the top: smoothly, unless the visitor's system asks for less motion (then at once) */
export function scrollToTop() {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
}
