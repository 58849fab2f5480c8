import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount';

describe('amountInWords (大写金额)', () => {
  it.each([
    [0, '零元整'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [100, '壹佰元整'],
    [1010, '壹仟零壹拾元整'],
    [1001.5, '壹仟零壹元伍角'],
    [1.05, '壹元零伍分'],
    [0.05, '伍分'],
    [0.5, '伍角'],
    [0.58, '伍角捌分'],
    [100000, '壹拾万元整'],
    [100000001, '壹亿零壹元整'],
    [10000000, '壹仟万元整'],
    [105000, '壹拾万零伍仟元整'],
    [123456789.12, '壹亿贰仟叁佰肆拾伍万陆仟柒佰捌拾玖元壹角贰分'],
    [1_0000_0000_0000, '壹万亿元整'],
    [-12.3, '负壹拾贰元叁角'],
    ['66.666', '陆拾陆元陆角柒分'],
  ])('%s → %s', (n, words) => {
    expect(amountInWords(n)).toBe(words);
  });

  it('writes nothing for what is not an amount', () => {
    expect(amountInWords('')).toBe('');
    expect(amountInWords(null)).toBe('');
    expect(amountInWords('abc')).toBe('');
    expect(amountInWords(1e17)).toBe('');
  });
});
