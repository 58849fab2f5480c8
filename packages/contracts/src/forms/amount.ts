const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const SECTIONS = ['', '万', '亿', '万亿'];

/** The largest amount written in words (below 10 000 万亿 元). */
export const MAX_AMOUNT_IN_WORDS = 9_999_999_999_999.99;

/**
 * An amount of 元 written as the upper-case Chinese amount of cheques and invoices (大写金额),
 * rounded to the 分: 1010.05 → 壹仟零壹拾元零伍分, 100 → 壹佰元整, -0.5 → 负伍角.
 * Returns '' for what is not a finite number within ±MAX_AMOUNT_IN_WORDS.
 */
export function amountInWords(amount: number | string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const n = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(n) || Math.abs(n) > MAX_AMOUNT_IN_WORDS) return '';
  const [intPart, decPart] = Math.abs(n).toFixed(2).split('.');
  const jiao = Number(decPart[0]);
  const fen = Number(decPart[1]);
  let out = '';
  let pendingZero = false;
  for (let i = 0; i < intPart.length; i++) {
    const d = Number(intPart[i]);
    const pos = intPart.length - 1 - i;
    if (d === 0) pendingZero = true;
    else {
      if (pendingZero && out) out += '零';
      pendingZero = false;
      out += DIGITS[d] + UNITS[pos % 4];
    }
    if (pos % 4 === 0 && pos > 0 && Number(intPart.slice(Math.max(0, i - 3), i + 1)) > 0) out += SECTIONS[pos / 4];
  }
  const hasInt = out !== '';
  if (hasInt) out += '元';
  if (jiao === 0 && fen === 0) out = hasInt ? `${out}整` : '零元整';
  else {
    if (jiao > 0) out += `${DIGITS[jiao]}角`;
    else if (hasInt) out += '零';
    if (fen > 0) out += `${DIGITS[fen]}分`;
  }
  return (n < 0 && out !== '零元整' ? '负' : '') + out;
}
