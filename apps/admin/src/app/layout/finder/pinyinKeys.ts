import { pinyin } from 'pinyin-pro';
import { fold, type MenuEntry } from './menuRanking';

const HAN = /\p{Script=Han}/u;
const joined = (parts: string[]) => fold(parts.join('')).replace(/\s+/g, '');

/**
 * The ways a Chinese operator types a label without an input method: its full pinyin without tones
 * ("caigoushenqing") and its initials ("cgsq"). Labels without Chinese characters have none.
 * This module carries pinyin-pro's dictionary: it is imported only when the zh menu search opens.
 */
export function pinyinKeys(label: string): string[] {
  if (!HAN.test(label)) return [];
  const full = joined(pinyin(label, { toneType: 'none', type: 'array', nonZh: 'consecutive' }));
  const initials = joined(pinyin(label, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' }));
  return [full, initials];
}

/** The entries with their labels' pinyin as extra search keys. */
export const withPinyin = (entries: MenuEntry[]): MenuEntry[] => entries.map((e) => ({ ...e, keys: pinyinKeys(e.label) }));
