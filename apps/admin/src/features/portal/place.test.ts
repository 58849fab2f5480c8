import { describe, expect, it } from 'vitest';
import { firstFreePlace } from './place';

describe('firstFreePlace', () => {
  it('an empty grid: the top left', () => {
    expect(firstFreePlace([], 12, 4, 3)).toEqual({ x: 0, y: 0 });
  });
  it('beside the widgets of the first row when there is room', () => {
    expect(firstFreePlace([{ x: 0, y: 0, w: 6, h: 4 }], 12, 4, 3)).toEqual({ x: 6, y: 0 });
  });
  it('in a gap between widgets, not over either', () => {
    const layout = [{ x: 0, y: 0, w: 4, h: 2 }, { x: 8, y: 0, w: 4, h: 2 }];
    expect(firstFreePlace(layout, 12, 4, 2)).toEqual({ x: 4, y: 0 });
    expect(firstFreePlace(layout, 12, 5, 2)).toEqual({ x: 0, y: 2 });
  });
  it('under a full row; a tall widget beside a short one waits for the rows it needs', () => {
    const layout = [{ x: 0, y: 0, w: 12, h: 3 }];
    expect(firstFreePlace(layout, 12, 6, 2)).toEqual({ x: 0, y: 3 });
    const uneven = [{ x: 0, y: 0, w: 6, h: 6 }, { x: 6, y: 0, w: 6, h: 2 }];
    expect(firstFreePlace(uneven, 12, 6, 3)).toEqual({ x: 6, y: 2 });
  });
  it('a widget wider than the grid is narrowed to it (phones: one column)', () => {
    expect(firstFreePlace([{ x: 0, y: 0, w: 1, h: 3 }], 1, 4, 2)).toEqual({ x: 0, y: 3 });
  });
});
