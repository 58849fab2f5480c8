import { describe, expect, it } from 'vitest';
import { matchNodes } from './organMatches';

describe('the organ tree picker shows the server\'s matches where they are (issue 28)', () => {
  it('adds each match under the organs above it, once, in the names the server answered', () => {
    const nodes = matchNodes([
      { id: 12, name: 'Quality Management Department', typeName: 'Department', path: [1, 12], pathNames: ['Bencao Pharmaceutical Group Co., Ltd.', 'Quality Management Department'] },
      { id: 13, name: 'Qualified person', typeName: 'Position', path: [1, 12, 13], pathNames: ['Bencao Pharmaceutical Group Co., Ltd.', 'Quality Management Department', 'Qualified person'] },
    ]);
    expect(nodes.map((n) => [n.id, n.pId, n.title])).toEqual([
      [1, null, 'Bencao Pharmaceutical Group Co., Ltd.'],
      [12, 1, 'Quality Management Department（Department）'],
      [13, 12, 'Qualified person（Position）'],
    ]);
    expect(nodes.every((n) => n.value === n.id)).toBe(true);
  });

  it('answers no nodes when nothing matched', () => {
    expect(matchNodes([])).toEqual([]);
  });
});
