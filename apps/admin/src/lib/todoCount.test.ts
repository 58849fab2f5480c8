import { describe, expect, it } from 'vitest';
import { badgeText, titleWithCount } from './todoCount';

describe('the open task count in the tab title and the sidebar badge', () => {
  it('puts the count first in the title, as mail clients do', () => {
    expect(titleWithCount('待办任务 · Bencao', 3)).toBe('(3) 待办任务 · Bencao');
  });
  it('leaves the title alone when nothing is waiting or the count is not known yet', () => {
    expect(titleWithCount('待办任务 · Bencao', 0)).toBe('待办任务 · Bencao');
    expect(titleWithCount('To-do tasks · Bencao', undefined)).toBe('To-do tasks · Bencao');
    expect(titleWithCount('To-do tasks · Bencao', null)).toBe('To-do tasks · Bencao');
  });
  it('caps a long count at 99+', () => {
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(titleWithCount('Bencao', 1234)).toBe('(99+) Bencao');
  });
  it('shows nothing for a nonsense count', () => {
    expect(badgeText(-2)).toBe('');
  });
});
